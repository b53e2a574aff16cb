/**
 * The passage index: immutable segments plus an in-memory buffer (segmentSet.ts), searched
 * through Orama with the segments behind its component interfaces (oramaComponents.ts), written
 * as segment files with atomic manifest swaps (commit.ts) and merged by size tiers (merge.ts).
 * BM25F with title and heading boosts, a file-level share and a phrase bonus; hybrid with
 * vectors when they were given at add time. Passage text stays on disk and is read by offset
 * for the hits shown (a small cache keeps the hot ones).
 *
 * Its public surface (indexApi.ts) is meant to be the default adapter of the search port.
 */
import { search as oramaSearch, type AnyOrama, type Results, type TokenScore } from '@orama/orama';
import { BoundedCache } from '../boundedCache';
import { throwIfCancelled, VerityError } from '../errors';
import type { StoragePort } from '../ports';
import type { FileRecord, Passage, SearchHit } from '../types';
import { FormatError } from './bytes';
import { commit } from './commit';
import type { AnalyzedBatch, FieldAnalyzer } from './fieldAnalysis';
import { flushAll } from './flush';
import { addressOf, docOf, ordinalOf, type ScanCounters } from './maxScore';
import { mergeSegments } from './merge';
import { DEFAULT_MERGE_POLICY, pickMerge, type MergePolicy } from './mergePolicy';
import { createSegmentOrama, type ComponentHost, type SegmentIndexStore } from './oramaComponents';
import { phraseRerank } from './phrase';
import { END } from './postingCursor';
import { DEFAULT_RANKING, weightTerms, type QueryContext, type RankingParams } from './ranking';
import { retrieve } from './retrieve';
import { byIdKey } from './idKey';
import type { IndexSearchOptions, IndexStatus, PassageIndex, PassageIndexOptions, TermStats } from './indexApi';

export type { IndexSearchOptions, IndexStatus, PassageIndex, PassageIndexOptions, TermStats } from './indexApi';
import { acceptFor, planQuery } from './queryPlan';
import type { Segment } from './segment';
import { SegmentSet } from './segmentSet';
import { makeSnippet } from './snippet';
import { PhraseTerms } from '../search/phraseTerms';
import { combineHybrid, vectorScores } from './vectors';

/** Candidates re-ranked by the phrase bonus (at least; more when more results are asked for). */
const PHRASE_POOL = 30;
/** Passages whose analysed terms are kept for the phrase bonus (oldest dropped first). */
const TERM_CACHE_MAX = 4096;
/** Passages read from disk kept decoded (hits of follow-up queries and checks repeat). */
const PASSAGE_CACHE_MAX = 2048;
/** Words the phrase bonus's and the snippets' word table learns before it starts afresh. */
const WORDS_MAX = 200_000;

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export class SegmentIndex implements PassageIndex, ComponentHost {
  readonly params: RankingParams;
  readonly set: SegmentSet;
  private readonly db: AnyOrama;
  private readonly batchSize: number;
  private readonly flushPostings: number;
  private readonly policy: MergePolicy;
  private readonly analyzer: FieldAnalyzer | undefined;
  private readonly localEvery: number;
  private sliceCount = 0;
  private home: StoragePort | undefined;
  private lock: Promise<unknown> = Promise.resolve();
  private readonly merging = new Set<Segment>();
  private readonly pendingNames = new Set<string>();
  private readonly termCache = new BoundedCache<string, string[]>(TERM_CACHE_MAX);
  private wordTable = new PhraseTerms();
  private readonly passageCache = new BoundedCache<string, Passage>(PASSAGE_CACHE_MAX);
  private lastCounters: ScanCounters | undefined;

  constructor(opts: PassageIndexOptions = {}, set = new SegmentSet()) {
    this.params = { ...DEFAULT_RANKING, ...opts.ranking };
    this.set = set;
    this.batchSize = Math.max(1, opts.batchSize ?? 200);
    this.flushPostings = opts.flushPostings ?? 12_000_000;
    this.policy = { ...DEFAULT_MERGE_POLICY, ...opts.mergePolicy };
    this.home = opts.storage;
    this.analyzer = opts.analyzer;
    this.localEvery = Math.max(0, Math.floor(opts.analyzeLocallyEvery ?? 0));
    this.db = createSegmentOrama(this);
  }

  get size(): number {
    return this.set.liveCount;
  }

  /** Runs `work` alone among the index's writes (flush, commit, merge install). */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.lock.then(work, work);
    this.lock = run.catch(() => undefined);
    return run;
  }

  /** Where flushed segments go: the home storage when it takes writes, else memory. */
  private writeTarget(): StoragePort | undefined {
    return this.home && !this.home.readOnly ? this.home : undefined;
  }

  async add(passages: Passage[], opts?: { signal?: AbortSignal; vectors?: Map<string, number[]> }): Promise<void> {
    if (this.analyzer) return this.addAnalyzed(this.analyzer, passages, opts);
    for (let i = 0; i < passages.length; i += this.batchSize) {
      throwIfCancelled(opts?.signal);
      this.set.add(passages.slice(i, i + this.batchSize), opts?.vectors);
      if (this.set.buffer.postingCount >= this.flushPostings) await this.exclusive(() => flushAll(this.set, this.writeTarget()));
      else if (i + this.batchSize < passages.length) await tick();
    }
  }

  /**
   * {@link add} with the analysis on the analyser (another thread): every slice is asked for at
   * once, so it analyses the next slices while this thread inverts, flushes and writes; slices
   * and flush points are those of the in-thread path, so the segments are the same.
   */
  private async addAnalyzed(analyzer: FieldAnalyzer, passages: Passage[], opts?: { signal?: AbortSignal; vectors?: Map<string, number[]> }): Promise<void> {
    throwIfCancelled(opts?.signal);
    const slices: Array<{ ps: Passage[]; batch?: Promise<AnalyzedBatch> }> = [];
    for (let i = 0; i < passages.length; i += this.batchSize) {
      const ps = passages.slice(i, i + this.batchSize);
      // every k-th slice is analysed here, so neither thread waits long for the other
      if (this.localEvery > 0 && ++this.sliceCount % this.localEvery === 0) {
        slices.push({ ps });
        continue;
      }
      const batch = analyzer.analyze(ps);
      // a slice not reached (cancelled, failed) must not leave an unhandled rejection behind
      batch.catch(() => undefined);
      slices.push({ ps, batch });
    }
    // the slices go into the buffer in order; after a failure the rest are still awaited (no
    // answer left behind), not added
    let failure: unknown;
    for (const { ps, batch } of slices) {
      if (!batch) {
        if (failure !== undefined) continue;
        try {
          throwIfCancelled(opts?.signal);
          this.set.add(ps, opts?.vectors);
          if (this.set.buffer.postingCount >= this.flushPostings) await this.exclusive(() => flushAll(this.set, this.writeTarget()));
        } catch (e) {
          failure = e;
        }
        continue;
      }
      let b: AnalyzedBatch;
      try {
        b = await batch;
      } catch (e) {
        failure ??= e;
        continue;
      }
      if (failure !== undefined) continue;
      try {
        throwIfCancelled(opts?.signal);
        this.set.addAnalyzed(ps, b, opts?.vectors);
        if (this.set.buffer.postingCount >= this.flushPostings) await this.exclusive(() => flushAll(this.set, this.writeTarget()));
      } catch (e) {
        failure = e;
      }
    }
    if (failure !== undefined) throw failure;
  }

  async removeByPath(path: string): Promise<number> {
    return this.set.removePath(path);
  }

  passagesOf(path: string): Passage[] {
    return this.guard(() => this.set.passagesOf(path)).sort((a, b) => (a.page ?? 0) - (b.page ?? 0) || a.startLine - b.startLine);
  }

  get(id: string): Passage | undefined {
    return this.guard(() => {
      const at = this.set.find(id);
      return at && this.set.passageOf(at);
    });
  }

  *all(): Iterable<Passage> {
    for (const seg of this.set.segments) for (let d = 0; d < seg.docs; d++) if (seg.live[d] === 1) yield this.guard(() => seg.passage(d));
    for (const buf of this.set.buffers) for (let d = 0; d < buf.docs; d++) if (buf.live[d] === 1) yield buf.passages[d]!;
  }

  hasVectors(): boolean {
    return this.set.segments.some((s) => s.vectorDocs.length > 0) || this.set.buffers.some((b) => b.vectors.size > 0);
  }

  termStats(): TermStats {
    const n = this.set.docCount;
    const sums = this.set.lengthSums();
    return { docCount: n, avgLength: n > 0 ? (sums[0]! + sums[1]! + sums[2]!) / n : 0, df: (term) => this.set.df(term) };
  }

  setFile(record: FileRecord): void {
    this.set.setFile(record);
  }

  dropFile(path: string): void {
    this.set.dropFile(path);
  }

  fileRecords(): FileRecord[] {
    return this.set.fileRecords();
  }

  status(): IndexStatus {
    const segs = this.set.segments;
    return {
      passages: this.size,
      deletedPassages: this.set.docCount - this.size,
      files: this.set.fileAt.size,
      segments: segs.length,
      buffered: this.set.buffers.reduce((n, b) => n + b.liveCount, 0),
      ...(this.lastCounters ? { lastQuery: { ...this.lastCounters } } : {}),
    };
  }

  async save(storage: StoragePort, meta: unknown, signal?: AbortSignal): Promise<void> {
    if (storage.readOnly) return;
    this.home ??= storage;
    throwIfCancelled(signal);
    await this.exclusive(() => commit(this.set, storage, meta, this.pendingNames));
    await this.runMerges(storage, meta, signal);
  }

  /** Runs the merges the policy asks for, one at a time, committing after each. */
  private async runMerges(storage: StoragePort, meta: unknown, signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (signal?.aborted) return;
      const pick = pickMerge(this.set.segments, this.merging, this.policy);
      if (!pick) return;
      const name = this.set.nextName();
      for (const s of pick) this.merging.add(s);
      this.pendingNames.add(name);
      try {
        const install = await mergeSegments(this.set, pick, storage === this.home ? this.writeTarget() : storage, name);
        await this.exclusive(async () => {
          install();
          // addresses and cached passages of the merged segments are gone
          this.passageCache.clear();
          await commit(this.set, storage, meta, this.pendingNames);
        });
      } finally {
        for (const s of pick) this.merging.delete(s);
        this.pendingNames.delete(name);
      }
    }
  }

  async close(): Promise<void> {
    await this.exclusive(async () => undefined);
    this.set.close();
    this.passageCache.clear();
  }

  // --- search

  rank(ctx: QueryContext, where?: Set<number>): TokenScore[] {
    if (ctx.terms.length === 0) return [];
    const phrase = this.params.phraseWeight > 0 && ctx.phrase !== undefined;
    const need = phrase ? Math.max(ctx.limit, PHRASE_POOL) : ctx.limit;
    const counters: ScanCounters = { scored: 0, total: 0, passes: 1 };
    let ranked = this.guard(() => retrieve(this.set, planQuery(this.set, this.params, ctx), this.params, need, acceptFor(this.set, ctx, where), counters, ctx.exhaustive));
    if (phrase) ranked = phraseRerank(ctx.phrase!, ranked, this.params.phraseWeight, (addr) => this.passageTerms(addr), this.set.tie, ctx.limit, (terms, addrs) => this.guard(() => this.presence(terms, addrs)));
    this.lastCounters = counters;
    return ranked.slice(0, ctx.limit);
  }

  defaultContext(term: string): QueryContext {
    return { terms: weightTerms(term, this.params.contextWeight), limit: Number.MAX_SAFE_INTEGER };
  }

  whereAddresses(filters: Record<string, unknown>): Set<number> {
    const accept = acceptFor(this.set, { pathPrefix: typeof filters.path === 'string' ? filters.path : undefined, kind: typeof filters.kind === 'string' ? filters.kind : undefined });
    const out = new Set<number>();
    const all = [...this.set.segments, ...this.set.buffers];
    all.forEach((s, ord) => {
      for (let d = 0; d < s.docs; d++) if (s.live[d] === 1 && (!accept || accept(ord, d, s.pathOf[d]!))) out.add(addressOf(ord, d));
    });
    return out;
  }

  /** Runs a read of segment data; damaged data becomes one coded error the facade acts on. */
  private guard<T>(read: () => T): T {
    try {
      return read();
    } catch (e) {
      if (e instanceof FormatError) throw new VerityError('STORE_CORRUPT', `the index store is damaged (${e.message}); it must be rebuilt from the documents`);
      throw e;
    }
  }

  passageAt(addr: number): Passage | undefined {
    const ord = ordinalOf(addr);
    const doc = docOf(addr);
    const nSeg = this.set.segments.length;
    if (ord >= nSeg) {
      const buf = this.set.buffers[ord - nSeg];
      return buf && doc < buf.docs ? buf.passages[doc] : undefined;
    }
    const seg = this.set.segments[ord];
    if (!seg || doc >= seg.docs) return undefined;
    const key = `${seg.name}:${doc}`;
    return this.passageCache.getOrSet(key, () => this.guard(() => seg.passage(doc)));
  }

  addressOf(id: string): number | undefined {
    const at = this.set.find(id);
    if (!at) return undefined;
    const ord = 'seg' in at ? this.set.segments.indexOf(at.seg) : this.set.segments.length + this.set.buffers.indexOf(at.buf);
    return addressOf(ord, at.doc);
  }

  /**
   * Which of `terms` each passage of `addrs` holds in its headings or text (bit i for terms[i]),
   * from the postings: what the phrase bonus needs to know before reading a passage's text (the
   * headings and body fields are analysed as the phrase bonus analyses them).
   */
  private presence(terms: readonly string[], addrs: readonly number[]): Uint32Array {
    const out = new Uint32Array(addrs.length);
    const nSeg = this.set.segments.length;
    // address order is ordinal, then document
    const order = addrs.map((_, i) => i).sort((a, b) => addrs[a]! - addrs[b]!);
    for (let g = 0; g < order.length; ) {
      const ord = ordinalOf(addrs[order[g]!]!);
      let h = g;
      while (h < order.length && ordinalOf(addrs[order[h]!]!) === ord) h++;
      terms.forEach((t, bit) => {
        if (ord < nSeg) {
          const seg = this.set.segments[ord]!;
          const ti = seg.lookup(t);
          if (ti < 0) return;
          const c = seg.cursor(ti);
          for (let k = g; k < h; k++) {
            const d = docOf(addrs[order[k]!]!);
            c.advance(d);
            if (c.doc === END) break;
            if (c.doc === d && (c.t1 !== 0 || c.t2 !== 0)) out[order[k]!]! |= 1 << bit;
          }
        } else {
          const p = this.set.buffers[ord - nSeg]!.postingsOf(t);
          if (!p) return;
          for (let k = g; k < h; k++) {
            const d = docOf(addrs[order[k]!]!);
            let lo = 0;
            let hi = p.n;
            while (lo < hi) {
              const mid = (lo + hi) >>> 1;
              if (p.docs[mid]! < d) lo = mid + 1;
              else hi = mid;
            }
            if (lo < p.n && p.docs[lo] === d && (p.tf[3 * lo + 1] !== 0 || p.tf[3 * lo + 2] !== 0)) out[order[k]!]! |= 1 << bit;
          }
        }
      });
      g = h;
    }
    return out;
  }

  /**
   * The word table the phrase bonus and the snippets read passages through (each surface word
   * analysed once; the same terms and words as analyze() and tokenize()), started afresh when it
   * has learnt WORDS_MAX words, so a long session over a large store does not grow it without end.
   */
  private words(): PhraseTerms {
    if (this.wordTable.size >= WORDS_MAX) this.wordTable = new PhraseTerms();
    return this.wordTable;
  }

  /** A passage's analysed headings and text, cached by id and content hash. */
  private passageTerms(addr: number): string[] {
    const p = this.passageAt(addr)!;
    const key = `${p.id}\u0000${p.hash}`;
    return this.termCache.getOrSet(key, () => this.words().analyze(`${p.headings.join(' \n ')} \n ${p.text}`));
  }

  search(query: string, opts: IndexSearchOptions = {}): SearchHit[] {
    const k = Math.max(1, opts.k ?? 10);
    const terms = weightTerms(query, this.params.contextWeight);
    if (terms.length === 0) return [];
    const nl = query.indexOf('\n');
    const vector = opts.vector && this.hasVectors() ? opts.vector : undefined;
    const limit = vector ? Math.max(50, k * 5) : k;
    const ctx: QueryContext = { terms, limit, pathPrefix: opts.pathPrefix, kind: opts.kind, exhaustive: opts.exhaustive, ...(opts.phrase !== false ? { phrase: nl < 0 ? query : query.slice(0, nl) } : {}) };
    throwIfCancelled(opts.signal);
    const store = this.db.data.index as unknown as SegmentIndexStore;
    store.query = ctx;
    let ranked: Array<[string, number]>;
    const docs = new Map<string, Passage>();
    try {
      const res = oramaSearch(this.db, { term: query, limit }) as Results<Passage>;
      ranked = res.hits.map((h) => {
        docs.set(h.id, h.document);
        return [h.id, h.score];
      });
      // Orama orders equal scores by its internal id (here: segment and position); ours is by
      // passage id, independent of how the index happens to be split into segments
      ranked.sort((a, b) => b[1] - a[1] || byIdKey(a[0], b[0]));
    } finally {
      store.query = undefined;
    }
    if (vector) {
      const vec = this.guard(() => vectorScores(this.set, vector, acceptFor(this.set, ctx), limit)).map(([addr, sim]): [string, number] => {
        const p = this.passageAt(addr)!;
        docs.set(p.id, p);
        return [p.id, sim];
      });
      ranked = combineHybrid(ranked, vec, opts.hybridWeight ?? 0.5).slice(0, k);
    }
    const qt = new Set(terms.map((t) => t.term));
    return ranked.map(([id, score]) => {
      const passage = docs.get(id)!;
      return { passage, score, snippet: opts.snippet === false ? '' : makeSnippet(passage.text, qt, undefined, this.words().words) };
    });
  }
}

/** A new, empty passage index. */
export function createPassageIndex(opts?: PassageIndexOptions): PassageIndex {
  return new SegmentIndex(opts);
}
