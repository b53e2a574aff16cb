import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IdFilter } from '../../../src/core/index/idFilter';
import { idKey } from '../../../src/core/index/idKey';
import { hashString } from '../../../src/core/hash';
import { createPassageIndex } from '../../../src/core/index/index';
import { MemoryStorage, passage, rng } from './helpers';

test('the id filter holds every key it was built from and rules out most others', () => {
  const r = rng(5);
  for (const docs of [0, 1, 7, 1000, 40_000]) {
    const held = Array.from({ length: docs }, (_, i) => idKey(i % 2 ? hashString(`p${i}`) : `other id ${i}`));
    const idHash = new Uint32Array(2 * docs + 6).fill(0xffffffff);
    held.forEach(([hi, lo], d) => idHash.set([hi, lo], 2 * d));
    const filter = new IdFilter(idHash, docs);
    held.forEach(([hi, lo], d) => assert.ok(filter.mayHold(hi, lo), `document ${d} of ${docs}`));
    let passed = 0;
    const tries = 20_000;
    for (let i = 0; i < tries; i++) if (filter.mayHold(Math.floor(r() * 2 ** 32), Math.floor(r() * 2 ** 32))) passed++;
    // ≥ 16 slots a document: about 1 in 16 or fewer absent keys pass (none with no documents)
    assert.ok(passed / tries < 0.09, `${passed} of ${tries} absent keys passed, ${docs} documents`);
    if (docs === 0) assert.equal(passed, 0);
  }
});

test('keys that differ in one half only are told apart', () => {
  const docs = 4096;
  const idHash = new Uint32Array(2 * docs);
  for (let d = 0; d < docs; d++) idHash.set([7, d], 2 * d);
  const filter = new IdFilter(idHash, docs);
  let passed = 0;
  for (let lo = docs; lo < 2 * docs; lo++) if (filter.mayHold(7, lo)) passed++;
  for (let hi = 8; hi < 8 + docs; hi++) if (filter.mayHold(hi, 0)) passed++;
  assert.ok(passed < 0.09 * 2 * docs, `${passed} of ${2 * docs}`);
});

test('re-adding passages replaces them in whichever segment holds them (the filter never hides a held id)', async () => {
  const storage = new MemoryStorage();
  const index = createPassageIndex({ storage, flushPostings: 600, batchSize: 25 });
  const ps = Array.from({ length: 600 }, (_, i) => passage(`f${i % 40}.md`, i, `first version ${i} of the licence renewal note number ${i * 7}`));
  await index.add(ps);
  await index.save(storage, null);
  assert.ok((index.status().segments ?? 0) > 3, `several segments: ${index.status().segments}`);
  await index.add(ps.map((p, i) => ({ ...p, text: `second version ${i} of the parking permit note` })));
  assert.equal(index.size, ps.length, 'each id replaced, none added twice');
  assert.deepEqual(index.search('licence renewal'), []);
  assert.equal(index.get(ps[123]!.id)?.text, 'second version 123 of the parking permit note');
});
