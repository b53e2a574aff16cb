/** `verity index --ocr`: scanned pages become searchable; without the flag they stay PDF_NO_TEXT. Needs `npm run build`. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/io';

function fakeIo(cwd: string): CliIO & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    isTTY: false,
    cwd,
    env: {},
    stdout: (s: string) => void (io.out += s),
    stderr: (s: string) => void (io.err += s),
  };
  return io;
}

test('verity index --ocr recognises a scanned PDF after the text index; status shows the OCR confidence', async (t) => {
  const cwd = mkdtempSync(path.join(tmpdir(), 'verity-cli-ocr-'));
  t.after(() => rmSync(cwd, { recursive: true, force: true }));
  mkdirSync(path.join(cwd, 'docs'));
  copyFileSync(path.resolve(__dirname, '../../fixtures/ocr/scanned.pdf'), path.join(cwd, 'docs/scan.pdf'));

  let io = fakeIo(cwd);
  assert.equal(await main(['index', 'docs'], io), 1);
  assert.match(io.out, /PDF_NO_TEXT \(1\)/);

  io = fakeIo(cwd);
  assert.equal(await main(['index', 'docs', '--ocr-max-pages', '2'], io), 2, 'OCR flags without --ocr are refused');
  assert.match(io.err, /need --ocr/);

  io = fakeIo(cwd);
  assert.equal(await main(['index', 'docs', '--ocr'], io), 0, io.err);
  assert.match(io.out, /OCR: 1 of 1 scanned file gained text: 1 page recognised, 0 from the cache/);
  assert.match(io.err, /OCR 0\/1 page, 0\/1 file: scan\.pdf/, 'a progress line');

  io = fakeIo(cwd);
  assert.equal(await main(['search', 'Quillfeather warrants the desk lamp', '--k', '1'], io), 0);
  assert.match(io.out, /scan\.pdf#page=1/);

  io = fakeIo(cwd);
  await main(['status'], io);
  assert.match(io.out, /scan\.pdf\s+indexed\s+1 passage, 1 page; OCR text on 1 page, confidence \d+%/);
});
