/**
 * Scoring one segment against a query without scoring every posting (MaxScore with block
 * bounds): query terms are ordered by the most they can add to a score; the weakest terms,
 * whose bounds together cannot lift a document into the current top P, are "non-essential" and
 * are only added to documents that the other terms found and that can still make it, so most of
 * the long lists of common words is never scored. Also the exhaustive scorer (the reference the
 * skipping one is tested against), the buffer's scorer and exact scoring of chosen documents.
 */
import { fieldPart as partOfField, type FieldNorms } from './impacts';
import type { MemorySegment } from './memorySegment';
import { END as END_DOC, type PostingCursor } from './postingCursor';
import type { Segment } from './segment';
import type { TopHeap } from './topHeap';

/** One query, prepared against the corpus statistics of the moment. */
export interface QueryPlan {
  terms: string[];
  /** weight × idf × (k1 + 1) per term, in query order. */
  W: Float64Array;
  norms: FieldNorms;
  k1: number;
}

/** Which documents a query may return (inside the path prefix, of the kind asked); liveness is checked apart. */
export type Accept = (ord: number, doc: number, pathId: number) => boolean;

/**
 * Postings scored and postings the query's terms hold (the share-of-postings figure), blocks of
 * 128 postings decoded and blocks they hold (the rest were skipped undecoded), and passes run.
 */
export interface ScanCounters {
  scored: number;
  total: number;
  passes: number;
  decoded?: number;
  blocks?: number;
}

export const ADDRESS_STRIDE = 2 ** 31;

/** A document's address for Orama: its view's ordinal and its number there. */
export const addressOf = (ord: number, doc: number): number => ord * ADDRESS_STRIDE + doc + 1;
export const ordinalOf = (addr: number): number => Math.floor((addr - 1) / ADDRESS_STRIDE);
export const docOf = (addr: number): number => (addr - 1) % ADDRESS_STRIDE;

// module-local copies: imported bindings cost a call per use in some module loaders (hot loops)
const fieldPart = partOfField;
const END = END_DOC;

/**
 * Scores are summed in whatever order a scorer meets the terms and then rounded to single
 * precision, so the skipping and the exhaustive scorer, which sum in different orders, agree on
 * every score (and so on ties) except in the rare case of a sum right at a rounding boundary.
 * Bounds keep a margin above that rounding, so a bound never falls below a rounded score.
 */
const SLACK = 1 + 1e-6;

/**
 * Keeps the candidates `cand[0..nc)` (window offsets) whose score so far plus `reach`, the most
 * the terms still to add can give, may pass `theta`; the others are cleared from `acc` and `hit`.
 * Returns how many are kept, in order at the front of `cand`. Shared by the segment store and
 * the PostgreSQL store's scoring (src/node/pg/pgScore.ts).
 */
export function keepLiftable(cand: Int32Array, nc: number, acc: Float64Array, hit: Uint8Array, reach: number, theta: number): number {
  // Without a branch on the test: which candidates stay is data (about as often kept as not),
  // and a mispredicted branch per candidate cost several times the test itself. `keep` is 0 or
  // 1; acc × 1 is acc exactly and acc × 0 is 0 (scores are finite and ≥ 0).
  let kept = 0;
  for (let i = 0; i < nc; i++) {
    const j = cand[i]!;
    const a = acc[j]!;
    const keep = +(a * SLACK + reach > theta);
    cand[kept] = j;
    kept += keep;
    hit[j] = keep;
    acc[j] = a * keep;
  }
  return kept;
}

/** BM25F's x of the cursor's current posting in `seg`. */
function xOf(c: PostingCursor, lens: Uint32Array[], n: FieldNorms, doc: number): number {
  let x = 0;
  if (c.t0) x += fieldPart(n, 0, c.t0, lens[0]![doc]!);
  if (c.t1) x += fieldPart(n, 1, c.t1, lens[1]![doc]!);
  if (c.t2) x += fieldPart(n, 2, c.t2, lens[2]![doc]!);
  return x;
}

/** The score part of one posting: W × x / (k1 + x). */
export const part = (W: number, x: number, k1: number): number => (W * x) / (k1 + x);

interface Lane {
  pos: number;
  c: PostingCursor;
  W: number;
  ub: number;
}

/**
 * Cursors of the plan's terms present in `seg` (query order), counted into `counters.total`;
 * `withX`: scoring cursors, reading the lists' cached xs for the plan's norms.
 */
export function openLanes(seg: Segment, plan: QueryPlan, counters: ScanCounters, withX = false): Lane[] {
  const lanes: Lane[] = [];
  plan.terms.forEach((t, pos) => {
    const i = seg.lookup(t);
    if (i < 0) return;
    const c = seg.cursor(i);
    if (withX) c.withX(plan.norms, seg.lens);
    counters.total += c.df;
    counters.blocks = (counters.blocks ?? 0) + c.list.blocks;
    const W = plan.W[pos]!;
    lanes.push({ pos, c, W, ub: part(W, c.termBound(plan.norms), plan.k1) * SLACK });
  });
  return lanes;
}

/**
 * Documents scored together (Lucene's MaxScore scorer also works in windows), once the pool is
 * full; before, while every document with a score gets in, FIRST_WINDOW (a window's threshold is
 * the pool's at its start). Each window costs a fixed amount (every term's bound there, the
 * order of the terms, each weak term's walk or look-ups started), and the bounds of a window
 * four times as wide leave about as many candidates (1% more at 1M passages, counted on the
 * benchmark's queries), so fewer windows are cheaper: 67 a query at 1M instead of 249.
 */
const WINDOW = 16384;
const FIRST_WINDOW = 4096;

let scratch: { acc: Float64Array; hit: Uint8Array; bits: Int32Array; cand: Int32Array } | undefined;

/**
 * Offers every accepted document of `seg` that can enter `heap`. Works in windows of documents
 * (as Lucene's MaxScore scorer does): per window, each term's bound is the largest bound of its
 * blocks there; a window whose bounds cannot reach the heap's threshold is skipped; in the others
 * the strong terms are accumulated term by term, which gives the candidates, and the weak terms
 * (whose bounds together cannot lift a document to the threshold) are added only to the
 * candidates that can still make it, strongest first, the candidates thinning out as they go.
 * Each posting's x comes from its list's cache (PostingList.chunkX, kept for the plan's norms),
 * computed the first time a query scores the posting.
 */
export function scoreSegment(seg: Segment, ord: number, plan: QueryPlan, heap: TopHeap, accept: Accept | undefined, counters: ScanCounters): void {
  const lanes = openLanes(seg, plan, counters, true);
  const m = lanes.length;
  if (m === 0) return;
  const { norms, k1 } = plan;
  const { live, pathOf } = seg;
  const { acc, hit, bits, cand } = (scratch ??= { acc: new Float64Array(WINDOW), hit: new Uint8Array(WINDOW), bits: new Int32Array(WINDOW / 32), cand: new Int32Array(WINDOW) });
  const wub = new Float64Array(m);
  const order = Array.from({ length: m }, (_, i) => i);
  const byBound: Lane[] = [...lanes];
  const prefix = new Float64Array(m + 1);
  for (let start = 0, end = 0; start < seg.docs; start = end) {
    end = Math.min(seg.docs, start + (heap.full ? WINDOW : FIRST_WINDOW));
    const theta = heap.threshold;
    let total = 0;
    for (let i = 0; i < m; i++) {
      const l = lanes[i]!;
      const x = l.c.windowBound(start, end, norms);
      wub[i] = x > 0 ? part(l.W, x, k1) * SLACK : 0;
      total += wub[i]!;
    }
    if (total <= theta) continue;
    order.sort((a, b) => wub[a]! - wub[b]!);
    for (let i = 0; i < m; i++) {
      byBound[i] = lanes[order[i]!]!;
      prefix[i + 1] = prefix[i]! + wub[order[i]!]!;
    }
    let e = 0;
    while (e < m && prefix[e + 1]! <= theta) e++;
    for (let k = e; k < m; k++) {
      const l = byBound[k]!;
      l.c.advance(start, true);
      l.c.accumulate(end, l.W, k1, start, acc, bits);
    }
    // candidates: documents the strong terms found (the set bits, in order) that the weak ones
    // could still lift; `hit` marks the candidates from here on
    let nc = 0;
    const reach = prefix[e]!;
    const words = (end - start + 31) >> 5;
    for (let w = 0; w < words; w++) {
      let v = bits[w]!;
      if (v === 0) continue;
      bits[w] = 0;
      while (v !== 0) {
        const low = v & -v;
        v ^= low;
        const j = (w << 5) | (31 - Math.clz32(low));
        const d = start + j;
        // kept or not without a branch, as in keepLiftable (the filter, when there is one, asked only for the kept)
        let keep = +(live[d] === 1) & +(acc[j]! * SLACK + reach > theta);
        if (accept && keep === 1 && !accept(ord, d, pathOf[d]!)) keep = 0;
        cand[nc] = j;
        nc += keep;
        hit[j] = keep;
        acc[j] = acc[j]! * keep;
      }
    }
    for (let k = e - 1; k >= 0 && nc > 0; k--) {
      // drop the candidates that terms 0..k together cannot lift any more (for the first weak
      // term, the test the candidates were chosen with)
      if (k < e - 1) nc = keepLiftable(cand, nc, acc, hit, prefix[k + 1]!, theta);
      if (nc === 0) break;
      const l = byBound[k]!;
      const c = l.c;
      c.advance(start, true);
      if (c.countBelow(end) > 8 * nc) {
        // few candidates in a dense list: look each one up
        c.addFound(cand, nc, start, l.W, k1, acc);
        c.advance(end, true);
      } else c.addMasked(end, l.W, k1, start, acc, hit);
    }
    for (let i = 0; i < nc; i++) {
      const j = cand[i]!;
      heap.offer(Math.fround(acc[j]!), addressOf(ord, start + j));
      hit[j] = 0;
      acc[j] = 0;
    }
  }
  for (const l of lanes) {
    counters.scored += l.c.scored;
    counters.decoded = (counters.decoded ?? 0) + l.c.decoded;
  }
}

/**
 * Scores every posting of the plan's terms in `seg`, term by term (the reference scorer), and
 * hands each accepted document with a score to `emit`.
 */
export function scoreSegmentExhaustive(seg: Segment, ord: number, plan: QueryPlan, accept: Accept | undefined, counters: ScanCounters, emit: (addr: number, s: number) => void): void {
  const acc = new Float64Array(seg.docs);
  const seen: number[] = [];
  for (const l of openLanes(seg, plan, counters)) {
    for (l.c.next(); l.c.doc !== END; l.c.next()) {
      const d = l.c.doc;
      if (acc[d] === 0) seen.push(d);
      acc[d]! += part(l.W, xOf(l.c, seg.lens, plan.norms, d), plan.k1);
    }
    counters.scored += l.c.df;
  }
  for (const d of seen) if (seg.live[d] === 1 && (!accept || accept(ord, d, seg.pathOf[d]!))) emit(addressOf(ord, d), Math.fround(acc[d]!));
}

/** Scores of the buffer's documents (exhaustive: the buffer is small), 0 for those without a term. */
export function scoreBuffer(buf: MemorySegment, plan: QueryPlan, counters: ScanCounters): Float64Array {
  const acc = new Float64Array(buf.docs);
  const { norms, k1 } = plan;
  plan.terms.forEach((t, pos) => {
    const p = buf.postingsOf(t);
    if (!p) return;
    const W = plan.W[pos]!;
    counters.total += p.n;
    counters.scored += p.n;
    for (let i = 0; i < p.n; i++) {
      const d = p.docs[i]!;
      const o = i * 3;
      let x = 0;
      if (p.tf[o]) x += fieldPart(norms, 0, p.tf[o]!, buf.lens[0]![d]!);
      if (p.tf[o + 1]) x += fieldPart(norms, 1, p.tf[o + 1]!, buf.lens[1]![d]!);
      if (p.tf[o + 2]) x += fieldPart(norms, 2, p.tf[o + 2]!, buf.lens[2]![d]!);
      acc[d]! += part(W, x, k1);
    }
  });
  return acc;
}

/**
 * Exact scores of the documents in `ranges` of `seg` (all of them, not only what the skipping
 * pass kept), summed in query order like every other score: one array per range.
 */
export function scoreRanges(seg: Segment, plan: QueryPlan, ranges: ReadonlyArray<{ first: number; count: number }>): Float64Array[] {
  const sorted = [...ranges].map((r, i) => ({ ...r, i })).sort((a, b) => a.first - b.first);
  const out = ranges.map((r) => new Float64Array(r.count));
  plan.terms.forEach((t, pos) => {
    const ti = seg.lookup(t);
    if (ti < 0) return;
    const c = seg.cursor(ti);
    const W = plan.W[pos]!;
    for (const r of sorted) {
      const acc = out[r.i]!;
      const end = r.first + r.count;
      for (c.advance(r.first); c.doc < end; c.next()) acc[c.doc - r.first]! += part(W, xOf(c, seg.lens, plan.norms, c.doc), plan.k1);
      if (c.doc === END) break;
    }
  });
  return out;
}
