/**
 * The typed messages between the extension (host) and the report webview. Both directions are
 * discriminated unions on `type`; every message is validated on arrival (see validate.ts), because
 * a webview is a separate process and its messages are untrusted input for the host (and vice versa).
 * The webview imports data types from here, never from src/core directly.
 */
import type { Box, CheckResult, EvidenceRef, FinalSentence, NumberedEvidence, Passage, Round, SentenceVerdict, Turn } from '../core/types';

export type { Box, CheckResult, EvidenceRef, FinalSentence, NumberedEvidence, Passage, Round, SentenceVerdict, Turn };

/** What the report shows: one check of a text, or one answered question. */
export type ReportPayload = { kind: 'check'; result: CheckResult; docUri?: string } | { kind: 'turn'; turn: Turn };

/** A PDF page with the passage to highlight (boxes in PDF points, top-left origin). */
export interface PdfPageView {
  /** The openEvidence request this answers; 0 when the host opened the page on its own. */
  requestId: number;
  path: string;
  /** The whole PDF file; the webview renders pages from it with pdf.js. */
  bytes: Uint8Array;
  page: number;
  passageId: string;
  boxes: Box[];
  pageWidth?: number;
  pageHeight?: number;
  /** The deciding text: highlighted on the page when found there (else the passage's boxes are). */
  quote?: string;
}

/** What the PDF view shows (reported after every render; the test hooks read it back). */
export interface PdfViewState {
  path: string;
  page: number;
  pages: number;
  /** Highlight boxes drawn on the page. */
  highlights: number;
  /** What the boxes cover: the quoted text, the whole passage (quote not found), or nothing. */
  mode: 'quote' | 'passage' | 'none';
  /** Zoom relative to fit-to-width (1 = fit). */
  zoom: number;
  /** CSS width of the rendered page in pixels. */
  width: number;
}

// ---------------------------------------------------------------------------------------------
// host → webview

export type HostToWebview =
  | { type: 'report'; payload: ReportPayload | null; modelAvailable: boolean }
  | { type: 'askProgress'; askId: number; message: string; round?: number }
  | { type: 'askText'; askId: number; fragment: string }
  | { type: 'askDone'; askId: number; turn: Turn }
  | { type: 'askFailed'; askId: number; message: string }
  | { type: 'pdfPage'; view: PdfPageView }
  | { type: 'evidenceFailed'; requestId: number; message: string };

// ---------------------------------------------------------------------------------------------
// webview → host

export type WebviewToHost =
  | { type: 'ready' }
  | { type: 'openEvidence'; requestId: number; evidence: EvidenceRef }
  | { type: 'ask'; askId: number; question: string }
  | { type: 'cancelAsk'; askId: number }
  /** What the webview rendered last (the test hook reads it back). */
  | { type: 'rendered'; state: RenderedState }
  /** The PDF view's state after a render (the PDF editor's webview sends this). */
  | { type: 'pdfRendered'; state: PdfViewState }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string };

/** A summary of what the webview has on screen, reported after every render. */
export interface RenderedState {
  kind: 'check' | 'turn' | 'empty';
  sentences: number;
  problems: number;
  rounds: number;
  problemsOnly: boolean;
  /** The open PDF page, if any: path, page number, pages, highlight boxes drawn. */
  pdf?: PdfViewState;
}
