/**
 * Text in other encodings is decoded, not skipped or garbled; what the listing cannot read (a
 * name that is not UTF-8, a path over the system limit, an unreadable folder) gets a reason.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVerity } from '../../../src/core/verity';
import { VerityError } from '../../../src/core/errors';
import { createFsWorkspace } from '../../../src/node/fsWorkspace';
import { decodeText } from '../../../src/core/ingest/decode';

const noPdf = { extract: async () => { throw new VerityError('PDF_NO_TEXT', 'x'); } };

function utf16(text: string, bigEndian: boolean, bom = true): Buffer {
  const le = Buffer.from(text, 'utf16le');
  if (bigEndian) le.swap16();
  return Buffer.concat([bom ? Buffer.from(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]) : Buffer.alloc(0), le]);
}

test('UTF-16 (with or without BOM) and Latin-1 markdown are decoded and indexed', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'verity-enc-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'le.md'), utf16('# Garantie\n\nDie Lampe hat zwei Jahre Garantie für Schäden.\n', false));
  writeFileSync(path.join(dir, 'be.md'), utf16('# Desk\n\nThe desk is made of solid walnut.\n', true));
  writeFileSync(path.join(dir, 'nobom.md'), utf16('# Chair\n\nThe chair folds flat for storage.\n', false, false));
  writeFileSync(path.join(dir, 'latin1.md'), Buffer.from('# Café\n\nLe café est servi à volonté à partir de 7 h.\n', 'latin1'));
  writeFileSync(path.join(dir, 'binary.md'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 0, 0, 0xff, 0x10]));
  const v = createVerity({ workspace: createFsWorkspace(dir), pdf: noPdf });
  await v.indexWorkspace();
  const state = Object.fromEntries(v.files().map((f) => [f.path, f.reason ?? f.state]));
  assert.deepEqual(state, { 'be.md': 'indexed', 'binary.md': 'FILE_BINARY', 'latin1.md': 'indexed', 'le.md': 'indexed', 'nobom.md': 'indexed' });
  assert.match((await v.search('Lampe Garantie Schäden', { k: 1 }))[0]!.passage.text, /zwei Jahre Garantie für Schäden/);
  assert.match((await v.search('desk walnut', { k: 1 }))[0]!.passage.text, /solid walnut/);
  assert.match((await v.search('chair folds', { k: 1 }))[0]!.passage.text, /folds flat/);
  assert.match((await v.search('café servi volonté', { k: 1 }))[0]!.passage.text, /servi à volonté/);
  assert.equal(decodeText(Buffer.from('plain ascii'))?.encoding, 'utf-8');
});

test('names that are not UTF-8 and paths over the system limit get a reason in the status', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'verity-names-'));
  t.after(() => execFileSync('rm', ['-rf', dir]));
  writeFileSync(path.join(dir, 'ok.md'), '# OK\n\nFine.\n');
  writeFileSync(Buffer.concat([Buffer.from(dir + '/caf'), Buffer.from([0xe9]), Buffer.from('.md')]), '# Latin-1 name\n\nText.\n');
  // A folder chain deeper than PATH_MAX, built with relative steps (absolute paths would fail).
  const seg = 'd'.repeat(200);
  execFileSync('bash', ['-c', `cd "$1" && for i in $(seq 1 25); do mkdir ${seg} && cd ${seg}; done && echo '# Deep' > deep.md`, 'bash', dir]);
  const v = createVerity({ workspace: createFsWorkspace(dir), pdf: noPdf });
  const summary = await v.indexWorkspace();
  assert.equal(summary.indexed, 1);
  const skipped = v.files().filter((f) => f.state === 'skipped');
  const name = skipped.find((f) => f.path.startsWith('caf'));
  assert.ok(name, JSON.stringify(skipped));
  assert.equal(name.reason, 'FILE_UNREADABLE');
  assert.match(name.message!, /not valid UTF-8/);
  const deep = skipped.find((f) => /too long/.test(f.message ?? ''));
  assert.ok(deep, JSON.stringify(skipped.map((f) => [f.path.slice(0, 30), f.message])));
  assert.equal(deep.reason, 'FILE_UNREADABLE');
});
