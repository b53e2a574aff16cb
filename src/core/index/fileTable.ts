/**
 * The facade's table of file records, mirrored into the passage index, which persists each
 * record with the passages it saves: saving after one edited file then writes that file's
 * record, not the records of every file of the workspace.
 */
import type { FileRecord } from '../types';

/** The part of the passage index that keeps file records. */
export interface FileRecordSink {
  setFile(record: FileRecord): void;
  dropFile(path: string): void;
}

const sameRecord = (a: FileRecord, b: FileRecord): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** A Map of file records whose changes reach the current index (`sink` is read at each change). */
export class FileTable extends Map<string, FileRecord> {
  private sink: (() => FileRecordSink) | undefined;

  /** Starts mirroring into the index `sink` returns. */
  mirrorInto(sink: () => FileRecordSink): this {
    this.sink = sink;
    return this;
  }

  override set(path: string, record: FileRecord): this {
    const prev = super.get(path);
    super.set(path, record);
    if (!prev || !sameRecord(prev, record)) this.sink?.().setFile(record);
    return this;
  }

  override delete(path: string): boolean {
    const had = super.delete(path);
    if (had) this.sink?.().dropFile(path);
    return had;
  }

  override clear(): void {
    for (const path of [...this.keys()]) this.delete(path);
  }

  /** Replaces the contents with records that the index already holds (nothing is written back). */
  loadFrom(records: Iterable<FileRecord>): void {
    super.clear();
    for (const r of records) super.set(r.path, r);
  }
}
