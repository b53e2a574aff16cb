/**
 * Re-indexing a folder against a saved store, each run a fresh facade over the same store (as
 * each `verity index` is a fresh process): what is read again, what is kept, and the rule when a
 * file's date lies. Also the store's whole-file read and the workspace's stat that this path
 * leans on.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fsp, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVerity } from '../../../src/core/verity';
import { VerityError } from '../../../src/core/errors';
import type { PdfTextPort, WorkspacePort } from '../../../src/core/ports';
import { createFsStorage, readWhole } from '../../../src/node/fsStorage';
import { createFsWorkspace } from '../../../src/node/fsWorkspace';

const noPdf: PdfTextPort = {
  async extract() {
    throw new VerityError('PDF_ENCRYPTED', 'encrypted PDF — needs a password');
  },
};

function tempDir(t: { after: (fn: () => void) => void }, prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const T0 = new Date('2026-01-05T10:00:00Z');
const doc = (topic: string, detail: string): string => `# ${topic}\n\nThe ${topic} office handles ${detail} for every resident of the district.\n`;

/** The folder's workspace, counting the files it reads; `beforeStat` runs before each stat. */
function counting(dir: string, hooks: { beforeStat?: (rel: string) => void } = {}): WorkspacePort & { reads: string[] } {
  const inner = createFsWorkspace(dir);
  const reads: string[] = [];
  return {
    reads,
    listFiles: (s) => inner.listFiles(s),
    listProblems: () => inner.listProblems?.() ?? [],
    stat: (rel) => {
      hooks.beforeStat?.(rel);
      return inner.stat(rel);
    },
    readFile: (rel) => {
      reads.push(rel);
      return inner.readFile(rel);
    },
  };
}

/** A fresh facade over the saved store (what one `verity index` run is), indexing once. */
async function run(dir: string, store: string, hooks: { beforeStat?: (rel: string) => void; force?: boolean } = {}) {
  const workspace = counting(dir, hooks);
  const v = createVerity({ workspace, pdf: noPdf, storage: createFsStorage(store) });
  const loaded = await v.load();
  const summary = await v.indexWorkspace({ force: hooks.force });
  const ids = async (q: string, file: string) => (await v.search(q, { k: 20 })).filter((h) => h.passage.path === file).map((h) => h.passage.id);
  return { v, loaded, summary, reads: workspace.reads, ids };
}

test('a re-index reads only files whose size or date changed; the content hash decides what is replaced', async (t) => {
  const dir = tempDir(t, 'verity-reindex-ws-');
  const store = tempDir(t, 'verity-reindex-store-');
  const files: Record<string, string> = {
    'a/parking.md': doc('parking', 'permits and fines'),
    'a/library.md': doc('library', 'loans and late fees'),
    'b/water.md': doc('water', 'meter readings and leaks'),
    'b/waste.md': doc('waste', 'bin collection and recycling'),
  };
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), body);
    // whole seconds, so that a date put back below is the very same date
    utimesSync(path.join(dir, rel), T0, T0);
  }
  const first = await run(dir, store);
  assert.equal(first.loaded, false);
  assert.equal(first.summary.indexed, 4);
  assert.equal(first.reads.length, 4);

  // nothing changed: every file is taken on its size and date, none is read
  const second = await run(dir, store);
  assert.equal(second.loaded, true);
  assert.deepEqual(second.reads, []);
  assert.equal(second.summary.unchanged, 4);
  const libraryIds = await second.ids('library loans late fees', 'a/library.md');
  assert.ok(libraryIds.length > 0);

  // one edit: that file is read and its passages replaced; the others are neither read nor touched
  writeFileSync(path.join(dir, 'b/water.md'), doc('water', 'burst pipes and frozen meters in winter'));
  const third = await run(dir, store);
  assert.deepEqual(third.reads, ['b/water.md']);
  assert.equal(third.summary.indexed, 1);
  assert.equal(third.summary.unchanged, 3);
  const water = (await third.v.search('water meter readings leaks burst pipes', { k: 20 })).filter((h) => h.passage.path === 'b/water.md');
  assert.ok(water.length > 0);
  for (const h of water) assert.match(h.passage.text, /burst pipes/, 'only the new passages of the edited file');
  assert.deepEqual(await third.ids('library loans late fees', 'a/library.md'), libraryIds);

  // touched (new date, same bytes): read, found equal by its content hash, kept as it was
  const later = new Date(Date.now() + 60_000);
  utimesSync(path.join(dir, 'a/library.md'), later, later);
  const fourth = await run(dir, store);
  assert.deepEqual(fourth.reads, ['a/library.md']);
  assert.equal(fourth.summary.indexed, 0);
  assert.equal(fourth.summary.unchanged, 4);
  assert.deepEqual(await fourth.ids('library loans late fees', 'a/library.md'), libraryIds);

  // a date that lies (same size, date put back): not read — size and date are what a re-index
  // trusts; --force (every file read, the hash compared) is what sees such an edit
  const parking = path.join(dir, 'a/parking.md');
  const size = statSync(parking).size;
  writeFileSync(parking, files['a/parking.md']!.replace('permits', 'PERMITS'));
  utimesSync(parking, T0, T0);
  assert.equal(statSync(parking).size, size);
  const lied = await run(dir, store);
  assert.deepEqual(lied.reads, []);
  assert.deepEqual(await lied.ids('parking PERMITS fines', 'a/parking.md').then((ids) => ids.length > 0), true);
  const forced = await run(dir, store, { force: true });
  assert.equal(forced.reads.length, 4);
  assert.equal(forced.summary.indexed, 4);

  // a deleted file's passages go
  unlinkSync(path.join(dir, 'b/waste.md'));
  const fifth = await run(dir, store);
  assert.equal(fifth.summary.removed, 1);
  assert.deepEqual(fifth.reads, []);
  assert.deepEqual(await fifth.ids('bin collection recycling', 'b/waste.md'), []);
  assert.deepEqual(fifth.v.files().map((f) => f.path), ['a/library.md', 'a/parking.md', 'b/water.md']);
});

test('a file that vanishes during a re-index is dropped and the saved store still opens whole', async (t) => {
  const dir = tempDir(t, 'verity-reindex-ws-');
  const store = tempDir(t, 'verity-reindex-store-');
  writeFileSync(path.join(dir, 'one.md'), doc('housing', 'rent support'));
  writeFileSync(path.join(dir, 'two.md'), doc('transport', 'bus passes'));
  await run(dir, store);
  writeFileSync(path.join(dir, 'one.md'), doc('housing', 'rent support and repairs'));
  // listed, then gone before its size and date are asked for
  const gone = await run(dir, store, { beforeStat: (rel) => rel === 'two.md' && statSync(path.join(dir, rel), { throwIfNoEntry: false }) && unlinkSync(path.join(dir, rel)) });
  assert.deepEqual(gone.v.files().map((f) => f.path), ['one.md']);
  const after = await run(dir, store);
  assert.equal(after.loaded, true);
  assert.deepEqual(after.reads, []);
  assert.deepEqual(await after.ids('bus passes transport', 'two.md'), []);
  assert.ok((await after.ids('rent support repairs', 'one.md')).length > 0);
});

test('the store reads a whole file into one array, also when its size changed after fstat', async (t) => {
  const dir = tempDir(t, 'verity-read-');
  const storage = createFsStorage(dir);
  const big = new Uint8Array(randomBytes(300_001));
  await storage.write('seg-abc.seg', big);
  await storage.write('empty.json', new Uint8Array(0));
  assert.deepEqual(await storage.read('seg-abc.seg'), big);
  assert.equal((await storage.read('empty.json'))?.length, 0);
  assert.equal(await storage.read('missing.seg'), undefined);
  const file = path.join(dir, 'seg-abc.seg');
  for (const size of [0, 1, 65_536, 200_000, 300_001, 400_000, 1_000_000]) {
    const handle = await fsp.open(file, 'r');
    try {
      assert.deepEqual(await readWhole(handle, size), big, `size given ${size}`);
    } finally {
      await handle.close();
    }
  }
});

test("the workspace's stat: size and date of a regular file; nothing for a link, a folder or a missing path", async (t) => {
  const dir = tempDir(t, 'verity-stat-');
  writeFileSync(path.join(dir, 'a.md'), 'hello');
  mkdirSync(path.join(dir, 'sub.md'));
  symlinkSync(path.join(dir, 'a.md'), path.join(dir, 'link.md'));
  const ws = createFsWorkspace(dir);
  assert.deepEqual(await ws.stat('a.md'), { size: 5, mtime: statSync(path.join(dir, 'a.md')).mtimeMs });
  assert.equal(await ws.stat('link.md'), undefined);
  assert.equal(await ws.stat('sub.md'), undefined);
  assert.equal(await ws.stat('nope.md'), undefined);
  assert.equal(await ws.stat('../outside.md'), undefined);
});

test(
  'a touched file (new date, same bytes) is read once: its new date is saved',
  async (t) => {
    const dir = tempDir(t, 'verity-reindex-ws-');
    const store = tempDir(t, 'verity-reindex-store-');
    writeFileSync(path.join(dir, 'a.md'), doc('library', 'loans and late fees'));
    await run(dir, store);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(dir, 'a.md'), later, later);
    assert.deepEqual((await run(dir, store)).reads, ['a.md']);
    assert.deepEqual((await run(dir, store)).reads, []);
  },
);
