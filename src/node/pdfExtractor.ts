/**
 * PdfTextPort backed by pdf.js in worker threads. Each file runs in a worker that is reused for
 * the next file, and terminated (then replaced) when the file times out, is cancelled, or trips
 * the worker's memory limit — so a hostile PDF can neither hang nor exhaust the process.
 */
import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PdfDocText, PdfTextPort } from '../core/ports';
import { VerityError, type VerityErrorCode } from '../core/errors';
import { pdfHasText } from '../core/ingest/pdf';

/** A request to the worker (the bytes' buffer is transferred, not copied). */
export interface PdfJob {
  id: number;
  bytes: ArrayBuffer;
  maxPages: number;
}

/** The worker's answer: the text, or the name and message of what pdf.js threw. */
export type PdfJobResult = { id: number; ok: true; doc: PdfDocText } | { id: number; ok: false; name: string; message: string };

export interface WorkerPdfExtractorOptions {
  /** Files larger than this are refused before parsing (default 50 MB). */
  maxBytes?: number;
  /** Per-file time limit, worker start-up included (default 20 s). */
  timeoutMs?: number;
  /** Documents with more pages are refused (default 2000). */
  maxPages?: number;
  /** Heap limit of each worker in MB (default 512); exceeding it yields PDF_TOO_LARGE. */
  maxHeapMb?: number;
  /**
   * How far (MB) the process's resident memory may grow while one file is parsed (default 1024).
   * The heap limit does not cover ArrayBuffers, which is where a decompression bomb inflates.
   */
  maxMemoryMb?: number;
  /** Files parsed at the same time, one worker each (default 1). */
  concurrency?: number;
  /** Path of the bundled worker script (default: pdfWorker.mjs found next to the bundle or in <project>/dist). */
  workerPath?: string;
}

interface Slot {
  worker?: Worker;
  busy: boolean;
}

/** A file being parsed, as the memory watchdog sees it. */
interface RunningJob {
  started: number;
  /** Process RSS when the job started (raised after the watchdog stops another job). */
  baselineRss: number;
  stop: (error: VerityError) => void;
}

const MB = 1024 * 1024;

/** Extracts PDF text off the caller's thread and maps every failure to one coded, one-line reason. */
export class WorkerPdfExtractor implements PdfTextPort {
  private readonly maxBytes: number;
  private readonly timeoutMs: number;
  private readonly maxPages: number;
  private readonly maxHeapMb: number;
  private readonly maxMemoryBytes: number;
  private readonly running = new Set<RunningJob>();
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private readonly workerPath: string | undefined;
  private readonly slots: Slot[];
  private readonly waiting: Array<() => void> = [];
  private seq = 0;

  constructor(options: WorkerPdfExtractorOptions = {}) {
    this.maxBytes = options.maxBytes ?? 50 * MB;
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.maxPages = options.maxPages ?? 2000;
    this.maxHeapMb = options.maxHeapMb ?? 512;
    this.maxMemoryBytes = (options.maxMemoryMb ?? 1024) * MB;
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
    let doc: PdfDocText;
    try {
      doc = await this.run(slot, this.workerPath, bytes, signal);
    } finally {
      this.release(slot);
    }
    if (!pdfHasText(doc)) throw new VerityError('PDF_NO_TEXT', 'scanned PDF — no text layer, needs OCR');
    return doc;
  }

  /**
   * Cancels files in progress (CANCELLED) and terminates all workers. The extractor stays
   * usable: later calls start new workers.
   */
  async close(): Promise<void> {
    for (const job of [...this.running]) job.stop(new VerityError('CANCELLED', 'Cancelled: the PDF extractor was closed.'));
    await Promise.all(
      this.slots.map(async (slot) => {
        const w = slot.worker;
        slot.worker = undefined;
        if (w !== undefined) await w.terminate();
      }),
    );
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
    slot.worker?.unref(); // an idle worker must not keep the process alive
    this.waiting.shift()?.();
  }

  private spawn(slot: Slot, script: string): Worker {
    const worker = new Worker(script, {
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb, maxYoungGenerationSizeMb: 64 },
      stdout: true, // pdf.js may print warnings; keep them out of the caller's output
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    // A permanent listener: an 'error' with no listener would crash the whole process.
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      if (slot.worker === worker) slot.worker = undefined;
    });
    slot.worker = worker;
    return worker;
  }

  private run(slot: Slot, script: string, bytes: Uint8Array, signal: AbortSignal | undefined): Promise<PdfDocText> {
    const worker = slot.worker ?? this.spawn(slot, script);
    worker.ref();
    const id = ++this.seq;
    return new Promise<PdfDocText>((resolve, reject) => {
      let settled = false;
      const settle = (action: () => void, killWorker: boolean): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.unwatch(job);
        signal?.removeEventListener('abort', onAbort);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (killWorker) {
          if (slot.worker === worker) slot.worker = undefined;
          void worker.terminate();
        }
        action();
      };
      const onMessage = (r: PdfJobResult): void => {
        if (r.id !== id) return;
        settle(() => (r.ok ? resolve(r.doc) : reject(mapWorkerError(r.name, r.message))), false);
      };
      const onError = (e: Error & { code?: string }): void => {
        const err =
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new VerityError('PDF_TOO_LARGE', 'too large to parse — hit the memory limit', e.message)
            : new VerityError('PDF_UNREADABLE', `damaged PDF — the parser failed (${oneLine(e.message)})`, e.message);
        settle(() => reject(err), true);
      };
      const onExit = (code: number): void => {
        settle(() => reject(new VerityError('PDF_UNREADABLE', `damaged PDF — the parser stopped (exit code ${code})`)), true);
      };
      const onAbort = (): void => settle(() => reject(new VerityError('CANCELLED', 'Cancelled.')), true);
      const job: RunningJob = { started: Date.now(), baselineRss: process.memoryUsage.rss(), stop: (e) => settle(() => reject(e), true) };
      const timer = setTimeout(
        () => settle(() => reject(new VerityError('PDF_TIMEOUT', `timed out after ${(this.timeoutMs / 1000).toFixed(this.timeoutMs < 1000 ? 2 : 0)} s`)), true),
        this.timeoutMs,
      );
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.watch(job);
      const copy = new Uint8Array(bytes); // the caller keeps its bytes; ours are transferred
      const message: PdfJob = { id, bytes: copy.buffer, maxPages: this.maxPages };
      worker.postMessage(message, [copy.buffer]);
    });
  }
  private watch(job: RunningJob): void {
    this.running.add(job);
    this.watchdog ??= setInterval(() => this.checkMemory(), 100);
    this.watchdog.unref();
  }

  private unwatch(job: RunningJob): void {
    this.running.delete(job);
    if (this.running.size === 0 && this.watchdog !== undefined) {
      clearInterval(this.watchdog);
      this.watchdog = undefined;
    }
  }

  /**
   * Stops a file whose parse made the process grow past the limit. Memory cannot be attributed
   * to one thread, so the longest-running job over the limit is stopped (a bomb has to run a
   * while to inflate); the others get a fresh baseline instead of being blamed for its growth.
   */
  private checkMemory(): void {
    const rss = process.memoryUsage.rss();
    const jobs = [...this.running].sort((a, b) => a.started - b.started);
    const culprit = jobs.find((j) => rss - j.baselineRss > this.maxMemoryBytes);
    if (culprit === undefined) return;
    culprit.stop(new VerityError('PDF_TOO_LARGE', `too large to parse — memory grew past ${(this.maxMemoryBytes / MB).toFixed(0)} MB (decompression bomb?)`));
    for (const j of this.running) j.baselineRss = Math.max(j.baselineRss, rss);
  }
}

/** Maps what pdf.js threw (by name; classes do not survive the thread boundary) to a coded reason. */
export function mapWorkerError(name: string, message: string): VerityError {
  let code: VerityErrorCode = 'PDF_UNREADABLE';
  let text = `damaged PDF — ${oneLine(message) || name}`;
  if (name === 'PasswordException') {
    code = 'PDF_ENCRYPTED';
    text = 'encrypted — needs a password';
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
