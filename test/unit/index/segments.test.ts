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

test('a segment wider than the scoring windows (a first narrow one, wider ones once the pool is full) ranks like exhaustive scoring, filtered or not', async () => {
  // 30,000 passages, of which ≈ 23,500 in one segment: maxScore.ts scores it in a window of 4,096
  // documents, then in windows of 16,384, the last one cut short by the segment's end
  const index = createPassageIndex({ flushPostings: 600_000, batchSize: 500 });
  const passages = syntheticCorpus(6000, 5);
  // a word of their own for passages at the windows' edges, each in a file of its own (a file in
  // the pool has its other passages scored apart: retrieve.ts); the segment numbers its documents
  // in the order they came
  const edges = [0, 4096, 20479, 20480];
  for (const i of edges) passages[i] = { ...passages[i]!, text: `${passages[i]!.text} quokka` };
  await index.add(passages);
  const st = index.status();
  assert.equal(st.segments, 1);
  assert.ok(st.passages - st.buffered > 4096 + 16384, `${st.passages - st.buffered} passages in the segment`);
  // with a common word, so that the pool fills in the first window and the wider ones follow
  const found = new Set(index.search(`quokka ${VOCABULARY[0]}`, { k: 10 }).map((h) => h.passage.id));
  for (const i of edges) assert.ok(found.has(passages[i]!.id), `passage ${i} not found`);
  const r = rng(17);
  for (let i = 0; i < 40; i++) {
    // long queries, as the product builds them: most of their terms are weak
    const q = Array.from({ length: 4 + Math.floor(r() * 14) }, () => VOCABULARY[Math.floor(r() ** 1.5 * VOCABULARY.length)]!).join(' ');
    for (const opts of [{}, { pathPrefix: `dir${i % 5}/` }]) {
      const fast = index.search(q, { k: 10, ...opts });
      assert.equal(fast.length, 10, q);
      assert.deepEqual(ranked(fast), ranked(index.search(q, { k: 10, exhaustive: true, ...opts })), `${q} ${JSON.stringify(opts)}`);
    }
  }
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
