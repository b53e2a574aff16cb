import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { WorkerPdfExtractor, findWorkerScript, mapWorkerError } from '../../../src/node/pdfExtractor';
import { isVerityError } from '../../../src/core/errors';
import { makeFlateBombPdf } from '../../fixtures/ingest/flateBomb';

const root = path.resolve(__dirname, '../../..');
const corpus = path.join(root, '..', 'shared', 'data', 'pdf-corpus', 'pdfs');
const examplePdf = path.join(root, 'examples', 'workspace', 'warranty-terms.pdf');
const extractor = new WorkerPdfExtractor({ timeoutMs: 20_000 });
after(() => extractor.close());

async function codeOf(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    assert.ok(isVerityError(e), `expected a VerityError, got ${String(e)}`);
    assert.doesNotMatch(e.message, /\n/, 'one-line message');
    return { code: e.code, message: e.message };
  }
  assert.fail('expected the extraction to fail');
}

function corpusFile(name: string): Uint8Array | undefined {
  const p = path.join(corpus, name);
  return existsSync(p) ? readFileSync(p) : undefined;
}

test('the worker script is found after the build', () => {
  assert.ok(findWorkerScript()?.endsWith(path.join('dist', 'pdfWorker.mjs')), 'run `npm run build` first');
});

test('real corpus files map to coded reasons', async (t) => {
  if (!existsSync(corpus)) return t.skip(`PDF corpus not found at ${corpus} (../shared is absent)`);
  const cases: Array<[string, string, RegExp]> = [
    ['bug1782186.pdf', 'PDF_ENCRYPTED', /encrypted — needs a password/],
    ['issue3371.pdf', 'PDF_ENCRYPTED', /needs a password/],
    ['images_1bit_grayscale.pdf', 'PDF_NO_TEXT', /no text layer, needs OCR/],
    ['xobject-image.pdf', 'PDF_NO_TEXT', /needs OCR/],
    ['REDHAT-1531897-0.pdf', 'PDF_UNREADABLE', /damaged PDF/],
    ['poppler-742-0-fuzzed.pdf', 'PDF_UNREADABLE', /damaged PDF/],
  ];
  for (const [file, code, message] of cases) {
    const r = await codeOf(extractor.extract(corpusFile(file)!, { path: file }));
    assert.equal(r.code, code, file);
    assert.match(r.message, message, file);
  }
});

test('not a PDF at all is unreadable; an empty file too', async () => {
  assert.equal((await codeOf(extractor.extract(new TextEncoder().encode('hello, not a pdf')))).code, 'PDF_UNREADABLE');
  assert.equal((await codeOf(extractor.extract(new Uint8Array(0)))).code, 'PDF_UNREADABLE');
});

test('size and page limits are enforced', async () => {
  const bytes = readFileSync(examplePdf);
  const small = new WorkerPdfExtractor({ maxBytes: 1000 });
  const r = await codeOf(small.extract(bytes));
  assert.equal(r.code, 'PDF_TOO_LARGE');
  assert.match(r.message, /over the/);
  await small.close();
  const fewPages = new WorkerPdfExtractor({ maxPages: 2 });
  assert.equal((await codeOf(fewPages.extract(bytes))).code, 'PDF_TOO_LARGE');
  await fewPages.close();
});

test('a file over the time limit ends in PDF_TIMEOUT and the extractor recovers', async (t) => {
  const big = corpusFile('freeculture.pdf');
  if (big === undefined) return t.skip('corpus absent: timeout test needs freeculture.pdf');
  const hasty = new WorkerPdfExtractor({ timeoutMs: 30 });
  const r = await codeOf(hasty.extract(big));
  assert.equal(r.code, 'PDF_TIMEOUT');
  await hasty.close();
  // The shared extractor still works after another one timed out, and after its own failures.
  const doc = await extractor.extract(readFileSync(examplePdf));
  assert.equal(doc.pageCount, 3);
});

test('cancellation terminates the work and reports CANCELLED', async (t) => {
  const big = corpusFile('freeculture.pdf');
  if (big === undefined) return t.skip('corpus absent: cancellation test needs freeculture.pdf');
  const own = new WorkerPdfExtractor();
  const ac = new AbortController();
  const pending = own.extract(big, { signal: ac.signal });
  setTimeout(() => ac.abort(), 20);
  assert.equal((await codeOf(pending)).code, 'CANCELLED');
  const already = new AbortController();
  already.abort();
  assert.equal((await codeOf(own.extract(big, { signal: already.signal }))).code, 'CANCELLED');
  const doc = await own.extract(readFileSync(examplePdf));
  assert.equal(doc.title, 'Quillfeather Limited Warranty Terms');
  // Closing the extractor cancels a file in progress instead of leaving it pending.
  const inFlight = own.extract(big);
  await new Promise((r) => setTimeout(r, 20));
  await own.close();
  assert.equal((await codeOf(inFlight)).code, 'CANCELLED');
});

test('memory limits: a heap overrun and a decompression bomb end in PDF_TOO_LARGE', async (t) => {
  const big = corpusFile('freeculture.pdf');
  if (big === undefined) t.diagnostic('corpus absent: heap-limit case skipped');
  else {
    const tiny = new WorkerPdfExtractor({ maxHeapMb: 8 });
    const r = await codeOf(tiny.extract(big));
    assert.equal(r.code, 'PDF_TOO_LARGE');
    assert.match(r.message, /memory limit/);
    await tiny.close();
  }
  // 512 MB of zeros behind a ~2 MB stream: the watchdog stops it long before the time limit.
  const bomb = await makeFlateBombPdf(512);
  assert.ok(bomb.byteLength < 4 * 1024 * 1024);
  const guarded = new WorkerPdfExtractor({ maxMemoryMb: 256, timeoutMs: 60_000 });
  const r = await codeOf(guarded.extract(bomb));
  assert.equal(r.code, 'PDF_TOO_LARGE');
  assert.match(r.message, /memory grew past 256 MB/);
  // The replacement worker parses normal files again.
  assert.equal((await guarded.extract(readFileSync(examplePdf))).pageCount, 3);
  await guarded.close();
});

test('pdf.js exception names map to codes', () => {
  assert.equal(mapWorkerError('PasswordException', 'No password given').code, 'PDF_ENCRYPTED');
  assert.equal(mapWorkerError('InvalidPDFException', 'Invalid PDF structure.').code, 'PDF_UNREADABLE');
  assert.equal(mapWorkerError('FormatError', 'Bad FCHECK in flate stream').code, 'PDF_UNREADABLE');
  assert.equal(mapWorkerError('RangeError', 'Array buffer allocation failed').code, 'PDF_TOO_LARGE');
  assert.equal(mapWorkerError('TooManyPages', '5000 pages (limit 2000)').code, 'PDF_TOO_LARGE');
  assert.doesNotMatch(mapWorkerError('Error', 'a\nb').message, /\n/);
});
