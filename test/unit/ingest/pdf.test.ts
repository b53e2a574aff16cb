import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pdfToPassages, pdfHasText } from '../../../src/core/ingest/pdf';
import { WorkerPdfExtractor, findWorkerScript } from '../../../src/node/pdfExtractor';
import type { PdfDocText, PdfTextItem } from '../../../src/core/ports';

const root = path.resolve(__dirname, '../../..');
const examplePdf = path.join(root, 'examples', 'workspace', 'warranty-terms.pdf');
const extractor = new WorkerPdfExtractor();
after(() => extractor.close());

function item(str: string, x: number, y: number, opts: Partial<PdfTextItem> = {}): PdfTextItem {
  return { str, x, y, w: str.length * 5, h: 10, hasEOL: false, ...opts };
}

test('lines are built from items (hasEOL / baseline), numbered per page, with one box per line', () => {
  const doc: PdfDocText = {
    pageCount: 3,
    pages: [
      {
        page: 1, width: 600, height: 800,
        items: [
          item('Hello', 50, 100), item(' ', 75, 100, { w: 3 }), item('world', 80, 100, { hasEOL: true }),
          item('second line', 50, 112), item('same', 110, 112.5), // a tiny baseline wobble stays on the line
          item('', 0, 0, { w: 0, h: 0, hasEOL: true }), // empty marker items are ignored
          item('after a gap', 50, 160, { hasEOL: true }),
        ],
      },
      { page: 2, width: 600, height: 800, items: [] },
      { page: 3, width: 600, height: 800, items: [item('Last page text\u0000', 40, 50)] },
    ],
  };
  assert.equal(pdfHasText(doc), true);
  const { passages, title } = pdfToPassages('a.pdf', doc, { minWords: 120, maxWords: 250 });
  assert.equal(title, undefined);
  assert.equal(passages.length, 2, 'the empty page yields nothing; pages are never merged');
  const [p1, p3] = passages as [typeof passages[0], typeof passages[0]];
  assert.equal(p1.text, 'Hello world\nsecond line same\nafter a gap');
  assert.deepEqual([p1.page, p1.startLine, p1.endLine, p1.pageWidth, p1.pageHeight], [1, 1, 3, 600, 800]);
  assert.equal(p1.boxes!.length, 3);
  assert.deepEqual(p1.boxes![0], { x: 50, y: 100, w: 55, h: 10 });
  assert.deepEqual(p1.headings, []);
  assert.equal(p1.kind, 'pdf');
  assert.equal(p3.page, 3);
  assert.equal(p3.text, 'Last page text', 'control characters are dropped');
  assert.deepEqual([p3.startLine, p3.endLine], [1, 1]);
});

test('a page with only whitespace items has no text', () => {
  const doc: PdfDocText = { pageCount: 1, pages: [{ page: 1, width: 10, height: 10, items: [item(' ', 1, 1), item('\n', 1, 2)] }] };
  assert.equal(pdfHasText(doc), false);
  assert.deepEqual(pdfToPassages('b.pdf', doc, { minWords: 1, maxWords: 5 }).passages, []);
});

test('the example PDF through the worker: title, page numbers, line ranges and boxes', async (t) => {
  if (findWorkerScript() === undefined) assert.fail('dist/pdfWorker.mjs not found: run `npm run build` first');
  const bytes = readFileSync(examplePdf);
  const doc = await extractor.extract(bytes, { path: 'warranty-terms.pdf' });
  assert.equal(doc.title, 'Quillfeather Limited Warranty Terms');
  assert.equal(doc.pageCount, 3);
  assert.deepEqual(doc.pages.map((p) => [p.page, p.width, p.height]), [[1, 612, 792], [2, 612, 792], [3, 612, 792]]);
  // The writer puts the title at x=72 with its baseline at 714 in PDF space (bottom-left origin),
  // so from the top-left its baseline is at 792-714=78 and its top one font size (14) higher.
  const first = doc.pages[0]!.items.find((i) => i.str.trim() !== '')!;
  assert.equal(first.str, 'Quillfeather Limited Warranty Terms');
  assert.equal(first.x, 72);
  assert.ok(Math.abs(first.y - 64) < 2.5 && Math.abs(first.h - 14) < 2.5, `title box ${JSON.stringify(first)}`);

  const { passages, title } = pdfToPassages('warranty-terms.pdf', doc, { minWords: 40, maxWords: 90 });
  assert.equal(title, 'Quillfeather Limited Warranty Terms');
  assert.deepEqual([...new Set(passages.map((p) => p.page))], [1, 2, 3]);
  for (const page of [1, 2, 3]) {
    const onPage = passages.filter((p) => p.page === page);
    assert.ok(onPage.length >= 2, `page ${page} splits into several passages at this size`);
    assert.equal(onPage[0]!.startLine, 1);
    for (let i = 1; i < onPage.length; i++) assert.equal(onPage[i]!.startLine, onPage[i - 1]!.endLine + 1, 'line ranges are contiguous');
    for (const p of onPage) {
      assert.equal(p.boxes!.length, p.endLine - p.startLine + 1, 'one box per line');
      assert.equal(p.text.split('\n').length, p.boxes!.length);
      assert.equal(p.headings[0], 'Quillfeather Limited Warranty Terms');
      for (const b of p.boxes!) assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.w <= 612 && b.y + b.h <= 792 && b.w > 0 && b.h > 0, JSON.stringify(b));
      // Boxes go down the page with the lines.
      for (let i = 1; i < p.boxes!.length; i++) assert.ok(p.boxes![i]!.y > p.boxes![i - 1]!.y);
    }
  }
  const claim = passages.find((p) => p.text.includes('We answer every claim within 2 business days'));
  assert.equal(claim?.page, 2);
  const coverage = passages.find((p) => p.text.includes('for 2 years from the date of delivery'));
  assert.equal(coverage?.page, 1);
  assert.ok(passages.find((p) => p.page === 3)!.text.includes('5. Limits of liability'));
  t.diagnostic(`${passages.length} passages on 3 pages`);
});

test('ids are stable across extractions and distinct within the file', async () => {
  const bytes = readFileSync(examplePdf);
  const a = pdfToPassages('w.pdf', await extractor.extract(bytes), { minWords: 40, maxWords: 90 }).passages;
  const b = pdfToPassages('w.pdf', await extractor.extract(bytes), { minWords: 40, maxWords: 90 }).passages;
  assert.deepEqual(a.map((p) => p.id), b.map((p) => p.id));
  assert.equal(new Set(a.map((p) => p.id)).size, a.length);
});
