/**
 * Writes one segment from its parts: the stored-fields and postings files piece by piece (a
 * large segment never sits in memory as one array), then the term dictionary and the main file. Used by flushes of the
 * in-memory buffer and by merges alike.
 */
import type { FileRecord } from '../types';
import { ByteWriter } from './bytes';
import { FIELD_COUNT } from './corpusStats';
import { encodePostings } from './postingCodec';
import type { PathRange } from './segment';
import { bytesOf, layoutSegment, SECTION_COUNT, Section } from './segmentLayout';
import { encodeDictionary } from './termDictionary';

/** One term's postings as a writer receives them: `docs` ascending, FIELD_COUNT counts each. */
export interface TermPostings {
  term: string;
  docs: ArrayLike<number>;
  tf: Uint8Array;
  n: number;
}

export interface SegmentParts {
  docs: number;
  paths: string[];
  /** Documents of each path, in document order, covering every document once. */
  ranges: PathRange[];
  files: FileRecord[];
  kinds: Uint8Array;
  lens: Uint32Array[];
  /** Two u32 per document: the passage id's 64-bit hash. */
  idHash: Uint32Array;
  /** Stored records in document order (bytes, or text to be written as UTF-8). */
  records(): Iterable<Uint8Array | string> | AsyncIterable<Uint8Array | string>;
  /** Terms in JavaScript string order with their postings. */
  terms(): Iterable<TermPostings> | AsyncIterable<TermPostings>;
  vectors?: { dim: number; docs: Uint32Array; data: Float32Array };
}

/** Where the two large files go, piece by piece. */
export interface ChunkSink {
  write(chunk: Uint8Array): Promise<void>;
}

/** Bytes gathered before a piece is handed to a sink. */
const PIECE = 1 << 20;
/** Work between yields to the event loop (ms). */
const SLICE_MS = 8;

/** A function that yields to the event loop when the current slice of work is used up. */
export function pacer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    since = performance.now();
  };
}

/** Writes `parts`: postings and stored fields to their sinks; returns the main file, the dictionary file and sizes. */
export async function writeSegment(
  parts: SegmentParts,
  out: { postings: ChunkSink; stored: ChunkSink },
  pause: () => Promise<void> = pacer(),
): Promise<{ seg: Uint8Array; dict: Uint8Array; postingsBytes: number; storedBytes: number }> {
  const n = parts.docs;
  const stored = new Float64Array(n + 1);
  const sw = new ByteWriter(PIECE + (1 << 16));
  let storedBytes = 0;
  let doc = 0;
  for await (const rec of parts.records()) {
    if (doc >= n) throw new Error('more stored records than documents');
    const before = sw.pos;
    if (typeof rec === 'string') sw.utf8(rec);
    else sw.bytes(rec);
    storedBytes += sw.pos - before;
    stored[++doc] = storedBytes;
    if (sw.pos >= PIECE) {
      await out.stored.write(sw.take());
      await pause();
    }
  }
  if (doc !== n) throw new Error('fewer stored records than documents');
  if (sw.pos > 0) await out.stored.write(sw.take());

  const pw = new ByteWriter(PIECE + (1 << 16));
  const chars = new ByteWriter(1 << 16);
  const starts: number[] = [0];
  const dfs: number[] = [];
  const post: number[] = [0];
  let postingsBytes = 0;
  let total = 0;
  let prevTerm: string | undefined;
  for await (const t of parts.terms()) {
    if (prevTerm !== undefined && !(prevTerm < t.term)) throw new Error('segment terms out of order');
    prevTerm = t.term;
    const before = pw.pos;
    encodePostings(pw, t.docs, t.tf, t.n, parts.lens);
    postingsBytes += pw.pos - before;
    post.push(postingsBytes);
    dfs.push(t.n);
    total += t.n;
    chars.ensure(2 * t.term.length);
    for (let i = 0; i < t.term.length; i++) {
      const c = t.term.charCodeAt(i);
      chars.buf[chars.pos++] = c & 0xff;
      chars.buf[chars.pos++] = c >>> 8;
    }
    starts.push(chars.pos / 2);
    if (pw.pos >= PIECE) {
      await out.postings.write(pw.take());
      await pause();
    }
  }
  if (pw.pos > 0) await out.postings.write(pw.take());

  const lensW = new ByteWriter(n * FIELD_COUNT + 16);
  const lengthSum: [number, number, number] = [0, 0, 0];
  for (let f = 0; f < FIELD_COUNT; f++) {
    const l = parts.lens[f]!;
    for (let i = 0; i < n; i++) {
      lensW.varint(l[i]!);
      lengthSum[f]! += l[i]!;
    }
  }
  const h = parts.idHash;
  const order = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => h[2 * a]! - h[2 * b]! || h[2 * a + 1]! - h[2 * b + 1]!);
  const ranges = new Uint32Array(parts.ranges.length * 3);
  parts.ranges.forEach((r, i) => ranges.set([r.path, r.first, r.count], 3 * i));
  const vectors = parts.vectors ?? { dim: 0, docs: new Uint32Array(0), data: new Float32Array(0) };
  const sections: Uint8Array[] = new Array<Uint8Array>(SECTION_COUNT);
  sections[Section.META] = new TextEncoder().encode(JSON.stringify({ paths: parts.paths, files: parts.files }));
  sections[Section.RANGES] = bytesOf(ranges);
  sections[Section.KINDS] = parts.kinds.subarray(0, n);
  sections[Section.LENS] = lensW.view8();
  sections[Section.ID_HASH] = bytesOf(h.subarray(0, 2 * n));
  sections[Section.ID_ORDER] = bytesOf(order);
  sections[Section.STORED] = bytesOf(stored);
  sections[Section.VEC_DOCS] = bytesOf(vectors.docs);
  sections[Section.VEC_DATA] = bytesOf(vectors.data);
  const seg = layoutSegment(
    { docs: n, terms: dfs.length, ranges: parts.ranges.length, files: parts.files.length, vectorDim: vectors.dim, vectors: vectors.docs.length, lengthSum, postingsBytes, storedBytes, totalPostings: total },
    sections,
  );
  const dict = encodeDictionary({ chars: chars.view8(), starts: Uint32Array.from(starts), df: Uint32Array.from(dfs), post: Float64Array.from(post) });
  return { seg, dict, postingsBytes, storedBytes };
}
