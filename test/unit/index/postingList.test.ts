/**
 * A posting list's decoded storage (chunks allocated as blocks are decoded, never moved), its
 * block bounds kept for the norms of the moment, and the cache's accounting of lists that grow
 * and its budgets, which grow with the store.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ByteWriter } from '../../../src/core/index/bytes';
import { FIELD_COUNT } from '../../../src/core/index/corpusStats';
import type { FieldNorms } from '../../../src/core/index/impacts';
import { LIST_PER_POSTING_BYTE, PostingCache, XS_PER_POSTING_BYTE } from '../../../src/core/index/postingCache';
import { END, PostingCursor } from '../../../src/core/index/postingCursor';
import { BLOCK } from '../../../src/core/index/postingCodec';
import { encodePostings } from '../../../src/core/index/postingCodec';
import { PostingList } from '../../../src/core/index/postingList';
import { rng } from './helpers';

/** A list of `n` postings over `maxDoc` documents with random counts and field lengths. */
function makeList(n: number, maxDoc: number, seed: number): { list: PostingList; docs: number[]; tf: Uint8Array; lens: Uint32Array[] } {
  const r = rng(seed);
  const picked = new Set<number>();
  while (picked.size < n) picked.add(Math.floor(r() * maxDoc));
  const docs = [...picked].sort((a, b) => a - b);
  const tf = new Uint8Array(n * FIELD_COUNT);
  for (let i = 0; i < n; i++) {
    tf[i * FIELD_COUNT] = r() < 0.1 ? 1 : 0;
    tf[i * FIELD_COUNT + 1] = r() < 0.2 ? 1 + Math.floor(r() * 2) : 0;
    tf[i * FIELD_COUNT + 2] = 1 + Math.floor(r() * 5);
  }
  const lens = [0, 1, 2].map(() => Uint32Array.from({ length: maxDoc }, () => 5 + Math.floor(r() * 200)));
  const out = new ByteWriter();
  encodePostings(out, docs, tf, n, lens);
  return { list: new PostingList(out.view8().slice(), n, maxDoc), docs, tf, lens };
}

const norms = (b: number): FieldNorms => ({ c0: Float64Array.from([0.7, 0.5, 1 - b]), c1: Float64Array.from([0.3 / 4, 0.5 / 8, b / 100]), boosts: Float64Array.from([3, 2, 1]) });

test('a list holds decoded storage only for the blocks its cursors entered, and reads back every posting whatever the order of decoding', () => {
  const n = 40 * BLOCK + 17;
  const { list, docs, tf } = makeList(n, 200_000, 7);
  const undecoded = list.bytesHeld;
  assert.ok(undecoded < n * (4 + FIELD_COUNT), `an undecoded list holds ${undecoded} bytes, not room for its ${n} postings`);
  // a jump into the last blocks first, then into the middle: the slots are not in block order
  const jump = new PostingCursor(list);
  jump.advance(docs[n - 1]!);
  assert.equal(jump.doc, docs[n - 1]);
  jump.advance(END - 1);
  const mid = new PostingCursor(list);
  mid.advance(docs[20 * BLOCK + 3]!);
  assert.equal(mid.doc, docs[20 * BLOCK + 3]);
  assert.equal(mid.t2, tf[(20 * BLOCK + 3) * FIELD_COUNT + 2]);
  assert.ok(list.bytesHeld - undecoded <= 16 * BLOCK * (4 + FIELD_COUNT) * 2, `two blocks decoded: ${list.bytesHeld - undecoded} bytes more`);
  // a walk over every posting crosses chunk boundaries and reads the same postings
  const walk = new PostingCursor(list);
  let i = 0;
  for (walk.next(); walk.doc !== END; walk.next(), i++) {
    assert.equal(walk.doc, docs[i]);
    assert.deepEqual([walk.t0, walk.t1, walk.t2], [...tf.subarray(i * FIELD_COUNT, (i + 1) * FIELD_COUNT)]);
  }
  assert.equal(i, n);
  assert.ok(list.bytesHeld >= undecoded + n * (4 + FIELD_COUNT), 'every block decoded: room for every posting');
});

test('the scorers\' walks (accumulate) read blocks across chunks as one list', () => {
  const n = 50 * BLOCK;
  const { list, docs, tf, lens } = makeList(n, 100_000, 11);
  const nm = norms(0.75);
  // decode every other block first, so neighbouring blocks land in different chunks
  for (let b = 1; b < list.blocks; b += 2) list.ensure(b);
  const acc = new Float64Array(100_000);
  const hit = new Int32Array(100_000 / 32 + 1);
  new PostingCursor(list).withX(nm, lens).accumulate(100_000, 2, 1.2, 0, acc, hit);
  for (let i = 0; i < n; i++) {
    const d = docs[i]!;
    let x = 0;
    for (let f = 0; f < FIELD_COUNT; f++) {
      const c = tf[i * FIELD_COUNT + f]!;
      if (c) x += (nm.boosts[f]! * c) / (nm.c0[f]! + nm.c1[f]! * lens[f]![d]!);
    }
    assert.equal(acc[d], (2 * x) / (1.2 + x), `posting ${i}`);
    assert.equal((hit[d >> 5]! >>> (d & 31)) & 1, 1);
  }
});

test('block bounds are computed once for the same norms and again for others', () => {
  const { list } = makeList(10 * BLOCK, 50_000, 3);
  const a = list.blockBounds(norms(0.75));
  assert.equal(list.blockBounds(norms(0.75)), a, 'equal norms (another object): the same bounds');
  assert.deepEqual([...a], Array.from({ length: list.blocks }, (_, b) => list.blockBound(b, norms(0.75))));
  const other = list.blockBounds(norms(0.5));
  assert.notEqual(other, a);
  assert.deepEqual([...other], Array.from({ length: list.blocks }, (_, b) => list.blockBound(b, norms(0.5))));
});

test('the posting cache counts what its lists hold as they decode, and evicts on growth', () => {
  const lists = [1, 2, 3].map((s) => makeList(64 * BLOCK, 100_000, s).list);
  const undecoded = lists[0]!.bytesHeld;
  const cache = new PostingCache(undecoded * 3 + 64 * BLOCK * (4 + FIELD_COUNT));
  lists.forEach((l, i) => cache.put(1, i, l));
  assert.equal(cache.held, lists.reduce((s, l) => s + l.bytesHeld, 0));
  // the oldest list grows past the budget: it stays counted until evicted, then is dropped
  for (let b = 0; b < 32; b++) lists[1]!.ensure(b);
  assert.equal(cache.held, lists.reduce((s, l) => s + l.bytesHeld, 0));
  for (let b = 0; b < lists[2]!.blocks; b++) lists[2]!.ensure(b);
  assert.equal(cache.get(1, 0), undefined, 'the least recently used list went');
  assert.ok(cache.held <= undecoded * 3 + 64 * BLOCK * (4 + FIELD_COUNT), `${cache.held} held`);
  // an evicted list that grows no longer counts
  const before = cache.held;
  for (let b = 0; b < lists[0]!.blocks; b++) lists[0]!.ensure(b);
  assert.equal(cache.held, before);
  // a smaller budget evicts at once
  cache.limit = undecoded;
  assert.ok(cache.held <= undecoded, `${cache.held} held under a budget of ${undecoded}`);
});

/** x of posting `i` of a list made by makeList, for norms `nm` (fieldPart's sum, written out). */
function xOfPosting(i: number, docs: number[], tf: Uint8Array, lens: Uint32Array[], nm: FieldNorms): number {
  let x = 0;
  for (let f = 0; f < FIELD_COUNT; f++) {
    const c = tf[i * FIELD_COUNT + f]!;
    if (c) x += (nm.boosts[f]! * c) / (nm.c0[f]! + nm.c1[f]! * lens[f]![docs[i]!]!);
  }
  return x;
}

/** What a scoring cursor's walk over the whole list adds per document (W 2, k1 1.2). */
function walk(list: PostingList, nm: FieldNorms, lens: Uint32Array[], maxDoc: number): Float64Array {
  const acc = new Float64Array(maxDoc);
  new PostingCursor(list).withX(nm, lens).accumulate(maxDoc, 2, 1.2, 0, acc, new Int32Array((maxDoc >> 5) + 1));
  return acc;
}

test('a list\'s cached xs are read again for the same norms and cleared when the norms (the corpus statistics) change', () => {
  const n = 20 * BLOCK + 5;
  const { list, docs, tf, lens } = makeList(n, 60_000, 5);
  const expect = (nm: FieldNorms, acc: Float64Array, what: string, ls = lens): void => {
    for (let i = 0; i < n; i++) {
      const x = xOfPosting(i, docs, tf, ls, nm);
      assert.equal(acc[docs[i]!], (2 * x) / (1.2 + x), `${what}: posting ${i}`);
    }
  };
  expect(norms(0.75), walk(list, norms(0.75), lens, 60_000), 'first walk');
  assert.ok(list.xHeld >= n * 8, `xs kept: ${list.xHeld} bytes`);
  const epoch = list.xEpoch;
  expect(norms(0.75), walk(list, norms(0.75), lens, 60_000), 'equal norms, another object');
  assert.equal(list.xEpoch, epoch, 'equal norms keep the xs');
  expect(norms(0.4), walk(list, norms(0.4), lens, 60_000), 'other norms');
  assert.notEqual(list.xEpoch, epoch);
  // other field lengths (another segment's, in principle) clear them too
  const longer = lens.map((l) => l.map((v) => v + 7));
  expect(norms(0.4), walk(list, norms(0.4), longer, 60_000), 'other lengths', longer);
});

test('a scoring cursor whose list moved to other norms under it computes its own xs again', () => {
  const n = 12 * BLOCK;
  const { list, docs, tf, lens } = makeList(n, 40_000, 9);
  const a = new PostingCursor(list).withX(norms(0.75), lens);
  a.advance(docs[3 * BLOCK + 1]!);
  assert.equal(a.x(), xOfPosting(3 * BLOCK + 1, docs, tf, lens, norms(0.75)));
  // another query (other statistics) walks the whole list
  walk(list, norms(0.3), lens, 40_000);
  a.advance(docs[9 * BLOCK + 2]!);
  assert.equal(a.x(), xOfPosting(9 * BLOCK + 2, docs, tf, lens, norms(0.75)), 'the cursor entered a new block: its own norms');
  // the look-ups of candidates (addFound) read the same xs
  const cand = Int32Array.from([docs[10 * BLOCK]!, docs[10 * BLOCK]! + 1, docs[11 * BLOCK + 7]!].map((d) => d - docs[10 * BLOCK]!));
  const acc = new Float64Array(40_000);
  a.addFound(cand, cand.length, docs[10 * BLOCK]!, 2, 1.2, acc);
  for (const i of [10 * BLOCK, 11 * BLOCK + 7]) {
    const x = xOfPosting(i, docs, tf, lens, norms(0.75));
    assert.equal(acc[docs[i]! - docs[10 * BLOCK]!], (2 * x) / (1.2 + x), `posting ${i}`);
  }
  assert.equal(a.scored, 2, 'a candidate the list does not hold adds nothing');
});

test('the cache keeps the xs within their own budget, least recently used dropped first, and they read back right', () => {
  const made = [1, 2, 3, 4].map((s) => makeList(48 * BLOCK, 100_000, 20 + s));
  const chunkBytes = 16 * BLOCK * 8;
  // room for the xs of about two lists (three chunks each)
  const cache = new PostingCache(2 ** 30, 7 * chunkBytes);
  made.forEach((m, i) => cache.put(1, i, m.list));
  const nm = norms(0.75);
  for (const m of made) {
    walk(m.list, nm, m.lens, 100_000);
    assert.equal(cache.xHeld - cache.xSpare, made.reduce((s, o) => s + o.list.xHeld, 0), 'counted as they grow');
    assert.ok(cache.xHeld <= 7 * chunkBytes, `${cache.xHeld} bytes of xs and spares`);
  }
  assert.equal(made[0]!.list.xHeld, 0, 'the list whose xs were used first lost them');
  assert.ok(made[3]!.list.xHeld > 0, 'the last one used kept them');
  assert.ok(made[0]!.list.bytesHeld > 48 * BLOCK * (4 + FIELD_COUNT), 'and kept its decoded postings');
  // a list whose xs went computes them again, in arrays other lists gave back
  for (const m of [made[0]!, made[1]!]) {
    const acc = walk(m.list, norms(0.5), m.lens, 100_000);
    for (let i = 0; i < m.docs.length; i += 37) {
      const x = xOfPosting(i, m.docs, m.tf, m.lens, norms(0.5));
      assert.equal(acc[m.docs[i]!], (2 * x) / (1.2 + x), `posting ${i}`);
    }
  }
  assert.equal(cache.xHeld - cache.xSpare, made.reduce((s, o) => s + o.list.xHeld, 0));
  assert.ok(cache.xHeld <= 7 * chunkBytes, `${cache.xHeld} bytes of xs and spares`);
  // a smaller budget drops xs at once; a list the cache drops takes its xs with it
  cache.xLimit = 2 * chunkBytes;
  assert.ok(cache.xHeld <= 2 * chunkBytes, `${cache.xHeld} bytes of xs under a budget of ${2 * chunkBytes}`);
  cache.limit = 0;
  assert.equal(made.reduce((s, o) => s + o.list.xHeld, 0), 0);
  assert.ok(cache.xHeld <= chunkBytes / 2, `only spares left: ${cache.xHeld} bytes`);
});

test('a scaled cache\'s budgets grow with the postings files of the segments it holds lists of, shrink when they are forgotten, and stay once set', () => {
  const lists = (seed: number): PostingList[] => [0, 1, 2, 3].map((s) => makeList(16 * BLOCK, 100_000, seed + s).list);
  const one = lists(40)[0]!.bytesHeld;
  // room for three lists of four at the floor
  const floor = 3 * one + 64;
  const xFloor = 1000;
  // a cache of fixed budgets evicts the first list of four
  const fixed = new PostingCache(floor, xFloor);
  lists(40).forEach((l, i) => fixed.put(1, i, l, floor));
  assert.equal(fixed.limit, floor);
  assert.equal(fixed.get(1, 0), undefined);
  // a scaled one counts segment 1's postings file once and keeps all four
  const cache = new PostingCache(floor, xFloor, { lists: true, xs: true });
  assert.equal(cache.limit, floor);
  assert.equal(cache.xLimit, xFloor);
  const kept = lists(40);
  kept.forEach((l, i) => cache.put(1, i, l, floor));
  assert.equal(cache.storePostingBytes, floor);
  assert.equal(cache.limit, LIST_PER_POSTING_BYTE * floor);
  assert.equal(cache.xLimit, XS_PER_POSTING_BYTE * floor);
  for (let i = 0; i < 4; i++) assert.ok(cache.get(1, i), `list ${i} kept`);
  assert.equal(cache.held, kept.reduce((n, l) => n + l.bytesHeld, 0));
  // a second segment adds its file once, however many of its lists come in
  lists(50).forEach((l, i) => cache.put(2, i, l, 2 * floor));
  assert.equal(cache.storePostingBytes, 3 * floor);
  assert.equal(cache.limit, LIST_PER_POSTING_BYTE * 3 * floor);
  // forgotten (closed), it takes its bytes away again, and a smaller budget evicts at once
  cache.forget(2);
  assert.equal(cache.limit, LIST_PER_POSTING_BYTE * floor);
  cache.forget(1);
  assert.equal(cache.storePostingBytes, 0);
  assert.equal(cache.limit, floor);
  assert.equal(cache.xLimit, xFloor);
  lists(60).forEach((l, i) => cache.put(3, i, l, 10 * floor));
  cache.forget(3);
  assert.equal(cache.held, 0);
  // a budget that was set stays (the probes compare budgets); the other still scales
  cache.limit = floor;
  lists(70).forEach((l, i) => cache.put(4, i, l, 10 * floor));
  assert.equal(cache.limit, floor);
  assert.ok(cache.held <= floor, `${cache.held} held under a set budget of ${floor}`);
  assert.equal(cache.xLimit, XS_PER_POSTING_BYTE * 10 * floor);
});

test('a ceiling holds a scaled cache\'s budgets together below it, in proportion, never below the floors', () => {
  const floor = 1000;
  const xFloor = 700;
  const cache = new PostingCache(floor, xFloor, { lists: true, xs: true });
  const { list } = makeList(16 * BLOCK, 100_000, 90);
  cache.put(1, 0, list, 100_000);
  assert.equal(cache.limit, LIST_PER_POSTING_BYTE * 100_000);
  // half of what the store asks for: both budgets halve
  const asked = (LIST_PER_POSTING_BYTE + XS_PER_POSTING_BYTE) * 100_000;
  cache.ceiling = asked / 2;
  assert.equal(cache.limit, (LIST_PER_POSTING_BYTE * 100_000) / 2);
  assert.equal(cache.xLimit, (XS_PER_POSTING_BYTE * 100_000) / 2);
  assert.ok(cache.limit + cache.xLimit <= asked / 2 + 1e-6);
  // a ceiling below the floors leaves the floors
  cache.ceiling = 10;
  assert.equal(cache.limit, floor);
  assert.equal(cache.xLimit, xFloor);
  // no ceiling: what the store asks for
  cache.ceiling = Infinity;
  assert.equal(cache.limit, LIST_PER_POSTING_BYTE * 100_000);
});
