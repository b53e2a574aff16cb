/**
 * Posting blocks: the postings of one term written by one transaction, packed in one bytea (the
 * row-per-posting layout cost a PostgreSQL row, ~60 bytes and an index entry per posting: 6.4×
 * the local index time to write and 201 ms p95 to search at 10k passages). Layout, little-endian:
 * n (u32), then n passage numbers (i32, ascending), n file numbers (i32), 3n field lengths (u32:
 * title, headings, body per posting) and 3n field counts (u8).
 */

export interface Posting {
  pno: number;
  fno: number;
  lens: readonly [number, number, number];
  tf: readonly [number, number, number];
}

/** Packs postings (sorted by passage number here). */
export function encodeBlock(postings: Posting[]): Buffer {
  postings.sort((a, b) => a.pno - b.pno);
  const n = postings.length;
  const buf = Buffer.allocUnsafe(4 + n * (4 + 4 + 12 + 3));
  buf.writeUInt32LE(n, 0);
  let at = 4;
  for (const p of postings) at = buf.writeInt32LE(p.pno, at);
  for (const p of postings) at = buf.writeInt32LE(p.fno, at);
  for (const p of postings) for (let f = 0; f < 3; f++) at = buf.writeUInt32LE(p.lens[f]!, at);
  for (const p of postings) for (let f = 0; f < 3; f++) at = buf.writeUInt8(p.tf[f]!, at);
  return buf;
}

/** A block decoded into typed arrays (what scoring reads, and what a reader caches). */
export interface Block {
  n: number;
  pnos: Int32Array;
  fnos: Int32Array;
  /** Three per posting: title, headings, body. */
  lens: Uint32Array;
  tfs: Uint8Array;
}

/** Decodes a block; throws on a block whose size does not match its count (a damaged row). */
export function decodeBlock(buf: Buffer): Block {
  const n = buf.readUInt32LE(0);
  if (buf.length !== 4 + n * 23) throw new Error(`a posting block of ${buf.length} bytes claims ${n} postings`);
  // copied out: typed arrays need aligned offsets, and the client may reuse its receive buffer
  const ints = new Int32Array(n * 5);
  new Uint8Array(ints.buffer).set(buf.subarray(4, 4 + 20 * n));
  if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) throw new Error('big-endian hosts are not supported by the PostgreSQL store');
  return {
    n,
    pnos: ints.subarray(0, n),
    fnos: ints.subarray(n, 2 * n),
    lens: new Uint32Array(ints.buffer, 8 * n, 3 * n),
    tfs: Uint8Array.from(buf.subarray(4 + 20 * n, 4 + 23 * n)),
  };
}

/** Approximate bytes a decoded block holds (for the reader's cache budget). */
export const blockBytes = (b: Block): number => 23 * b.n + 64;

/** Term ids packed as i32 (a passage's terms, kept to take them out of the statistics on delete). */
export function packIds(ids: readonly number[]): Buffer {
  const buf = Buffer.allocUnsafe(4 * ids.length);
  ids.forEach((id, i) => buf.writeInt32LE(id, 4 * i));
  return buf;
}

export function unpackIds(buf: Buffer): number[] {
  const out: number[] = [];
  for (let at = 0; at + 4 <= buf.length; at += 4) out.push(buf.readInt32LE(at));
  return out;
}
