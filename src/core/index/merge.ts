/**
 * Merging segments: the live passages and file records of several segments are written into
 * one new segment (dead passages leave the corpus statistics here), with the postings of each
 * term concatenated in document order. The inputs stay searchable while the merge runs;
 * deletions made meanwhile are carried over when the merged segment is installed, and the
 * inputs' files go once a committed manifest no longer names them.
 */
import type { StoragePort } from '../ports';
import { FIELD_COUNT } from './corpusStats';
import { decodeListInto } from './postingList';
import type { PathRange, Segment } from './segment';
import { materialize } from './segmentFiles';
import { release, type SegmentSet } from './segmentSet';
import type { SegmentParts, TermPostings } from './segmentWriter';

interface Plan {
  parts: SegmentParts;
  docMap: Int32Array[];
  entryMap: Int32Array[];
}

/** The parts of the merged segment and where each input document and record lands. */
function mergeParts(inputs: Segment[], live: Uint8Array[], deadFiles: Uint8Array[]): Plan {
  const docMap = inputs.map((s) => new Int32Array(s.docs).fill(-1));
  const entryMap = inputs.map((s) => new Int32Array(s.files.length).fill(-1));
  const paths: string[] = [];
  const localPath = new Map<string, number>();
  const ranges: PathRange[] = [];
  let n = 0;
  inputs.forEach((seg, k) => {
    for (const r of seg.ranges) {
      const first = n;
      for (let d = r.first; d < r.first + r.count; d++) if (live[k]![d]) docMap[k]![d] = n++;
      if (n === first) continue;
      const name = seg.paths[r.path]!;
      let p = localPath.get(name);
      if (p === undefined) localPath.set(name, (p = paths.push(name) - 1));
      ranges.push({ path: p, first, count: n - first });
    }
  });
  const files: SegmentParts['files'] = [];
  inputs.forEach((seg, k) => seg.files.forEach((rec, e) => !deadFiles[k]![e] && (entryMap[k]![e] = files.push(rec) - 1)));
  const kinds = new Uint8Array(n);
  const lens = Array.from({ length: FIELD_COUNT }, () => new Uint32Array(n));
  const idHash = new Uint32Array(2 * n);
  let dim = 0;
  const vecDocs: number[] = [];
  const vecData: Float32Array[] = [];
  inputs.forEach((seg, k) => {
    const map = docMap[k]!;
    for (let d = 0; d < seg.docs; d++) {
      const to = map[d]!;
      if (to < 0) continue;
      kinds[to] = seg.kinds[d]!;
      for (let f = 0; f < FIELD_COUNT; f++) lens[f]![to] = seg.lens[f]![d]!;
      idHash[2 * to] = seg.idHash[2 * d]!;
      idHash[2 * to + 1] = seg.idHash[2 * d + 1]!;
    }
    if (seg.vectorDocs.length > 0 && (dim === 0 || dim === seg.vectorDim)) {
      dim = seg.vectorDim;
      seg.vectorDocs.forEach((d, i) => {
        if (map[d]! < 0) return;
        vecDocs.push(map[d]!);
        vecData.push(seg.vectorData.subarray(i * dim, (i + 1) * dim));
      });
    }
  });
  const vectors = { dim, docs: Uint32Array.from(vecDocs), data: new Float32Array(vecDocs.length * dim) };
  vecData.forEach((v, i) => vectors.data.set(v, i * dim));
  const parts: SegmentParts = {
    docs: n,
    paths,
    ranges,
    files,
    kinds,
    lens,
    idHash,
    records: () => storedRecords(inputs, docMap),
    terms: () => mergedTerms(inputs, docMap),
    vectors,
  };
  return { parts, docMap, entryMap };
}

/** The stored records of the kept documents, read in 1 MB runs. */
function* storedRecords(inputs: Segment[], docMap: Int32Array[]): Iterable<Uint8Array> {
  for (let k = 0; k < inputs.length; k++) {
    const seg = inputs[k]!;
    let window: Uint8Array = new Uint8Array(0);
    let from = 0;
    for (let d = 0; d < seg.docs; d++) {
      if (docMap[k]![d]! < 0) continue;
      const start = seg.stored[d]!;
      const end = seg.stored[d + 1]!;
      if (start < from || end > from + window.length) {
        let stop = d + 1;
        while (stop < seg.docs && seg.stored[stop + 1]! - start <= 1 << 20) stop++;
        from = start;
        window = seg.storedFile.read(start, seg.stored[stop]! - start);
      }
      yield window.subarray(start - from, end - from);
    }
  }
}

/** Every term of the inputs in order, with the postings of the kept documents renumbered. */
function* mergedTerms(inputs: Segment[], docMap: Int32Array[]): Iterable<TermPostings> {
  const at = inputs.map(() => 0);
  const heads = inputs.map((s) => (s.terms > 0 ? s.termAt(0) : undefined));
  let docs = new Int32Array(1 << 16);
  let tf = new Uint8Array((1 << 16) * FIELD_COUNT);
  for (;;) {
    let term: string | undefined;
    for (const h of heads) if (h !== undefined && (term === undefined || h < term)) term = h;
    if (term === undefined) return;
    let n = 0;
    inputs.forEach((seg, k) => {
      if (heads[k] !== term) return;
      const i = at[k]!;
      const df = seg.df(i);
      if (n + df > docs.length) {
        const cap = Math.max(docs.length * 2, n + df);
        const d2 = new Int32Array(cap);
        d2.set(docs.subarray(0, n));
        const t2 = new Uint8Array(cap * FIELD_COUNT);
        t2.set(tf.subarray(0, n * FIELD_COUNT));
        docs = d2;
        tf = t2;
      }
      // decoded straight into the output, then renumbered in place, dead documents dropped
      decodeListInto(seg.postingBytes(i), df, seg.docs, docs, tf, n);
      const map = docMap[k]!;
      let w = n;
      for (let r = n; r < n + df; r++) {
        const to = map[docs[r]!]!;
        if (to < 0) continue;
        docs[w] = to;
        if (w !== r) tf.copyWithin(w * FIELD_COUNT, r * FIELD_COUNT, (r + 1) * FIELD_COUNT);
        w++;
      }
      n = w;
      at[k] = i + 1;
      heads[k] = i + 1 < seg.terms ? seg.termAt(i + 1) : undefined;
    });
    if (n > 0) yield { term, docs, tf, n };
  }
}

/**
 * Merges `inputs` (segments of `set`, held until done) into one segment written to `storage`
 * (memory when undefined). The slow part runs beside searches and writes; the returned
 * function installs the result in the inputs' place, synchronously, carrying over what changed
 * meanwhile (call it under the index's write lock). Inputs with nothing alive are just dropped.
 */
export async function mergeSegments(set: SegmentSet, inputs: Segment[], storage: StoragePort | undefined, name: string): Promise<() => Segment | undefined> {
  for (const s of inputs) s.refs++;
  try {
    const live = inputs.map((s) => s.live.slice());
    const deadFiles = inputs.map((s) => s.deadFiles.slice());
    const { parts, docMap, entryMap } = mergeParts(inputs, live, deadFiles);
    const merged = parts.docs > 0 || parts.files.length > 0 ? await materialize(name, parts, storage) : undefined;
    if (merged) merged.refs++;
    return () => {
      install(set, inputs, merged, live, deadFiles, docMap, entryMap);
      if (merged) release(merged);
      return merged;
    };
  } finally {
    for (const s of inputs) release(s);
  }
}

/** Swaps the inputs for the merged segment in one step, carrying over what changed meanwhile. */
function install(set: SegmentSet, inputs: Segment[], merged: Segment | undefined, live: Uint8Array[], deadFiles: Uint8Array[], docMap: Int32Array[], entryMap: Int32Array[]): void {
  const at = Math.min(...inputs.map((s) => set.segments.indexOf(s)).filter((i) => i >= 0));
  const moved = new Map<string, { seg: Segment; entry: number }>();
  inputs.forEach((seg, k) => {
    if (!merged) return;
    for (let d = 0; d < seg.docs; d++) if (live[k]![d] && !seg.live[d]) set.kill({ seg: merged, doc: docMap[k]![d]! });
    seg.files.forEach((rec, e) => {
      const to = entryMap[k]![e]!;
      if (to < 0) return;
      const where = set.fileAt.get(rec.path);
      if (!deadFiles[k]![e] && seg.deadFiles[e]) {
        merged.deadFiles[to] = 1;
        merged.deletesDirty = true;
      } else if (where && 'seg' in where && where.seg === seg && where.entry === e) moved.set(rec.path, { seg: merged, entry: to });
    });
  });
  for (const seg of inputs) set.detach(seg);
  if (merged) {
    set.attach(merged, Number.isFinite(at) ? Math.min(at, set.segments.length) : set.segments.length);
    for (const [path, where] of moved) set.fileAt.set(path, where);
  }
}
