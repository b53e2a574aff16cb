/**
 * Regenerates test/fixtures/ocr: image-only PDFs made from the top of the example warranty
 * PDF's first page (rendered by poppler's pdftoppm at 150 DPI), and the text poppler reads
 * from the same region of the original, which the OCR tests compare against.
 * Usage: node --import tsx scripts/ocr/makeOcrFixtures.ts   (needs poppler-utils)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { imageOnlyPdf, renderWithPoppler, type GrayPage } from './imagePdf';

const root = path.resolve(__dirname, '../..');
const source = path.join(root, 'examples/workspace/warranty-terms.pdf');
const out = path.join(root, 'test/fixtures/ocr');
const DPI = 150;
/** The part of the page kept, in points from the top: small enough to keep the tests quick. */
const KEEP_PT = 300;

const [page] = renderWithPoppler(source, [1], DPI);
const rows = Math.round((KEEP_PT * DPI) / 72);
const top: GrayPage = { width: page!.width, height: rows, gray: page!.gray.subarray(0, page!.width * rows), widthPt: page!.widthPt!, heightPt: KEEP_PT };
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'scanned.pdf'), imageOnlyPdf([top]));
writeFileSync(
  path.join(out, 'mixed.pdf'),
  imageOnlyPdf([{ lines: ['Kestrel valve service manual.', 'The text layer of page one says the inspection interval is nine weeks.'] }, top]),
);
const truth = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-x', '0', '-y', '0', '-W', String(Math.ceil(page!.widthPt!)), '-H', String(KEEP_PT), '-r', '72', source, '-'], { encoding: 'utf8' });
writeFileSync(path.join(out, 'scanned.truth.txt'), truth.trim() + '\n');
console.log(`wrote ${out}: scanned.pdf, mixed.pdf, scanned.truth.txt`);
