/**
 * Posting blocks (pgBlocks.ts): a compaction's merge of several blocks of one term equals the
 * block of all their postings, in passage order, without the dead ones; whether the blocks'
 * passage ranges follow one another (as writes leave them) or overlap (rewrites); and the blocks a
 * write packs straight from its passages are the encoded postings. Plain Node.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeBlock, encodeBlock, mergeBlocks, packBlocks, type Posting } from '../../../src/node/pg/pgBlocks';

const posting = (pno: number): Posting => ({ pno, fno: 1000 + Math.floor(pno / 3), lens: [pno % 7, (pno * 3) % 11, 50 + (pno % 300)], tf: [pno % 2, pno % 3, 1 + (pno % 5)] });
const block = (pnos: number[]) => decodeBlock(encodeBlock(pnos.map(posting)));

test('merging blocks whose ranges follow one another keeps every posting in order', () => {
  const a = [1, 4, 9, 12];
  const b = [20, 21, 30];
  const c = [31, 40];
  const got = mergeBlocks([block(c), block(a), block(b)]);
  assert.deepEqual(got, encodeBlock([...a, ...b, ...c].map(posting)));
});

test('merging overlapping blocks sorts the postings and drops the dead ones', () => {
  const a = [2, 8, 15, 40];
  const b = [1, 9, 16, 39, 41];
  const dead = new Set([8, 39, 41]);
  const got = mergeBlocks([block(a), block(b)], dead);
  const want = [1, 2, 9, 15, 16, 40];
  assert.deepEqual(got, encodeBlock(want.map(posting)));
  assert.deepEqual(Array.from(decodeBlock(got!).pnos), want);
});

test('a merge with every posting dead is undefined', () => {
  assert.equal(mergeBlocks([block([3, 5])], new Set([3, 5])), undefined);
  assert.equal(mergeBlocks([]), undefined);
});

test('blocks packed from a write are byte for byte the encoded postings, in passage order, each at its offset', () => {
  // four passages, numbered out of order for the last two (the rare case: sorted per term)
  const pnos = Int32Array.from([10, 11, 15, 12]);
  const fnos = Int32Array.from([3, 3, 4, 4]);
  const lens = [[2, 0, 40], [1, 3, 90], [0, 0, 7], [4, 4, 300]] as const;
  const terms = [
    { at: [0, 1, 2, 3], tf: [[1, 0, 2], [0, 1, 1], [0, 0, 9], [1, 1, 255]] as const },
    { at: [1], tf: [[0, 0, 3]] as const },
    { at: [0, 2], tf: [[2, 0, 0], [0, 0, 1]] as const },
  ];
  // the write's flat layout: term k's postings at start[k] .. start[k + 1]
  const start = Int32Array.from([0, 4, 5, 7]);
  const holder = Int32Array.from(terms.flatMap((t) => t.at));
  const tf = Uint8Array.from(terms.flatMap((t) => t.tf.flat()));
  const packed = packBlocks(start, holder, tf, pnos, fnos, Uint32Array.from(lens.flat()));
  terms.forEach((t, k) => {
    const want = encodeBlock(t.at.map((i, q) => ({ pno: pnos[i]!, fno: fnos[i]!, lens: lens[i]!, tf: t.tf[q]! })));
    const got = packed.data.subarray(packed.offsets[k]!, packed.offsets[k]! + packed.lengths[k]!);
    assert.ok(got.equals(want), `term ${k}`);
    assert.equal(packed.offsets[k]! % 4, 0);
  });
  assert.deepEqual(Array.from(decodeBlock(packed.data.subarray(packed.offsets[0]!, packed.offsets[0]! + packed.lengths[0]!)).pnos), [10, 11, 12, 15]);
});
