/**
 * A term's posting list in one segment, decoded (format: postingCodec.ts) into typed arrays,
 * with its skip entries' block bounds.
 */
import { FormatError } from './bytes';
import { FIELD_COUNT as FIELDS } from './corpusStats';
import { pairsBound as boundOfPairs, type FieldNorms } from './impacts';
import { BLOCK as BLOCK_SIZE, BLOCK_PAIRS as PAIRS } from './postingCodec';

// module-local copies: imported bindings cost a call per use in some module loaders (hot loops)
const FIELD_COUNT = FIELDS;
const BLOCK = BLOCK_SIZE;
const BLOCK_PAIRS = PAIRS;
const pairsBound = boundOfPairs;

/** Decoded blocks per chunk of a list's storage (a power of two: slot → chunk is a shift). */
export const CHUNK_SHIFT = 4;
const CHUNK_BLOCKS = 1 << CHUNK_SHIFT;

/** The document number of an exhausted cursor (above every real one). */
export const END = 0x7fffffff;

/**
 * Decodes the blocks of a posting list starting at byte `p` into `docs` and `tf` (FIELD_COUNT
 * counts per posting) from index `at`; checks each block's length, order and last document
 * (`blockLast`, when the list has skip entries). `prev`: the document before the first block
 * (its gap is counted from there). Returns the last document.
 */
export function decodeBlocks(h: Uint8Array, p: number, blocks: number, blockLen: ArrayLike<number>, df: number, maxDoc: number, blockLast: Int32Array | undefined, docs: Int32Array, tf: Uint8Array, at: number, prev = -1): number {
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

/** Whether two sets of field norms hold the same numbers. */
function sameNorms(a: FieldNorms, b: FieldNorms): boolean {
  if (a === b) return true;
  for (let f = 0; f < FIELD_COUNT; f++) if (a.c0[f] !== b.c0[f] || a.c1[f] !== b.c1[f] || a.boosts[f] !== b.boosts[f]) return false;
  return true;
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

/** Counts the uses of lists' xs (PostingList.xUsed: the cache drops the xs used least recently first). */
let xClock = 0;

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

/**
 * A term's posting list with its block bounds: the head (frontiers, skip entries) is parsed
 * once, and each block of 128 postings is decoded the first time a cursor enters it (ensure), so
 * the blocks a search skips cost nothing but their bytes. Cached and shared by cursors: what one
 * query decoded, the next one reads as it is (the list only ever gains decoded blocks).
 */
export class PostingList {
  readonly termPairs: number[];
  readonly termCount: Uint8Array;
  readonly blocks: number;
  /** Last and first document of each block. */
  readonly blockLast: Int32Array;
  readonly blockFirst: Int32Array;
  /** Byte offset of each block in `bytes` (blocks + 1 entries: the last is the list's end). */
  readonly blockStart: Uint32Array;
  readonly blockPairs: Uint32Array;
  readonly blockPairCount: Uint8Array;

  /**
   * Parses a list of `df` postings (`bytes`: the whole list, kept); documents must be below
   * `maxDoc`. Throws FormatError when its head does not decode; a block that does not decode
   * throws when it is entered.
   */
  constructor(
    readonly bytes: Uint8Array,
    readonly df: number,
    readonly maxDoc: number,
  ) {
    const h = parseHead(bytes, df, maxDoc);
    this.termPairs = h.termPairs;
    this.termCount = h.termCount;
    this.blocks = h.blocks;
    this.blockLast = h.blockLast;
    this.blockPairs = h.blockPairs;
    this.blockPairCount = h.blockPairCount;
    this.blockStart = new Uint32Array(h.blocks + 1);
    this.blockFirst = new Int32Array(h.blocks);
    let at = h.dataStart;
    for (let b = 0; b < h.blocks; b++) {
      this.blockStart[b] = at;
      at += h.blockLen[b]!;
    }
    this.blockStart[h.blocks] = at;
    if (at !== bytes.length) throw new FormatError('posting blocks do not fill their list');
    this.slot = new Int32Array(h.blocks).fill(-1);
    if (h.blocks === 1) {
      // no skip entry: the one block is decoded at once, for its bounds
      this.ensure(0);
      this.blockFirst[0] = this.chunkDocs[0]![0]!;
      this.blockLast[0] = this.chunkDocs[0]![df - 1]!;
    } else {
      for (let b = 0; b < h.blocks; b++) {
        // the first gap of each block gives its first document
        const prev = b === 0 ? -1 : this.blockLast[b - 1]!;
        this.blockFirst[b] = prev + 1 + readVarint(bytes, this.blockStart[b]!, this.blockStart[b + 1]!);
      }
    }
  }

  /** Postings in block `b`. */
  blockSize(b: number): number {
    return b + 1 < this.blocks ? BLOCK : this.df - BLOCK * (this.blocks - 1);
  }

  /**
   * Where each block's postings were decoded: slot s lives in chunk s >> CHUNK_SHIFT, from
   * posting (s & (CHUNK_BLOCKS − 1)) × BLOCK; −1 while the block is not decoded. Chunks are
   * allocated as blocks are decoded and never moved, so a list holds memory for the blocks its
   * cursors entered, not for all of its postings (a query enters a few percent of a common
   * word's blocks), and a cursor may keep a chunk while other cursors decode more.
   */
  readonly slot: Int32Array;
  /** Documents and counts (FIELD_COUNT per posting) of the decoded blocks, by chunk. */
  readonly chunkDocs: Int32Array[] = [];
  readonly chunkTf: Uint8Array[] = [];
  private slots = 0;
  /** Told how many bytes the list grew by when it allocates a chunk (the cache's accounting). */
  onGrow: ((bytes: number) => void) | undefined;

  /**
   * Decodes block `b` (once: a cached list keeps what its cursors decoded); throws FormatError
   * when the block does not decode.
   */
  ensure(b: number): void {
    if (this.slot[b]! >= 0) return;
    const s = this.slots;
    const c = s >> CHUNK_SHIFT;
    if (c === this.chunkDocs.length) {
      const postings = this.blocks === 1 ? this.df : Math.min(CHUNK_BLOCKS, this.blocks - s) * BLOCK;
      this.chunkDocs.push(new Int32Array(postings));
      this.chunkTf.push(new Uint8Array(postings * FIELD_COUNT));
      this.onGrow?.(postings * (4 + FIELD_COUNT));
    }
    const n = this.blockSize(b);
    const docs = this.chunkDocs[c]!;
    const at = (s & (CHUNK_BLOCKS - 1)) * BLOCK;
    decodeBlocks(this.bytes, this.blockStart[b]!, 1, [this.blockStart[b + 1]! - this.blockStart[b]!], n, this.maxDoc, undefined, docs, this.chunkTf[c]!, at, b === 0 ? -1 : this.blockLast[b - 1]!);
    if (this.blocks > 1 && docs[at + n - 1] !== this.blockLast[b]) throw new FormatError('posting block malformed');
    this.slot[b] = s;
    this.slots = s + 1;
  }

  /** Memory the list holds now: its bytes, skip data and bounds, and the chunks decoded so far (not the xs: xHeld). */
  get bytesHeld(): number {
    let held = this.bytes.byteLength + this.blocks * 29 + this.blockPairs.byteLength + 64;
    for (const d of this.chunkDocs) held += d.length * (4 + FIELD_COUNT);
    return held;
  }


  /**
   * BM25F's x of decoded postings (Σ over fields of boost × count / (c0 + c1 × length), the
   * expression and order of fieldPart and the scorers), by chunk beside chunkDocs, for the norms
   * and field lengths of xUse; 0 where not computed yet (a posting's x is above 0 unless every
   * field it is in has boost 0, and such an x is only computed again). A scoring cursor computes
   * a posting's x the first time it scores it and reads it from then on: one number per posting
   * instead of three counts, three field lengths by document and three divisions. All are
   * cleared (xEpoch moves on) when the norms change, that is when the corpus statistics do
   * (edits, deletes), so a query never reads an x of other norms. Counted apart (xHeld,
   * onXGrow): the cache gives the xs a budget of their own and drops them (dropX) before the lists.
   */
  readonly chunkX: Array<Float64Array | undefined> = [];
  private xNorms: FieldNorms | undefined;
  private xLens: readonly Uint32Array[] | undefined;
  /** Moves on each time the cached xs are cleared or dropped (other norms or lengths, or dropX). */
  xEpoch = 0;
  /** When a scoring cursor last started to use the xs (xUse; a process-wide count). */
  xUsed = 0;
  /** Told how many bytes the xs grew by. */
  onXGrow: ((bytes: number) => void) | undefined;
  /** Where new xs come from: an array of that many zeros the cache had left, or undefined (a new one). */
  xAlloc: ((length: number) => Float64Array | undefined) | undefined;

  /** Memory the cached xs hold. */
  get xHeld(): number {
    let held = 0;
    for (const x of this.chunkX) if (x) held += x.byteLength;
    return held;
  }

  /**
   * Drops every cached x (the cache's budget for them is spent; cursors reading them compute them
   * again) and returns their arrays, which the list no longer uses.
   */
  dropX(): Array<Float64Array | undefined> {
    const dropped = this.chunkX.splice(0);
    this.xNorms = undefined;
    this.xLens = undefined;
    this.xEpoch++;
    return dropped;
  }

  /**
   * Makes the cached xs those of norms `n` and field lengths `lens` (the segment's), clearing
   * them when they were computed with others; returns the epoch the caller's xs belong to.
   */
  xUse(n: FieldNorms, lens: readonly Uint32Array[]): number {
    this.xUsed = ++xClock;
    const was = this.xNorms;
    if (was && this.xLens === lens && sameNorms(was, n)) return this.xEpoch;
    this.xNorms = n;
    this.xLens = lens;
    for (const x of this.chunkX) x?.fill(0);
    return ++this.xEpoch;
  }

  /** The xs of the chunk holding block `b` (decoded already), allocated (all 0) the first time. */
  xChunk(b: number): Float64Array {
    const c = this.slot[b]! >> CHUNK_SHIFT;
    let xs = this.chunkX[c];
    if (xs === undefined) {
      const length = this.chunkDocs[c]!.length;
      xs = this.xAlloc?.(length) ?? new Float64Array(length);
      while (this.chunkX.length < c) this.chunkX.push(undefined);
      this.chunkX[c] = xs;
      this.onXGrow?.(xs.byteLength);
    }
    return xs;
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

  /** Norms the cached block bounds were computed with (see blockBounds). */
  private boundNorms: FieldNorms | undefined;
  private boundCache: Float64Array | undefined;

  /**
   * Upper bound of x for every block, for norms `n`: kept with the list and computed again only
   * when the norms differ (they change with the corpus statistics, that is with edits, not from
   * one query to the next), so a common word's thousands of block bounds are not recomputed by
   * every query that has it.
   */
  blockBounds(n: FieldNorms): Float64Array {
    const was = this.boundNorms;
    if (this.boundCache && was && sameNorms(was, n)) return this.boundCache;
    const out = new Float64Array(this.blocks);
    for (let b = 0; b < this.blocks; b++) out[b] = this.blockBound(b, n);
    this.boundNorms = n;
    this.boundCache = out;
    return out;
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
