/**
 * The live state of one passage index: the open segments (oldest first), the buffers (those
 * being flushed, still searchable, and the current one last), the path table shared by all of
 * them, where each file's record lives, and the corpus statistics BM25 needs. Every change here
 * is synchronous; flushes and merges do their slow work on snapshots and install the result in
 * one synchronous step (flush.ts, merge.ts).
 */
import { compareKeys, idKey } from './idKey';
import type { FileRecord, Passage } from '../types';
import { FIELD_COUNT } from './corpusStats';
import type { AnalyzedBatch } from './fieldAnalysis';
import { docOf, ordinalOf } from './maxScore';
import { MemorySegment } from './memorySegment';
import type { RetrieveSource } from './retrieve';
import type { PathRange, Segment } from './segment';

/** Where a passage is: a segment or a buffer, and its document number there. */
export type Located = { seg: Segment; doc: number } | { buf: MemorySegment; doc: number };

const NO_RANGES: PathRange[] = [];
const NO_DOCS: number[] = [];

export class SegmentSet implements RetrieveSource {
  segments: Segment[] = [];
  buffers: MemorySegment[] = [new MemorySegment()];
  readonly paths: string[] = [];
  private readonly pathIds = new Map<string, number>();
  /** Where each file's record lives: an entry of a segment, or a buffer's pending records. */
  readonly fileAt = new Map<string, { seg: Segment; entry: number } | MemorySegment>();
  /** Bumped whenever the corpus statistics change. */
  version = 0;
  private readonly dfMemo = new Map<string, number>();
  private memoVersion = -1;
  /**
   * Number for the next segment's name. A new index starts from the clock, so its files never
   * take the name of a file an older manifest in the same folder may still name.
   */
  counter = Date.now();

  /** The buffer new passages go to. */
  get buffer(): MemorySegment {
    return this.buffers[this.buffers.length - 1]!;
  }

  internPath(path: string): number {
    let id = this.pathIds.get(path);
    if (id === undefined) {
      id = this.paths.length;
      this.paths.push(path);
      this.pathIds.set(path, id);
    }
    return id;
  }

  pathId(path: string): number | undefined {
    return this.pathIds.get(path);
  }

  /** A fresh segment name (`seg-<number>`). */
  nextName(): string {
    return `seg-${(this.counter++).toString(36)}`;
  }

  /** Adds an open segment at `at` (default: newest) and maps its paths; its file records are not claimed. */
  attach(seg: Segment, at = this.segments.length): void {
    seg.refs++;
    seg.globalPath = Int32Array.from(seg.ranges, (r) => this.internPath(seg.paths[r.path]!));
    seg.pathOf = new Int32Array(seg.docs);
    seg.rangesByPath = new Map();
    seg.ranges.forEach((r, i) => {
      const g = seg.globalPath[i]!;
      seg.pathOf.fill(g, r.first, r.first + r.count);
      const list = seg.rangesByPath.get(g);
      if (list) list.push(r);
      else seg.rangesByPath.set(g, [r]);
    });
    this.segments.splice(at, 0, seg);
    this.version++;
  }

  /** Takes a segment out; its files close when nothing else holds it. */
  detach(seg: Segment): void {
    const i = this.segments.indexOf(seg);
    if (i >= 0) this.segments.splice(i, 1);
    for (const [path, at] of this.fileAt) if (!(at instanceof MemorySegment) && at.seg === seg) this.fileAt.delete(path);
    release(seg);
    this.version++;
  }

  /** Claims the live file records of `seg` (opening a store: later segments win). */
  claimFiles(seg: Segment): void {
    seg.files.forEach((rec, entry) => {
      if (seg.deadFiles[entry]) return;
      const prev = this.fileAt.get(rec.path);
      if (prev && !(prev instanceof MemorySegment)) {
        prev.seg.deadFiles[prev.entry] = 1;
        prev.seg.deletesDirty = true;
      }
      this.fileAt.set(rec.path, { seg, entry });
    });
  }

  rangesOf(ord: number, pathId: number): readonly PathRange[] {
    return this.segments[ord]?.rangesByPath.get(pathId) ?? NO_RANGES;
  }

  bufferDocsOf(index: number, pathId: number): readonly number[] {
    return this.buffers[index]?.byPath.get(pathId) ?? NO_DOCS;
  }

  /** Orders two document addresses of equal score by passage id key (see idKey.ts). */
  readonly tie = (a: number, b: number): number => {
    const n = this.segments.length;
    const oa = ordinalOf(a);
    const ob = ordinalOf(b);
    const ka = oa < n ? this.segments[oa]!.idHash : this.buffers[oa - n]!.idHash;
    const kb = ob < n ? this.segments[ob]!.idHash : this.buffers[ob - n]!.idHash;
    return compareKeys(ka, 2 * docOf(a), kb, 2 * docOf(b)) || a - b;
  };

  /** Live passages. */
  get liveCount(): number {
    let n = 0;
    for (const s of this.segments) n += s.liveCount;
    for (const b of this.buffers) n += b.liveCount;
    return n;
  }

  /** Documents in the statistics (deleted ones stay until their segment merges). */
  get docCount(): number {
    let n = 0;
    for (const s of this.segments) n += s.docs;
    for (const b of this.buffers) n += b.docs;
    return n;
  }

  /** Sum of each field's length over the documents in the statistics. */
  lengthSums(): Float64Array {
    const out = new Float64Array(FIELD_COUNT);
    for (const s of [...this.segments, ...this.buffers]) for (let f = 0; f < FIELD_COUNT; f++) out[f]! += s.lengthSum[f]!;
    return out;
  }

  /** Documents holding `term` (memoised until the statistics change). */
  df(term: string): number {
    if (this.memoVersion !== this.version) {
      this.dfMemo.clear();
      this.memoVersion = this.version;
    }
    let n = this.dfMemo.get(term);
    if (n === undefined) {
      n = 0;
      for (const s of this.segments) {
        const i = s.lookup(term);
        if (i >= 0) n += s.df(i);
      }
      for (const b of this.buffers) n += b.df(term);
      if (this.dfMemo.size > 50_000) this.dfMemo.clear();
      this.dfMemo.set(term, n);
    }
    return n;
  }

  /** Where the live passage `id` is, if anywhere (`key`: its idKey, when the caller has it). */
  find(id: string, key: readonly [number, number] = idKey(id)): Located | undefined {
    for (let i = this.buffers.length - 1; i >= 0; i--) {
      const buf = this.buffers[i]!;
      const doc = buf.byId.get(id);
      if (doc !== undefined) return { buf, doc };
    }
    const [hi, lo] = key;
    for (let i = this.segments.length - 1; i >= 0; i--) {
      const seg = this.segments[i]!;
      for (const doc of seg.docsWithHash(hi, lo)) if (seg.live[doc] === 1 && seg.passage(doc).id === id) return { seg, doc };
    }
    return undefined;
  }

  passageOf(at: Located): Passage {
    return 'seg' in at ? at.seg.passage(at.doc) : at.buf.passages[at.doc]!;
  }

  kill(at: Located): void {
    if ('buf' in at) {
      at.buf.kill(at.doc);
      return;
    }
    if (at.seg.live[at.doc] !== 1) return;
    at.seg.live[at.doc] = 0;
    at.seg.liveCount--;
    at.seg.deletesDirty = true;
  }

  /** Adds passages to the buffer, replacing passages with the same id wherever they are. */
  add(passages: readonly Passage[], vectors?: Map<string, number[]>): void {
    for (const p of passages) {
      // the id is hashed once: for the lookup and for the buffer's copy of the key
      const key = idKey(p.id);
      const prev = this.find(p.id, key);
      if (prev) this.kill(prev);
      this.buffer.add(p, this.internPath(p.path), vectors?.get(p.id), key);
    }
    this.version++;
  }

  /**
   * {@link add} for passages analysed elsewhere (`batch`: their analysis, in order, with the
   * analyser's terms).
   */
  addAnalyzed(passages: readonly Passage[], batch: AnalyzedBatch, vectors?: Map<string, number[]>): void {
    const names = batch.terms;
    if (!names) throw new Error('an analysed batch without its term list');
    let pi = 0;
    passages.forEach((p, i) => {
      const key = idKey(p.id);
      const prev = this.find(p.id, key);
      if (prev) this.kill(prev);
      pi = this.buffer.addAnalyzed(p, this.internPath(p.path), vectors?.get(p.id), key, batch.lens, i * FIELD_COUNT, batch.postings, pi, names);
      this.buffer.records[this.buffer.docs - 1] = batch.records.subarray(i === 0 ? 0 : batch.recordEnds[i - 1]!, batch.recordEnds[i]!);
    });
    if (pi !== batch.postings.length) throw new Error(`analysed batch does not match its passages (${pi} of ${batch.postings.length} read)`);
    this.version++;
  }

  /** Deletes every passage of `path`; returns how many there were. */
  removePath(path: string): number {
    const pid = this.pathIds.get(path);
    if (pid === undefined) return 0;
    let n = 0;
    for (const seg of this.segments) {
      for (const r of seg.rangesByPath.get(pid) ?? NO_RANGES) {
        for (let d = r.first; d < r.first + r.count; d++) {
          if (seg.live[d] !== 1) continue;
          this.kill({ seg, doc: d });
          n++;
        }
      }
    }
    for (const buf of this.buffers) for (const d of buf.byPath.get(pid) ?? NO_DOCS) if (buf.kill(d)) n++;
    return n;
  }

  /** Live passages of `path`, in document order. */
  passagesOf(path: string): Passage[] {
    const pid = this.pathIds.get(path);
    if (pid === undefined) return [];
    const out: Passage[] = [];
    for (const seg of this.segments) for (const r of seg.rangesByPath.get(pid) ?? NO_RANGES) for (let d = r.first; d < r.first + r.count; d++) if (seg.live[d] === 1) out.push(seg.passage(d));
    for (const buf of this.buffers) for (const d of buf.byPath.get(pid) ?? NO_DOCS) if (buf.live[d] === 1) out.push(buf.passages[d]!);
    return out;
  }

  /** Sets the record of `record.path` (persisted with the next flush). */
  setFile(record: FileRecord): void {
    this.dropFile(record.path);
    this.buffer.files.set(record.path, record);
    this.fileAt.set(record.path, this.buffer);
  }

  /** Forgets the record of `path`. */
  dropFile(path: string): void {
    const at = this.fileAt.get(path);
    if (!at) return;
    if (at instanceof MemorySegment) at.files.delete(path);
    else {
      at.seg.deadFiles[at.entry] = 1;
      at.seg.deletesDirty = true;
    }
    this.fileAt.delete(path);
  }

  fileRecords(): FileRecord[] {
    const out: FileRecord[] = [];
    for (const [path, at] of this.fileAt) out.push(at instanceof MemorySegment ? at.files.get(path)! : at.seg.files[at.entry]!);
    return out;
  }

  /** Releases every segment (the index is closed). */
  close(): void {
    for (const seg of this.segments) release(seg);
    this.segments = [];
    this.buffers = [new MemorySegment()];
    this.fileAt.clear();
  }
}

/** Drops one hold on a segment; the last one closes its files. */
export function release(seg: Segment): void {
  if (--seg.refs <= 0) seg.close();
}
