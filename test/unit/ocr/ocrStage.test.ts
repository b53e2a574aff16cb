/**
 * The background OCR stage through the facade, with the real OCR child process (pdf.js +
 * tesseract.js) on image-only fixture PDFs (test/fixtures/ocr, made by
 * scripts/ocr/makeOcrFixtures.ts). Needs `npm run build` (dist/ocrChild.mjs, dist/ocr/).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVerity } from '../../../src/core/verity';
import type { OcrPort } from '../../../src/core/ocr/ocrPort';
import type { OcrProgress } from '../../../src/core/ocr/ocrStage';
import { createFsStorage } from '../../../src/node/fsStorage';
import { createFsWorkspace } from '../../../src/node/fsWorkspace';
import { WorkerPdfExtractor } from '../../../src/node/pdfExtractor';
import { createOcrRunner } from '../../../src/node/ocr/ocrRunner';

const FIXTURES = path.resolve(__dirname, '../../fixtures/ocr');
const TRUTH = readFileSync(path.join(FIXTURES, 'scanned.truth.txt'), 'utf8');

function words(s: string): string[] {
  return s.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/** The OCR port with a count of the pages it was asked to recognise. */
function countingRunner(): { port: OcrPort; recognisedPages: () => number; calls: () => number } {
  const real = createOcrRunner();
  let pages = 0;
  let calls = 0;
  return {
    port: {
      availableLanguages: () => real.availableLanguages(),
      async recognize(bytes, request) {
        calls++;
        return real.recognize(bytes, {
          ...request,
          onPage: (r) => {
            if (r.status === 'ocr') pages++;
            request.onPage?.(r);
          },
        });
      },
    },
    recognisedPages: () => pages,
    calls: () => calls,
  };
}

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'verity-ocr-ws-'));
  for (const [name, fixture] of Object.entries(files)) copyFileSync(path.join(FIXTURES, fixture), path.join(dir, name));
  return dir;
}

test('a scanned PDF is searchable after background OCR, with page, boxes and confidence; a restart OCRs nothing again', async (t) => {
  const dir = folder({ 'scan.pdf': 'scanned.pdf', 'manual.pdf': 'mixed.pdf' });
  const store = mkdtempSync(path.join(tmpdir(), 'verity-ocr-store-'));
  const pdf = new WorkerPdfExtractor();
  t.after(async () => {
    await pdf.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(store, { recursive: true, force: true });
  });
  const runner = countingRunner();
  const open = () => createVerity({ workspace: createFsWorkspace(dir), pdf, storage: createFsStorage(store), ocr: runner.port, options: { ocr: true } });

  const v = open();
  const summary = await v.indexWorkspace();
  // The text index is complete before any OCR ran: page one of the mixed PDF answers already.
  assert.equal(runner.calls(), 0);
  const early = await v.search('inspection interval nine weeks', { k: 3 });
  assert.equal(early[0]?.passage.path, 'manual.pdf');
  assert.equal(early[0]?.passage.page, 1);
  const scanRecord = summary.skipped.find((f) => f.path === 'scan.pdf');
  assert.equal(scanRecord?.reason, 'PDF_NO_TEXT');
  assert.equal(scanRecord?.ocr?.state, 'pending');
  assert.equal(v.files().find((f) => f.path === 'manual.pdf')?.ocr?.state, 'pending');
  assert.equal(v.ocrPending(), 2);

  const progress: OcrProgress[] = [];
  const done = await v.runOcr({ onProgress: (p) => progress.push(p) });
  assert.equal(done.cancelled, false);
  assert.equal(done.recognised, 2);
  assert.equal(runner.recognisedPages(), 2);
  assert.equal(v.ocrPending(), 0);
  assert.ok(progress.some((p) => p.pagesDone === 1 && p.etaMs !== undefined), 'progress reports pages done and an estimate');
  assert.equal(progress.at(-1)?.filesDone, 2);

  const scan = v.files().find((f) => f.path === 'scan.pdf')!;
  assert.equal(scan.state, 'indexed');
  assert.equal(scan.reason, undefined);
  assert.equal(scan.ocr?.state, 'done');
  assert.ok((scan.ocr?.confidence ?? 0) > 60, `confidence ${scan.ocr?.confidence}`);

  // The recognised text is the page's text: most words of the original's text layer are found.
  const hits = await v.search('Quillfeather warrants desk lamp defects materials workmanship', { k: 5 });
  const hit = hits.find((h) => h.passage.path === 'scan.pdf');
  assert.ok(hit, 'the scanned page answers a search');
  assert.ok(hit.passage.ocr && hit.passage.ocr.confidence > 60);
  assert.equal(hit.passage.page, 1);
  assert.ok(hit.passage.boxes?.length && hit.passage.boxes.every((b) => b.x >= 0 && b.y >= 0 && b.x + b.w <= hit.passage.pageWidth! + 1 && b.y + b.h <= hit.passage.pageHeight! + 1));
  const scanWords = new Set((await v.search('warranty', { k: 50, pathPrefix: 'scan.pdf' })).flatMap((h) => words(h.passage.text)));
  const truthWords = words(TRUTH);
  const found = truthWords.filter((w) => scanWords.has(w)).length / truthWords.length;
  assert.ok(found > 0.9, `only ${(found * 100).toFixed(0)}% of the text layer's words were recognised`);

  // The mixed PDF keeps its text page and gains the scanned page as page 2.
  const manualPages = new Set((await v.search('warranty Quillfeather', { k: 20, pathPrefix: 'manual.pdf' })).map((h) => h.passage.page));
  assert.ok(manualPages.has(2));

  // A restart (new facade, same store) loads the OCR passages and recognises nothing again;
  // a forced re-index re-reads the files and takes every page from the cache.
  const before = runner.recognisedPages();
  const again = open();
  assert.equal(await again.load(), true);
  assert.equal(again.ocrPending(), 0);
  assert.ok((await again.search('Quillfeather warrants', { k: 5, pathPrefix: 'scan.pdf' })).length > 0);
  await again.indexWorkspace({ force: true });
  assert.equal(again.ocrPending(), 2);
  const resumed = await again.runOcr();
  assert.equal(resumed.cachedPages, 2);
  assert.equal(runner.recognisedPages(), before, 'no page was recognised twice');
  assert.ok((await again.search('Quillfeather warrants', { k: 5, pathPrefix: 'scan.pdf' })).length > 0);
});
