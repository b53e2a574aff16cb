/**
 * The port through which the core asks for OCR of a PDF's image-only pages. The Node adapter
 * (src/node/ocr) runs it in a child process with time, page and memory limits; the core owns
 * the queue, the cache and turning recognised words into passages.
 */
import type { Box } from '../types';

/** One recognised word: its text, its box on the page (PDF points, top-left origin) and confidence 0–100. */
export interface OcrWord {
  text: string;
  box: Box;
  conf: number;
  /** Index of the text line the word belongs to, counted on its page. */
  line: number;
}

/**
 * What became of one page:
 * - `ocr`: recognised (`words` may still be empty when the image held no legible text);
 * - `text`: the page has a text layer, nothing to do;
 * - `no_image`: no text layer and no image large enough to hold text (vector art, blank page);
 * - `failed`: the page could not be decoded or recognised (`reason` says why).
 */
export interface OcrPageResult {
  page: number;
  status: 'ocr' | 'text' | 'no_image' | 'failed';
  /** Page size in PDF points (viewport at scale 1). */
  width: number;
  height: number;
  words?: OcrWord[];
  /** Mean word confidence, 0–100 (status `ocr` with words only). */
  confidence?: number;
  reason?: string;
  /** Wall time spent on the page in milliseconds. */
  ms?: number;
}

export interface OcrRequest {
  /** Language codes, e.g. ['eng'] (a `+`-joined Tesseract language set). */
  languages: string[];
  /** Pages already known (from the cache): the adapter neither opens nor reports them. */
  skipPages: number[];
  /** Recognise at most this many pages of the file (pages with a text layer do not count). */
  maxPages: number;
  signal?: AbortSignal;
  /** Called once the page count is known. */
  onStart?: (info: { pageCount: number }) => void;
  /** Called as each page is finished, so its result can be cached before the next one starts. */
  onPage?: (result: OcrPageResult) => void;
}

export interface OcrDocResult {
  pageCount: number;
  /** Results of the pages examined in this call (cached pages are not repeated). */
  pages: OcrPageResult[];
  /** Pages needing OCR that were left because of `maxPages`. */
  capped: number;
}

/**
 * Recognises text on the image-only pages of a PDF. Throws VerityError: PDF_ENCRYPTED,
 * PDF_UNREADABLE, OCR_UNAVAILABLE (engine or language data missing), OCR_TIMEOUT,
 * OCR_FAILED (the OCR process died or ran out of memory), CANCELLED.
 */
export interface OcrPort {
  recognize(bytes: Uint8Array, request: OcrRequest): Promise<OcrDocResult>;
  /** Languages whose data is installed, e.g. ['eng']. */
  availableLanguages(): Promise<string[]>;
  dispose?(): void;
}
