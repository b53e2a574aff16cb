/**
 * Flushing a buffer: its live passages become an immutable segment, grouped by file (each file's
 * passages one range, so deleting a file touches one run of documents). The buffer stays
 * searchable while the segment is written; deletions and file records that change meanwhile are
 * carried over when the segment is installed.
 */
import type { StoragePort } from '../ports';
import { FIELD_COUNT } from './corpusStats';
import type { MemorySegment } from './memorySegment';
import type { PathRange } from './segment';
import { materialize } from './segmentFiles';
import type { SegmentSet } from './segmentSet';
import type { SegmentParts, TermPostings } from './segmentWriter';
import { encodeRecord } from './storedFields';

/** The parts of a segment holding the live passages and the file records of `buf`. */
export function bufferParts(buf: MemorySegment, paths: readonly string[]): { parts: SegmentParts; newDoc: Int32Array } {
  const groups = new Map<number, number[]>();
  for (let d = 0; d < buf.docs; d++) {
    if (!buf.live[d]) continue;
    const g = groups.get(buf.pathOf[d]!);
    if (g) g.push(d);
    else groups.set(buf.pathOf[d]!, [d]);
  }
  const order: number[] = [];
  const localPaths: string[] = [];
  const ranges: PathRange[] = [];
  for (const [pid, docs] of groups) {
    ranges.push({ path: localPaths.length, first: order.length, count: docs.length });
    localPaths.push(paths[pid]!);
    order.push(...docs);
  }
  const n = order.length;
  const newDoc = new Int32Array(buf.docs).fill(-1);
  let monotonic = true;
  order.forEach((old, i) => {
    newDoc[old] = i;
    if (i > 0 && old < order[i - 1]!) monotonic = false;
  });
  const kinds = new Uint8Array(n);
  const lens = Array.from({ length: FIELD_COUNT }, () => new Uint32Array(n));
  const idHash = new Uint32Array(2 * n);
  order.forEach((old, i) => {
    kinds[i] = buf.kinds[old]!;
    for (let f = 0; f < FIELD_COUNT; f++) lens[f]![i] = buf.lens[f]![old]!;
    idHash[2 * i] = buf.idHash[2 * old]!;
    idHash[2 * i + 1] = buf.idHash[2 * old + 1]!;
  });
  const withVectors = order.filter((old) => buf.vectors.has(old));
  const dim = withVectors.length > 0 ? buf.vectors.get(withVectors[0]!)!.length : 0;
  const kept = withVectors.filter((old) => buf.vectors.get(old)!.length === dim);
  const vectors = { dim, docs: Uint32Array.from(kept, (old) => newDoc[old]!), data: new Float32Array(kept.length * dim) };
  kept.forEach((old, i) => vectors.data.set(buf.vectors.get(old)!, i * dim));
  const parts: SegmentParts = {
    docs: n,
    paths: localPaths,
    ranges,
    files: [...buf.files.values()],
    kinds,
    lens,
    idHash,
    *records() {
      for (const old of order) yield buf.records[old] ?? encodeRecord(buf.passages[old]!);
    },
    *terms(): Iterable<TermPostings> {
      // a buffer filled file by file and never edited is already in segment order: no copies
      const same = monotonic && n === buf.docs;
      for (const term of [...buf.terms].sort()) {
        const p = buf.lists[buf.termIds.get(term)!]!;
        if (same) {
          yield { term, docs: p.docs, tf: p.tf, n: p.n };
          continue;
        }
        const docs = new Int32Array(p.n);
        const tf = new Uint8Array(p.n * FIELD_COUNT);
        let k = 0;
        for (let i = 0; i < p.n; i++) {
          const d = newDoc[p.docs[i]!]!;
          if (d < 0) continue;
          docs[k] = d;
          tf.set(p.tf.subarray(i * FIELD_COUNT, (i + 1) * FIELD_COUNT), k * FIELD_COUNT);
          k++;
        }
        if (k === 0) continue;
        if (!monotonic) sortPostings(docs, tf, k);
        yield { term, docs, tf, n: k };
      }
    },
    vectors,
  };
  return { parts, newDoc };
}

/** Sorts postings by document (after documents were regrouped by file). */
function sortPostings(docs: Int32Array, tf: Uint8Array, n: number): void {
  const idx = Array.from({ length: n }, (_, i) => i).sort((a, b) => docs[a]! - docs[b]!);
  const d2 = docs.slice(0, n);
  const t2 = tf.slice(0, n * FIELD_COUNT);
  idx.forEach((from, to) => {
    docs[to] = d2[from]!;
    tf.set(t2.subarray(from * FIELD_COUNT, (from + 1) * FIELD_COUNT), to * FIELD_COUNT);
  });
}

const isEmpty = (b: MemorySegment): boolean => b.docs === 0 && b.files.size === 0;

/**
 * Flushes every buffer into new segments written to `storage` (memory when it is absent or
 * read-only). New passages go to a fresh buffer meanwhile. Callers hold the index's write lock.
 */
export async function flushAll(set: SegmentSet, storage: StoragePort | undefined): Promise<void> {
  while (set.buffers.length > 1 || !isEmpty(set.buffer)) await flushOldest(set, storage);
}

/** Flushes the oldest buffer (left in place, still searchable, when writing fails). */
async function flushOldest(set: SegmentSet, storage: StoragePort | undefined): Promise<void> {
  const buf = set.buffers[0]!;
  if (buf === set.buffer) set.buffers.push(new (buf.constructor as new () => MemorySegment)());
  const drop = (): void => {
    set.buffers.splice(set.buffers.indexOf(buf), 1);
    set.version++;
  };
  if (isEmpty(buf)) return drop();
  const liveAtStart = buf.live.slice(0, buf.docs);
  const { parts, newDoc } = bufferParts(buf, set.paths);
  if (parts.docs === 0 && parts.files.length === 0) return drop();
  const seg = await materialize(set.nextName(), parts, storage);
  set.attach(seg);
  for (let d = 0; d < liveAtStart.length; d++) if (liveAtStart[d] && !buf.live[d]) set.kill({ seg, doc: newDoc[d]! });
  parts.files.forEach((rec, entry) => {
    if (set.fileAt.get(rec.path) === buf) set.fileAt.set(rec.path, { seg, entry });
    else {
      seg.deadFiles[entry] = 1;
      seg.deletesDirty = true;
    }
  });
  drop();
}
