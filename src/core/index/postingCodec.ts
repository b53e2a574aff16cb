/**
 * On-disk posting lists. One term's list in a segment's postings file:
 *
 *   varint headLen | head | block 0 | block 1 | …
 *   head   = term frontier (per field: varint count, then count × (varint tf, varint len))
 *            and, when the list has more than one block, per block: varint (lastDoc − previous
 *            lastDoc), varint block bytes, block frontier (same shape, at most 2 pairs a field)
 *   block  = up to 128 document numbers as varint gaps (doc − previous − 1), then per posting
 *            varint (bodyCount << 2 | hasTitle | hasHeadings << 1) and the title and heading
 *            counts that are flagged, one byte each (counts saturate at 255)
 *
 * The frontiers are what the search bounds scores with (see impacts.ts); the skip entries let a
 * cursor jump over blocks without decoding them.
 */
import { ByteWriter } from './bytes';
import { FIELD_COUNT } from './corpusStats';
import { capPairs, frontier, unionFrontier, type Pairs } from './impacts';

/** Postings per block. */
export const BLOCK = 128;
/** Frontier pairs kept per field for a whole term and for one block. */
export const TERM_PAIRS = 8;
export const BLOCK_PAIRS = 2;

const head = new ByteWriter(1 << 12);
const body = new ByteWriter(1 << 16);
const skip = new ByteWriter(1 << 12);

function writePairs(w: ByteWriter, pairs: Pairs): void {
  w.varint(pairs.length / 2);
  for (const v of pairs) w.varint(v);
}

function writeBlock(w: ByteWriter, docs: ArrayLike<number>, tf: Uint8Array, from: number, to: number, prev: number): void {
  for (let i = from; i < to; i++) {
    const d = docs[i]!;
    w.varint(d - prev - 1);
    prev = d;
  }
  for (let i = from; i < to; i++) {
    const o = i * FIELD_COUNT;
    const t0 = tf[o]!;
    const t1 = tf[o + 1]!;
    w.varint((tf[o + 2]! << 2) | (t0 ? 1 : 0) | (t1 ? 2 : 0));
    if (t0) w.u8(t0);
    if (t1) w.u8(t1);
  }
}

/**
 * Appends the posting list of one term to `out`: `docs` ascending (`n` of them), `tf`
 * FIELD_COUNT counts per posting, `lens[f][doc]` the field lengths of the segment's documents.
 */
export function encodePostings(out: ByteWriter, docs: ArrayLike<number>, tf: Uint8Array, n: number, lens: readonly Uint32Array[]): void {
  head.pos = 0;
  body.pos = 0;
  const blocks = Math.ceil(n / BLOCK);
  // each block's frontiers (uncapped); the term's is their union
  const perField: Pairs[][] = [[], [], []];
  skip.pos = 0;
  let prev = -1;
  for (let b = 0; b < blocks; b++) {
    const from = b * BLOCK;
    const to = Math.min(n, from + BLOCK);
    const start = body.pos;
    writeBlock(body, docs, tf, from, to, prev);
    const last = docs[to - 1]!;
    if (blocks > 1) {
      skip.varint(last - prev);
      skip.varint(body.pos - start);
    }
    for (let f = 0; f < FIELD_COUNT; f++) {
      const p = frontier(tf, docs, lens[f]!, from, to, f);
      perField[f]!.push(p);
      if (blocks > 1) writePairs(skip, capPairs(p, BLOCK_PAIRS));
    }
    prev = last;
  }
  for (const parts of perField) writePairs(head, capPairs(parts.length === 1 ? parts[0]! : unionFrontier(parts), TERM_PAIRS));
  head.bytes(skip.view8());
  out.varint(head.pos);
  out.bytes(head.view8());
  out.bytes(body.view8());
}
