/**
 * Where a segment's files go and how they are opened again: written to the index's storage
 * (temp file + rename per file) and re-opened for reads by offset, or kept in memory when the
 * index has no writable storage.
 */
import type { BlobWriter, StoragePort } from '../ports';
import { concatBytes, contentHash, FormatError } from './bytes';
import { MemoryBlob, type SegmentBlob } from './blob';
import { Segment } from './segment';
import { pacer, writeSegment, type ChunkSink, type SegmentParts } from './segmentWriter';

export const SEG_FILE = (name: string): string => `${name}.seg`;
export const POSTINGS_FILE = (name: string): string => `${name}.pst`;
export const STORED_FILE = (name: string): string => `${name}.fdt`;
export const DICT_FILE = (name: string): string => `${name}.dic`;
export const DELETES_FILE = (name: string, gen: number): string => `${name}-${gen}.del`;

/** A writer for `name`: the storage's own, or one that gathers the pieces and writes them at once. */
export async function blobWriter(storage: StoragePort, name: string): Promise<BlobWriter> {
  if (storage.createWriter) return storage.createWriter(name);
  const chunks: Uint8Array[] = [];
  return {
    write: async (c) => void chunks.push(c.slice()),
    commit: () => storage.write(name, concatBytes(chunks)),
    abort: async () => void (chunks.length = 0),
  };
}

/** Opens `name` for reads by offset (whole into memory when the storage cannot open files). */
export async function openBlob(storage: StoragePort, name: string): Promise<SegmentBlob | undefined> {
  if (storage.open) return storage.open(name);
  const bytes = await storage.read(name);
  return bytes ? new MemoryBlob(bytes) : undefined;
}

/** Writes `parts` as segment `name` to `storage` (when writable) or memory, and opens it. */
export async function materialize(name: string, parts: SegmentParts, storage: StoragePort | undefined, pause = pacer()): Promise<Segment> {
  if (!storage || storage.readOnly) {
    const pst: Uint8Array[] = [];
    const fdt: Uint8Array[] = [];
    const sink = (to: Uint8Array[]): ChunkSink => ({ write: async (c) => void to.push(c) });
    const { seg, dict } = await writeSegment(parts, { postings: sink(pst), stored: sink(fdt) }, pause);
    return new Segment(name, seg, new MemoryBlob(concatBytes(pst)), new MemoryBlob(concatBytes(fdt)), new MemoryBlob(dict));
  }
  const pw = await blobWriter(storage, POSTINGS_FILE(name));
  const fw = await blobWriter(storage, STORED_FILE(name));
  const dw = await blobWriter(storage, DICT_FILE(name));
  let main: Uint8Array;
  try {
    let dict: Uint8Array;
    ({ seg: main, dict } = await writeSegment(parts, { postings: pw, stored: fw }, pause));
    // written in pieces, so a reader verifies the blocks it reads (the dictionary is read by offset)
    for (let at = 0; at < dict.length; at += 1 << 20) await dw.write(dict.subarray(at, Math.min(dict.length, at + (1 << 20))));
    // four files, synced to disk side by side: none is named by a manifest yet
    await Promise.all([pw.commit(), fw.commit(), dw.commit(), storage.write(SEG_FILE(name), main)]);
  } catch (e) {
    await pw.abort();
    await fw.abort();
    await dw.abort();
    throw e;
  }
  const seg = await openSegment(storage, name, main);
  if (!seg) throw new FormatError(`segment ${name} vanished right after it was written`);
  return seg;
}

/**
 * Opens segment `name` from `storage` (its main file given, or read); undefined when a file is
 * missing. Throws FormatError when the files do not decode.
 */
export async function openSegment(storage: StoragePort, name: string, main?: Uint8Array, expect?: { hash: string; bytes: number }): Promise<Segment | undefined> {
  const seg = main ?? (await storage.read(SEG_FILE(name)));
  if (!seg) return undefined;
  if (expect && (seg.length !== expect.bytes || contentHash(seg) !== expect.hash)) throw new FormatError(`${SEG_FILE(name)} does not match its manifest (half-written or damaged)`);
  const pst = await openBlob(storage, POSTINGS_FILE(name));
  const fdt = pst && (await openBlob(storage, STORED_FILE(name)));
  const dic = fdt && (await openBlob(storage, DICT_FILE(name)));
  if (!pst || !fdt || !dic) {
    pst?.close();
    fdt?.close();
    return undefined;
  }
  try {
    const s = new Segment(name, seg, pst, fdt, dic);
    s.savedIn.add(storage);
    // checked against the manifest above: the next commit names it without hashing it again
    if (expect) s.mainHash = expect.hash;
    return s;
  } catch (e) {
    pst.close();
    fdt.close();
    dic.close();
    throw e;
  }
}

/** Copies a segment's four files into another storage (a save to a new place). */
export async function copySegment(seg: Segment, to: StoragePort): Promise<void> {
  const pause = pacer();
  for (const [blob, name] of [
    [seg.postings, POSTINGS_FILE(seg.name)],
    [seg.storedFile, STORED_FILE(seg.name)],
    [seg.dictFile, DICT_FILE(seg.name)],
  ] as const) {
    const w = await blobWriter(to, name);
    try {
      for (let at = 0; at < blob.size; at += 1 << 20) {
        await w.write(blob.read(at, Math.min(1 << 20, blob.size - at)));
        await pause();
      }
      await w.commit();
    } catch (e) {
      await w.abort();
      throw e;
    }
  }
  await to.write(SEG_FILE(seg.name), seg.main);
  seg.savedIn.add(to);
}
