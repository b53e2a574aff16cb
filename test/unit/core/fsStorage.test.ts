import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFsStorage } from '../../../src/node/fsStorage';

test('fs storage writes atomically, reads back, lists and removes', async (t) => {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'verity-fsst-')), 'nested');
  t.after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));
  const s = createFsStorage(dir);
  assert.equal(await s.read('missing.bin'), undefined);
  assert.deepEqual(await s.list(), []);
  await s.write('a.bin', new Uint8Array([1, 2, 3]));
  await s.write('a.bin', new Uint8Array([4, 5]));
  assert.deepEqual([...(await s.read('a.bin'))!], [4, 5]);
  assert.deepEqual(readdirSync(dir), ['a.bin'], 'no temp files left behind');
  await s.remove('a.bin');
  assert.equal(await s.read('a.bin'), undefined);
  await assert.rejects(s.write('../escape.bin', new Uint8Array([1])), /invalid snapshot name/);
});
