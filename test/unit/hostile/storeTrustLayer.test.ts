/**
 * The trust layer on its own, as an adapter uses it (openSignedFsStore: what the editor calls with
 * its global storage as the key folder): the user's own store loads, another key's does not, a
 * blob planted beside a signed store is never read, and a reader that opened the store while a
 * writer saves sees the save, not "tampering".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVerity } from '../../../src/core/verity';
import type { WorkspacePort } from '../../../src/core/ports';
import { SIGNATURE_NAME } from '../../../src/core/index/storeTrust';
import { openSignedFsStore } from '../../../src/node/storeKey';

function folder(t: { after: (f: () => void) => void }): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'verity-trust-layer-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function memoryWorkspace(files: Record<string, string>): WorkspacePort {
  return {
    listFiles: async () => Object.keys(files),
    stat: async (p) => (p in files ? { size: files[p]!.length, mtime: 1 } : undefined),
    readFile: async (p) => (p in files ? new TextEncoder().encode(files[p]) : undefined),
  };
}

const noPdf = { extract: async () => ({ pageCount: 0, pages: [] }) };

test('an adapter\'s signed store: its own loads, another key\'s and an unsigned one do not; planted blobs are never read', async (t) => {
  const dir = folder(t);
  const store = path.join(dir, 'store');
  const workspace = memoryWorkspace({ 'a.md': '# A\n\nThe lamp has a two-year warranty.\n' });
  const writer = createVerity({ workspace, pdf: noPdf, storage: await openSignedFsStore(store, path.join(dir, 'key-a')) });
  await writer.indexWorkspace();
  assert.ok(readdirSync(store).includes(SIGNATURE_NAME));

  const own = await openSignedFsStore(store, path.join(dir, 'key-a'));
  assert.equal(own.trust, 'signed');
  assert.equal(await createVerity({ workspace, pdf: noPdf, storage: own }).load(), true);

  const problems: string[] = [];
  const other = await openSignedFsStore(store, path.join(dir, 'key-b'), { onKeyProblem: (m) => problems.push(m) });
  assert.equal(other.trust, 'foreign');
  assert.equal(other.trusted, false);
  assert.equal(await createVerity({ workspace, pdf: noPdf, storage: other }).load(), false);
  assert.deepEqual(problems, []);

  // a blob planted next to the signed ones is invisible, and listing it does not make it readable
  writeFileSync(path.join(store, 'ocr-cache-planted.json'), '{"pages":[{"text":"planted"}]}');
  const again = await openSignedFsStore(store, path.join(dir, 'key-a'));
  assert.ok((await again.list()).includes('ocr-cache-planted.json'));
  assert.equal(await again.read('ocr-cache-planted.json'), undefined);
  assert.equal(await again.read(SIGNATURE_NAME), undefined, 'the ledger is not a blob');

  rmSync(path.join(store, SIGNATURE_NAME));
  assert.equal((await openSignedFsStore(store, path.join(dir, 'key-a'))).trust, 'unsigned');
  const empty = await openSignedFsStore(path.join(dir, 'new-store'), path.join(dir, 'key-a'));
  assert.equal(empty.trust, 'empty');
  assert.equal(empty.trusted, true);
});

test('a reader that opened the store before a writer saved sees the new save, with no tampering reported', async (t) => {
  const dir = folder(t);
  const store = path.join(dir, 'store');
  const files: Record<string, string> = { 'a.md': '# A\n\nThe lamp has a two-year warranty.\n' };
  const workspace = memoryWorkspace(files);
  const writerStorage = await openSignedFsStore(store, path.join(dir, 'key'));
  const writer = createVerity({ workspace, pdf: noPdf, storage: writerStorage });
  await writer.indexWorkspace();
  const tampered: string[] = [];
  const reader = await openSignedFsStore(store, path.join(dir, 'key'), { onTampered: (n) => tampered.push(n) });
  files['b.md'] = '# B\n\nThe desk is made of oak.\n';
  await writer.indexWorkspace();
  const verity = createVerity({ workspace, pdf: noPdf, storage: reader });
  assert.equal(await verity.load(), true);
  assert.equal(verity.files().length, 2, 'the reader loaded the writer\'s newer save');
  assert.deepEqual(tampered, []);
});
