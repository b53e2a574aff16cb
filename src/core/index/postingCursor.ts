/**
 * Forward cursors over a posting list (postingList.ts) that enter one block of 128 postings at
 * a time and have the list decode it then (once: the list keeps it): a cursor that jumps
 * (advance) enters only the block it lands in, and one that runs to the end of a window stops
 * before the next block without entering it (the block's first document is known from the skip
 * entries), so blocks the scorer never enters are never decoded. The skip entries' block bounds
 * tell the scorer in which windows of documents a term can matter.
 */
import { FIELD_COUNT as FIELDS } from './corpusStats';
import { fieldPart as partOfField, type FieldNorms } from './impacts';
import { BLOCK as BLOCK_SIZE } from './postingCodec';
import { CHUNK_SHIFT as SHIFT, END as END_DOC, type PostingList } from './postingList';

export { END } from './postingList';

// module-local copies: imported bindings cost a call per use in some module loaders (hot loops)
const FIELD_COUNT = FIELDS;
const BLOCK = BLOCK_SIZE;
const END = END_DOC;
const CHUNK_SHIFT = SHIFT;
const CHUNK_MASK = (1 << SHIFT) - 1;
const fieldPart = partOfField;

const NONE_DOCS = new Int32Array(0);
const NONE_TF = new Uint8Array(0);

export class PostingCursor {
  /** Current document (-1 before the first, END after the last). */
  doc = -1;
  /** Counts of the term in title, headings and body of the current document. */
  t0 = 0;
  t1 = 0;
  t2 = 0;
  /** Postings whose score part was computed (for the share-of-postings figure). */
  scored = 0;
  /** Blocks decoded (for the benchmark's figures). */
  decoded = 0;
  readonly df: number;
  /** The block entered (b), the index after its last posting, and the current posting's index. */
  private b = -1;
  private bn = 0;
  private k = 0;
  /**
   * The cursor stands on the first document of block b + 1, not decoded yet (k === bn): its
   * counts are read when something asks for them.
   */
  private pending = false;
  private docs: Int32Array = NONE_DOCS;
  private tf: Uint8Array = NONE_TF;
  /** Bounds of x per block for this cursor's norms (from the list), and the first block a window may overlap. */
  private bounds: Float64Array | undefined;
  private wb = 0;

  constructor(readonly list: PostingList) {
    this.df = list.df;
  }

  termBound(n: FieldNorms): number {
    return this.list.termBound(n);
  }

  /** Enters block `b` (decoded if it was not) without standing on a posting. */
  private open(b: number): void {
    const list = this.list;
    let s = list.slot[b]!;
    if (s < 0) {
      list.ensure(b);
      s = list.slot[b]!;
      this.decoded++;
    }
    const c = s >> CHUNK_SHIFT;
    this.docs = list.chunkDocs[c]!;
    this.tf = list.chunkTf[c]!;
    this.b = b;
    this.k = (s & CHUNK_MASK) * BLOCK;
    this.bn = this.k + list.blockSize(b);
    this.pending = false;
  }

  /** Enters block `b` and stands on its first posting. */
  private enter(b: number): void {
    this.open(b);
    this.at(this.k);
  }

  /** Stands on posting `k` of the decoded block. */
  private at(k: number): void {
    this.k = k;
    this.doc = this.docs[k]!;
    const o = k * FIELD_COUNT;
    this.t0 = this.tf[o]!;
    this.t1 = this.tf[o + 1]!;
    this.t2 = this.tf[o + 2]!;
  }

  /** After the last posting of the decoded block: on the next block's first document, undecoded. */
  private leaveBlock(): void {
    const nb = this.b + 1;
    this.k = this.bn;
    if (nb >= this.list.blocks) {
      this.doc = END;
      this.pending = false;
      return;
    }
    this.doc = this.list.blockFirst[nb]!;
    this.pending = true;
  }

  /** Moves to the next posting. */
  next(): void {
    if (this.doc === END) return;
    if (this.b < 0) this.enter(0);
    else if (this.pending) this.enter(this.b + 1);
    else if (this.k + 1 < this.bn) this.at(this.k + 1);
    else {
      this.leaveBlock();
      if (this.pending) this.enter(this.b + 1);
    }
  }

  /**
   * Moves to the first posting whose document is ≥ target (skip entries, then a search in the
   * block). `lazy`: the cursor may stop on the first document of a block it has not decoded,
   * when that document is above target (its counts are then not read: callers that read them
   * check for target first, or call next).
   */
  advance(target: number, lazy = false): void {
    if (this.doc >= target) {
      if (this.pending && (!lazy || this.doc === target)) this.enter(this.b + 1);
      return;
    }
    const list = this.list;
    const last = list.blockLast;
    let b = this.pending ? this.b + 1 : this.b < 0 ? 0 : this.b;
    if (this.pending || this.b < 0 || last[b]! < target) {
      if (last[b]! < target) {
        // first block whose last document is ≥ target: galloping, then binary search
        const n = list.blocks;
        let lo = b;
        let step = 1;
        let hi = lo + 1;
        while (hi < n && last[hi]! < target) {
          lo = hi;
          step *= 2;
          hi = lo + step;
        }
        if (hi >= n) {
          hi = n;
          if (last[n - 1]! < target) {
            this.b = n - 1;
            this.k = this.bn;
            this.pending = false;
            this.doc = END;
            return;
          }
        }
        // last[lo] < target ≤ last[hi]
        while (hi - lo > 1) {
          const mid = (lo + hi) >>> 1;
          if (last[mid]! < target) lo = mid;
          else hi = mid;
        }
        b = hi;
      }
      const first = list.blockFirst[b]!;
      if (first >= target) {
        if (lazy && first > target) {
          this.b = b - 1;
          this.k = this.bn;
          this.pending = true;
          this.doc = first;
        } else this.enter(b);
        return;
      }
      this.open(b);
    }
    // the block holds a document ≥ target
    const docs = this.docs;
    let k = this.k;
    while (docs[k]! < target) k++;
    this.at(k);
  }

  /**
   * Postings from the current one to the first at or after document `end`, estimated by whole
   * blocks (the scorer only uses it to choose between looking candidates up and a linear walk).
   */
  countBelow(end: number): number {
    if (this.doc >= end) return 0;
    const first = this.list.blockFirst;
    const blocks = this.list.blocks;
    let b = this.b < 0 ? 0 : this.b + (this.pending ? 1 : 0);
    let n = this.b < 0 || this.pending ? 0 : this.bn - this.k;
    if (this.b < 0 || this.pending) b--;
    while (b + 1 < blocks && first[b + 1]! < end) {
      b++;
      n += BLOCK;
    }
    return n;
  }

  /**
   * Upper bound of x over the documents in [start, end): the largest bound of the blocks that
   * overlap the window (0 when the list has none there). Windows only move forward, so the
   * first block that can overlap is kept from one window to the next; the block bounds come
   * from the list, computed once for the norms of the moment (blockBounds).
   */
  windowBound(start: number, end: number, n: FieldNorms): number {
    const list = this.list;
    if (list.blocks === 1) return list.blockFirst[0]! < end && list.blockLast[0]! >= start ? list.termBound(n) : 0;
    const last = list.blockLast;
    const first = list.blockFirst;
    const blocks = list.blocks;
    let b = this.wb;
    while (b < blocks && last[b]! < start) b++;
    this.wb = b;
    if (b >= blocks || first[b]! >= end) return 0;
    const bounds = (this.bounds ??= list.blockBounds(n));
    let best = 0;
    for (; b < blocks && first[b]! < end; b++) {
      const x = bounds[b]!;
      if (x > best) best = x;
    }
    return best;
  }

  /**
   * Like accumulate, but only for documents marked in `mask` (the candidates still in the
   * running): a linear walk over the postings below `end`, cheaper than looking each candidate
   * up when the list is dense. The cursor is left on the first posting at or after `end`.
   */
  addMasked(end: number, W: number, k1: number, n: FieldNorms, lens: readonly Uint32Array[], base: number, acc: Float64Array, mask: Uint8Array): void {
    if (this.b < 0 || this.pending) {
      if (this.doc >= end) return;
      this.enter(this.b + 1);
    }
    for (;;) {
      // the block's chunk (the next block may sit in another one)
      const docs = this.docs;
      const tf = this.tf;
      let k = this.k;
      const bn = this.bn;
      for (; k < bn; k++) {
        const d = docs[k]!;
        if (d >= end) break;
        if (mask[d - base] === 0) continue;
        const o = k * 3;
        let x = 0;
        if (tf[o]) x += fieldPart(n, 0, tf[o]!, lens[0]![d]!);
        if (tf[o + 1]) x += fieldPart(n, 1, tf[o + 1]!, lens[1]![d]!);
        if (tf[o + 2]) x += fieldPart(n, 2, tf[o + 2]!, lens[2]![d]!);
        acc[d - base]! += (W * x) / (k1 + x);
        this.scored++;
      }
      if (k < bn) return this.at(k);
      this.leaveBlock();
      if (!this.pending || this.doc >= end) return;
      this.enter(this.b + 1);
    }
  }

  /**
   * For every posting from the current one up to document `end` (exclusive): its part of the
   * score, W × x / (k1 + x) with x as fieldPart computes it, added to `acc[doc − base]`, with
   * bit `doc − base` of `hit` set (32 documents a word, so the scorer finds the documents hit,
   * in order, without looking at every slot of the window). The cursor is left on the first posting at or after `end`. (The scorers'
   * inner loop, in one place.)
   */
  accumulate(end: number, W: number, k1: number, n: FieldNorms, lens: readonly Uint32Array[], base: number, acc: Float64Array, hit: Int32Array): void {
    if (this.b < 0 || this.pending) {
      if (this.doc >= end) return;
      this.enter(this.b + 1);
    }
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
    for (;;) {
      // the block's chunk (the next block may sit in another one)
      const docs = this.docs;
      const tf = this.tf;
      let k = this.k;
      const k0 = k;
      const bn = this.bn;
      for (; k < bn; k++) {
        const d = docs[k]!;
        if (d >= end) break;
        const o = k * 3;
        const t0 = tf[o]!;
        const t1 = tf[o + 1]!;
        const t2 = tf[o + 2]!;
        let x = 0;
        if (t0) x += (B0 * t0) / (a0 + m0 * l0[d]!);
        if (t1) x += (B1 * t1) / (a1 + m1 * l1[d]!);
        if (t2) x += (B2 * t2) / (a2 + m2 * l2[d]!);
        const j = d - base;
        acc[j]! += (W * x) / (k1 + x);
        hit[j >> 5]! |= 1 << (j & 31);
      }
      this.scored += k - k0;
      if (k < bn) return this.at(k);
      this.leaveBlock();
      if (!this.pending || this.doc >= end) return;
      this.enter(this.b + 1);
    }
  }
}
