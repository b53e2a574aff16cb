/**
 * Compact posting lists: per term, the internal ids of the documents that contain it and the raw
 * count of the term in each field (title, headings, body). Typed arrays instead of objects keep
 * 100k passages within a few tens of MB; counts saturate at 255 (BM25 saturates long before).
 */
import { FIELD_COUNT } from './corpusStats';

export interface Postings {
  ids: Int32Array;
  /** FIELD_COUNT counts per entry, entry-major. */
  tf: Uint8Array;
  n: number;
}

/** An empty posting list with room for `capacity` entries. */
export function createPostings(capacity = 2): Postings {
  return { ids: new Int32Array(capacity), tf: new Uint8Array(capacity * FIELD_COUNT), n: 0 };
}

function grow(p: Postings): void {
  const cap = Math.max(4, p.ids.length * 2);
  const ids = new Int32Array(cap);
  ids.set(p.ids.subarray(0, p.n));
  const tf = new Uint8Array(cap * FIELD_COUNT);
  tf.set(p.tf.subarray(0, p.n * FIELD_COUNT));
  p.ids = ids;
  p.tf = tf;
}

/**
 * Records `count` occurrences of the term in field `f` of document `id`. Returns true when the
 * document is new to this list (the caller then bumps document frequency: once per document).
 * A document's fields are inserted back to back, so its entry, if any, is the last one.
 */
export function addOccurrences(p: Postings, id: number, f: number, count: number): boolean {
  const c = count > 255 ? 255 : count;
  if (p.n > 0 && p.ids[p.n - 1] === id) {
    p.tf[(p.n - 1) * FIELD_COUNT + f] = c;
    return false;
  }
  if (p.n === p.ids.length) grow(p);
  const base = p.n * FIELD_COUNT;
  p.tf.fill(0, base, base + FIELD_COUNT);
  p.ids[p.n] = id;
  p.tf[base + f] = c;
  p.n++;
  return true;
}

/**
 * Clears field `f` of document `id`. Returns true when the document no longer has the term in
 * any field and its entry was removed (swap with the last entry: order carries no meaning).
 */
export function removeOccurrences(p: Postings, id: number, f: number): boolean {
  let i = -1;
  for (let j = p.n - 1; j >= 0; j--) {
    if (p.ids[j] === id) {
      i = j;
      break;
    }
  }
  if (i < 0) return false;
  const base = i * FIELD_COUNT;
  p.tf[base + f] = 0;
  for (let g = 0; g < FIELD_COUNT; g++) if (p.tf[base + g] !== 0) return false;
  const last = p.n - 1;
  if (i !== last) {
    p.ids[i] = p.ids[last]!;
    p.tf.copyWithin(base, last * FIELD_COUNT, last * FIELD_COUNT + FIELD_COUNT);
  }
  p.n--;
  return true;
}
