/**
 * Verity's replacement for Orama's index component (`create({ components: { index } })`).
 * Orama's own index expands every query word to all longer indexed words (prefix matching) and
 * de-duplicates tokens before counting, so term frequency is lost and BM25 degenerates (see
 * LIBRARIES.md). This component looks terms up exactly, keeps raw per-field counts, counts
 * document frequency once per document, analyses text with the one Verity analyzer (stemming,
 * stop words) and scores with BM25F over title, heading path and body.
 *
 * Per-query options that Orama's search signature cannot carry (weighted terms, filters, the
 * number of results wanted) are set on the store as `query` by the passage index just before it
 * calls Orama's `search`; without them the component analyses the term string itself.
 */
import type { AnyIndexStore, IIndex, SearchableType, TokenScore } from '@orama/orama';
import { analyze } from '../text/analyzer';
import { avgLength, FIELD_COUNT, FIELDS, type CorpusStats } from './corpusStats';
import { addOccurrences, createPostings, removeOccurrences, type Postings } from './postings';
import { selectTop } from './topK';

/** Ranking parameters (tuned on the doc2dial and rhdh dev sets, see scripts/evalRetrieval.ts). */
export interface RankingParams {
  k1: number;
  /** Length normalisation per field (title, headings, body). */
  b: [number, number, number];
  /** Field weights (title, headings, body). */
  boosts: [number, number, number];
  /** Share of the best passage score of the same file added to each passage's score. */
  docWeight: number;
  /** Weight of a file's second-best passage in that file-level score (0: best passage only). */
  docSecond: number;
  /**
   * Phrase bonus: each bigram of the question (first query line) found as adjacent terms in a
   * candidate passage adds this share of the best candidate's score (re-ranks the top pool).
   */
  phraseWeight: number;
  /**
   * Weight of terms that occur only in the context lines of a multi-line query (every line
   * after the first: the dialogue history that buildQuery appends) relative to the first line.
   */
  contextWeight: number;
}

export interface WeightedTerm {
  term: string;
  weight: number;
}

export interface QueryContext {
  terms: WeightedTerm[];
  /** Results wanted (ties at the cut are kept, so shards merge exactly). */
  limit: number;
  pathPrefix?: string;
  kind?: string;
}

export interface Bm25Store extends AnyIndexStore {
  stats: CorpusStats;
  params: RankingParams;
  postings: Map<string, Postings>;
  /** Field lengths in terms, per field, indexed by internal id. */
  lens: Uint32Array[];
  live: Uint8Array;
  /** Interned path per internal id (passages of one file share it). */
  pathOf: Int32Array;
  paths: string[];
  pathIds: Map<string, number>;
  kindOf: string[];
  /** Highest internal id seen. */
  maxId: number;
  /** 1 / (1 - b + b * len / avg) per id and field (id-major), rebuilt when the corpus changes. */
  norms: Float32Array;
  normsVersion: number;
  scratch: Float64Array;
  /** Ids touched by the current query (scratch). */
  touched: Int32Array;
  /** Per-path best and second-best passage scores of the current query (scratch). */
  best: Float64Array;
  second: Float64Array;
  /** Orama's search peeks at this; Verity keeps vectors in its own store. */
  vectorIndexes: Record<string, never>;
  query?: QueryContext;
}

// Orama's documents are the Passage objects themselves: no copy of the text, no extra objects
const PROPS: Record<string, SearchableType> = { path: 'enum', kind: 'enum', title: 'string', headings: 'string[]', text: 'string' };
const PROP_NAMES = Object.keys(PROPS);

/** An empty store sized for `capacity` internal ids. */
export function createStore(stats: CorpusStats, params: RankingParams, capacity = 64): Bm25Store {
  return {
    stats,
    params,
    postings: new Map(),
    lens: FIELDS.map(() => new Uint32Array(capacity)),
    live: new Uint8Array(capacity),
    pathOf: new Int32Array(capacity),
    paths: [],
    pathIds: new Map(),
    kindOf: [],
    maxId: 0,
    norms: new Float32Array(0),
    normsVersion: -1,
    scratch: new Float64Array(0),
    touched: new Int32Array(0),
    best: new Float64Array(0),
    second: new Float64Array(0),
    vectorIndexes: {},
  };
}

/** Makes room for internal id `id` in the per-document arrays. */
export function ensureCapacity(s: Bm25Store, id: number): void {
  if (id > s.maxId) s.maxId = id;
  if (id < s.live.length) return;
  const cap = Math.max(id + 1, s.live.length * 2);
  s.lens = s.lens.map((a) => {
    const b = new Uint32Array(cap);
    b.set(a);
    return b;
  });
  const live = new Uint8Array(cap);
  live.set(s.live);
  s.live = live;
  const pathOf = new Int32Array(cap);
  pathOf.set(s.pathOf);
  s.pathOf = pathOf;
}

/** Interns a path; ids are stable for the store's life. */
export function internPath(s: Bm25Store, path: string): number {
  let p = s.pathIds.get(path);
  if (p === undefined) {
    p = s.paths.length;
    s.paths.push(path);
    s.pathIds.set(path, p);
  }
  return p;
}

function countTerms(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of analyze(text)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

/** The text of a field value: a string, or the heading path (an array of strings). */
function fieldText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(' \n ');
  return undefined;
}

function insertValue(s: Bm25Store, prop: string, id: number, value: unknown): void {
  ensureCapacity(s, id);
  const st = s.stats;
  st.version++;
  if (prop === 'path') {
    s.pathOf[id] = internPath(s, String(value));
    s.live[id] = 1;
    st.docCount++;
    return;
  }
  if (prop === 'kind') {
    s.kindOf[id] = String(value);
    return;
  }
  const f = FIELDS.indexOf(prop as (typeof FIELDS)[number]);
  const text = fieldText(value);
  if (f < 0 || text === undefined) return;
  const counts = countTerms(text);
  let len = 0;
  for (const c of counts.values()) len += c;
  s.lens[f]![id] = len;
  st.lengthSum[f]! += len;
  for (const [term, c] of counts) {
    let p = s.postings.get(term);
    if (!p) {
      p = createPostings();
      s.postings.set(term, p);
    }
    if (addOccurrences(p, id, f, c)) st.df.set(term, (st.df.get(term) ?? 0) + 1);
  }
}

function removeValue(s: Bm25Store, prop: string, id: number, value: unknown): boolean {
  if (id > s.maxId || (!s.live[id] && prop === 'path')) return false;
  const st = s.stats;
  st.version++;
  if (prop === 'path') {
    s.live[id] = 0;
    st.docCount--;
    return true;
  }
  const f = FIELDS.indexOf(prop as (typeof FIELDS)[number]);
  const text = fieldText(value);
  if (f < 0 || text === undefined) return true;
  st.lengthSum[f]! -= s.lens[f]![id]!;
  s.lens[f]![id] = 0;
  for (const term of countTerms(text).keys()) {
    const p = s.postings.get(term);
    if (!p || !removeOccurrences(p, id, f)) continue;
    const df = (st.df.get(term) ?? 1) - 1;
    if (df > 0) st.df.set(term, df);
    else st.df.delete(term);
    if (p.n === 0) s.postings.delete(term);
  }
  return true;
}

function refreshNorms(s: Bm25Store): void {
  const n = s.maxId + 1;
  if (s.normsVersion === s.stats.version && s.norms.length >= n * FIELD_COUNT) return;
  // interleaved per document, so scoring one posting touches one cache line
  const norms = new Float32Array(n * FIELD_COUNT);
  for (let f = 0; f < FIELD_COUNT; f++) {
    const avg = avgLength(s.stats, f);
    const b = s.params.b[f]!;
    const lens = s.lens[f]!;
    for (let i = 0; i < n; i++) norms[i * FIELD_COUNT + f] = 1 / (1 - b + (b * lens[i]!) / avg);
  }
  s.norms = norms;
  if (s.scratch.length < n) s.scratch = new Float64Array(n);
  s.normsVersion = s.stats.version;
}

/**
 * Query terms with weights: each distinct term once, repeats add a little (1 + ln count). In a
 * multi-line query the first line is the question and later lines are context: terms found
 * only in the context get `contextWeight`.
 */
export function weightTerms(text: string, contextWeight = 1): WeightedTerm[] {
  const nl = text.indexOf('\n');
  const head = new Set(nl < 0 ? [] : analyze(text.slice(0, nl)));
  const counts = new Map<string, number>();
  for (const t of analyze(text)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([term, c]) => ({ term, weight: (1 + Math.log(c)) * (nl < 0 || head.has(term) ? 1 : contextWeight) }));
}

function allowedPaths(s: Bm25Store, prefix: string | undefined): Uint8Array | undefined {
  if (prefix === undefined || prefix === '') return undefined;
  const ok = new Uint8Array(s.paths.length);
  for (let i = 0; i < s.paths.length; i++) if (s.paths[i]!.startsWith(prefix)) ok[i] = 1;
  return ok;
}

/** Scores every live document that holds a query term; returns the best `limit` (plus ties). */
export function scoreQuery(s: Bm25Store, ctx: QueryContext, where?: Set<number>): TokenScore[] {
  refreshNorms(s);
  const { k1, boosts, docWeight } = s.params;
  const [bt, bh, bb] = boosts;
  const norms = s.norms;
  const acc = s.scratch;
  // reused buffers: allocating per query shows up as GC pauses in the latency tail at 100k
  if (s.touched.length < acc.length) s.touched = new Int32Array(acc.length);
  const touched = s.touched;
  let count = 0;
  const N = s.stats.docCount;
  for (const { term, weight } of ctx.terms) {
    const p = s.postings.get(term);
    if (!p) continue;
    const df = s.stats.df.get(term) ?? p.n;
    const w = weight * Math.log(1 + (N - df + 0.5) / (df + 0.5)) * (k1 + 1);
    const { ids, tf } = p;
    for (let i = 0, j = 0; i < p.n; i++, j += 3) {
      const id = ids[i]!;
      const o = id * 3;
      const x = bt * tf[j]! * norms[o]! + bh * tf[j + 1]! * norms[o + 1]! + bb * tf[j + 2]! * norms[o + 2]!;
      if (acc[id] === 0) touched[count++] = id;
      acc[id]! += (w * x) / (k1 + x);
    }
  }
  const pathOk = allowedPaths(s, ctx.pathPrefix);
  if (pathOk || ctx.kind || where) {
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const id = touched[i]!;
      if ((pathOk && !pathOk[s.pathOf[id]!]) || (ctx.kind && s.kindOf[id] !== ctx.kind) || (where && !where.has(id))) acc[id] = 0;
      else touched[kept++] = id;
    }
    count = kept;
  }
  if (docWeight > 0 && count > 0) {
    // a passage from a file with a strongly matching passage is more likely to be the right one;
    // typed arrays indexed by path id (a Map here cost more than the scoring itself at 100k)
    if (s.best.length < s.paths.length) {
      s.best = new Float64Array(s.paths.length * 2);
      s.second = new Float64Array(s.paths.length * 2);
    }
    const { best, second, pathOf } = s;
    for (let i = 0; i < count; i++) {
      const id = touched[i]!;
      const pid = pathOf[id]!;
      const v = acc[id]!;
      if (v > best[pid]!) {
        second[pid] = best[pid]!;
        best[pid] = v;
      } else if (v > second[pid]!) second[pid] = v;
    }
    const w2 = s.params.docSecond;
    for (let i = 0; i < count; i++) {
      const id = touched[i]!;
      const pid = pathOf[id]!;
      acc[id]! += docWeight * (best[pid]! + w2 * second[pid]!);
    }
    for (let i = 0; i < count; i++) best[pathOf[touched[i]!]!] = second[pathOf[touched[i]!]!] = 0;
  }
  const out = selectTop(touched, count, acc, ctx.limit);
  for (let i = 0; i < count; i++) acc[touched[i]!] = 0;
  return out;
}

function searchByWhere(s: Bm25Store, filters: Record<string, unknown>): Set<number> {
  const out = new Set<number>();
  const prefix = typeof filters.path === 'string' ? filters.path : undefined;
  const kind = typeof filters.kind === 'string' ? filters.kind : undefined;
  for (let id = 1; id <= s.maxId; id++) {
    if (!s.live[id]) continue;
    if (prefix !== undefined && !s.paths[s.pathOf[id]!]!.startsWith(prefix)) continue;
    if (kind !== undefined && s.kindOf[id] !== kind) continue;
    out.add(id);
  }
  return out;
}

/**
 * The Orama index component. `stats` is shared by all shards of one passage index; `load`
 * receives a store already rebuilt by the snapshot reader (the component owns its format).
 */
export function createBm25Component(stats: CorpusStats, params: RankingParams): IIndex<Bm25Store> {
  const noop = (): void => {};
  const component = {
    create: () => createStore(stats, params),
    insert: (_impl: unknown, s: Bm25Store, prop: string, _id: unknown, internalId: number, value: unknown) =>
      insertValue(s, prop, internalId, value),
    remove: (_impl: unknown, s: Bm25Store, prop: string, _id: unknown, internalId: number, value: unknown) =>
      removeValue(s, prop, internalId, value),
    insertDocumentScoreParameters: noop,
    insertTokenScoreParameters: noop,
    removeDocumentScoreParameters: noop,
    removeTokenScoreParameters: noop,
    calculateResultScores: noop,
    search: (s: AnyIndexStore, term: string, ...rest: unknown[]) => {
      const store = s as Bm25Store;
      const where = rest[8] as Set<number> | undefined;
      const ctx = store.query ?? { terms: weightTerms(term, store.params.contextWeight), limit: Number.MAX_SAFE_INTEGER };
      return scoreQuery(store, ctx, where);
    },
    searchByWhereClause: (s: AnyIndexStore, _tokenizer: unknown, filters: Record<string, unknown>) =>
      searchByWhere(s as Bm25Store, filters),
    getSearchableProperties: () => PROP_NAMES,
    getSearchablePropertiesWithTypes: () => PROPS,
    load: (_shared: unknown, raw: unknown) => raw as Bm25Store,
    save: (s: Bm25Store) => s,
  };
  return component as unknown as IIndex<Bm25Store>;
}
