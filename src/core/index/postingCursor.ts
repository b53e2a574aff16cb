/**
 * Forward cursors over a decoded posting list (postingList.ts). A list is decoded once and kept
 * in a bounded cache (postingCache.ts): the common words of a workspace come back in most
 * queries, and scoring a decoded list costs a few nanoseconds a posting. Cursors jump with
 * galloping search; the skip entries' block bounds tell the scorer in which windows of documents
 * a term can matter.
 */
import { FIELD_COUNT as FIELDS } from './corpusStats';
import { fieldPart as partOfField, type FieldNorms } from './impacts';
import { BLOCK as BLOCK_SIZE } from './postingCodec';
import { END as END_DOC, type PostingList } from './postingList';

export { END } from './postingList';

// module-local copies: imported bindings cost a call per use in some module loaders (hot loops)
const FIELD_COUNT = FIELDS;
const BLOCK = BLOCK_SIZE;
const END = END_DOC;
const fieldPart = partOfField;

export class PostingCursor {
  /** Current document (-1 before the first, END after the last). */
  doc = -1;
  /** Index of the current posting. */
  i = -1;
  /** Counts of the term in title, headings and body of the current document. */
  t0 = 0;
  t1 = 0;
  t2 = 0;
  /** Postings whose score part was computed (for the share-of-postings figure). */
  scored = 0;
  readonly df: number;
  private readonly docs: Int32Array;
  private boundCache: Float64Array | undefined;

  constructor(readonly list: PostingList) {
    this.df = list.df;
    this.docs = list.docs;
  }

  termBound(n: FieldNorms): number {
    return this.list.termBound(n);
  }

  private set(i: number): void {
    this.i = i;
    if (i >= this.df) {
      this.doc = END;
      return;
    }
    this.doc = this.docs[i]!;
    const tf = this.list.tf;
    this.t0 = tf[i * FIELD_COUNT]!;
    this.t1 = tf[i * FIELD_COUNT + 1]!;
    this.t2 = tf[i * FIELD_COUNT + 2]!;
  }

  /**
   * Like accumulate, but only for documents marked in `mask` (the candidates still in the
   * running): a linear walk over the postings below `end`, cheaper than looking each candidate
   * up when the list is dense. The cursor is left on the first posting at or after `end`.
   */
  addMasked(end: number, W: number, k1: number, n: FieldNorms, lens: readonly Uint32Array[], base: number, acc: Float64Array, mask: Uint8Array): void {
    const docs = this.docs;
    const tf = this.list.tf;
    let i = this.i < 0 ? 0 : this.i;
    for (; i < this.df; i++) {
      const d = docs[i]!;
      if (d >= end) break;
      if (mask[d - base] === 0) continue;
      const o = i * 3;
      let x = 0;
      if (tf[o]) x += fieldPart(n, 0, tf[o]!, lens[0]![d]!);
      if (tf[o + 1]) x += fieldPart(n, 1, tf[o + 1]!, lens[1]![d]!);
      if (tf[o + 2]) x += fieldPart(n, 2, tf[o + 2]!, lens[2]![d]!);
      acc[d - base]! += (W * x) / (k1 + x);
      this.scored++;
    }
    this.set(i);
  }

  /** Postings from the current one to the first at or after document `end`. */
  countBelow(end: number): number {
    const docs = this.docs;
    const from = this.i < 0 ? 0 : this.i;
    let lo = from;
    let hi = this.df;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (docs[mid]! < end) lo = mid + 1;
      else hi = mid;
    }
    return lo - from;
  }

  /** Moves to the next posting. */
  next(): void {
    if (this.doc !== END) this.set(this.i + 1);
  }

  /** Moves to the first posting whose document is ≥ target (galloping, then binary search). */
  advance(target: number): void {
    if (this.doc >= target) return;
    const docs = this.docs;
    const n = this.df;
    let lo = this.i + 1;
    if (lo >= n) return this.set(n);
    if (docs[lo]! >= target) return this.set(lo);
    let step = 1;
    let hi = lo + 1;
    while (hi < n && docs[hi]! < target) {
      lo = hi;
      step *= 2;
      hi = lo + step;
    }
    if (hi > n) hi = n;
    // docs[lo] < target; docs[hi] >= target (or hi = n)
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (docs[mid]! < target) lo = mid;
      else hi = mid;
    }
    this.set(hi);
  }

  /**
   * Upper bound of x over the documents in [start, end): the largest bound of the blocks that
   * overlap the window (0 when the list has none there). Block bounds are computed once per
   * cursor, with the norms of its query.
   */
  windowBound(start: number, end: number, n: FieldNorms): number {
    const list = this.list;
    if (list.blocks === 1) return list.docs[0]! < end && list.blockLast[0]! >= start ? list.termBound(n) : 0;
    const last = list.blockLast;
    // first block whose last document is ≥ start
    let lo = Math.max(0, this.i >> 7);
    let hi = list.blocks;
    if (lo < hi && last[lo]! < start) {
      while (hi - lo > 1) {
        const mid = (lo + hi) >>> 1;
        if (last[mid - 1]! >= start) hi = mid;
        else lo = mid;
      }
      if (last[lo]! < start) lo = hi;
    }
    if (lo >= list.blocks || list.docs[lo * BLOCK]! >= end) return 0;
    const cache = (this.boundCache ??= new Float64Array(list.blocks).fill(-1));
    let best = 0;
    for (let b = lo; b < list.blocks && list.docs[b * BLOCK]! < end; b++) {
      let x = cache[b]!;
      if (x < 0) x = cache[b] = list.blockBound(b, n);
      if (x > best) best = x;
    }
    return best;
  }

  /**
   * For every posting from the current one up to document `end` (exclusive): its part of the
   * score, W × x / (k1 + x) with x as fieldPart computes it, added to `acc[doc − base]`, with
   * `hit` marked. The cursor is left on the first posting at or after `end`. (The scorers'
   * inner loop, in one place.)
   */
  accumulate(end: number, W: number, k1: number, n: FieldNorms, lens: readonly Uint32Array[], base: number, acc: Float64Array, hit: Uint8Array): void {
    const B0 = n.boosts[0]!;
    const B1 = n.boosts[1]!;
    const B2 = n.boosts[2]!;
    const a0 = n.c0[0]!;
    const a1 = n.c0[1]!;
    const a2 = n.c0[2]!;
    const m0 = n.c1[0]!;
    const m1 = n.c1[1]!;
    const m2 = n.c1[2]!;
    const l0 = lens[0]!;
    const l1 = lens[1]!;
    const l2 = lens[2]!;
    const docs = this.docs;
    const tf = this.list.tf;
    let i = this.i < 0 ? 0 : this.i;
    const n0 = i;
    for (; i < this.df; i++) {
      const d = docs[i]!;
      if (d >= end) break;
      const o = i * 3;
      const t0 = tf[o]!;
      const t1 = tf[o + 1]!;
      const t2 = tf[o + 2]!;
      let x = 0;
      if (t0) x += (B0 * t0) / (a0 + m0 * l0[d]!);
      if (t1) x += (B1 * t1) / (a1 + m1 * l1[d]!);
      if (t2) x += (B2 * t2) / (a2 + m2 * l2[d]!);
      acc[d - base]! += (W * x) / (k1 + x);
      hit[d - base] = 1;
    }
    this.scored += i - n0;
    this.set(i);
  }
}
