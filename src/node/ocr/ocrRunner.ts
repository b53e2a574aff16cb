/**
 * OcrPort backed by a child process per PDF (dist/ocrChild.mjs, started with `fork`). The child
 * has a heap limit; the parent adds a wall-clock deadline per page and per file, a resident
 * memory limit and an output cap, and SIGKILLs the child on any overrun. A page that kills the
 * child is reported as failed and the remaining pages go to a fresh child, so one bad page
 * costs only itself.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OcrDocResult, OcrPageResult, OcrPort, OcrRequest } from '../../core/ocr/ocrPort';
import { VerityError } from '../../core/errors';
import { findEngineWorker, findLanguageData, findOcrChildScript, findPdfAssets, listLanguages } from './ocrAssets';
import type { OcrChildMessage, OcrJobMessage } from './ocrProtocol';
import { processRssMb } from './processMemory';

export interface OcrRunnerOptions {
  /** Time for one page, engine start-up included (default 180 s). */
  pageTimeoutMs?: number;
  /** Time for the child to start and open the PDF (default 60 s). */
  startTimeoutMs?: number;
  /** Time for one file, all its pages (default 30 min). */
  fileTimeoutMs?: number;
  /** The child's V8 heap limit in MB (default 1024). */
  maxHeapMb?: number;
  /** The child's resident memory limit in MB (WebAssembly memory and decoded images are off-heap; default 2048). */
  maxRssMb?: number;
  /** Results larger than this (bytes of messages from the child) stop the file (default 64 MB). */
  maxOutputBytes?: number;
  /** Fresh children a file may use after one died on a page (default 3). */
  maxRestarts?: number;
  /** Overrides for tests: the child script and its extra Node arguments. */
  childPath?: string;
  execArgv?: string[];
}

const MB = 1024 * 1024;

/** Creates the OCR port. Nothing starts until `recognize` is called. */
export function createOcrRunner(options: OcrRunnerOptions = {}): OcrPort {
  const pageTimeoutMs = options.pageTimeoutMs ?? 180_000;
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const fileTimeoutMs = options.fileTimeoutMs ?? 30 * 60_000;
  const maxHeapMb = options.maxHeapMb ?? 1024;
  const maxRssMb = options.maxRssMb ?? 2048;
  const maxOutputBytes = options.maxOutputBytes ?? 64 * MB;
  const maxRestarts = options.maxRestarts ?? 3;
  const children = new Set<ChildProcess>();

  /**
   * The engine reads every language from one folder, while data packages each have their own:
   * copy the wanted ones into a private folder for this file (removed afterwards, even when the
   * child was killed).
   */
  const languageFolder = (codes: string[]): string => {
    const files = codes.map((code) => {
      const file = findLanguageData(code);
      if (!file) throw new VerityError('OCR_UNAVAILABLE', missingLanguageText(code));
      return [code, file] as const;
    });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'verity-ocr-'));
    for (const [code, file] of files) copyFileSync(file, path.join(dir, `${code}.traineddata.gz`));
    return dir;
  };

  return {
    async availableLanguages() {
      return listLanguages();
    },

    async recognize(bytes: Uint8Array, request: OcrRequest): Promise<OcrDocResult> {
      if (request.signal?.aborted) throw new VerityError('CANCELLED', 'Cancelled.');
      const childPath = options.childPath ?? findOcrChildScript();
      const engineWorkerPath = findEngineWorker();
      if (!childPath || !engineWorkerPath) throw new VerityError('OCR_UNAVAILABLE', 'OCR engine files (ocrChild.mjs, ocr/engineWorker.js) not found — run `npm run build`');
      const languages = request.languages.length ? request.languages : ['eng'];
      const langDir = languageFolder(languages);
      const known = new Set(request.skipPages);
      const pages: OcrPageResult[] = [];
      let pageCount = 0;
      let capped = 0;
      let recognised = 0;
      try {
        const deadline = Date.now() + fileTimeoutMs;
        for (let attempt = 0; ; attempt++) {
          const outcome = await runChild({
            childPath,
            job: {
              type: 'job',
              bytes,
              languages,
              langDir,
              skipPages: [...known],
              maxPages: Math.max(0, request.maxPages - recognised),
              pdfAssets: findPdfAssets(),
              engineWorkerPath,
            },
            execArgv: [`--max-old-space-size=${maxHeapMb}`, ...(options.execArgv ?? [])],
            pageTimeoutMs,
            startTimeoutMs,
            deadline,
            maxRssMb,
            maxOutputBytes,
            signal: request.signal,
            children,
            onStart: (n) => {
              if (!pageCount) request.onStart?.({ pageCount: n });
              pageCount = n;
            },
            onPage: (r) => {
              known.add(r.page);
              pages.push(r);
              if (r.status === 'ocr') recognised++;
              request.onPage?.(r);
            },
          });
          if (outcome.kind === 'done') {
            capped = outcome.capped;
            break;
          }
          if (outcome.kind === 'error') throw outcome.error;
          // The child died on a page: that page fails alone, the rest go to a fresh child.
          const failed: OcrPageResult = { page: outcome.page, status: 'failed', width: 0, height: 0, reason: outcome.reason };
          known.add(failed.page);
          pages.push(failed);
          request.onPage?.(failed);
          if (attempt + 1 >= maxRestarts) throw new VerityError('OCR_FAILED', `OCR stopped after ${maxRestarts} failed pages (last: page ${failed.page}, ${outcome.reason})`);
        }
      } finally {
        rmSync(langDir, { recursive: true, force: true });
      }
      return { pageCount, pages, capped };
    },

    dispose() {
      for (const child of children) child.kill('SIGKILL');
      children.clear();
    },
  };
}

type ChildOutcome =
  | { kind: 'done'; capped: number }
  /** The child died or was killed while working on `page`. */
  | { kind: 'pageDied'; page: number; reason: string }
  | { kind: 'error'; error: VerityError };

interface ChildRun {
  childPath: string;
  job: OcrJobMessage;
  execArgv: string[];
  pageTimeoutMs: number;
  startTimeoutMs: number;
  deadline: number;
  maxRssMb: number;
  maxOutputBytes: number;
  signal?: AbortSignal;
  children: Set<ChildProcess>;
  onStart: (pageCount: number) => void;
  onPage: (r: OcrPageResult) => void;
}

function runChild(run: ChildRun): Promise<ChildOutcome> {
  return new Promise((resolve) => {
    const child = fork(run.childPath, [], {
      execArgv: run.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // In VS Code's extension host process.execPath is the editor's own binary: run it as Node.
      env: { ...process.env, NODE_OPTIONS: '', ELECTRON_RUN_AS_NODE: '1' },
    });
    run.children.add(child);
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 4096) stderr += d.toString('utf8');
    });
    let current: number | undefined;
    let output = 0;
    let settled = false;
    let pageTimer: NodeJS.Timeout | undefined;
    const finish = (outcome: ChildOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(pageTimer);
      clearTimeout(fileTimer);
      clearInterval(memoryTimer);
      run.signal?.removeEventListener('abort', onAbort);
      run.children.delete(child);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      resolve(outcome);
    };
    // A page over its time or memory dies alone; the file's deadline and cancelling end the file.
    const killForPage = (reason: string): void =>
      finish(current !== undefined ? { kind: 'pageDied', page: current, reason } : { kind: 'error', error: new VerityError('OCR_FAILED', `OCR process failed: ${reason}`) });
    // One timer at a time: start-up (until the PDF is open), then each recognised page.
    const armPageTimer = (): void => {
      clearTimeout(pageTimer);
      pageTimer = setTimeout(() => killForPage(`page took longer than ${seconds(run.pageTimeoutMs)} s`), run.pageTimeoutMs);
    };
    const armStartTimer = (): void => {
      clearTimeout(pageTimer);
      pageTimer = setTimeout(() => killForPage(`the OCR process did not open the PDF within ${seconds(run.startTimeoutMs)} s`), run.startTimeoutMs);
    };
    const fileTimer = setTimeout(
      () => finish({ kind: 'error', error: new VerityError('OCR_TIMEOUT', 'OCR of this file ran past its time limit') }),
      Math.max(0, run.deadline - Date.now()),
    );
    const memoryTimer = setInterval(() => {
      const rss = child.pid !== undefined ? processRssMb(child.pid) : undefined;
      if (rss !== undefined && rss > run.maxRssMb) killForPage(`out of memory (over ${run.maxRssMb} MB)`);
    }, 250);
    const onAbort = (): void => finish({ kind: 'error', error: new VerityError('CANCELLED', 'Cancelled.') });
    run.signal?.addEventListener('abort', onAbort, { once: true });

    child.on('message', (m: OcrChildMessage) => {
      output += approximateSize(m);
      if (output > run.maxOutputBytes) return killForPage(`more than ${Math.round(run.maxOutputBytes / MB)} MB of OCR output`);
      switch (m?.type) {
        case 'start':
          clearTimeout(pageTimer);
          run.onStart(m.pageCount);
          break;
        case 'pageBegin':
          current = m.page;
          armPageTimer();
          break;
        case 'page':
          current = undefined;
          clearTimeout(pageTimer);
          run.onPage(m.result);
          break;
        case 'done':
          finish({ kind: 'done', capped: m.capped });
          break;
        case 'error':
          finish({ kind: 'error', error: childError(m.name, m.message) });
          break;
        default:
          break;
      }
    });
    child.on('error', (e) => killForPage(e.message));
    child.on('exit', (code, signal) => {
      const why = /heap out of memory|allocation failed/i.test(stderr) ? 'out of memory' : `OCR process exited (${signal ?? `code ${code}`})`;
      killForPage(why);
    });
    armStartTimer();
    child.send(run.job);
  });
}

/** Maps what the child reported (pdf.js exceptions by name) to a coded reason. */
function childError(name: string, message: string): VerityError {
  if (name === 'PasswordException') return new VerityError('PDF_ENCRYPTED', 'encrypted PDF — needs a password');
  if (name === 'InvalidPDFException') return new VerityError('PDF_UNREADABLE', 'damaged PDF — not a valid PDF structure');
  return new VerityError('OCR_FAILED', `OCR failed: ${message || name}`);
}

function seconds(ms: number): string {
  return ms < 10_000 ? String(Math.round(ms / 100) / 10) : String(Math.round(ms / 1000));
}

function approximateSize(m: OcrChildMessage): number {
  if (m?.type !== 'page') return 64;
  return 200 + (m.result.words?.length ?? 0) * 80;
}

/** What to install for a language whose OCR data is missing (English ships with Verity). */
export function missingLanguageText(code: string): string {
  return `OCR language data for "${code}" is not installed: install the @tesseract.js-data/${code} package beside Verity (npm install @tesseract.js-data/${code}); English ships with Verity`;
}
