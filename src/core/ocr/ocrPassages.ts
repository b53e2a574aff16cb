/**
 * Recognised words → passages. Words become text items (one per word, a line break after each
 * OCR line) and go through the same PDF chunker as a text layer, so OCR passages have the same
 * shape, ids and line boxes as any PDF passage, plus an `ocr` mark with the page's confidence.
 */
import type { PdfPageText, PdfTextItem } from '../ports';
import type { Passage } from '../types';
import type { ChunkSize } from '../ingest/chunk';
import { pdfToPassages } from '../ingest/pdf';
import type { OcrPageResult, OcrWord } from './ocrPort';

/** A page whose mean word confidence is below this (0–100) is reported as low confidence. */
export const LOW_CONFIDENCE = 60;
/** Words below this confidence are dropped: on photos and line art the engine "reads" specks. */
export const MIN_WORD_CONFIDENCE = 30;
/** A page needs this many legible words to count as text (a logo's stray letters do not). */
export const MIN_PAGE_WORDS = 3;

/**
 * The page's legible words: confident enough and holding a letter or digit. Empty when fewer
 * than {@link MIN_PAGE_WORDS} remain, so pictures without text give no passages.
 */
export function legibleWords(result: OcrPageResult): OcrWord[] {
  const words = (result.words ?? []).filter((w) => w.conf >= MIN_WORD_CONFIDENCE && /[\p{L}\p{N}]/u.test(w.text));
  return words.length >= MIN_PAGE_WORDS ? words : [];
}

/** Mean confidence of the page's legible words (0 when it has none). */
export function legibleConfidence(result: OcrPageResult): number {
  const words = legibleWords(result);
  return words.length ? Math.round(words.reduce((a, w) => a + w.conf, 0) / words.length) : 0;
}

/** The OCR'd page as the text items a PDF text layer would give. */
export function ocrPageText(result: OcrPageResult): PdfPageText {
  const words = legibleWords(result);
  const items: PdfTextItem[] = words.map((w, i) => ({
    str: w.text,
    x: w.box.x,
    y: w.box.y,
    w: w.box.w,
    h: w.box.h,
    hasEOL: i === words.length - 1 || words[i + 1]!.line !== w.line,
  }));
  return { page: result.page, width: result.width, height: result.height, items };
}

/**
 * Passages from the OCR results of one file's pages. Never throws; pages without words give none.
 *
 * @param path workspace-relative path of the PDF
 * @param title the document title, when its metadata had one
 * @param results OCR results of any pages of the file (non-`ocr` ones are ignored)
 * @param size target passage size in words
 */
export function ocrPassages(path: string, title: string | undefined, results: OcrPageResult[], size: ChunkSize): Passage[] {
  const pages = results.filter((r) => r.status === 'ocr' && legibleWords(r).length).sort((a, b) => a.page - b.page);
  const confidence = new Map(pages.map((p) => [p.page, legibleConfidence(p)]));
  const doc = { ...(title !== undefined ? { title } : {}), pageCount: pages.length, pages: pages.map(ocrPageText) };
  return pdfToPassages(path, doc, size).passages.map((p) => ({ ...p, ocr: { confidence: confidence.get(p.page!) ?? 0 } }));
}
