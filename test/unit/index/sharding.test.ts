import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPassageIndex } from '../../../src/core/index/index';
import { rng, syntheticCorpus, VOCABULARY } from './helpers';

test('sharded search returns exactly the single index results (ids, order, scores)', async () => {
  const passages = syntheticCorpus(60, 5);
  const single = createPassageIndex({ shards: 1 });
  const sharded = createPassageIndex({ shards: 7 });
  await single.add(passages);
  await sharded.add(passages);
  const r = rng(3);
  for (let q = 0; q < 60; q++) {
    const words = Array.from({ length: 1 + Math.floor(r() * 6) }, () => VOCABULARY[Math.floor(r() * VOCABULARY.length)]!);
    const query = words.join(' ');
    const a = single.search(query, { k: 10 });
    const b = sharded.search(query, { k: 10 });
    assert.deepEqual(b.map((h) => [h.passage.id, h.score]), a.map((h) => [h.passage.id, h.score]), query);
  }
  // and after removals that touch only some shards
  for (let f = 0; f < 60; f += 4) {
    await single.removeByPath(`dir${f % 5}/file${f}.md`);
    await sharded.removeByPath(`dir${f % 5}/file${f}.md`);
  }
  for (const w of VOCABULARY) assert.deepEqual(sharded.search(w, { k: 8 }), single.search(w, { k: 8 }), w);
});
