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

/**
 * Blocks built straight from a write's passages, all in one buffer (what insertBlocks sends):
 * term k's postings are entries start[k] .. start[k + 1] of `holder` (the index of the passage
 * holding it) and of `tf` (three counts each); `pnos`, `fnos` per passage index and `lens`
 * three per passage index. The same bytes as encodeBlock's, without an object per posting.
 * Each block starts at a multiple of 4 bytes, so its columns are written through typed arrays.
 */
export function packBlocks(
  start: Int32Array,
  holder: Int32Array,
  tf: Uint8Array,
  pnos: Int32Array,
  fnos: Int32Array,
  lens: Uint32Array,
): { data: Buffer; offsets: number[]; lengths: number[] } {
  if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) throw new Error('big-endian hosts are not supported by the PostgreSQL store');
  const terms = start.length - 1;
  const offsets: number[] = [];
  const lengths: number[] = [];
  let size = 0;
  for (let k = 0; k < terms; k++) {
    offsets.push(size);
    const len = 4 + 23 * (start[k + 1]! - start[k]!);
    lengths.push(len);
    size += (len + 3) & ~3;
  }
  const ab = new ArrayBuffer(size);
  const dv = new DataView(ab);
  for (let k = 0; k < terms; k++) {
    const from = start[k]!;
    const n = start[k + 1]! - from;
    const base = offsets[k]!;
    // passage order: writes number passages in the order given, so this is the rare case
    let order: number[] | undefined;
    for (let j = 1; j < n; j++) {
      if (pnos[holder[from + j]!]! > pnos[holder[from + j - 1]!]!) continue;
      order = Array.from({ length: n }, (_, i) => from + i).sort((a, b) => pnos[holder[a]!]! - pnos[holder[b]!]!);
      break;
    }
    dv.setUint32(base, n, true);
    const P = new Int32Array(ab, base + 4, n);
    const F = new Int32Array(ab, base + 4 + 4 * n, n);
    const L = new Uint32Array(ab, base + 4 + 8 * n, 3 * n);
    const T = new Uint8Array(ab, base + 4 + 20 * n, 3 * n);
    for (let j = 0; j < n; j++) {
      const q = order ? order[j]! : from + j;
      const i = holder[q]!;
      P[j] = pnos[i]!;
      F[j] = fnos[i]!;
      L[3 * j] = lens[3 * i]!;
      L[3 * j + 1] = lens[3 * i + 1]!;
      L[3 * j + 2] = lens[3 * i + 2]!;
      T[3 * j] = tf[3 * q]!;
      T[3 * j + 1] = tf[3 * q + 1]!;
      T[3 * j + 2] = tf[3 * q + 2]!;
    }
  }
  return { data: Buffer.from(ab), offsets, lengths };
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

/**
 * The postings of several blocks of one term in one block, in passage order, without those in
 * `dead` (a compaction): copied column by column from the decoded blocks, no object per posting.
 * Undefined when no posting is left.
 */
export function mergeBlocks(blocks: readonly Block[], dead?: ReadonlySet<number>): Buffer | undefined {
  const bs = blocks.filter((b) => b.n > 0).sort((a, b) => a.pnos[0]! - b.pnos[0]!);
  // (block, posting) pairs in passage order: the blocks one after the other when their ranges do
  // not overlap (as writes leave them), else sorted
  let total = 0;
  for (const b of bs) total += b.n;
  const which = new Int32Array(total);
  const at = new Int32Array(total);
  let k = 0;
  bs.forEach((b, bi) => {
    for (let i = 0; i < b.n; i++) {
      which[k] = bi;
      at[k++] = i;
    }
  });
  let ordered = true;
  for (let i = 1; i < bs.length && ordered; i++) if (bs[i]!.pnos[0]! <= bs[i - 1]!.pnos[bs[i - 1]!.n - 1]!) ordered = false;
  let order: ArrayLike<number> = { length: total };
  if (!ordered) {
    const idx = Array.from({ length: total }, (_, i) => i);
    idx.sort((x, y) => bs[which[x]!]!.pnos[at[x]!]! - bs[which[y]!]!.pnos[at[y]!]!);
    order = idx;
  }
  const pick = (j: number): number => (ordered ? j : (order as number[])[j]!);
  let n = 0;
  for (let j = 0; j < total; j++) {
    const q = pick(j);
    if (!dead?.has(bs[which[q]!]!.pnos[at[q]!]!)) n++;
  }
  if (n === 0) return undefined;
  const ab = new ArrayBuffer(4 + 23 * n);
  new DataView(ab).setUint32(0, n, true);
  const pnos = new Int32Array(ab, 4, n);
  const fnos = new Int32Array(ab, 4 + 4 * n, n);
  const lens = new Uint32Array(ab, 4 + 8 * n, 3 * n);
  const tfs = new Uint8Array(ab, 4 + 20 * n, 3 * n);
  let o = 0;
  for (let j = 0; j < total; j++) {
    const q = pick(j);
    const b = bs[which[q]!]!;
    const i = at[q]!;
    const pno = b.pnos[i]!;
    if (dead?.has(pno)) continue;
    pnos[o] = pno;
    fnos[o] = b.fnos[i]!;
    for (let f = 0; f < 3; f++) {
      lens[3 * o + f] = b.lens[3 * i + f]!;
      tfs[3 * o + f] = b.tfs[3 * i + f]!;
    }
    o++;
  }
  return Buffer.from(ab);
}

/** Approximate bytes a decoded block holds (for the reader's cache budget), with the x per posting a reader keeps beside it (pgScore.ts). */
export const blockBytes = (b: Block): number => 31 * b.n + 64;

/** A passage's term ids, packed as i32 by the writer (to take them out of the statistics on delete). */
export function unpackIds(buf: Buffer): number[] {
  const out: number[] = [];
  for (let at = 0; at + 4 <= buf.length; at += 4) out.push(buf.readInt32LE(at));
  return out;
}
