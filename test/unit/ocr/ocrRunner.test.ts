/**
 * The OCR child process and its limits, with the real engine on the fixture scan. A page over
 * its time or memory limit is killed and reported failed on its own; cancelling stops the child;
 * a damaged PDF is a coded reason; and recognition works with no network at all (run in a
 * network namespace, where any fetch fails at once). Needs `npm run build`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isVerityError } from '../../../src/core/errors';
import { createOcrRunner } from '../../../src/node/ocr/ocrRunner';
import type { OcrPageResult } from '../../../src/core/ocr/ocrPort';

const SCAN = new Uint8Array(readFileSync(path.resolve(__dirname, '../../fixtures/ocr/scanned.pdf')));
const request = { languages: ['eng'], skipPages: [], maxPages: 5 };

test('a page over its time limit is killed and reported failed; the file still finishes', async () => {
  const runner = createOcrRunner({ pageTimeoutMs: 300 });
  const seen: OcrPageResult[] = [];
  const result = await runner.recognize(SCAN, { ...request, onPage: (r) => seen.push(r) });
  assert.equal(result.pageCount, 1);
  assert.deepEqual(
    result.pages.map((p) => [p.page, p.status]),
    [[1, 'failed']],
  );
  assert.match(result.pages[0]!.reason ?? '', /page took longer than 0\.3 s/);
  assert.deepEqual(seen, result.pages, 'each page is reported as it ends');
});

test('a child over its memory limit is killed with a coded, one-line reason', async () => {
  const runner = createOcrRunner({ maxRssMb: 100 });
  try {
    const result = await runner.recognize(SCAN, request);
    assert.equal(result.pages[0]?.status, 'failed');
    assert.match(result.pages[0]?.reason ?? '', /out of memory \(over 100 MB\)/);
  } catch (e) {
    assert.ok(isVerityError(e) && e.code === 'OCR_FAILED', String(e));
    assert.match(e.message, /out of memory \(over 100 MB\)/);
  }
});

test('cancelling stops the child with CANCELLED', async () => {
  const runner = createOcrRunner();
  const abort = new AbortController();
  const started = runner.recognize(SCAN, { ...request, signal: abort.signal, onStart: () => abort.abort() });
  await assert.rejects(started, (e: unknown) => isVerityError(e) && e.code === 'CANCELLED');
});

test('a Node Buffer is read like any bytes (the editor hands files over as Buffers)', async () => {
  const runner = createOcrRunner();
  const abort = new AbortController();
  let pageCount = 0;
  const started = runner.recognize(Buffer.from(SCAN), {
    ...request,
    signal: abort.signal,
    onStart: (info) => {
      pageCount = info.pageCount;
      abort.abort();
    },
  });
  await assert.rejects(started, (e: unknown) => isVerityError(e) && e.code === 'CANCELLED');
  assert.equal(pageCount, 1, 'the PDF was opened');
});

test('a damaged PDF and a missing language are coded reasons', async () => {
  const runner = createOcrRunner();
  await assert.rejects(runner.recognize(new TextEncoder().encode('%PDF-1.4\nnot really'), request), (e: unknown) => isVerityError(e) && e.code === 'PDF_UNREADABLE');
  await assert.rejects(runner.recognize(SCAN, { ...request, languages: ['xyz'] }), (e: unknown) => isVerityError(e) && e.code === 'OCR_UNAVAILABLE' && /"xyz" is not installed/.test(e.message));
  assert.ok((await runner.availableLanguages()).includes('eng'));
});

test('recognition needs no network: it runs inside a network namespace with no route out', { skip: !canUnshare() && 'unshare -n is not available here' }, () => {
  const script = `
    import { readFileSync } from 'node:fs';
    const mod = await import(${JSON.stringify(path.resolve(__dirname, '../../../src/node/ocr/ocrRunner.ts'))});
    const createOcrRunner = mod.createOcrRunner ?? mod.default.createOcrRunner;
    const r = await createOcrRunner().recognize(new Uint8Array(readFileSync(${JSON.stringify(path.resolve(__dirname, '../../fixtures/ocr/scanned.pdf'))})), { languages: ['eng'], skipPages: [], maxPages: 1 });
    console.log(JSON.stringify(r.pages.map((p) => ({ status: p.status, words: p.words?.map((w) => w.text).join(' ') }))));
  `;
  const out = spawnSync('unshare', ['-rn', process.execPath, '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 300_000 });
  assert.equal(out.status, 0, out.stderr);
  const pages = JSON.parse(out.stdout.trim().split('\n').at(-1)!) as { status: string; words: string }[];
  assert.equal(pages[0]?.status, 'ocr');
  assert.match(pages[0]!.words, /Quillfeather Limited Warranty Terms/);
});

function canUnshare(): boolean {
  return spawnSync('unshare', ['-rn', 'true']).status === 0;
}
