/**
 * A segment's deletes file (`<segment>-<generation>.del`): the documents and file records that
 * later edits removed. Segments never change, so deleting a passage writes only this small file
 * (a new generation each time, named in the manifest). Dead documents stay in the corpus
 * statistics until their segment is merged, as in Lucene.
 *
 *   "VDEL" | version | documents | file records | dead documents | dead records |
 *   varint gaps of the dead documents | varint gaps of the dead records
 */
import { ByteReader, ByteWriter, FormatError } from './bytes';
import type { Segment } from './segment';

const MAGIC = 0x4c454456; // "VDEL"
const VERSION = 1;

function gaps(w: ByteWriter, flags: Uint8Array, dead: number): void {
  let prev = -1;
  for (let i = 0; i < flags.length; i++) {
    if (flags[i] !== dead) continue;
    w.varint(i - prev - 1);
    prev = i;
  }
}

/** The deletes file of `seg` as it stands. */
export function encodeDeletes(seg: Segment): { bytes: Uint8Array; docs: number; files: number } {
  const deadDocs = seg.docs - seg.liveCount;
  let deadFiles = 0;
  for (const f of seg.deadFiles) deadFiles += f;
  const w = new ByteWriter(64 + deadDocs + deadFiles);
  w.u32(MAGIC);
  w.u32(VERSION);
  w.u32(seg.docs);
  w.u32(seg.files.length);
  w.u32(deadDocs);
  w.u32(deadFiles);
  gaps(w, seg.live, 0);
  gaps(w, seg.deadFiles, 1);
  return { bytes: w.take(), docs: deadDocs, files: deadFiles };
}

/** Applies a deletes file to a freshly opened `seg`; throws FormatError when it does not fit. */
export function applyDeletes(seg: Segment, bytes: Uint8Array): void {
  const r = new ByteReader(bytes);
  if (r.u32() !== MAGIC || r.u32() !== VERSION) throw new FormatError('not a deletes file');
  if (r.u32() !== seg.docs || r.u32() !== seg.files.length) throw new FormatError('deletes file belongs to another segment');
  const docs = r.u32();
  const files = r.u32();
  let at = -1;
  for (let i = 0; i < docs; i++) {
    at += r.varint() + 1;
    if (at >= seg.docs) throw new FormatError('deleted document out of range');
    seg.live[at] = 0;
  }
  at = -1;
  for (let i = 0; i < files; i++) {
    at += r.varint() + 1;
    if (at >= seg.files.length) throw new FormatError('deleted file record out of range');
    seg.deadFiles[at] = 1;
  }
  if (r.pos !== bytes.length) throw new FormatError('deletes file has trailing bytes');
  seg.liveCount = seg.docs - docs;
}
