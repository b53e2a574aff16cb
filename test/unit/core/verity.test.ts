import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync, mkdirSync, readdirSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVerity } from '../../../src/core/verity';
import { VerityError } from '../../../src/core/errors';
import type { PdfTextPort, WorkspacePort } from '../../../src/core/ports';
import { createFsStorage } from '../../../src/node/fsStorage';
import { createFsWorkspace } from '../../../src/node/fsWorkspace';

const noPdf: PdfTextPort = {
  async extract() {
    throw new VerityError('PDF_ENCRYPTED', 'encrypted PDF — needs a password');
  },
};

function workspace(files: Record<string, string | Uint8Array>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'verity-ws-'));
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), body);
  }
  return dir;
}

const RETURNS = '# Returns\n\nYou can return any item within 30 days of delivery for a full refund.\n\n## Exceptions\n\nGift cards cannot be returned.\n';
const SHIPPING = '# Shipping\n\nStandard shipping takes 5 business days. Express shipping takes 2 business days.\n';

test('indexes a folder, searches it, and re-reads only what changed', async (t) => {
  const dir = workspace({ 'returns.md': RETURNS, 'guides/shipping.md': SHIPPING, 'notes.txt': 'ignored' });
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const v = createVerity({ workspace: createFsWorkspace(dir), pdf: noPdf });
  const first = await v.indexWorkspace();
  assert.equal(first.files, 2);
  assert.equal(first.indexed, 2);
  const hits = await v.search('how long does express shipping take', { k: 3 });
  assert.equal(hits[0]?.passage.path, 'guides/shipping.md');
  assert.equal(hits[0]?.passage.startLine, 1);

  // unchanged files are not re-read
  const second = await v.indexWorkspace();
  assert.equal(second.unchanged, 2);
  assert.equal(second.indexed, 0);

  // a changed file replaces its passages
  writeFileSync(path.join(dir, 'guides/shipping.md'), '# Shipping\n\nStandard shipping now takes 7 business days by drone.\n');
  const third = await v.indexWorkspace();
  assert.equal(third.indexed, 1);
  assert.equal(third.unchanged, 1);
  assert.match((await v.search('drone', { k: 1 }))[0]!.passage.text, /drone/);
  assert.equal((await v.search('express', { k: 5 })).filter((h) => h.passage.path === 'guides/shipping.md').length, 0);

  // a deleted file removes its passages
  unlinkSync(path.join(dir, 'returns.md'));
  const fourth = await v.indexWorkspace();
  assert.equal(fourth.removed, 1);
  assert.equal((await v.search('refund gift cards', { k: 5 })).length, 0);
  assert.deepEqual(v.files().map((f) => f.path), ['guides/shipping.md']);
});

test('persists the index and reloads it; a corrupt snapshot is rebuilt, not fatal', async (t) => {
  const dir = workspace({ 'returns.md': RETURNS, 'shipping.md': SHIPPING });
  const store = mkdtempSync(path.join(tmpdir(), 'verity-store-'));
  t.after(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(store, { recursive: true, force: true });
  });
  const a = createVerity({ workspace: createFsWorkspace(dir), pdf: noPdf, storage: createFsStorage(store) });
  assert.equal(await a.load(), false, 'nothing to load yet');
  await a.indexWorkspace();
  const count = a.passageCount();
  const before = (await a.search('refund within 30 days', { k: 3 })).map((h) => h.passage.id);

  const b = createVerity({ workspace: createFsWorkspace(dir), pdf: noPdf, storage: createFsStorage(store) });
  assert.equal(await b.load(), true);
  assert.equal(b.passageCount(), count);
  assert.deepEqual((await b.search('refund within 30 days', { k: 3 })).map((h) => h.passage.id), before);
  assert.equal((await b.indexWorkspace()).unchanged, 2, 'reloaded file table makes unchanged files skip');

  // damage every snapshot file
  for (const name of readdirSync(store)) writeFileSync(path.join(store, name), 'garbage\u0000not a snapshot');
  const warnings: string[] = [];
  const c = createVerity({
    workspace: createFsWorkspace(dir),
    pdf: noPdf,
    storage: createFsStorage(store),
    logger: { info() {}, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
  });
  assert.equal(await c.load(), false);
  const rebuilt = await c.indexWorkspace();
  assert.equal(rebuilt.indexed, 2);
  assert.equal(c.passageCount(), count);
});

test('bad files get coded reasons and never stop indexing', async (t) => {
  const binary = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 3]);
  const dir = workspace({ 'good.md': RETURNS, 'image.md': binary, 'empty.md': '   \n\n', 'locked.pdf': '%PDF-1.7 fake' });
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const v = createVerity({ workspace: createFsWorkspace(dir), pdf: noPdf });
  const summary = await v.indexWorkspace();
  const reasons = Object.fromEntries(v.files().map((f) => [f.path, f.reason ?? f.state]));
  assert.deepEqual(reasons, { 'empty.md': 'FILE_EMPTY', 'good.md': 'indexed', 'image.md': 'FILE_BINARY', 'locked.pdf': 'PDF_ENCRYPTED' });
  assert.equal(summary.skipped.length, 3);
  assert.match(v.files().find((f) => f.path === 'locked.pdf')!.message!, /password/);
});

test('a file vanishing mid-index is dropped cleanly', async (t) => {
  const dir = workspace({ 'a.md': RETURNS, 'b.md': SHIPPING });
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const real = createFsWorkspace(dir);
  const flaky: WorkspacePort = {
    listFiles: (s) => real.listFiles(s),
    stat: (p) => real.stat(p),
    // b.md disappears between listing and reading
    readFile: async (p) => (p === 'b.md' ? undefined : real.readFile(p)),
  };
  const v = createVerity({ workspace: flaky, pdf: noPdf });
  const summary = await v.indexWorkspace();
  assert.equal(summary.indexed, 1);
  assert.deepEqual(v.files().map((f) => f.path), ['a.md']);
});

test('updateFile and removeFile keep the index current without a full pass', async (t) => {
  const dir = workspace({ 'a.md': RETURNS });
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const v = createVerity({ workspace: createFsWorkspace(dir), pdf: noPdf });
  await v.indexWorkspace();
  writeFileSync(path.join(dir, 'new.md'), '# Warranty\n\nThe warranty lasts two years from purchase.\n');
  const rec = await v.updateFile('new.md');
  assert.equal(rec?.state, 'indexed');
  assert.equal((await v.search('warranty years', { k: 1 }))[0]?.passage.path, 'new.md');
  await v.removeFile('new.md');
  assert.equal((await v.search('warranty', { k: 5 })).length, 0);
  writeFileSync(path.join(dir, 'moved.md'), RETURNS);
  unlinkSync(path.join(dir, 'a.md'));
  await v.renameFile('a.md', 'moved.md');
  assert.deepEqual(v.files().map((f) => f.path), ['moved.md']);
});

test('ask without a model says what to configure', async () => {
  const v = createVerity({ workspace: createFsWorkspace(tmpdir()), pdf: noPdf });
  await assert.rejects(v.ask('anything'), (e: unknown) => e instanceof VerityError && e.code === 'MODEL_UNAVAILABLE');
});
