/**
 * Hand-written validators for the report protocol. Each returns the message typed when it has the
 * expected shape, or an error naming the first offending field. Unknown extra fields are tolerated
 * (additive evolution of core types); missing or mistyped ones are not.
 */
import type {
  EvidenceRef,
  HostToWebview,
  PdfPageView,
  PdfViewState,
  ReportPayload,
  RenderedState,
  WebviewToHost,
} from './messages';
import type { CheckResult, Round, SentenceVerdict, Turn } from '../core/types';
import { arr, int, Invalid, num, obj, oneOf, optNum, optStr, run, str, type Validated } from './shape';

export type { Validated };

/** Longest question the Ask box may send (characters). */
export const MAX_QUESTION_CHARS = 4000;

const VERDICTS = ['supported', 'unsupported', 'contradicted', 'not_claim'] as const;
const KINDS = ['md', 'pdf'] as const;

export function checkEvidence(v: unknown, at: string): EvidenceRef {
  const o = obj(v, at);
  str(o, 'passageId', at);
  str(o, 'path', at);
  oneOf(o, 'kind', KINDS, at);
  str(o, 'heading', at);
  int(o, 'startLine', at);
  int(o, 'endLine', at);
  if (o.page !== undefined) int(o, 'page', at);
  str(o, 'quote', at);
  num(o, 'score', at);
  return o as unknown as EvidenceRef;
}

function checkSentence(v: unknown, at: string): SentenceVerdict {
  const o = obj(v, at);
  int(o, 'index', at);
  str(o, 'text', at);
  for (const k of ['start', 'end', 'line', 'col', 'endLine', 'endCol']) int(o, k, at);
  oneOf(o, 'verdict', VERDICTS, at);
  num(o, 'score', at);
  str(o, 'reason', at);
  if (o.evidence !== undefined) checkEvidence(o.evidence, `${at}.evidence`);
  arr(o, 'alternatives', at).forEach((e, i) => checkEvidence(e, `${at}.alternatives[${i}]`));
  arr(o, 'citations', at).forEach((c, i) => {
    if (typeof c !== 'number') throw new Invalid(`${at}.citations[${i}]: expected a number`);
  });
  if (o.dropped !== undefined && typeof o.dropped !== 'boolean') throw new Invalid(`${at}.dropped: expected a boolean`);
  // the finding a surface shows depends on these two (core/vocabulary.ts)
  if (o.certainty !== undefined) oneOf(o, 'certainty', ['clear', 'uncertain'] as const, at);
  optNum(o, 'confidence', at);
  return o as unknown as SentenceVerdict;
}

function checkCheckResult(v: unknown, at: string): CheckResult {
  const o = obj(v, at);
  str(o, 'text', at);
  arr(o, 'sentences', at).forEach((s, i) => checkSentence(s, `${at}.sentences[${i}]`));
  const sum = obj(o.summary, `${at}.summary`);
  for (const k of ['sentences', 'claims', 'supported', 'unsupported', 'contradicted', 'notClaim']) int(sum, k, `${at}.summary`);
  num(o, 'ms', at);
  return o as unknown as CheckResult;
}

function checkTokens(v: unknown, at: string): void {
  const o = obj(v, at);
  num(o, 'prompt', at);
  num(o, 'completion', at);
}

function checkRound(v: unknown, at: string): Round {
  const o = obj(v, at);
  int(o, 'n', at);
  oneOf(o, 'kind', ['draft', 'revision', 'requery'] as const, at);
  optStr(o, 'query', at);
  arr(o, 'evidenceIds', at).forEach((e, i) => {
    if (typeof e !== 'string') throw new Invalid(`${at}.evidenceIds[${i}]: expected a string`);
  });
  str(o, 'draft', at);
  checkCheckResult(o.check, `${at}.check`);
  optStr(o, 'feedback', at);
  int(o, 'modelCalls', at);
  checkTokens(o.tokens, `${at}.tokens`);
  num(o, 'ms', at);
  return o as unknown as Round;
}

export function checkTurn(v: unknown, at: string): Turn {
  const o = obj(v, at);
  str(o, 'id', at);
  str(o, 'question', at);
  str(o, 'query', at);
  arr(o, 'evidence', at).forEach((e, i) => {
    const n = obj(e, `${at}.evidence[${i}]`);
    int(n, 'n', `${at}.evidence[${i}]`);
    const p = obj(n.passage, `${at}.evidence[${i}].passage`);
    str(p, 'id', `${at}.evidence[${i}].passage`);
    str(p, 'path', `${at}.evidence[${i}].passage`);
    str(p, 'text', `${at}.evidence[${i}].passage`);
  });
  arr(o, 'rounds', at).forEach((r, i) => checkRound(r, `${at}.rounds[${i}]`));
  str(o, 'answer', at);
  arr(o, 'sentences', at).forEach((s, i) => checkSentence(s, `${at}.sentences[${i}]`));
  oneOf(o, 'status', ['answered', 'partially_supported', 'no_answer', 'cancelled', 'error'] as const, at);
  str(o, 'stopReason', at);
  optStr(o, 'model', at);
  int(o, 'modelCalls', at);
  checkTokens(o.tokens, `${at}.tokens`);
  if (o.error !== undefined) {
    const e = obj(o.error, `${at}.error`);
    str(e, 'code', `${at}.error`);
    str(e, 'message', `${at}.error`);
  }
  num(o, 'ms', at);
  return o as unknown as Turn;
}

function checkPayload(v: unknown, at: string): ReportPayload {
  const o = obj(v, at);
  const kind = oneOf(o, 'kind', ['check', 'turn'] as const, at);
  if (kind === 'check') {
    checkCheckResult(o.result, `${at}.result`);
    optStr(o, 'docUri', at);
  } else {
    checkTurn(o.turn, `${at}.turn`);
  }
  return o as unknown as ReportPayload;
}

function checkPdfView(v: unknown, at: string): PdfPageView {
  const o = obj(v, at);
  int(o, 'requestId', at);
  str(o, 'path', at);
  // Typed arrays survive postMessage; accept a bare ArrayBuffer or any view too and normalise it.
  // Tags, not instanceof: the bytes may come from another realm (frame).
  const tag = Object.prototype.toString.call(o.bytes);
  if (tag === '[object ArrayBuffer]') o.bytes = new Uint8Array(o.bytes as ArrayBuffer);
  else if (ArrayBuffer.isView(o.bytes) && tag !== '[object Uint8Array]') o.bytes = new Uint8Array(o.bytes.buffer, o.bytes.byteOffset, o.bytes.byteLength);
  if (Object.prototype.toString.call(o.bytes) !== '[object Uint8Array]') {
    const b = o.bytes as { constructor?: { name?: string } } | null;
    throw new Invalid(`${at}.bytes: expected a Uint8Array, got ${tag} ${b?.constructor?.name ?? ''} ${JSON.stringify(b)?.slice(0, 60) ?? ''}`);
  }
  if (int(o, 'page', at) < 1) throw new Invalid(`${at}.page: expected a page number >= 1`);
  str(o, 'passageId', at);
  arr(o, 'boxes', at).forEach((b, i) => {
    const box = obj(b, `${at}.boxes[${i}]`);
    for (const k of ['x', 'y', 'w', 'h']) num(box, k, `${at}.boxes[${i}]`);
  });
  optNum(o, 'pageWidth', at);
  optNum(o, 'pageHeight', at);
  optStr(o, 'quote', at);
  return o as unknown as PdfPageView;
}

/** Validates a message arriving in the webview from the host. */
export function validateHostMessage(v: unknown): Validated<HostToWebview> {
  return run(() => {
    const o = obj(v, 'message');
    const type = str(o, 'type', 'message');
    switch (type) {
      case 'report':
        if (o.payload !== null) checkPayload(o.payload, 'report.payload');
        if (typeof o.modelAvailable !== 'boolean') throw new Invalid('report.modelAvailable: expected a boolean');
        break;
      case 'askProgress':
        int(o, 'askId', type);
        str(o, 'message', type);
        if (o.round !== undefined) int(o, 'round', type);
        break;
      case 'askText':
        int(o, 'askId', type);
        str(o, 'fragment', type);
        break;
      case 'askDone':
        int(o, 'askId', type);
        checkTurn(o.turn, 'askDone.turn');
        break;
      case 'askFailed':
        int(o, 'askId', type);
        str(o, 'message', type);
        break;
      case 'pdfPage':
        checkPdfView(o.view, 'pdfPage.view');
        break;
      case 'evidenceFailed':
        int(o, 'requestId', type);
        str(o, 'message', type);
        break;
      default:
        throw new Invalid(`message.type: unknown type ${JSON.stringify(type).slice(0, 40)}`);
    }
    return o as unknown as HostToWebview;
  });
}

function checkRendered(v: unknown, at: string): RenderedState {
  const o = obj(v, at);
  oneOf(o, 'kind', ['check', 'turn', 'empty'] as const, at);
  for (const k of ['sentences', 'problems', 'rounds']) int(o, k, at);
  if (typeof o.problemsOnly !== 'boolean') throw new Invalid(`${at}.problemsOnly: expected a boolean`);
  if (o.pdf !== undefined) checkPdfState(o.pdf, `${at}.pdf`);
  return o as unknown as RenderedState;
}

function checkPdfState(v: unknown, at: string): PdfViewState {
  const p = obj(v, at);
  str(p, 'path', at);
  for (const k of ['page', 'pages', 'highlights']) int(p, k, at);
  oneOf(p, 'mode', ['quote', 'passage', 'none'] as const, at);
  num(p, 'zoom', at);
  num(p, 'width', at);
  return p as unknown as PdfViewState;
}

/** Validates a message arriving in the host from the webview (untrusted input). */
export function validateWebviewMessage(v: unknown): Validated<WebviewToHost> {
  return run(() => {
    const o = obj(v, 'message');
    const type = str(o, 'type', 'message');
    switch (type) {
      case 'ready':
        break;
      case 'openEvidence':
        int(o, 'requestId', type);
        checkEvidence(o.evidence, 'openEvidence.evidence');
        break;
      case 'ask': {
        int(o, 'askId', type);
        const q = str(o, 'question', type);
        if (q.trim().length === 0) throw new Invalid('ask.question: empty');
        if (q.length > MAX_QUESTION_CHARS) throw new Invalid(`ask.question: longer than ${MAX_QUESTION_CHARS} characters`);
        break;
      }
      case 'cancelAsk':
        int(o, 'askId', type);
        break;
      case 'rendered':
        checkRendered(o.state, 'rendered.state');
        break;
      case 'pdfRendered':
        checkPdfState(o.state, 'pdfRendered.state');
        break;
      case 'log':
        oneOf(o, 'level', ['info', 'warn', 'error'] as const, type);
        str(o, 'message', type);
        break;
      default:
        throw new Invalid(`message.type: unknown type ${JSON.stringify(type).slice(0, 40)}`);
    }
    return o as unknown as WebviewToHost;
  });
}
