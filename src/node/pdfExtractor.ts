/**
 * PdfTextPort backed by pdf.js in CHILD PROCESSES (see isolatedProcess.ts). Each file is parsed
 * by a child that is reused for the next file, and killed (then replaced) when the file times
 * out, is cancelled, or trips the child's heap limit, resident-memory ceiling or output cap — so
 * a hostile PDF can only ever kill its own child, never the CLI or the extension host.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PdfDocText, PdfTextPort } from '../core/ports';
import { VerityError, type VerityErrorCode } from '../core/errors';
import { pdfHasText } from '../core/ingest/pdf';
import { IsolatedHandlerError, IsolatedProcess, IsolatedProcessError } from './isolatedProcess';

/** A request to the child. */
export interface PdfJob {
  bytes: Uint8Array;
  maxPages: number;
  /** The child refuses to answer with more text than this (characters, all pages). */
  maxTextChars: number;
}

export interface WorkerPdfExtractorOptions {
  /** Files larger than this are refused before parsing (default 50 MB). */
  maxBytes?: number;
  /** Per-file time limit, child start-up included (default 20 s). */
  timeoutMs?: number;
  /** Documents with more pages are refused (default 2000). */
  maxPages?: number;
  /** Heap limit of each child in MB (default 512); exceeding it yields PDF_TOO_LARGE. */
  maxHeapMb?: number;
  /**
   * Resident memory ceiling of each child in MB (default 1024). The heap limit does not cover
   * ArrayBuffers, which is where a decompression bomb inflates.
   */
  maxMemoryMb?: number;
  /** Largest answer a child may send, in MB (default 128). */
  maxOutputMb?: number;
  /** Files parsed at the same time, one child each (default 1). */
  concurrency?: number;
  /** Path of the bundled child script (default: pdfWorker.mjs found next to the bundle or in <project>/dist). */
  workerPath?: string;
}

interface Slot {
  child?: IsolatedProcess;
  busy: boolean;
}

const MB = 1024 * 1024;

/** Extracts PDF text in child processes and maps every failure to one coded, one-line reason. */
export class WorkerPdfExtractor implements PdfTextPort {
  private readonly maxBytes: number;
  private readonly timeoutMs: number;
  private readonly maxPages: number;
  private readonly maxHeapMb: number;
  private readonly maxMemoryMb: number;
  private readonly maxOutputBytes: number;
  private readonly workerPath: string | undefined;
  private readonly slots: Slot[];
  private readonly waiting: Array<() => void> = [];
  private readonly running = new Set<AbortController>();

  constructor(options: WorkerPdfExtractorOptions = {}) {
    this.maxBytes = options.maxBytes ?? 50 * MB;
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.maxPages = options.maxPages ?? 2000;
    this.maxHeapMb = options.maxHeapMb ?? 512;
    this.maxMemoryMb = options.maxMemoryMb ?? 1024;
    this.maxOutputBytes = (options.maxOutputMb ?? 128) * MB;
    this.workerPath = options.workerPath ?? findWorkerScript();
    this.slots = Array.from({ length: Math.max(1, options.concurrency ?? 1) }, () => ({ busy: false }));
  }

  async extract(bytes: Uint8Array, options: { signal?: AbortSignal; path?: string } = {}): Promise<PdfDocText> {
    const { signal } = options;
    if (signal?.aborted) throw new VerityError('CANCELLED', 'Cancelled.');
    if (bytes.byteLength > this.maxBytes) {
      throw new VerityError('PDF_TOO_LARGE', `PDF is ${(bytes.byteLength / MB).toFixed(1)} MB — over the ${(this.maxBytes / MB).toFixed(0)} MB limit`);
    }
    if (this.workerPath === undefined) {
      throw new VerityError('INTERNAL', 'PDF worker script (pdfWorker.mjs) not found — run `npm run build`');
    }
    const slot = await this.acquire(signal);
    // One controller per file: the caller's signal and close() both stop it.
    const ctl = new AbortController();
    const onAbort = (): void => ctl.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    this.running.add(ctl);
    let doc: PdfDocText;
    try {
      slot.child ??= new IsolatedProcess({ script: this.workerPath, maxHeapMb: this.maxHeapMb, maxRssMb: this.maxMemoryMb });
      const job: PdfJob = { bytes, maxPages: this.maxPages, maxTextChars: Math.floor(this.maxOutputBytes / 8) };
      doc = await slot.child.request<PdfDocText>(job, { timeoutMs: this.timeoutMs, maxOutputBytes: this.maxOutputBytes, signal: ctl.signal });
    } catch (e) {
      throw this.toError(e);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      this.running.delete(ctl);
      this.release(slot);
    }
    if (!pdfHasText(doc)) throw new VerityError('PDF_NO_TEXT', 'scanned PDF — no text layer, needs OCR', { pageCount: doc.pageCount });
    return doc;
  }

  /**
   * Cancels files in progress (CANCELLED) and kills all children. The extractor stays usable:
   * later calls start new children.
   */
  async close(): Promise<void> {
    for (const ctl of [...this.running]) ctl.abort();
    await Promise.all(this.slots.map((slot) => slot.child?.close()));
  }

  private toError(e: unknown): VerityError {
    if (e instanceof IsolatedHandlerError) return mapWorkerError(e.errorName, e.message);
    if (!(e instanceof IsolatedProcessError)) return new VerityError('PDF_UNREADABLE', `damaged PDF — ${oneLine(String((e as Error)?.message ?? e))}`);
    switch (e.reason) {
      case 'cancelled':
        return new VerityError('CANCELLED', 'Cancelled.');
      case 'timeout':
        return new VerityError('PDF_TIMEOUT', `timed out after ${(this.timeoutMs / 1000).toFixed(this.timeoutMs < 1000 ? 2 : 0)} s`);
      case 'output':
        return new VerityError('PDF_TOO_LARGE', `too much text — over the ${(this.maxOutputBytes / MB).toFixed(0)} MB output limit`);
      case 'memory':
        return new VerityError('PDF_TOO_LARGE', `too large to parse — memory grew past ${this.maxMemoryMb} MB (decompression bomb?)`);
      default:
        return e.outOfMemory
          ? new VerityError('PDF_TOO_LARGE', 'too large to parse — hit the memory limit', oneLine(e.stderr.slice(-300)))
          : new VerityError('PDF_UNREADABLE', `damaged PDF — the parser stopped (${oneLine(e.message)})`, oneLine(e.stderr.slice(-300)));
    }
  }

  private acquire(signal: AbortSignal | undefined): Promise<Slot> {
    const free = this.slots.find((s) => !s.busy);
    if (free !== undefined) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve, reject) => {
      const wake = (): void => {
        signal?.removeEventListener('abort', onAbort);
        const slot = this.slots.find((s) => !s.busy)!;
        slot.busy = true;
        resolve(slot);
      };
      const onAbort = (): void => {
        const i = this.waiting.indexOf(wake);
        if (i !== -1) this.waiting.splice(i, 1);
        reject(new VerityError('CANCELLED', 'Cancelled.'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(wake);
    });
  }

  private release(slot: Slot): void {
    slot.busy = false;
    this.waiting.shift()?.();
  }
}

/** Maps what pdf.js threw (by name; classes do not survive the thread boundary) to a coded reason. */
export function mapWorkerError(name: string, message: string): VerityError {
  let code: VerityErrorCode = 'PDF_UNREADABLE';
  let text = `damaged PDF — ${oneLine(message) || name}`;
  if (name === 'PasswordException') {
    code = 'PDF_ENCRYPTED';
    text = 'encrypted — needs a password';
  } else if (name === 'TooMuchText') {
    code = 'PDF_TOO_LARGE';
    text = `too much text: ${message}`;
  } else if (name === 'TooManyPages') {
    code = 'PDF_TOO_LARGE';
    text = `too many pages: ${message}`;
  } else if (name === 'RangeError' && /allocat|invalid (typed )?array length|out of memory/i.test(message)) {
    code = 'PDF_TOO_LARGE';
    text = 'too large to parse — ran out of memory';
  } else if (name === 'InvalidPDFException') {
    text = 'damaged PDF — not a valid PDF structure';
  }
  return new VerityError(code, text, { name, message });
}

function oneLine(s: string): string {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

/**
 * Finds dist/pdfWorker.mjs: next to the running bundle (dist/cli.js, dist/extension.js), or in
 * <project>/dist when this module runs from sources (tests through tsx).
 */
export function findWorkerScript(): string | undefined {
  const here = typeof __dirname === 'string' ? __dirname : process.cwd();
  const candidates = [path.join(here, 'pdfWorker.mjs')];
  for (let dir = here, i = 0; i < 6; i++, dir = path.dirname(dir)) {
    candidates.push(path.join(dir, 'dist', 'pdfWorker.mjs'));
  }
  candidates.push(path.join(process.cwd(), 'dist', 'pdfWorker.mjs'));
  return candidates.find((c) => existsSync(c));
}
