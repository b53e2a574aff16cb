/**
 * The files of a segment as the index reads them: by offset, from an open file of the storage or
 * from memory (a segment never written anywhere, or a storage that cannot open files).
 */
import { FormatError } from './bytes';

/** Bytes read by offset. */
export interface ByteSource {
  read(position: number, length: number): Uint8Array;
}

/** A file of a segment, read by offset; `close` releases it. */
export interface SegmentBlob extends ByteSource {
  readonly size: number;
  close(): void;
}

/** A segment file held in memory (a segment not written anywhere, or a store without `open`). */
export class MemoryBlob implements SegmentBlob {
  constructor(private readonly bytes: Uint8Array) {}
  get size(): number {
    return this.bytes.length;
  }
  read(position: number, length: number): Uint8Array {
    if (position < 0 || length < 0 || position + length > this.bytes.length) throw new FormatError('read outside a segment file');
    return this.bytes.subarray(position, position + length);
  }
  close(): void {}
}
