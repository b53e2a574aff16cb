/**
 * Forward cursors over a posting list (postingList.ts) that enter one block of 128 postings at
 * a time and have the list decode it then (once: the list keeps it): a cursor that jumps
 * (advance) enters only the block it lands in, and one that runs to the end of a window stops
 * before the next block without entering it (the block's first document is known from the skip
 * entries), so blocks the scorer never enters are never decoded. The skip entries' block bounds
 * tell the scorer in which windows of documents a term can matter.
 */
import { FIELD_COUNT as FIELDS } from './corpusStats';
import type { FieldNorms } from './impacts';
import { BLOCK as BLOCK_SIZE } from './postingCodec';
import { CHUNK_SHIFT as SHIFT, END as END_DOC, type PostingList } from './postingList';

export { END } from './postingList';

// module-local copies: imported bindings cost a call per use in some module loaders (hot loops)
const FIELD_COUNT = FIELDS;
const BLOCK = BLOCK_SIZE;
const END = END_DOC;
const CHUNK_SHIFT = SHIFT;
const CHUNK_MASK = (1 << SHIFT) - 1;

const NONE_DOCS = new Int32Array(0);
const NONE_TF = new Uint8Array(0);
const NONE_X = new Float64Array(0);

export class PostingCursor {
  /** Current document (-1 before the first, END after the last). */
  doc = -1;
  /** Counts of the term in title, headings and body of the current document (read when asked). */
  get t0(): number {
    return this.tf[this.k * FIELD_COUNT]!;
  }
  get t1(): number {
    return this.tf[this.k * FIELD_COUNT + 1]!;
  }
  get t2(): number {
    return this.tf[this.k * FIELD_COUNT + 2]!;
  }
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
  /**
   * For a scoring cursor (withX): the norms and field lengths its xs are for, the list's xs of
   * the block entered (PostingList.xChunk) and the list's epoch they belong to.
   */
  private xs: Float64Array = NONE_X;
  private xNorms: FieldNorms | undefined;
  private xLens: readonly Uint32Array[] | undefined;
  private xEpoch = -1;

  constructor(readonly list: PostingList) {
    this.df = list.df;
  }

  termBound(n: FieldNorms): number {
    return this.list.termBound(n);
  }

  /**
   * Makes this a scoring cursor for norms `n` and the segment's field lengths `lens`: each block
   * it enters comes with its postings' xs (the list's cache), which accumulate, addMasked,
   * addFound and x read instead of computing them. Call before the cursor enters a block.
   */
  withX(n: FieldNorms, lens: readonly Uint32Array[]): this {
    this.xNorms = n;
    this.xLens = lens;
    this.xEpoch = this.list.xUse(n, lens);
    return this;
  }

  /** BM25F's x of the current posting (a scoring cursor on a decoded block only). */
  x(): number {
    const x = this.xs[this.k]!;
    return x !== 0 ? x : this.xAt(this.k, this.doc);
  }

  /**
   * Computes the x of posting `k` (document `d`) of the block entered, as fieldPart sums it, and
   * keeps it in the list's xs.
   */
  private xAt(k: number, d: number): number {
    const n = this.xNorms!;
    const lens = this.xLens!;
    const o = k * FIELD_COUNT;
    const t0 = this.tf[o]!;
    const t1 = this.tf[o + 1]!;
    const t2 = this.tf[o + 2]!;
    let x = 0;
    if (t0) x += (n.boosts[0]! * t0) / (n.c0[0]! + n.c1[0]! * lens[0]![d]!);
    if (t1) x += (n.boosts[1]! * t1) / (n.c0[1]! + n.c1[1]! * lens[1]![d]!);
    if (t2) x += (n.boosts[2]! * t2) / (n.c0[2]! + n.c1[2]! * lens[2]![d]!);
    this.xs[k] = x;
    return x;
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
    if (this.xNorms !== undefined) {
      // another cursor may have moved the list to other norms (not within one search)
      if (list.xEpoch !== this.xEpoch) this.xEpoch = list.xUse(this.xNorms, this.xLens!);
      this.xs = list.xChunk(b);
    }
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

  /** Throws unless withX made this a scoring cursor (its walks read the list's xs). */
  private scoring(): void {
    if (this.xNorms === undefined) throw new Error('a scoring walk on a cursor without xs (withX)');
  }

  /**
   * Like accumulate, but only for documents marked in `mask` (the candidates still in the
   * running): a linear walk over the postings below `end`, cheaper than looking each candidate
   * up when the list is dense. The cursor is left on the first posting at or after `end`.
   */
  addMasked(end: number, W: number, k1: number, base: number, acc: Float64Array, mask: Uint8Array): void {
    this.scoring();
    if (this.b < 0 || this.pending) {
      if (this.doc >= end) return;
      this.enter(this.b + 1);
    }
    for (;;) {
      // the block's chunk (the next block may sit in another one)
      const docs = this.docs;
      const xs = this.xs;
      let k = this.k;
      const bn = this.bn;
      let scored = 0;
      for (; k < bn; k++) {
        const d = docs[k]!;
        if (d >= end) break;
        // every posting pays the division, none a branch on the mask (about as often set as
        // not): m × part is the part exactly for m = 1, and adds 0 for m = 0
        const m = mask[d - base]!;
        let x = xs[k]!;
        if (x === 0 && m !== 0) x = this.xAt(k, d);
        acc[d - base]! += m * ((W * x) / (k1 + x));
        scored += m;
      }
      this.scored += scored;
      if (k < bn) return this.at(k);
      this.leaveBlock();
      if (!this.pending || this.doc >= end) return;
      this.enter(this.b + 1);
    }
  }

  /**
   * For each of the documents `base + cand[i]` (i < n, ascending) that the list holds, its part
   * of the score added to `acc[cand[i]]`: the scorer's look-ups of a few candidates in a dense
   * list, a scan forward inside the block entered and a jump (advance) only past its end.
   */
  addFound(cand: Int32Array, n: number, base: number, W: number, k1: number, acc: Float64Array): void {
    this.scoring();
    for (let i = 0; i < n; i++) {
      const j = cand[i]!;
      const target = base + j;
      if (this.doc >= target) {
        if (this.doc !== target) continue;
        if (this.pending) this.enter(this.b + 1);
      } else if (!this.pending && this.b >= 0 && target <= this.list.blockLast[this.b]!) {
        // in the block entered: the first posting at or after target is in it
        const docs = this.docs;
        let k = this.k + 1;
        while (docs[k]! < target) k++;
        this.k = k;
        this.doc = docs[k]!;
        if (this.doc !== target) continue;
      } else {
        this.advance(target, true);
        if (this.doc !== target) continue;
      }
      this.scored++;
      let x = this.xs[this.k]!;
      if (x === 0) x = this.xAt(this.k, target);
      acc[j]! += (W * x) / (k1 + x);
    }
  }

  /**
   * For every posting from the current one up to document `end` (exclusive): its part of the
   * score, W × x / (k1 + x) with x the list's cached x (see withX; fieldPart's sum, computed
   * and kept the first time), added to
   * `acc[doc − base]`, with bit `doc − base` of `hit` set (32 documents a word, so the scorer
   * finds the documents hit, in order, without looking at every slot of the window). The cursor
   * is left on the first posting at or after `end`. (The scorers' inner loop, in one place.)
   */
  accumulate(end: number, W: number, k1: number, base: number, acc: Float64Array, hit: Int32Array): void {
    this.scoring();
    if (this.b < 0 || this.pending) {
      if (this.doc >= end) return;
      this.enter(this.b + 1);
    }
    for (;;) {
      // the block's chunk (the next block may sit in another one)
      const docs = this.docs;
      const xs = this.xs;
      let k = this.k;
      const k0 = k;
      const bn = this.bn;
      for (; k < bn; k++) {
        const d = docs[k]!;
        if (d >= end) break;
        let x = xs[k]!;
        if (x === 0) x = this.xAt(k, d);
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
