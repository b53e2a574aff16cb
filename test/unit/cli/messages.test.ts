// Messages and logs a user can read: plural forms, "empty file" for 0 bytes, a progress line off
// a terminal, scanned PDFs that name --ocr and count their pages, a missing OCR language named
// by its package.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { closeAll } from '../../../src/cli/openVerity';
import { createVerity } from '../../../src/core/verity';
import { VerityError } from '../../../src/core/errors';
import type { OcrProgress } from '../../../src/core/ocr/ocrStage';
import type { WorkspacePort } from '../../../src/core/ports';
import { runCli, tree } from '../../support/cliRun';

after(() => closeAll());

const repo = path.resolve(__dirname, '../../..');

test('counts read as English: 1 file, 1 passage, 1 sentence, 1 not a claim', async (t) => {
  const dir = tree(t, { 'docs/a.md': 'The office opens at nine.\n', 'answer.md': 'The office opens at nine.\n' });
  const index = await runCli(dir, ['index', 'docs']);
  assert.match(index.out, /^Indexed 1 file: 1 passage in [\d.]+ s \(1 read, 0 unchanged\)\.$/m);
  const check = await runCli(dir, ['check', 'answer.md']);
  assert.match(check.out, /^1 sentence in 1 file: 1 supported, 0 unsupported, 0 contradicted, 0 not claims$/m);
  const status = await runCli(dir, ['status']);
  assert.match(status.out, /^a\.md\s+indexed\s+1 passage$/m);
  assert.match(status.out, /^1 file: 1 indexed as sources, 0 drafts, 0 skipped, 1 passage /m);
  const none = await runCli(dir, ['search', 'zebra crossing']);
  assert.match(none.out, /\(1 passage searched\)/);
});

test('a 0-byte file is an "empty file", not a damaged PDF', async (t) => {
  const dir = tree(t, { 'docs/a.md': '# A\n\nText.\n', 'docs/empty.pdf': '', 'docs/empty.md': '' });
  const r = await runCli(dir, ['index', 'docs']);
  assert.equal(r.code, 1);
  assert.match(r.out, /FILE_EMPTY \(2\): empty file \(0 bytes\)\n {4}empty\.md\n {4}empty\.pdf\n/);
  assert.doesNotMatch(r.out, /damaged|PDF_UNREADABLE/);
});

test('off a terminal, index prints a progress line every few seconds: files done of all, passages, rate', async (t) => {
  const files = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`docs/f${i}.md`, `# F${i}\n\nParagraph number ${i} about lamps.\n`]));
  const dir = tree(t, files);
  const r = await runCli(dir, ['index', 'docs'], { env: { VERITY_PROGRESS_SECONDS: '0' } });
  assert.equal(r.code, 0, r.err);
  const lines = r.err.trim().split('\n');
  assert.ok(lines.length >= 3, r.err);
  assert.match(lines.at(-1)!, /^verity: indexing \d\/6 files, \d+ passages?, [\d.]+ files\/s$/);
  assert.doesNotMatch(r.err, /\x1b|\r/, 'no terminal control in a log');
  const quiet = await runCli(dir, ['index', 'docs', '--force']);
  assert.equal(quiet.err, '', 'at the default interval a short run prints no progress line');
});

test('scanned PDFs: without --ocr the summary names it; with it they are "queued for OCR"; a missing language names its package', async (t) => {
  const dir = tree(t, { 'docs/a.md': '# A\n\nText.\n' });
  copyFileSync(path.join(repo, 'test/fixtures/ocr/scanned.pdf'), path.join(dir, 'docs/scan.pdf'));
  const plain = await runCli(dir, ['index', 'docs']);
  assert.match(plain.out, /PDF_NO_TEXT \(1\): scanned PDF — no text layer; "verity index docs --ocr" reads the scanned pages\n {4}scan\.pdf \(1 page\)/);
  const lang = await runCli(dir, ['index', 'docs', '--ocr', '--ocr-languages', 'eng+xyz']);
  assert.equal(lang.code, 2);
  assert.match(lang.err, /OCR language data for "xyz" is not installed: install the @tesseract\.js-data\/xyz package beside Verity \(npm install @tesseract\.js-data\/xyz\)/);
  assert.equal(lang.out, '', 'refused before any indexing');
});

test('OCR progress counts a scanned file\'s pages from the start (not "0/1 pages" for a 4-page file)', async () => {
  const files = new Map([['scan.pdf', new Uint8Array([1, 2, 3])]]);
  const workspace: WorkspacePort = {
    listFiles: async () => [...files.keys()],
    stat: async (p) => (files.has(p) ? { size: 3, mtime: 1 } : undefined),
    readFile: async (p) => files.get(p),
  };
  const pdf = { extract: async () => { throw new VerityError('PDF_NO_TEXT', 'scanned PDF — no text layer, needs OCR', { pageCount: 4 }); } };
  const ocr = {
    availableLanguages: async () => ['eng'],
    recognize: async () => { throw new VerityError('OCR_FAILED', 'engine stopped'); },
  };
  const verity = createVerity({ workspace, pdf, ocr, options: { ocr: true } });
  await verity.indexWorkspace();
  const record = verity.files()[0]!;
  assert.equal(record.pages, 4);
  assert.equal(record.ocr?.pendingPages, 4);
  assert.equal(record.message, 'scanned PDF — no text layer, queued for OCR');
  const seen: OcrProgress[] = [];
  await verity.runOcr({ onProgress: (p) => seen.push({ ...p }) });
  assert.equal(seen[0]!.pagesTotal, 4, JSON.stringify(seen[0]));
});

test('a PDF with some scanned pages, indexed without --ocr, says which pages were not read, and a later --ocr run reads them', async (t) => {
  const dir = tree(t, {});
  copyFileSync(path.join(repo, 'test/fixtures/ocr/mixed.pdf'), path.join(dir, 'mixed.pdf'));
  const plain = await runCli(dir, ['index', '.']);
  assert.equal(plain.code, 0, plain.err);
  assert.match(plain.out, /^ {2}1 scanned page in 1 PDF not read: "verity index \. --ocr" reads them$/m);
  const status = await runCli(dir, ['status']);
  assert.match(status.out, /^mixed\.pdf\s+indexed\s+1 passage, 2 pages; 1 page without text not read yet \("verity index --ocr" reads them\)$/m);
  // the file is unchanged, yet its waiting page is read when OCR is asked for
  const ocr = await runCli(dir, ['index', '.', '--ocr']);
  assert.equal(ocr.code, 0, ocr.err);
  assert.match(ocr.out, /OCR: 1 of 1 scanned file gained text: 1 page recognised/);
});
