/**
 * The trust layer on its own, as an adapter uses it (openSignedFsStore: what the editor calls with
 * its global storage as the key folder): the user's own store loads, another key's does not, a
 * blob planted beside a signed store is never read, and a reader that opened the store while a
 * writer saves sees the save, not "tampering".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVerity } from '../../../src/core/verity';
import type { WorkspacePort } from '../../../src/core/ports';
import { SIGNATURE_NAME, SUM_BLOCK, SUMS_SUFFIX } from '../../../src/core/index/storeTrust';
import { FormatError } from '../../../src/core/index/bytes';
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

test('a blob written in pieces is read by offset and checked by blocks: any size (empty too), any range, a changed byte refused', async (t) => {
  const dir = folder(t);
  const store = path.join(dir, 'store');
  const tampered: string[] = [];
  const storage = await openSignedFsStore(store, path.join(dir, 'key'), { onTampered: (n) => tampered.push(n) });
  const sizes = [0, 1, SUM_BLOCK - 1, SUM_BLOCK, SUM_BLOCK + 1, 3 * SUM_BLOCK + 17];
  const data = (n: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => (i * 7 + (n % 13)) & 0xff);
  for (const size of sizes) {
    const w = await storage.createWriter!(`b${size}`);
    // odd piece sizes, crossing block boundaries
    for (let at = 0; at < size; at += 5000) await w.write(data(size).subarray(at, Math.min(size, at + 5000)));
    await w.commit();
  }
  assert.ok(!(await storage.list()).some((n) => n.endsWith(SUMS_SUFFIX)), 'sidecars are not listed');
  const reader = await openSignedFsStore(store, path.join(dir, 'key'), { onTampered: (n) => tampered.push(n) });
  for (const size of sizes) {
    const blob = await reader.open!(`b${size}`);
    assert.ok(blob, `b${size} opens`);
    assert.equal(blob.size, size);
    const want = data(size);
    for (const [at, len] of [[0, size], [Math.floor(size / 2), Math.min(10, size - Math.floor(size / 2))], [Math.max(0, size - 3), Math.min(3, size)]] as const) {
      assert.deepEqual(blob.read(at, len), want.subarray(at, at + len), `b${size} at ${at}`);
    }
    blob.close();
    assert.deepEqual(await reader.read(`b${size}`), want, `b${size} read whole`);
  }
  // one byte of the last block changed: reads of other blocks still pass, one touching it throws
  const name = `b${3 * SUM_BLOCK + 17}`;
  const bytes = readFileSync(path.join(store, name));
  bytes[3 * SUM_BLOCK + 5]! ^= 1;
  writeFileSync(path.join(store, name), bytes);
  const blob = (await reader.open!(name))!;
  assert.equal(blob.read(0, 100).length, 100);
  assert.throws(() => blob.read(3 * SUM_BLOCK, 10), (e: unknown) => e instanceof FormatError);
  blob.close();
  assert.equal(await reader.read(name), undefined);
  assert.deepEqual([...new Set(tampered)], [name]);
  // removing a blob removes its sidecar
  await reader.remove('b1');
  assert.ok(!readdirSync(store).some((n) => n.startsWith('b1.')));
});
