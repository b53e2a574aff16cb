/**
 * A term's posting list in one segment, decoded (format: postingCodec.ts), and forward cursors
 * over it. A list is decoded once into typed arrays and kept in a bounded cache (segment.ts):
 * the common words of a workspace come back in most queries, and scoring a decoded list costs a
 * few nanoseconds a posting. Cursors jump with galloping search; the skip entries' block bounds
 * tell the scorer which windows of documents a term can matter in.
 */
import { FormatError } from './bytes';
import { FIELD_COUNT as FIELDS } from './corpusStats';
import { fieldPart as partOfField, pairsBound as boundOfPairs, type FieldNorms } from './impacts';
import { BLOCK as BLOCK_SIZE, BLOCK_PAIRS as PAIRS } from './postingCodec';

/** The document number of an exhausted cursor (above every real one). */
export const END = 0x7fffffff;

/** Bytes of a segment's postings file, read by offset. */
export interface ByteSource {
  read(position: number, length: number): Uint8Array;
}

// module-local copies: imported bindings cost a call per use in some module loaders (hot loops)
const FIELD_COUNT = FIELDS;
const BLOCK = BLOCK_SIZE;
const BLOCK_PAIRS = PAIRS;
const pairsBound = boundOfPairs;
const fieldPart = partOfField;

/**
 * Decodes the blocks of a posting list starting at byte `p` into `docs` and `tf` (FIELD_COUNT
 * counts per posting) from index `at`; checks each block's length, order and last document
 * (`blockLast`, when the list has skip entries). Returns the last document.
 */
export function decodeBlocks(h: Uint8Array, p: number, blocks: number, blockLen: ArrayLike<number>, df: number, maxDoc: number, blockLast: Int32Array | undefined, docs: Int32Array, tf: Uint8Array, at: number): number {
  let prev = -1;
  for (let b = 0; b < blocks; b++) {
    const n = b + 1 < blocks ? BLOCK : df - BLOCK * (blocks - 1);
    const from = at + b * BLOCK;
    const stop = p + blockLen[b]!;
    for (let i = from; i < from + n; i++) {
      let x = h[p++]!;
      let v = x & 0x7f;
      for (let mul = 128; x >= 0x80; mul *= 128) {
        x = h[p++]!;
        v += (x & 0x7f) * mul;
      }
      prev += v + 1;
      docs[i] = prev;
    }
    for (let i = from; i < from + n; i++) {
      let x = h[p++]!;
      let v = x & 0x7f;
      if (x >= 0x80) {
        x = h[p++]!;
        v |= (x & 0x7f) << 7;
        if (x >= 0x80) throw new FormatError('posting count malformed');
      }
      const o = i * FIELD_COUNT;
      tf[o + 2] = v >>> 2;
      tf[o] = v & 1 ? h[p++]! : 0;
      tf[o + 1] = v & 2 ? h[p++]! : 0;
    }
    if (p !== stop || !(prev < maxDoc) || (blockLast && prev !== blockLast[b])) throw new FormatError('posting block malformed');
  }
  return prev;
}

/** A posting list's head: its frontiers, skip entries, and where its blocks start. */
interface Head {
  termPairs: number[];
  termCount: Uint8Array;
  blocks: number;
  blockLast: Int32Array;
  blockLen: Uint32Array;
  blockPairs: Uint32Array;
  blockPairCount: Uint8Array;
  dataStart: number;
}

/** Position after the last varint read by readVarint (single-threaded scratch). */
let varintEnd = 0;

/** The varint at `p` in `h` (not past `end`); its end goes to varintEnd. */
function readVarint(h: Uint8Array, p: number, end: number): number {
  let v = 0;
  let mul = 1;
  for (;;) {
    if (p >= end) throw new FormatError('posting list truncated');
    const b = h[p++]!;
    v += (b & 0x7f) * mul;
    if (b < 0x80) {
      varintEnd = p;
      return v;
    }
    mul *= 128;
    if (mul > 2 ** 35) throw new FormatError('posting list malformed');
  }
}

/** Parses the head of a list of `df` postings below `maxDoc`; throws FormatError when it does not decode. */
function parseHead(h: Uint8Array, df: number, maxDoc: number): Head {
  const headLen = readVarint(h, 0, h.length);
  let p = varintEnd;
  const end = p + headLen;
  if (end > h.length) throw new FormatError('posting head longer than its list');
  const next = (): number => {
    const v = readVarint(h, p, end);
    p = varintEnd;
    return v;
  };
  const termPairs: number[] = [];
  const termCount = new Uint8Array(FIELD_COUNT);
  for (let f = 0; f < FIELD_COUNT; f++) {
    const c = next();
    termCount[f] = c;
    for (let i = 0; i < 2 * c; i++) termPairs.push(next());
  }
  const blocks = Math.ceil(df / BLOCK);
  if (blocks === 0) throw new FormatError('empty posting list');
  const blockLast = new Int32Array(blocks);
  const blockLen = new Uint32Array(blocks);
  const multi = blocks > 1;
  const blockPairs = new Uint32Array(multi ? blocks * FIELD_COUNT * BLOCK_PAIRS * 2 : 0);
  const blockPairCount = new Uint8Array(multi ? blocks * FIELD_COUNT : 0);
  if (multi) {
    let last = -1;
    for (let b = 0; b < blocks; b++) {
      last += next();
      blockLast[b] = last;
      blockLen[b] = next();
      for (let f = 0; f < FIELD_COUNT; f++) {
        const c = next();
        if (c > BLOCK_PAIRS) throw new FormatError('block bound malformed');
        blockPairCount[b * FIELD_COUNT + f] = c;
        const o = (b * FIELD_COUNT + f) * BLOCK_PAIRS * 2;
        for (let i = 0; i < 2 * c; i++) blockPairs[o + i] = next();
      }
    }
    if (p !== end || last >= maxDoc) throw new FormatError('posting skip data inconsistent');
  } else blockLen[0] = h.length - end;
  return { termPairs, termCount, blocks, blockLast, blockLen, blockPairs, blockPairCount, dataStart: end };
}

/**
 * Decodes a whole list of `df` postings into `docs` and `tf` from index `at` (the merge reads
 * lists this way, into one growing buffer, without keeping them).
 */
export function decodeListInto(bytes: Uint8Array, df: number, maxDoc: number, docs: Int32Array, tf: Uint8Array, at: number): void {
  const h = parseHead(bytes, df, maxDoc);
  decodeBlocks(bytes, h.dataStart, h.blocks, h.blockLen, df, maxDoc, h.blocks > 1 ? h.blockLast : undefined, docs, tf, at);
}

/** A term's decoded posting list with its block bounds (immutable: cached and shared by cursors). */
export class PostingList {
  readonly termPairs: number[];
  readonly termCount: Uint8Array;
  readonly blocks: number;
  readonly blockLast: Int32Array;
  readonly blockPairs: Uint32Array;
  readonly blockPairCount: Uint8Array;
  /** Documents, ascending. */
  readonly docs: Int32Array;
  /** Counts in title, headings and body, FIELD_COUNT per posting. */
  readonly tf: Uint8Array;

  /**
   * Decodes a list of `df` postings (`bytes`: the whole list); documents must be below
   * `maxDoc`. Throws FormatError when it does not decode.
   */
  constructor(
    bytes: Uint8Array,
    readonly df: number,
    maxDoc: number,
  ) {
    const h = parseHead(bytes, df, maxDoc);
    this.termPairs = h.termPairs;
    this.termCount = h.termCount;
    this.blocks = h.blocks;
    this.blockLast = h.blockLast;
    this.blockPairs = h.blockPairs;
    this.blockPairCount = h.blockPairCount;
    this.docs = new Int32Array(df);
    this.tf = new Uint8Array(df * FIELD_COUNT);
    const prev = decodeBlocks(bytes, h.dataStart, h.blocks, h.blockLen, df, maxDoc, h.blocks > 1 ? h.blockLast : undefined, this.docs, this.tf, 0);
    if (h.blocks === 1) this.blockLast[0] = prev;
  }

  /** Memory the decoded list holds (for the cache's budget). */
  get bytesHeld(): number {
    return this.docs.byteLength + this.tf.byteLength + this.blockLast.byteLength + this.blockPairs.byteLength;
  }

  /** The highest count of the term in field `f` over the list (the first frontier pair's). */
  maxTf(f: number): number {
    let from = 0;
    for (let g = 0; g < f; g++) from += 2 * this.termCount[g]!;
    return this.termCount[f]! > 0 ? this.termPairs[from]! : 0;
  }

  /** Upper bound of the boosted, normalised count (BM25F's x) over the whole list. */
  termBound(n: FieldNorms): number {
    let x = 0;
    let from = 0;
    for (let f = 0; f < FIELD_COUNT; f++) {
      const c = this.termCount[f]!;
      x += pairsBound(this.termPairs, from, c, f, n);
      from += 2 * c;
    }
    return x;
  }

  /** Upper bound of x over block `b` (the whole list when it has one block). */
  blockBound(b: number, n: FieldNorms): number {
    if (this.blocks === 1) return this.termBound(n);
    let x = 0;
    for (let f = 0; f < FIELD_COUNT; f++) {
      const k = b * FIELD_COUNT + f;
      x += pairsBound(this.blockPairs, k * BLOCK_PAIRS * 2, this.blockPairCount[k]!, f, n);
    }
    return x;
  }
}

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
