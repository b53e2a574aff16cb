/** Messages between the OCR runner (parent) and the OCR child process. */
import type { OcrPageResult } from '../../core/ocr/ocrPort';

export interface OcrJobMessage {
  type: 'job';
  bytes: Uint8Array;
  /** Language codes; `<langDir>/<code>.traineddata.gz` exists for each. */
  languages: string[];
  /** A private folder the parent made and removes. */
  langDir: string;
  skipPages: number[];
  maxPages: number;
  /** pdf.js decoder assets (JBIG2 / JPEG 2000 wasm, CMaps, standard fonts), folder paths ending in a separator. */
  pdfAssets: { wasmUrl?: string; cMapUrl?: string; standardFontDataUrl?: string };
  /** The OCR engine's worker script (dist/ocr/engineWorker.js). */
  engineWorkerPath: string;
}

export type OcrChildMessage =
  | { type: 'start'; pageCount: number }
  /** Sent before a page is recognised, so the parent knows which page killed a child that dies. */
  | { type: 'pageBegin'; page: number }
  | { type: 'page'; result: OcrPageResult }
  | { type: 'done'; capped: number }
  | { type: 'error'; name: string; message: string };
