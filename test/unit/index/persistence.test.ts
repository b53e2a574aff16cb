import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPassageIndex, INDEX_FORMAT_VERSION, loadPassageIndex } from '../../../src/core/index/index';
import { MemoryStorage, recordingLogger, syntheticCorpus, VOCABULARY } from './helpers';

const MANIFEST = 'index-manifest.json';
const queries = ['licence renewal', 'plugin config secret', 'veteran pension payment', 'tax refund online form'];

async function savedIndex(shards = 4) {
  const passages = syntheticCorpus(30, 4);
  const index = createPassageIndex({ shards });
  await index.add(passages);
  const storage = new MemoryStorage();
  await index.save(storage, { files: ['a'] });
  return { index, storage, passages };
}

test('round trip: same passages, same results, meta back', async () => {
  const { index, storage } = await savedIndex();
  const log = recordingLogger();
  const loaded = await loadPassageIndex(storage, undefined, log);
  assert.ok(loaded);
  assert.deepEqual(loaded.meta, { files: ['a'] });
  assert.equal(loaded.index.size, index.size);
  for (const q of queries) assert.deepEqual(loaded.index.search(q, { k: 10 }), index.search(q, { k: 10 }));
  assert.deepEqual(loaded.index.termStats().df('licenc'), index.termStats().df('licenc'));
  // the loaded index stays incremental
  const removed = await loaded.index.removeByPath('dir0/file0.md');
  assert.equal(removed, 4);
  assert.equal(loaded.index.passagesOf('dir0/file0.md').length, 0);
});

test('only dirty shards are rewritten; the manifest is written last; stale shard files go', async () => {
  const { index, storage } = await savedIndex(4);
  assert.equal(storage.writes.at(-1), MANIFEST);
  assert.equal(storage.writes.length, 5);
  storage.writes = [];
  await index.removeByPath('dir3/file3.md');
  await index.save(storage, null);
  assert.equal(storage.writes.length, 2, `one shard + manifest, got ${storage.writes.join(', ')}`);
  assert.equal(storage.writes[1], MANIFEST);
  const shardFiles = (await storage.list()).filter((n) => n.startsWith('index-shard-'));
  assert.equal(shardFiles.length, 4);
  const loaded = await loadPassageIndex(storage, undefined, recordingLogger());
  assert.equal(loaded?.index.size, index.size);
});

test('missing snapshot → undefined with a log line', async () => {
  const log = recordingLogger();
  assert.equal(await loadPassageIndex(new MemoryStorage(), undefined, log), undefined);
  assert.equal(log.lines.length, 1);
});

test('corrupt manifest or corrupt shard → undefined with a log line, never a throw', async () => {
  const { storage } = await savedIndex();
  const bad = new MemoryStorage();
  for (const [k, v] of storage.files) bad.files.set(k, v);
  bad.files.set(MANIFEST, new TextEncoder().encode('{"format": 1, "shar'));
  let log = recordingLogger();
  assert.equal(await loadPassageIndex(bad, undefined, log), undefined);
  assert.match(log.lines.join('\n'), /corrupt/);

  // a shard whose bytes were damaged but whose manifest hash was updated to match: the decoder catches it
  const { storage: s2 } = await savedIndex();
  const manifest = JSON.parse(new TextDecoder().decode(s2.files.get(MANIFEST)!)) as { shards: Array<{ file: string; hash: string; bytes: number }> };
  const entry = manifest.shards[0]!;
  const bytes = s2.files.get(entry.file)!;
  bytes.fill(0xff, 12, 40);
  const { contentHash } = await import('../../../src/core/index/snapshot');
  entry.hash = contentHash(bytes);
  s2.files.set(MANIFEST, new TextEncoder().encode(JSON.stringify(manifest)));
  log = recordingLogger();
  assert.equal(await loadPassageIndex(s2, undefined, log), undefined);
  assert.match(log.lines.join('\n'), /corrupt/);
});

test('half-written snapshot is detected: manifest missing, shard missing, shard not matching its hash', async () => {
  // killed before the manifest: shard files exist, no manifest
  const { storage } = await savedIndex();
  const noManifest = new MemoryStorage();
  for (const [k, v] of storage.files) if (k !== MANIFEST) noManifest.files.set(k, v);
  assert.equal(await loadPassageIndex(noManifest, undefined, recordingLogger()), undefined);

  const missing = new MemoryStorage();
  for (const [k, v] of storage.files) missing.files.set(k, v);
  const shardName = [...missing.files.keys()].find((n) => n.startsWith('index-shard-'))!;
  missing.files.delete(shardName);
  let log = recordingLogger();
  assert.equal(await loadPassageIndex(missing, undefined, log), undefined);
  assert.match(log.lines.join('\n'), /missing/);

  const truncated = new MemoryStorage();
  for (const [k, v] of storage.files) truncated.files.set(k, v);
  truncated.files.set(shardName, storage.files.get(shardName)!.slice(0, 100));
  log = recordingLogger();
  assert.equal(await loadPassageIndex(truncated, undefined, log), undefined);
  assert.match(log.lines.join('\n'), /does not match/);
});

test('a save killed midway leaves the previous snapshot loadable', async () => {
  const { index, storage } = await savedIndex(4);
  const before = index.search('licence renewal', { k: 5 });
  const extra = syntheticCorpus(40, 2, 99).map((p) => ({ ...p, path: `new/${p.path}`, id: `n${p.id}` }));
  await index.add(extra);
  storage.writes = [];
  storage.failAfterWrites = 2; // dies after two shard files, before the manifest
  await assert.rejects(index.save(storage, { v: 2 }));
  const loaded = await loadPassageIndex(storage, undefined, recordingLogger());
  assert.ok(loaded, 'old manifest still names complete, unchanged shard files');
  assert.deepEqual(loaded.meta, { files: ['a'] });
  assert.deepEqual(loaded.index.search('licence renewal', { k: 5 }).map((h) => h.passage.id), before.map((h) => h.passage.id));
});

test('old format version → undefined (rebuild) with a log line', async () => {
  const { storage } = await savedIndex();
  const m = JSON.parse(new TextDecoder().decode(storage.files.get(MANIFEST)!)) as { format: number };
  m.format = INDEX_FORMAT_VERSION - 1;
  storage.files.set(MANIFEST, new TextEncoder().encode(JSON.stringify(m)));
  const log = recordingLogger();
  assert.equal(await loadPassageIndex(storage, undefined, log), undefined);
  assert.match(log.lines.join('\n'), /format/);
});

test('vocabulary survives a round trip after removals (ids renumbered densely)', async () => {
  const { index, storage } = await savedIndex(2);
  for (let f = 0; f < 30; f += 3) await index.removeByPath(`dir${f % 5}/file${f}.md`);
  await index.save(storage, null);
  const loaded = (await loadPassageIndex(storage, undefined, recordingLogger()))!;
  for (const w of VOCABULARY.slice(0, 10)) assert.deepEqual(loaded.index.search(w, { k: 20 }), index.search(w, { k: 20 }));
  assert.equal(loaded.index.termStats().docCount, index.termStats().docCount);
});
