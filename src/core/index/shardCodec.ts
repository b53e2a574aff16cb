/**
 * The binary snapshot of one shard. Verity owns its index component, so it owns the format (the
 * Orama persistence plugin cannot save 100k passages): a small JSON header (passages, terms)
 * followed by the postings and field lengths as raw typed arrays, which load without parsing.
 * Internal ids are renumbered densely on save, so removed passages leave no holes behind.
 *
 * Layout: "VRSH" | u32 format | u32 header bytes | header JSON | pad to 4 |
 *         field lengths (3 × (n+1) u32) | posting counts (T u32) | posting ids (total i32) |
 *         posting counts per field (3 × total u8) | pad to 4 | vectors (nv × dim f32)
 */
import { load as oramaLoad } from '@orama/orama';
import type { Passage } from '../types';
import { createStore, internPath, type RankingParams } from './bm25Component';
import { FIELD_COUNT, type CorpusStats } from './corpusStats';
import type { Postings } from './postings';
import { Shard } from './shard';
import { passageProblem } from './storeValidation';

/** Bumped whenever the shard or manifest layout (or the analysis behind it) changes. */
export const SHARD_FORMAT = 4;
const MAGIC = 0x48535256; // "VRSH" little-endian

interface Header {
  n: number;
  passages: Passage[];
  terms: string[];
  total: number;
  dim: number;
  vectorIds: string[];
}

const pad4 = (x: number): number => (x + 3) & ~3;
const bytesOf = (a: ArrayBufferView): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** Serialises a shard (live passages only, ids renumbered 1..n). */
export function encodeShard(shard: Shard): Uint8Array {
  const s = shard.store;
  const idOf = shard.db.internalDocumentIDStore.internalIdToId as string[];
  const remap = new Int32Array(s.maxId + 1);
  const passages: Passage[] = [];
  for (let old = 1; old <= s.maxId; old++) {
    if (!s.live[old]) continue;
    remap[old] = passages.length + 1;
    passages.push(shard.passages.get(idOf[old - 1]!)!);
  }
  const n = passages.length;
  const lens = new Uint32Array(FIELD_COUNT * (n + 1));
  for (let old = 1; old <= s.maxId; old++) {
    const id = remap[old]!;
    if (id) for (let f = 0; f < FIELD_COUNT; f++) lens[f * (n + 1) + id] = s.lens[f]![old]!;
  }
  const terms = [...s.postings.keys()];
  let total = 0;
  const counts = new Uint32Array(terms.length);
  terms.forEach((t, i) => {
    counts[i] = s.postings.get(t)!.n;
    total += counts[i]!;
  });
  const ids = new Int32Array(total);
  const tf = new Uint8Array(total * FIELD_COUNT);
  let at = 0;
  for (const t of terms) {
    const p = s.postings.get(t)!;
    for (let i = 0; i < p.n; i++) ids[at + i] = remap[p.ids[i]!]!;
    tf.set(p.tf.subarray(0, p.n * FIELD_COUNT), at * FIELD_COUNT);
    at += p.n;
  }
  const vectorIds = [...shard.vectors.keys()];
  const dim = vectorIds.length > 0 ? shard.vectors.get(vectorIds[0]!)!.length : 0;
  const vecs = new Float32Array(vectorIds.length * dim);
  vectorIds.forEach((id, i) => vecs.set(shard.vectors.get(id)!.subarray(0, dim), i * dim));

  const header: Header = { n, passages, terms, total, dim, vectorIds };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const parts: Uint8Array[] = [bytesOf(lens), bytesOf(counts), bytesOf(ids), tf];
  let size = pad4(12 + json.length);
  for (const p of parts) size += p.length;
  size = pad4(size) + vecs.byteLength;
  const out = new Uint8Array(size);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, MAGIC, true);
  dv.setUint32(4, SHARD_FORMAT, true);
  dv.setUint32(8, json.length, true);
  out.set(json, 12);
  let off = pad4(12 + json.length);
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  out.set(bytesOf(vecs), pad4(off));
  return out;
}

/** Reads a shard written by {@link encodeShard}; throws on any inconsistency (caller rebuilds). */
export function decodeShard(bytes: Uint8Array, stats: CorpusStats, params: RankingParams): Shard {
  if (bytes.length < 12) throw new Error('shard file truncated');
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dv.getUint32(0, true) !== MAGIC) throw new Error('not a shard file');
  if (dv.getUint32(4, true) !== SHARD_FORMAT) throw new Error('shard format version differs');
  const jsonLen = dv.getUint32(8, true);
  if (12 + jsonLen > bytes.length) throw new Error('shard header truncated');
  const h = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + jsonLen))) as Header;
  const { n, terms, total, dim } = h;
  if (!Array.isArray(h.passages) || h.passages.length !== n || !Array.isArray(terms)) throw new Error('shard header inconsistent');
  // The header is data from disk: check every type before any of it is used or shown.
  const uint = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 2 ** 31;
  if (!uint(n) || !uint(total) || !uint(dim) || !Array.isArray(h.vectorIds)) throw new Error('shard header has malformed counts');
  if (!terms.every((t) => typeof t === 'string') || !h.vectorIds.every((t) => typeof t === 'string')) throw new Error('shard header has malformed terms');
  for (const p of h.passages) {
    const problem = passageProblem(p);
    if (problem !== undefined) throw new Error(problem);
  }
  let off = pad4(12 + jsonLen);
  const take = (len: number): ArrayBuffer => {
    if (off + len > bytes.length) throw new Error('shard data truncated');
    const b = bytes.slice(off, off + len).buffer;
    off += len;
    return b;
  };
  const lens = new Uint32Array(take(4 * FIELD_COUNT * (n + 1)));
  const counts = new Uint32Array(take(4 * terms.length));
  const ids = new Int32Array(take(4 * total));
  const tf = new Uint8Array(take(FIELD_COUNT * total));
  off = pad4(off);
  const vecs = new Float32Array(take(4 * h.vectorIds.length * dim));
  if (off !== bytes.length) throw new Error('shard size mismatch');

  const shard = new Shard(stats, params);
  const s = createStore(stats, params, n + 1);
  s.maxId = n;
  for (let f = 0; f < FIELD_COUNT; f++) {
    const l = lens.subarray(f * (n + 1), (f + 1) * (n + 1));
    s.lens[f]!.set(l);
    let sum = 0;
    for (let i = 1; i <= n; i++) sum += l[i]!;
    stats.lengthSum[f]! += sum;
  }
  const docs: Record<number, unknown> = {};
  h.passages.forEach((p, i) => {
    const id = i + 1;
    s.live[id] = 1;
    s.pathOf[id] = internPath(s, p.path);
    s.kindOf[id] = p.kind;
    docs[id] = p;
    shard.passages.set(p.id, p);
    let set = shard.byPath.get(p.path);
    if (!set) shard.byPath.set(p.path, (set = new Set()));
    set.add(p.id);
  });
  let at = 0;
  terms.forEach((t, i) => {
    const c = counts[i]!;
    const p: Postings = { ids: ids.subarray(at, at + c), tf: tf.subarray(at * FIELD_COUNT, (at + c) * FIELD_COUNT), n: c };
    for (let j = 0; j < c; j++) if (p.ids[j]! < 1 || p.ids[j]! > n) throw new Error('shard postings out of range');
    s.postings.set(t, p);
    stats.df.set(t, (stats.df.get(t) ?? 0) + c);
    at += c;
  });
  if (at !== total) throw new Error('shard postings inconsistent');
  h.vectorIds.forEach((id, i) => shard.vectors.set(id, vecs.slice(i * dim, (i + 1) * dim)));
  stats.docCount += n;
  stats.version++;

  const db = shard.db;
  oramaLoad(db, {
    internalDocumentIDStore: { internalIdToId: h.passages.map((p) => p.id) },
    index: s,
    docs: { docs, count: n },
    sorting: db.sorter.save(db.data.sorting),
    pinning: db.pinning.save(db.data.pinning),
    language: 'english',
  } as never);
  shard.dirty = false;
  return shard;
}
