import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPassageIndex, loadPassageIndex } from '../../../src/core/index/index';
import { mergeSegments } from '../../../src/core/index/merge';
import type { SegmentIndex } from '../../../src/core/index/passageIndex';
import type { FileRecord } from '../../../src/core/types';
import { MemoryStorage, passage, recordingLogger, rng, syntheticCorpus, VOCABULARY } from './helpers';

function randomQueries(n: number, seed = 3): string[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => Array.from({ length: 1 + Math.floor(r() * 6) }, () => VOCABULARY[Math.floor(r() * VOCABULARY.length)]!).join(' '));
}

const ranked = (hits: Array<{ passage: { id: string }; score: number }>) => hits.map((h) => [h.passage.id, h.score]);

test('many segments, one buffer and exhaustive scoring rank alike (ids, order, scores), also after removals', async () => {
  const passages = syntheticCorpus(60, 5);
  const buffered = createPassageIndex();
  const segmented = createPassageIndex({ flushPostings: 1500, batchSize: 25 });
  await buffered.add(passages);
  await segmented.add(passages);
  assert.equal(buffered.status().segments, 0);
  assert.ok(segmented.status().segments >= 4, `${segmented.status().segments} segments`);
  for (const q of randomQueries(60)) {
    const a = ranked(buffered.search(q, { k: 10 }));
    assert.deepEqual(ranked(segmented.search(q, { k: 10 })), a, q);
    assert.deepEqual(ranked(segmented.search(q, { k: 10, exhaustive: true })), a, q);
  }
  for (let f = 0; f < 60; f += 4) {
    await buffered.removeByPath(`dir${f % 5}/file${f}.md`);
    await segmented.removeByPath(`dir${f % 5}/file${f}.md`);
  }
  for (const w of VOCABULARY) assert.deepEqual(ranked(segmented.search(w, { k: 8 })), ranked(buffered.search(w, { k: 8 })), w);
});

test('when new passages change the corpus statistics, the segments score with the new ones, not the xs their lists kept', async () => {
  const index = createPassageIndex({ flushPostings: 1500, batchSize: 25 });
  await index.add(syntheticCorpus(60, 5));
  const before = new Map(VOCABULARY.map((w) => [w, new Map(ranked(index.search(w, { k: 8 })) as Array<[string, number]>)]));
  // long passages: the average lengths grow, so every length norm changes
  const long = Array.from({ length: 40 }, (_, i) => passage(`added/file${i}.md`, 0, Array.from({ length: 400 }, (_, w) => VOCABULARY[(i * 7 + w) % VOCABULARY.length]!).join(' ')));
  await index.add(long);
  let moved = 0;
  for (const w of VOCABULARY) {
    const after = ranked(index.search(w, { k: 8 }));
    assert.deepEqual(after, ranked(index.search(w, { k: 8, exhaustive: true })), w);
    for (const [id, score] of after as Array<[string, number]>) {
      const was = before.get(w)!.get(id);
      if (was !== undefined && was !== score) moved++;
    }
  }
  assert.ok(moved > 0, 'the statistics changed the scores of passages ranked before and after');
});

test('small commits merge by size tiers; merged away files go; a fully merged index scores like a fresh one', async () => {
  const storage = new MemoryStorage();
  const index = createPassageIndex({ mergePolicy: { factor: 3, floor: 10 } });
  const all = syntheticCorpus(40, 3, 11);
  for (let f = 0; f < 40; f++) {
    await index.add(all.slice(f * 3, f * 3 + 3));
    await index.save(storage, null);
  }
  assert.ok(index.status().segments <= 6, `${index.status().segments} segments after 40 commits`);
  const names = new Set((await storage.list()).filter((n) => n.endsWith('.seg')).map((n) => n.slice(0, -4)));
  assert.equal(names.size, index.status().segments, 'only the segments in the manifest are on disk');
  // edit a third of the files: their old passages die, the statistics keep them until merged
  for (let f = 0; f < 40; f += 3) {
    await index.removeByPath(`dir${f % 5}/file${f}.md`);
    await index.add(all.slice(f * 3, f * 3 + 3).map((p) => ({ ...p, id: `${p.id}.v2`, text: `${p.text} revised` })));
  }
  await index.save(storage, null);
  const live = [...index.all()];
  const fresh = createPassageIndex();
  await fresh.add(live);
  // merge everything into one segment: dead passages leave the statistics
  const seg = index as SegmentIndex;
  const install = await mergeSegments(seg.set, [...seg.set.segments], undefined, seg.set.nextName());
  install();
  assert.equal(index.status().segments, 1);
  assert.equal(index.termStats().docCount, live.length);
  for (const q of randomQueries(40, 5)) assert.deepEqual(ranked(index.search(q, { k: 10 })), ranked(fresh.search(q, { k: 10 })), q);
});

test('passages deleted while a merge runs stay deleted in the merged segment', async () => {
  const index = createPassageIndex({ flushPostings: 800, batchSize: 10 }) as SegmentIndex;
  await index.add(syntheticCorpus(20, 4, 5));
  const inputs = [...index.set.segments];
  assert.ok(inputs.length >= 2);
  const install = await mergeSegments(index.set, inputs, undefined, index.set.nextName());
  // the merge is written; now an edit lands before it is installed
  assert.equal(await index.removeByPath('dir2/file2.md'), 4);
  install();
  assert.equal(index.status().segments, 1);
  assert.equal(index.passagesOf('dir2/file2.md').length, 0);
  assert.equal(index.size, 76);
  assert.ok(index.search('licence renewal', { k: 80 }).every((h) => h.passage.path !== 'dir2/file2.md'));
});

test('file records are kept with the passages: set, replaced, dropped, merged and reloaded', async () => {
  const rec = (path: string, hash: string): FileRecord => ({ path, kind: 'md', hash, size: 10, mtime: 1, state: 'indexed', passages: 1 });
  const storage = new MemoryStorage();
  const index = createPassageIndex({ mergePolicy: { factor: 2, floor: 1 } });
  for (let i = 0; i < 6; i++) {
    index.setFile(rec(`f${i}.md`, 'a'));
    await index.add([passage(`f${i}.md`, 0, `text number ${i}`)]);
    await index.save(storage, null);
  }
  index.setFile(rec('f1.md', 'b'));
  index.dropFile('f2.md');
  index.setFile({ ...rec('skipped.pdf', 'c'), kind: 'pdf', state: 'skipped', reason: 'PDF_ENCRYPTED', passages: 0 });
  await index.save(storage, null);
  const expect = ['f0.md:a', 'f1.md:b', 'f3.md:a', 'f4.md:a', 'f5.md:a', 'skipped.pdf:c'];
  const show = (rs: FileRecord[]) => rs.map((r) => `${r.path}:${r.hash}`).sort();
  assert.deepEqual(show(index.fileRecords()), expect);
  const loaded = (await loadPassageIndex(storage, undefined, recordingLogger()))!;
  assert.deepEqual(show(loaded.index.fileRecords()), expect);
});

test('Orama runs the search: the components answer Orama\'s own calls', async () => {
  const { search, getByID, count } = await import('@orama/orama');
  const index = createPassageIndex({ flushPostings: 300, batchSize: 5 }) as SegmentIndex;
  const ps = syntheticCorpus(10, 3);
  await index.add(ps);
  const db = (index as unknown as { db: Parameters<typeof search>[0] }).db;
  const res = (await search(db, { term: 'licence renewal', limit: 5 })) as { hits: Array<{ id: string; document: { id: string } }> };
  assert.deepEqual(res.hits.map((h) => h.id), index.search('licence renewal', { k: 5, phrase: false }).map((h) => h.passage.id));
  assert.ok(res.hits.every((h) => h.document.id === h.id));
  assert.equal(count(db), 30);
  assert.equal((getByID(db, ps[4]!.id) as { text: string } | undefined)?.text, ps[4]!.text);
  const filtered = (await search(db, { term: 'licence', where: { path: 'dir1/' }, limit: 50 })) as { hits: Array<{ document: { path: string } }> };
  assert.ok(filtered.hits.length > 0 && filtered.hits.every((h) => h.document.path.startsWith('dir1/')));
  const { insert } = await import('@orama/orama');
  assert.throws(() => insert(db, ps[0] as never), /writes its segments itself/);
});
