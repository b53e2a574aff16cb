/**
 * An open, immutable segment: the main file parsed into typed arrays (field lengths, id hashes,
 * stored-field offsets), and the term dictionary, postings and stored-fields files read by
 * offset when a query, a hit or a merge needs them. Only deletions change, and they live beside the
 * segment (`live`, `deadFiles`), persisted in a small deletes file (deletes.ts).
 */
import type { StoragePort } from '../ports';
import type { FileRecord, Passage, PassageKind } from '../types';
import { ByteReader, FormatError } from './bytes';
import { FIELD_COUNT } from './corpusStats';
import type { SegmentBlob } from './blob';
import { postingCache } from './postingCache';
import { PostingCursor } from './postingCursor';
import { PostingList } from './postingList';
import { HEADER_BYTES, Section, SECTION_COUNT, SEGMENT_MAGIC, SEGMENT_VERSION, type SegmentHeader } from './segmentLayout';
import { decodeRecord } from './storedFields';
import { TermDictionary } from './termDictionary';
import { fileRecordProblem, isSafeRelativePath } from './storeValidation';

export const KINDS: readonly PassageKind[] = ['md', 'pdf'];

/** Docs of one path inside a segment. */
export interface PathRange {
  path: number;
  first: number;
  count: number;
}

let nextUid = 1;

export class Segment {
  /** Identity within this process (cache keys). */
  readonly uid = nextUid++;
  readonly docs: number;
  readonly terms: number;
  readonly lengthSum: Float64Array;
  readonly totalPostings: number;
  readonly paths: string[];
  readonly ranges: PathRange[];
  readonly files: FileRecord[];
  readonly kinds: Uint8Array;
  readonly lens: Uint32Array[];
  readonly idHash: Uint32Array;
  readonly idOrder: Uint32Array;
  readonly stored: Float64Array;
  /** The term dictionary (its own file, read by offset). */
  readonly dict: TermDictionary;
  readonly vectorDim: number;
  readonly vectorDocs: Uint32Array;
  readonly vectorData: Float32Array;
  /** 1 for a live document; deletions clear it (persisted in the deletes file). */
  live: Uint8Array;
  /** 1 for a file record that a later one replaced or that was removed. */
  deadFiles: Uint8Array;
  liveCount: number;
  /** Deletions not yet written to a deletes file. */
  deletesDirty = false;
  /** Deletes files written for the current deletions, per storage, and the last generation. */
  readonly delIn = new Map<StoragePort, { file: string; bytes: number; hash: string; docs: number; files: number }>();
  delGen = 0;
  /** Content hash of the main file (computed once, for the manifest). */
  mainHash: string | undefined;
  /** Global path id of each range (set when the segment joins an index). */
  globalPath: Int32Array = new Int32Array(0);
  /** Global path id per document, derived from the ranges. */
  pathOf: Int32Array = new Int32Array(0);
  /** Ranges of each global path (set when the segment joins an index). */
  rangesByPath = new Map<number, PathRange[]>();
  /** Holders of this segment (the index, running merges); files close at zero. */
  refs = 0;
  /** Storages that hold this segment's files. */
  readonly savedIn = new Set<StoragePort>();
  /** The main file as parsed (kept: it is written again when the segment is copied). */
  readonly main: Uint8Array;

  /**
   * Parses the main file `seg` of segment `name` and the dictionary file's header; throws
   * FormatError on any inconsistency (the dictionary's blocks are checked as they are read).
   */
  constructor(
    readonly name: string,
    seg: Uint8Array,
    readonly postings: SegmentBlob,
    readonly storedFile: SegmentBlob,
    readonly dictFile: SegmentBlob,
  ) {
    if (seg.byteOffset % 8 !== 0) seg = seg.slice();
    this.main = seg;
    if (seg.length < HEADER_BYTES) throw new FormatError('segment header truncated');
    const r = new ByteReader(seg);
    if (r.u32() !== SEGMENT_MAGIC) throw new FormatError('not a segment file');
    if (r.u32() !== SEGMENT_VERSION) throw new FormatError('segment version differs');
    const h: SegmentHeader = {
      docs: r.u32(),
      terms: r.u32(),
      ranges: r.u32(),
      files: r.u32(),
      vectorDim: r.u32(),
      vectors: r.u32(),
      lengthSum: [r.f64(), r.f64(), r.f64()],
      postingsBytes: r.f64(),
      storedBytes: r.f64(),
      totalPostings: r.f64(),
    };
    if (r.u32() !== SECTION_COUNT) throw new FormatError('segment section table differs');
    r.u32();
    const sec: Array<[number, number]> = [];
    for (let i = 0; i < SECTION_COUNT; i++) {
      const off = r.u32();
      const len = r.u32();
      if (off % 8 !== 0 || off + len > seg.length) throw new FormatError('segment section out of range');
      sec.push([off, len]);
    }
    const view = <T>(s: Section, make: (b: ArrayBufferLike, off: number, n: number) => T, width: number, n: number): T => {
      const [off, len] = sec[s]!;
      if (len !== n * width) throw new FormatError(`segment section ${s} has the wrong size`);
      return make(seg.buffer, seg.byteOffset + off, n);
    };
    const n = h.docs;
    this.docs = n;
    this.terms = h.terms;
    this.lengthSum = Float64Array.from(h.lengthSum);
    this.totalPostings = h.totalPostings;
    if (postings.size !== h.postingsBytes || storedFile.size !== h.storedBytes) throw new FormatError('segment files do not match their sizes');

    const [mo, ml] = sec[Section.META]!;
    let meta: { paths?: unknown; files?: unknown };
    try {
      meta = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(seg.subarray(mo, mo + ml))) as typeof meta;
    } catch {
      throw new FormatError('segment path table is not readable');
    }
    if (!Array.isArray(meta.paths) || !Array.isArray(meta.files) || meta.files.length !== h.files) throw new FormatError('segment path table malformed');
    for (const p of meta.paths) if (!isSafeRelativePath(p)) throw new FormatError('a stored passage has an unsafe path');
    for (const f of meta.files) {
      const problem = fileRecordProblem(f);
      if (problem !== undefined) throw new FormatError(problem);
    }
    this.paths = meta.paths as string[];
    this.files = meta.files as FileRecord[];

    const raw = view(Section.RANGES, (b, o, k) => new Uint32Array(b, o, k), 4, 3 * h.ranges);
    this.ranges = [];
    let next = 0;
    for (let i = 0; i < h.ranges; i++) {
      const path = raw[3 * i]!;
      const first = raw[3 * i + 1]!;
      const count = raw[3 * i + 2]!;
      if (path >= this.paths.length || first !== next || count === 0) throw new FormatError('segment ranges inconsistent');
      next += count;
      this.ranges.push({ path, first, count });
    }
    if (next !== n) throw new FormatError('segment ranges do not cover its documents');

    this.kinds = view(Section.KINDS, (b, o, k) => new Uint8Array(b, o, k), 1, n);
    for (let i = 0; i < n; i++) if (this.kinds[i]! >= KINDS.length) throw new FormatError('segment kinds malformed');
    const [lo, ll] = sec[Section.LENS]!;
    const lr = new ByteReader(seg, lo, lo + ll);
    this.lens = [];
    for (let f = 0; f < FIELD_COUNT; f++) {
      const a = new Uint32Array(n);
      let sum = 0;
      for (let i = 0; i < n; i++) sum += a[i] = lr.varint();
      if (sum !== h.lengthSum[f]) throw new FormatError('segment lengths do not add up');
      this.lens.push(a);
    }
    if (lr.pos !== lo + ll) throw new FormatError('segment lengths malformed');
    this.idHash = view(Section.ID_HASH, (b, o, k) => new Uint32Array(b, o, k), 4, 2 * n);
    this.idOrder = view(Section.ID_ORDER, (b, o, k) => new Uint32Array(b, o, k), 4, n);
    for (let i = 0; i < n; i++) if (this.idOrder[i]! >= n) throw new FormatError('segment id table malformed');
    this.stored = view(Section.STORED, (b, o, k) => new Float64Array(b, o, k), 8, n + 1);
    if (!ascending(this.stored, h.storedBytes)) throw new FormatError('segment record offsets malformed');

    this.dict = new TermDictionary(dictFile, h.terms, n, h.postingsBytes);

    this.vectorDim = h.vectorDim;
    this.vectorDocs = view(Section.VEC_DOCS, (b, o, k) => new Uint32Array(b, o, k), 4, h.vectors);
    for (let i = 0; i < h.vectors; i++) if (this.vectorDocs[i]! >= n) throw new FormatError('segment vectors malformed');
    this.vectorData = view(Section.VEC_DATA, (b, o, k) => new Float32Array(b, o, k), 4, h.vectors * h.vectorDim);

    this.live = new Uint8Array(n).fill(1);
    this.deadFiles = new Uint8Array(h.files);
    this.liveCount = n;
  }

  /** Index of `term` in the dictionary, or -1. */
  lookup(term: string): number {
    return this.dict.lookup(term);
  }

  /** The term at dictionary index `i`. */
  termAt(i: number): string {
    return this.dict.termAt(i);
  }

  /** Documents holding dictionary entry `i`. */
  df(i: number): number {
    return this.dict.df(i);
  }

  /** The encoded posting list of dictionary entry `i`. */
  postingBytes(i: number): Uint8Array {
    const [start, end] = this.dict.postings(i);
    return this.postings.read(start, end - start);
  }

  /** A cursor over the postings of dictionary entry `i`. */
  cursor(i: number): PostingCursor {
    return new PostingCursor(this.postingList(i));
  }

  /** The posting list of dictionary entry `i` (recently used lists are kept, see postingCache). */
  postingList(i: number): PostingList {
    let list = postingCache.get(this.uid, i);
    if (list === undefined) {
      list = new PostingList(this.postingBytes(i), this.dict.df(i), this.docs);
      postingCache.put(this.uid, i, list, this.postings.size);
    }
    return list;
  }

  /** The raw stored record of document `doc`. */
  recordBytes(doc: number): Uint8Array {
    const start = this.stored[doc]!;
    return this.storedFile.read(start, this.stored[doc + 1]! - start);
  }

  /** The path (segment-local table) of document `doc`. */
  pathName(doc: number): string {
    let lo = 0;
    let hi = this.ranges.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.ranges[mid]!.first <= doc) lo = mid;
      else hi = mid - 1;
    }
    return this.paths[this.ranges[lo]!.path]!;
  }

  /** The passage stored for document `doc`; throws FormatError when its record is damaged. */
  passage(doc: number): Passage {
    const p = decodeRecord(this.recordBytes(doc), this.pathName(doc));
    if (p.kind !== KINDS[this.kinds[doc]!]) throw new FormatError(`passage ${p.id.slice(0, 40)} has another kind than its index entry`);
    return p;
  }

  /** Documents whose id hashes to (hi, lo), in id-hash order. */
  docsWithHash(hi: number, lo: number): number[] {
    const order = this.idOrder;
    const h = this.idHash;
    let a = 0;
    let b = this.docs;
    while (a < b) {
      const mid = (a + b) >>> 1;
      const d = order[mid]!;
      const dh = h[2 * d]!;
      if (dh < hi || (dh === hi && h[2 * d + 1]! < lo)) a = mid + 1;
      else b = mid;
    }
    const out: number[] = [];
    for (let i = a; i < this.docs; i++) {
      const d = order[i]!;
      if (h[2 * d] !== hi || h[2 * d + 1] !== lo) break;
      out.push(d);
    }
    return out;
  }

  /** Closes the segment's files. */
  close(): void {
    postingCache.forget(this.uid);
    this.postings.close();
    this.storedFile.close();
    this.dict.close();
  }
}

/** True when `a` never decreases and ends at `last`. */
function ascending(a: Float64Array | Uint32Array, last: number): boolean {
  return a instanceof Float64Array ? ascendingF64(a, last) : ascendingU32(a, last);
}

// one loop per array type: a loop shared by both reads its elements through a slow generic path
// (≈ 6M offsets per 1M passages are checked each time a store is opened)
function ascendingF64(a: Float64Array, last: number): boolean {
  if (a.length === 0 || a[0] !== 0) return false;
  for (let i = 1; i < a.length; i++) if (!(a[i]! >= a[i - 1]!)) return false;
  return a[a.length - 1] === last;
}

function ascendingU32(a: Uint32Array, last: number): boolean {
  if (a.length === 0 || a[0] !== 0) return false;
  for (let i = 1; i < a.length; i++) if (!(a[i]! >= a[i - 1]!)) return false;
  return a[a.length - 1] === last;
}
