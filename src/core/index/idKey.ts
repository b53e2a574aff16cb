/**
 * The 64-bit key of a passage id, kept per document in every segment: it finds a passage by id
 * (binary search) and orders passages of equal score. The ids Verity makes are 16 hex digits
 * (core/hash.ts), whose key is their own value, so equal scores rank by passage id, as they
 * did before segments; any other id is keyed by its hash (a fixed, arbitrary order).
 */
import { hashLanes } from '../hash';

const HEX16 = /^[0-9a-f]{16}$/;

/** The key of `id` as (high, low) unsigned 32-bit halves. */
export function idKey(id: string): [number, number] {
  if (id.length === 16 && HEX16.test(id)) return [parseInt(id.slice(0, 8), 16), parseInt(id.slice(8), 16)];
  return hashLanes(id);
}

/** Compares two keys stored as (high, low) pairs in arrays at the given offsets. */
export function compareKeys(a: Uint32Array, ia: number, b: Uint32Array, ib: number): number {
  return a[ia]! - b[ib]! || a[ia + 1]! - b[ib + 1]!;
}

/** Passage ids in the order of their keys: the order of equal scores. */
export function byIdKey(a: string, b: string): number {
  const [ah, al] = idKey(a);
  const [bh, bl] = idKey(b);
  return ah - bh || al - bl || (a < b ? -1 : a > b ? 1 : 0);
}
