/**
 * Crash safety on a real folder: a writer killed with SIGKILL while it merges segments leaves
 * the last committed store, complete and searchable, and the next writer clears what the dead
 * one left behind. Also: a reader keeps reading the segments it opened after a writer merged
 * them away and deleted their files.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPassageIndex, loadPassageIndex } from '../../../src/core/index/index';
import { createFsStorage } from '../../../src/node/fsStorage';
import { recordingLogger, syntheticCorpus } from './helpers';

const noMerge = { mergePolicy: { factor: 1000 } };
const liveIds = (index: { all(): Iterable<{ id: string; text: string }> }): string => JSON.stringify([...index.all()].map((p) => `${p.id}:${p.text.length}`).sort());
const queries = ['licence renewal', 'plugin config secret', 'veteran pension payment', 'tax refund online form', 'student loan grant appeal'];

/** A store of `segments` committed segments (no merges yet), and its answers to the queries. */
async function storeOf(dir: string, segments: number, perSegment: number): Promise<{ answers: string[]; size: number; ids: string }> {
  const storage = createFsStorage(dir);
  const index = createPassageIndex({ storage, ...noMerge });
  const all = syntheticCorpus(segments * perSegment, 4, 21);
  for (let s = 0; s < segments; s++) {
    await index.add(all.slice(s * perSegment * 4, (s + 1) * perSegment * 4));
    await index.save(storage, { round: s });
  }
  // some deletions, so the merge has dead passages to drop
  for (let f = 0; f < segments * perSegment; f += 17) await index.removeByPath(`dir${f % 5}/file${f}.md`);
  await index.save(storage, { round: 'last' });
  const answers = queries.map((q) => JSON.stringify(index.search(q, { k: 10 }).map((h) => h.passage.id)));
  const size = index.size;
  const ids = liveIds(index);
  await index.close();
  return { answers, size, ids };
}

test('a writer killed (SIGKILL) while merging leaves the last committed store, and the next writer cleans up', async (t) => {
  const root = mkdtempSync(path.join(tmpdir(), 'verity-crash-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const child = path.join(__dirname, 'fixtures', 'mergeChild.ts');
  let midway = 0;
  for (const delay of [0, 20, 60, 120, 250, 400]) {
    const dir = path.join(root, `d${delay}`);
    const { size, ids } = await storeOf(dir, 9, 120);
    const proc = spawn(process.execPath, ['--import', 'tsx', child, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let exited = false;
    proc.stdout.on('data', (b: Buffer) => (out += b.toString()));
    const gone = new Promise<void>((resolve) => proc.on('exit', () => ((exited = true), resolve())));
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (out.includes('merging') || exited) {
          clearInterval(poll);
          resolve();
        }
      }, 2);
    });
    await new Promise((r) => setTimeout(r, delay));
    if (!out.includes('done')) {
      midway++;
      proc.kill('SIGKILL');
    }
    await gone;
    // whatever the moment: the store opens with the same live passages (merges that committed
    // before the kill dropped dead passages from the statistics, so scores may differ), and its
    // search agrees with exhaustive scoring of what it holds
    const log = recordingLogger();
    const loaded = await loadPassageIndex(createFsStorage(dir), undefined, log);
    assert.ok(loaded, `killed ${delay} ms into the merge: ${log.lines.join('; ')}`);
    assert.equal(loaded.index.size, size, `killed ${delay} ms in`);
    assert.equal(liveIds(loaded.index), ids, `killed ${delay} ms in`);
    for (const q of queries) {
      const ranked = (o: object): string[] => loaded.index.search(q, { k: 10, ...o }).map((h) => h.passage.id);
      assert.deepEqual(ranked({}), ranked({ exhaustive: true }), `killed ${delay} ms in: ${q}`);
    }
    // opening as a writer swept the segment files the killed merge had committed nowhere, and
    // its first write sweeps the dead writer's temp files: only what the manifest names remains
    const files = readdirSync(dir).filter((f) => f.startsWith('seg-') && !f.endsWith('.tmp'));
    const segs = new Set(files.map((f) => f.replace(/(\.(seg|pst|fdt|dic)|-\d+\.del)$/, '')));
    assert.equal(segs.size, loaded.index.status().segments, `killed ${delay} ms in: ${files.join(' ')}`);
    await loaded.index.removeByPath('dir1/file1.md');
    await loaded.index.save(createFsStorage(dir), loaded.meta);
    assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith('.tmp')), [], `killed ${delay} ms in`);
    await loaded.index.close();
  }
  assert.ok(midway >= 3, `only ${midway} kills landed before the merge finished`);
});

test('a reader keeps reading the segments it opened after a writer merged them away and deleted their files', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'verity-reader-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const { answers } = await storeOf(dir, 6, 30);
  const reader = (await loadPassageIndex(createFsStorage(dir), undefined, recordingLogger()))!;
  const before = new Set(readdirSync(dir));
  const writer = (await loadPassageIndex(createFsStorage(dir), { mergePolicy: { factor: 2, floor: 10 } }, recordingLogger()))!;
  await writer.index.save(createFsStorage(dir), writer.meta);
  assert.ok(writer.index.status().segments < 6);
  assert.ok([...before].some((f) => f.endsWith('.pst') && !readdirSync(dir).includes(f)), 'merged-away files were deleted');
  // the reader still holds them open: its searches and passage reads work as before
  assert.deepEqual(
    queries.map((q) => JSON.stringify(reader.index.search(q, { k: 10 }).map((h) => h.passage.id))),
    answers,
  );
  assert.equal([...reader.index.all()].length, reader.index.size);
  await reader.index.close();
  await writer.index.close();
});
