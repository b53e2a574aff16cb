import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ocrPassages } from '../../../src/core/ocr/ocrPassages';
import { needsOcr, ocrState } from '../../../src/core/ocr/ocrStage';
import type { OcrPageResult, OcrWord } from '../../../src/core/ocr/ocrPort';

const SIZE = { minWords: 5, maxWords: 50 };

function line(text: string, n: number, conf = 90): OcrWord[] {
  return text.split(' ').map((t, i) => ({ text: t, conf, line: n, box: { x: 72 + i * 40, y: 100 + n * 14, w: 36, h: 10 } }));
}

const clean: OcrPageResult = {
  page: 2,
  status: 'ocr',
  width: 612,
  height: 792,
  confidence: 90,
  words: [...line('The pump must be inspected', 0), ...line('every nine weeks by a technician.', 1, 80)],
};

test('recognised words become a passage with page, one box per OCR line and the mean confidence', () => {
  const [p, ...rest] = ocrPassages('manual.pdf', 'Pump manual', [clean], SIZE);
  assert.equal(rest.length, 0);
  assert.equal(p!.text, 'The pump must be inspected\nevery nine weeks by a technician.');
  assert.equal(p!.page, 2);
  assert.equal(p!.kind, 'pdf');
  assert.deepEqual(p!.boxes, [
    { x: 72, y: 100, w: 196, h: 10 },
    { x: 72, y: 114, w: 236, h: 10 },
  ]);
  assert.equal(p!.ocr?.confidence, 85);
  assert.deepEqual(p!.headings, ['Pump manual']);
});

test('specks read on a picture give no passage: low-confidence and letterless words are dropped', () => {
  const picture: OcrPageResult = { page: 1, status: 'ocr', width: 612, height: 792, confidence: 20, words: [...line('*) | -', 0, 10), ...line('RB JA', 1, 25), ...line('So', 2, 62)] };
  assert.deepEqual(ocrPassages('photo.pdf', undefined, [picture], SIZE), []);
  const state = ocrState([picture], false);
  assert.equal(state.pages, 0);
  assert.equal(state.message, 'OCR found no legible text on page 1');
});

test('the file state names low-confidence pages, failures and the page cap', () => {
  const blurry: OcrPageResult = { ...clean, page: 3, words: line('Pump inspection record sheet', 0, 45) };
  const failed: OcrPageResult = { page: 4, status: 'failed', width: 0, height: 0, reason: 'page took longer than 180 s' };
  const state = ocrState([clean, blurry, failed], true);
  assert.equal(state.state, 'capped');
  assert.equal(state.pages, 2);
  assert.deepEqual(state.lowConfidencePages, [3]);
  assert.equal(state.message, 'OCR text on 2 pages, confidence 74%; low confidence on page 3; page 4 failed (page took longer than 180 s); stopped at the page limit');
  assert.equal(ocrState([{ page: 1, status: 'no_image', width: 1, height: 1 }], false).message, 'page 1 has no text layer and no image to read (blank or a drawing)');
});

test('each part names the pages it is true of: a blank page beside recognised ones is named, the text pages are not', () => {
  const blank: OcrPageResult = { page: 4, status: 'no_image', width: 612, height: 792 };
  const text: OcrPageResult = { page: 1, status: 'text', width: 612, height: 792 };
  const state = ocrState([text, clean, blank], false);
  assert.equal(state.message, 'OCR text on 1 page, confidence 85%; page 4 has no text layer and no image to read (blank or a drawing)');
  assert.doesNotMatch(state.message ?? '', /page 1\b/);
});

test('files made before OCR existed still count as waiting for it', () => {
  const base = { path: 'a.pdf', kind: 'pdf' as const, hash: 'h', size: 1, mtime: 1, passages: 0 };
  assert.equal(needsOcr({ ...base, state: 'skipped', reason: 'PDF_NO_TEXT' }), true);
  assert.equal(needsOcr({ ...base, state: 'skipped', reason: 'PDF_ENCRYPTED' }), false);
  assert.equal(needsOcr({ ...base, state: 'indexed', ocr: { state: 'done', pages: 1 } }), false);
  assert.equal(needsOcr({ ...base, state: 'indexed', ocr: { state: 'pending', pages: 0 } }), true);
});
