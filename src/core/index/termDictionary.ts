/**
 * A segment's term dictionary, in a file of its own (`<segment>.dic`) read by offset: opening a
 * segment reads none of it, a query reads the few blocks of its terms, a merge walks it in
 * order. (At a million passages the dictionaries are ≈ 80% of what opening the segments' main
 * files used to read, hash and check, and `verity index` after one edit never looks a term up.)
 *
 *   header (128 bytes): "VDIC" | version | terms | terms per block | blocks | 0 |
 *                       6 × (offset f64, length f64), sections in the order below, 8-aligned
 *   SPARSE_STARTS u32 × (blocks + 1)   the first term of each block: where its characters start
 *   SPARSE_CHARS  u16                  … and the characters (UTF-16 code units)
 *   TERM_STARTS   u32 × (terms + 1)    every term's characters
 *   TERM_CHARS    u16                  the terms, sorted (JavaScript string order)
 *   TERM_DF       u32 per term         documents holding it
 *   TERM_POST     f64 × (terms + 1)    start of each posting list in the postings file
 *
 * A look-up binary-searches the sparse index (read once, ≈ 1/64 of the terms), then reads one
 * block of {@link DICT_BLOCK} terms. Nothing read is trusted: the header is checked when the
 * segment opens, the sparse index when it is first read, each block when it is read (order,
 * bounds, document frequencies, posting offsets), and any inconsistency is a FormatError, as a
 * damaged posting list is.
 */
import type { SegmentBlob } from './blob';
import { ByteWriter, FormatError } from './bytes';
import { bytesOf, sectionOffsets } from './segmentLayout';

export const DICT_MAGIC = 0x43494456; // "VDIC" little-endian
export const DICT_VERSION = 1;
/** Terms per block: a look-up reads one block (≈ 1 KB of characters and tables). */
export const DICT_BLOCK = 64;
const SECTIONS = 6;
const HEADER = 128;
const S_SPARSE_STARTS = 0;
const S_SPARSE_CHARS = 1;
const S_STARTS = 2;
const S_CHARS = 3;
const S_DF = 4;
const S_POST = 5;
/** Decoded blocks kept per dictionary (a merge walks in order; a query touches a few dozen). */
const KEPT_BLOCKS = 128;
/**
 * Terms whose look-up is remembered per dictionary, with their document frequency and postings
 * offsets: a query looks up each of its terms in every segment (twice: for the document
 * frequency, then for the cursor), and a block of 64 terms read from the file for one of them
 * costs tens of microseconds, while the same terms come back query after query. A block holds
 * 64 terms where a query needs one, so remembering the terms keeps far more of them in the memory
 * that more kept blocks would take.
 */
const LOOKED_UP = 8192;

/** A remembered term: its index (−1: absent), document frequency and postings offsets. */
interface Entry {
  i: number;
  df: number;
  start: number;
  end: number;
}
const ABSENT: Entry = { i: -1, df: 0, start: 0, end: 0 };

/** The dictionary as the segment writer gathers it. */
export interface DictionaryParts {
  /** The terms' UTF-16 code units, little-endian, one after another. */
  chars: Uint8Array;
  starts: Uint32Array;
  df: Uint32Array;
  post: Float64Array;
}


/** Encodes a dictionary file. */
export function encodeDictionary(d: DictionaryParts): Uint8Array {
  const terms = d.df.length;
  const blocks = Math.ceil(terms / DICT_BLOCK);
  const sparseStarts = new Uint32Array(blocks + 1);
  let sparseLen = 0;
  for (let b = 0; b < blocks; b++) sparseLen += d.starts[b * DICT_BLOCK + 1]! - d.starts[b * DICT_BLOCK]!;
  const sparseChars = new Uint8Array(2 * sparseLen);
  for (let b = 0, at = 0; b < blocks; b++) {
    const s = d.starts[b * DICT_BLOCK]!;
    const e = d.starts[b * DICT_BLOCK + 1]!;
    sparseChars.set(d.chars.subarray(2 * s, 2 * e), 2 * at);
    at += e - s;
    sparseStarts[b + 1] = at;
  }
  const sections = [bytesOf(sparseStarts), sparseChars, bytesOf(d.starts), d.chars, bytesOf(d.df), bytesOf(d.post)];
  const { offsets, size } = sectionOffsets(HEADER, sections);
  const w = new ByteWriter(size + 8);
  for (const v of [DICT_MAGIC, DICT_VERSION, terms, DICT_BLOCK, blocks, 0]) w.u32(v);
  sections.forEach((s, i) => {
    w.f64(offsets[i]!);
    w.f64(s.length);
  });
  sections.forEach((s, i) => {
    w.align(8);
    while (w.pos < offsets[i]!) w.u8(0);
    w.bytes(s);
  });
  return w.take();
}

/** One block of terms, decoded and checked. */
interface Block {
  first: number;
  terms: string[];
  df: Uint32Array;
  /** count + 1 posting offsets. */
  post: Float64Array;
}

const text = (units: Uint16Array): string => {
  let s = '';
  for (let at = 0; at < units.length; at += 8192) s += String.fromCharCode.apply(null, units.subarray(at, at + 8192) as unknown as number[]);
  return s;
};

/** A dictionary file read by offset. */
export class TermDictionary {
  private readonly sec: Array<[number, number]> = [];
  private readonly blocks: number;
  private sparse: string[] | undefined;
  private readonly kept = new Map<number, Block>();
  private readonly looked = new Map<string, Entry>();
  private readonly byIndex = new Map<number, Entry>();

  /** Checks the header against the segment (`terms`, `docs`, `postingsBytes`); throws FormatError. */
  constructor(
    readonly file: SegmentBlob,
    readonly terms: number,
    private readonly docs: number,
    private readonly postingsBytes: number,
  ) {
    if (file.size < HEADER) throw new FormatError('term dictionary truncated');
    const h = new DataView(file.read(0, HEADER).slice().buffer);
    if (h.getUint32(0, true) !== DICT_MAGIC) throw new FormatError('not a term dictionary');
    if (h.getUint32(4, true) !== DICT_VERSION) throw new FormatError('term dictionary version differs');
    const blocks = Math.ceil(terms / DICT_BLOCK);
    if (h.getUint32(8, true) !== terms || h.getUint32(12, true) !== DICT_BLOCK || h.getUint32(16, true) !== blocks) throw new FormatError('term dictionary does not match its segment');
    this.blocks = blocks;
    for (let i = 0; i < SECTIONS; i++) {
      const off = h.getFloat64(24 + 16 * i, true);
      const len = h.getFloat64(32 + 16 * i, true);
      if (!Number.isSafeInteger(off) || !Number.isSafeInteger(len) || off < HEADER || off % 8 !== 0 || len < 0 || off + len > file.size) throw new FormatError('term dictionary section out of range');
      this.sec.push([off, len]);
    }
    const want: Array<[number, number]> = [
      [S_SPARSE_STARTS, 4 * (blocks + 1)],
      [S_STARTS, 4 * (terms + 1)],
      [S_DF, 4 * terms],
      [S_POST, 8 * (terms + 1)],
    ];
    for (const [s, len] of want) if (this.sec[s]![1] !== len) throw new FormatError(`term dictionary section ${s} has the wrong size`);
    if (this.sec[S_SPARSE_CHARS]![1] % 2 !== 0 || this.sec[S_CHARS]![1] % 2 !== 0) throw new FormatError('term dictionary characters malformed');
  }

  /** `n` elements of `width` bytes from section `s` starting at element `at`, as an aligned copy. */
  private slice(s: number, at: number, n: number, width: number): ArrayBuffer {
    const [off, len] = this.sec[s]!;
    if (at < 0 || n < 0 || (at + n) * width > len) throw new FormatError('term dictionary read out of range');
    return this.file.read(off + at * width, n * width).slice().buffer;
  }

  /** The first term of every block, read and checked once. */
  private sparseIndex(): string[] {
    if (this.sparse) return this.sparse;
    const starts = new Uint32Array(this.slice(S_SPARSE_STARTS, 0, this.blocks + 1, 4));
    const chars = new Uint16Array(this.slice(S_SPARSE_CHARS, 0, this.sec[S_SPARSE_CHARS]![1] / 2, 2));
    if (starts[0] !== 0 || starts[this.blocks] !== chars.length) throw new FormatError('term dictionary index malformed');
    const out: string[] = [];
    for (let b = 0; b < this.blocks; b++) {
      if (!(starts[b + 1]! >= starts[b]!)) throw new FormatError('term dictionary index malformed');
      const t = text(chars.subarray(starts[b]!, starts[b + 1]!));
      if (b > 0 && !(out[b - 1]! < t)) throw new FormatError('term dictionary index out of order');
      out.push(t);
    }
    this.sparse = out;
    return out;
  }

  /** Block `b`, read and checked (kept for the next reads). */
  private block(b: number): Block {
    const hit = this.kept.get(b);
    if (hit) return hit;
    const sparse = this.sparseIndex();
    const first = b * DICT_BLOCK;
    const count = Math.min(DICT_BLOCK, this.terms - first);
    const starts = new Uint32Array(this.slice(S_STARTS, first, count + 1, 4));
    const totalChars = this.sec[S_CHARS]![1] / 2;
    if ((b === 0 && starts[0] !== 0) || (b === this.blocks - 1 && starts[count] !== totalChars)) throw new FormatError('term dictionary term table malformed');
    for (let i = 0; i < count; i++) if (!(starts[i + 1]! >= starts[i]!)) throw new FormatError('term dictionary term table malformed');
    const chars = new Uint16Array(this.slice(S_CHARS, starts[0]!, starts[count]! - starts[0]!, 2));
    const terms: string[] = [];
    for (let i = 0; i < count; i++) {
      const t = text(chars.subarray(starts[i]! - starts[0]!, starts[i + 1]! - starts[0]!));
      if (i === 0 ? t !== sparse[b] : !(terms[i - 1]! < t)) throw new FormatError('term dictionary terms out of order');
      terms.push(t);
    }
    if (b + 1 < this.blocks && !(terms[count - 1]! < sparse[b + 1]!)) throw new FormatError('term dictionary terms out of order');
    const df = new Uint32Array(this.slice(S_DF, first, count, 4));
    for (let i = 0; i < count; i++) if (df[i] === 0 || df[i]! > this.docs) throw new FormatError('segment document frequencies malformed');
    const post = new Float64Array(this.slice(S_POST, first, count + 1, 8));
    if ((b === 0 && post[0] !== 0) || (b === this.blocks - 1 && post[count] !== this.postingsBytes)) throw new FormatError('segment posting offsets malformed');
    for (let i = 0; i < count; i++) if (!(post[i + 1]! >= post[i]!) || !(post[i + 1]! <= this.postingsBytes)) throw new FormatError('segment posting offsets malformed');
    const block = { first, terms, df, post };
    this.kept.set(b, block);
    if (this.kept.size > KEPT_BLOCKS) this.kept.delete(this.kept.keys().next().value!);
    return block;
  }

  /** Index of `term`, or -1 (remembered: see LOOKED_UP). */
  lookup(term: string): number {
    const known = this.looked.get(term);
    if (known) return known.i;
    const i = this.find(term);
    let e = ABSENT;
    if (i >= 0) {
      const b = this.at(i);
      const k = i - b.first;
      e = { i, df: b.df[k]!, start: b.post[k]!, end: b.post[k + 1]! };
    }
    if (this.looked.size >= LOOKED_UP) {
      // the oldest quarter goes (first in, first out: a look-up that hits costs one map read)
      let drop = LOOKED_UP >> 2;
      for (const [t, old] of this.looked) {
        if (drop-- <= 0) break;
        this.looked.delete(t);
        this.byIndex.delete(old.i);
      }
    }
    this.looked.set(term, e);
    if (i >= 0) this.byIndex.set(i, e);
    return i;
  }

  /** Index of `term`, or -1, from the blocks. */
  private find(term: string): number {
    if (this.terms === 0) return -1;
    const sparse = this.sparseIndex();
    let lo = 0;
    let hi = sparse.length - 1;
    // the last block whose first term is ≤ term
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (sparse[mid]! <= term) lo = mid;
      else hi = mid - 1;
    }
    if (!(sparse[lo]! <= term)) return -1;
    const block = this.block(lo);
    let a = 0;
    let z = block.terms.length - 1;
    while (a <= z) {
      const mid = (a + z) >>> 1;
      const t = block.terms[mid]!;
      if (t === term) return block.first + mid;
      if (t < term) a = mid + 1;
      else z = mid - 1;
    }
    return -1;
  }

  private at(i: number): Block {
    if (!(i >= 0 && i < this.terms)) throw new RangeError(`term ${i} outside the dictionary`);
    return this.block(Math.floor(i / DICT_BLOCK));
  }

  /** The term at index `i`. */
  termAt(i: number): string {
    const b = this.at(i);
    return b.terms[i - b.first]!;
  }

  /** Documents holding term `i`. */
  df(i: number): number {
    const e = this.byIndex.get(i);
    if (e) return e.df;
    const b = this.at(i);
    return b.df[i - b.first]!;
  }

  /** Where term `i`'s posting list is in the postings file: [start, end). */
  postings(i: number): [number, number] {
    const e = this.byIndex.get(i);
    if (e) return [e.start, e.end];
    const b = this.at(i);
    return [b.post[i - b.first]!, b.post[i - b.first + 1]!];
  }

  close(): void {
    this.kept.clear();
    this.looked.clear();
    this.byIndex.clear();
    this.file.close();
  }
}
