import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPassageIndex, loadPassageIndex } from '../../../src/core/index/index';
import { MemoryStorage, passage, recordingLogger } from './helpers';

/** Deterministic "embeddings": a one-hot-ish vector per topic. */
const vec = (topic: number): number[] => Array.from({ length: 8 }, (_, i) => (i === topic ? 1 : 0.05));

test('hybrid search mixes BM25 and vector scores; weight 0 is text-only, 1 is vector-only', async () => {
  const ps = [
    passage('a.md', 0, 'Renew your licence online.'),
    passage('b.md', 0, 'Licence fees and licence renewal costs.'),
    passage('c.md', 0, 'Opening hours of the service centre.'),
  ];
  const index = createPassageIndex();
  assert.equal(index.hasVectors(), false);
  await index.add(ps, { vectors: new Map([[ps[0]!.id, vec(0)], [ps[1]!.id, vec(1)], [ps[2]!.id, vec(2)]]) });
  assert.equal(index.hasVectors(), true);
  const textOnly = index.search('licence', { k: 3, vector: vec(2), hybridWeight: 0 });
  assert.equal(textOnly[0]!.passage.path, 'b.md');
  const vectorOnly = index.search('licence', { k: 3, vector: vec(2), hybridWeight: 1 });
  assert.equal(vectorOnly[0]!.passage.path, 'c.md');
  const mixed = index.search('licence', { k: 3, vector: vec(0) });
  assert.equal(mixed[0]!.passage.path, 'a.md', 'vector agreement lifts the passage the text ranked second');
  assert.deepEqual(index.search('licence', { k: 3, vector: vec(2), hybridWeight: 1, pathPrefix: 'a' }).map((h) => h.passage.path), ['a.md']);

  const storage = new MemoryStorage();
  await index.save(storage, null);
  const loaded = (await loadPassageIndex(storage, undefined, recordingLogger()))!;
  assert.equal(loaded.index.hasVectors(), true);
  assert.deepEqual(loaded.index.search('licence', { k: 3, vector: vec(0) }), mixed);
});
