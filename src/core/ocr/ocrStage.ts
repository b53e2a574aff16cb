/**
 * The background OCR stage. It runs after the text index is built and never inside the
 * facade's writer queue: the slow part (recognising pages) happens outside it, and only the
 * short "add these passages" step takes the queue, so file events and searches are never held
 * up by OCR. Each page's result is cached as soon as it exists, so a cancelled or killed run
 * resumes where it stopped.
 */
import { isVerityError } from '../errors';
import { hashBytes } from '../hash';
import type { Logger, WorkspacePort } from '../ports';
import type { FileRecord, OcrFileState, Passage } from '../types';
import type { ChunkSize } from '../ingest/chunk';
import type { OcrCache } from './ocrCache';
import type { OcrPageResult, OcrPort } from './ocrPort';
import { legibleConfidence, legibleWords, LOW_CONFIDENCE, ocrPassages } from './ocrPassages';

export interface OcrProgress {
  filesDone: number;
  files: number;
  /** Pages recognised in this run (cached pages are not counted) and the pages still expected. */
  pagesDone: number;
  pagesTotal: number;
  /** Estimated time left in ms (undefined until one page has been timed). */
  etaMs?: number;
  path?: string;
  /** Set when the page just finished had low confidence. */
  lowConfidencePage?: number;
}

export interface OcrSummary {
  files: number;
  /** Files that gained OCR passages. */
  recognised: number;
  pages: number;
  /** Pages whose results came from the cache. */
  cachedPages: number;
  passages: number;
  failed: FileRecord[];
  cancelled: boolean;
  ms: number;
}

export interface OcrStageContext {
  workspace: WorkspacePort;
  ocr: OcrPort;
  cache: OcrCache;
  log: Logger;
  languages: string[];
  maxPagesPerFile: number;
  chunk: ChunkSize;
  files: Map<string, FileRecord>;
  /** Runs `work` in the facade's writer queue. */
  serial: <T>(work: () => Promise<T>) => Promise<T>;
  /** Adds passages of one file to the index (inside the queue). */
  addPassages: (passages: Passage[], signal?: AbortSignal) => Promise<void>;
  /** Persists the index (outside the queue). */
  save: (signal?: AbortSignal) => Promise<void>;
}

/** True when the file has pages waiting for OCR (also for records made before OCR existed). */
export function needsOcr(f: FileRecord): boolean {
  if (f.kind !== 'pdf') return false;
  if (f.ocr) return f.ocr.state === 'pending';
  return f.reason === 'PDF_NO_TEXT';
}

/** Default time per page before any page has been timed in this run (measured here: ~8–16 s). */
const DEFAULT_PAGE_MS = 12_000;
/** Save the index at most this often while OCR runs (and once at the end). */
const SAVE_EVERY_MS = 30_000;

/**
 * Recognises the image-only pages of every file that needs it and adds their passages.
 * Per-file failures are recorded on the file (`ocr.state: 'failed'`) and the run goes on;
 * OCR_UNAVAILABLE stops the run (nothing could succeed). Cancelling returns with
 * `cancelled: true`; the pages done so far are cached.
 */
export async function runOcrStage(ctx: OcrStageContext, opts: { signal?: AbortSignal; onProgress?: (p: OcrProgress) => void } = {}): Promise<OcrSummary> {
  const t0 = Date.now();
  const { signal, onProgress } = opts;
  const todo = [...ctx.files.values()].filter(needsOcr).sort((a, b) => (a.path < b.path ? -1 : 1));
  const summary: OcrSummary = { files: todo.length, recognised: 0, pages: 0, cachedPages: 0, passages: 0, failed: [], cancelled: false, ms: 0 };
  // Pages expected per file: the count of pages without text when known, else 1 until the file is opened.
  const expected = new Map(todo.map((f) => [f.path, Math.min(ctx.maxPagesPerFile, Math.max(1, f.ocr?.pendingPages ?? 1))]));
  const progress: OcrProgress = { filesDone: 0, files: todo.length, pagesDone: 0, pagesTotal: sum(expected) };
  let pageMs = 0;
  const eta = (): number | undefined => (progress.pagesDone ? (pageMs / progress.pagesDone) * Math.max(0, progress.pagesTotal - progress.pagesDone) : undefined);
  const report = (extra: Partial<OcrProgress> = {}): void => onProgress?.({ ...progress, ...(eta() !== undefined ? { etaMs: eta()! } : {}), ...extra });
  let lastSave = Date.now();
  let unsaved = false;
  report();

  for (const file of todo) {
    if (signal?.aborted) {
      summary.cancelled = true;
      break;
    }
    progress.path = file.path;
    report();
    try {
      const outcome = await ocrFile(ctx, file, signal, {
        onStart: (pageCount) => {
          expected.set(file.path, Math.min(ctx.maxPagesPerFile, pageCount));
          progress.pagesTotal = progress.pagesDone + sum(expected);
          report();
        },
        onPage: (r) => {
          if (r.status !== 'ocr' && r.status !== 'failed') return;
          progress.pagesDone++;
          pageMs += r.ms ?? DEFAULT_PAGE_MS;
          expected.set(file.path, Math.max(0, (expected.get(file.path) ?? 1) - 1));
          progress.pagesTotal = progress.pagesDone + sum(expected);
          report(r.confidence !== undefined && r.confidence < LOW_CONFIDENCE ? { lowConfidencePage: r.page } : {});
        },
      });
      summary.pages += outcome.pages;
      summary.cachedPages += outcome.cachedPages;
      summary.passages += outcome.passages;
      if (outcome.passages) summary.recognised++;
      unsaved ||= outcome.changed;
    } catch (e) {
      if (isVerityError(e) && e.code === 'CANCELLED') {
        summary.cancelled = true;
        break;
      }
      if (isVerityError(e) && e.code === 'OCR_UNAVAILABLE') throw e;
      const line = errorLine(e);
      const message = /^OCR\b/.test(line) ? line : `OCR failed: ${line}`;
      ctx.log.warn(`${file.path}: ${message}`);
      const failed = await ctx.serial(async () => {
        const rec = ctx.files.get(file.path);
        if (!rec || rec.hash !== file.hash) return undefined;
        const next: FileRecord = { ...rec, ocr: { state: 'failed', pages: 0, message } };
        ctx.files.set(file.path, next);
        return next;
      });
      if (failed) summary.failed.push(failed);
      unsaved = true;
    }
    expected.delete(file.path);
    progress.filesDone++;
    progress.pagesTotal = progress.pagesDone + sum(expected);
    if (unsaved && Date.now() - lastSave > SAVE_EVERY_MS) {
      await ctx.save();
      lastSave = Date.now();
      unsaved = false;
    }
  }
  if (unsaved) await ctx.save();
  delete progress.path;
  report();
  summary.ms = Date.now() - t0;
  return summary;
}

interface FileOutcome {
  pages: number;
  cachedPages: number;
  passages: number;
  changed: boolean;
}

async function ocrFile(
  ctx: OcrStageContext,
  file: FileRecord,
  signal: AbortSignal | undefined,
  hooks: { onStart: (pageCount: number) => void; onPage: (r: OcrPageResult) => void },
): Promise<FileOutcome> {
  const bytes = await ctx.workspace.readFile(file.path);
  // A file that changed since it was indexed is left to the next index update.
  if (!bytes || hashBytes(bytes) !== file.hash) return { pages: 0, cachedPages: 0, passages: 0, changed: false };
  const entry = await ctx.cache.get(file.hash);
  const cachedPages = entry.pages.filter((p) => p.status === 'ocr').length;
  let capped = 0;
  if (!entry.complete) {
    const done = new Map(entry.pages.map((p) => [p.page, p]));
    const recognisedBefore = cachedPages;
    const maxPages = Math.max(0, ctx.maxPagesPerFile - recognisedBefore);
    if (maxPages > 0) {
      const result = await ctx.ocr.recognize(bytes, {
        languages: ctx.languages,
        skipPages: [...done.keys()],
        maxPages,
        ...(signal ? { signal } : {}),
        onStart: ({ pageCount }) => {
          entry.pageCount = pageCount;
          hooks.onStart(Math.max(0, pageCount - done.size));
        },
        onPage: (r) => {
          entry.pages.push(r);
          // Cache each page at once: a kill during the next page must not lose this one.
          void ctx.cache.put(entry).catch((e: unknown) => ctx.log.warn(`OCR cache: ${errorLine(e)}`));
          hooks.onPage(r);
        },
      });
      capped = result.capped;
      entry.pageCount = result.pageCount;
      entry.complete = capped === 0;
      await ctx.cache.put(entry);
    } else {
      capped = 1;
    }
  }
  const newPages = entry.pages.filter((p) => p.status === 'ocr').length - cachedPages;

  return ctx.serial(async () => {
    const rec = ctx.files.get(file.path);
    if (!rec || rec.hash !== file.hash || !needsOcr(rec)) return { pages: newPages, cachedPages, passages: 0, changed: false };
    const passages = ocrPassages(rec.path, rec.title, entry.pages, ctx.chunk);
    if (passages.length) await ctx.addPassages(passages, signal);
    const state = ocrState(entry.pages, capped > 0);
    const next: FileRecord = { ...rec, passages: rec.passages + passages.length, ocr: state };
    if (entry.pageCount !== undefined) next.pages = entry.pageCount;
    if (passages.length && rec.state === 'skipped') {
      next.state = 'indexed';
      delete next.reason;
      delete next.message;
    } else if (!passages.length && rec.state === 'skipped') {
      next.message = `scanned PDF — ${state.message}`;
    }
    ctx.files.set(rec.path, next);
    return { pages: newPages, cachedPages, passages: passages.length, changed: true };
  });
}

/** "page 3", "pages 3, 7" or, for many, "12 pages". */
function pageList(pages: number[]): string {
  if (pages.length === 1) return `page ${pages[0]}`;
  return pages.length <= 6 ? `pages ${pages.join(', ')}` : `${pages.length} pages`;
}

/**
 * What OCR made of a file's pages, in one line. Each part says what is true of the pages it
 * names, so a PDF whose other pages have text never reads as if it had no text: "page 4 has no
 * text layer and no image to read", not a file-wide "no page image to read".
 */
export function ocrState(pages: OcrPageResult[], capped: boolean): OcrFileState {
  const byPage = (a: OcrPageResult, b: OcrPageResult) => a.page - b.page;
  const read = pages.filter((p) => p.status === 'ocr' && legibleWords(p).length).sort(byPage);
  const illegible = pages.filter((p) => p.status === 'ocr' && !legibleWords(p).length).sort(byPage).map((p) => p.page);
  const blank = pages.filter((p) => p.status === 'no_image').sort(byPage).map((p) => p.page);
  const low = read.filter((p) => legibleConfidence(p) < LOW_CONFIDENCE).map((p) => p.page);
  const failed = pages.filter((p) => p.status === 'failed').sort(byPage);
  const words = read.reduce((a, p) => a + legibleWords(p).length, 0);
  const confidence = words ? Math.round(read.reduce((a, p) => a + legibleConfidence(p) * legibleWords(p).length, 0) / words) : undefined;
  const parts: string[] = [];
  if (read.length) parts.push(`OCR text on ${read.length} page${read.length === 1 ? '' : 's'}, confidence ${confidence}%`);
  if (low.length) parts.push(`low confidence on ${pageList(low)}`);
  if (illegible.length) parts.push(`OCR found no legible text on ${pageList(illegible)}`);
  if (blank.length) parts.push(`${pageList(blank)} ${blank.length === 1 ? 'has' : 'have'} no text layer and no image to read (blank or a drawing)`);
  if (failed.length) parts.push(`${pageList(failed.map((p) => p.page))} failed (${failed[0]!.reason ?? 'unknown'})`);
  if (capped) parts.push('stopped at the page limit');
  if (!parts.length) parts.push('nothing to recognise');
  return {
    state: capped ? 'capped' : 'done',
    pages: read.length,
    ...(confidence !== undefined ? { confidence } : {}),
    ...(low.length ? { lowConfidencePages: low } : {}),
    message: parts.join('; '),
  };
}

function sum(m: Map<string, number>): number {
  let s = 0;
  for (const v of m.values()) s += v;
  return s;
}

function errorLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.split('\n')[0] ?? '';
}
