/**
 * PDF text extraction in a child process (bundled to dist/pdfWorker.mjs, run by
 * isolatedProcess.ts). pdf.js parses on the thread that calls it; a separate process keeps the
 * caller responsive, and whatever a hostile file does to this process (heap exhaustion, a fatal
 * V8 error, a hang) the parent kills it and only this file is lost.
 *
 * Protocol: each request is a {@link PdfJob}; the answer is a PdfDocText or the error pdf.js threw.
 */
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// before pdf.js: it builds a DOMMatrix when it loads (see domMatrixFallback.ts)
import './domMatrixFallback';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import type { PdfDocText, PdfPageText, PdfTextItem } from '../core/ports';
import type { PdfJob } from './pdfExtractor';
import { serveIsolated } from './isolatedProcess';
import { mayHideText, removeHidden, shownText } from './pdfHiddenText';

// pdf.js looks for this global and then runs its "worker" side on this same thread.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

/** CMaps (needed for CJK text) and standard font data, when pdfjs-dist is installed beside us. */
const assetDirs = findAssetDirs();

function findAssetDirs(): { cMapUrl?: string; standardFontDataUrl?: string } {
  try {
    const req = createRequire(path.join(process.cwd(), 'noop.js'));
    // First choice: assets copied beside the bundle (dist/pdfjs/{cmaps,standard_fonts}), which a
    // packaged extension without node_modules needs.
    const candidates: string[] = [path.join(path.dirname(fileURLToPath(import.meta.url)), 'pdfjs')];
    try {
      candidates.push(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')));
    } catch {
      // bundled without node_modules next to us: fall through
    }
    try {
      candidates.push(path.dirname(req.resolve('pdfjs-dist/package.json')));
    } catch {
      // not resolvable from the working directory either
    }
    for (const dir of candidates) {
      if (existsSync(path.join(dir, 'cmaps'))) {
        return { cMapUrl: path.join(dir, 'cmaps') + path.sep, standardFontDataUrl: path.join(dir, 'standard_fonts') + path.sep };
      }
    }
  } catch {
    // assets are optional: text of simple fonts still extracts without them
  }
  return {};
}

async function extract(job: PdfJob): Promise<PdfDocText> {
  // Before pdf.js takes the bytes (it may transfer their buffer).
  const checkHidden = mayHideText(job.bytes);
  const task = pdfjs.getDocument({
    data: new Uint8Array(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength), // a view: pdf.js refuses Buffers
    // No `isEvalSupported`: pdf.js 5.7 dropped the option along with its eval-compiled code paths.
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    ...(assetDirs.cMapUrl !== undefined ? { cMapUrl: assetDirs.cMapUrl, cMapPacked: true } : {}),
    ...(assetDirs.standardFontDataUrl !== undefined ? { standardFontDataUrl: assetDirs.standardFontDataUrl } : {}),
  });
  try {
    const doc = await task.promise;
    const pageCount = doc.numPages;
    if (pageCount > job.maxPages) {
      const e = new Error(`${pageCount} pages (limit ${job.maxPages})`);
      e.name = 'TooManyPages';
      throw e;
    }
    const title = await readTitle(doc);
    const pages: PdfPageText[] = [];
    let firstError: unknown;
    let chars = 0;
    for (let n = 1; n <= pageCount; n++) {
      try {
        const page = await readPage(doc, n, checkHidden);
        for (const item of page.items) chars += item.str.length;
        if (chars > job.maxTextChars) {
          // Answering would flood the parent: refuse the file with a reason instead.
          const e = new Error(`over ${job.maxTextChars} characters of text`);
          e.name = 'TooMuchText';
          throw e;
        }
        pages.push(page);
      } catch (e) {
        if ((e as Error).name === 'TooMuchText') throw e;
        // One damaged page should not lose the rest of the document.
        firstError ??= e;
      }
    }
    if (pages.length === 0 && firstError !== undefined) throw firstError;
    return title !== undefined ? { title, pageCount, pages } : { pageCount, pages };
  } finally {
    await task.destroy();
  }
}

async function readTitle(doc: pdfjs.PDFDocumentProxy): Promise<string | undefined> {
  try {
    const meta = await doc.getMetadata();
    const fromXmp = meta.metadata?.get('dc:title');
    const fromInfo = (meta.info as { Title?: unknown } | undefined)?.Title;
    for (const t of [fromInfo, fromXmp]) {
      if (typeof t === 'string') {
        const clean = t.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
        if (clean !== '' && clean.length <= 300) return clean;
      }
    }
  } catch {
    // broken metadata is not a reason to drop the text
  }
  return undefined;
}

async function readPage(doc: pdfjs.PDFDocumentProxy, n: number, checkHidden: boolean): Promise<PdfPageText> {
  const page = await doc.getPage(n);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const items: PdfTextItem[] = [];
    for (const raw of content.items) {
      if (!('str' in raw)) continue; // marked-content markers carry no text
      const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = raw.transform as number[];
      const fontHeight = Math.hypot(c, d) || Math.hypot(a, b) || raw.height || 0;
      // Baseline start and end in viewport (top-left origin) coordinates.
      const [x0, y0] = viewport.convertToViewportPoint(e, f) as [number, number];
      const len = raw.width / (Math.hypot(a, b) || 1);
      const [x1, y1] = viewport.convertToViewportPoint(e + a * len, f + b * len) as [number, number];
      // The top of the glyphs: one font height along the text's "up" vector (c, d).
      const up = fontHeight / (Math.hypot(c, d) || 1);
      const [xt, yt] = viewport.convertToViewportPoint(e + c * up, f + (Math.hypot(c, d) > 0 ? d * up : fontHeight)) as [number, number];
      const xs = [x0, x1, xt];
      const ys = [y0, y1, yt];
      const x = Math.min(...xs);
      const y = Math.min(...ys);
      items.push({
        str: raw.str,
        x: round(x),
        y: round(y),
        w: round(Math.max(...xs) - x),
        h: round(Math.max(...ys) - y),
        hasEOL: raw.hasEOL,
      });
    }
    const visible = checkHidden ? await withoutHiddenText(page, items) : items;
    visible.push(...(await annotationItems(page, viewport)));
    return { page: n, width: round(viewport.width), height: round(viewport.height), items: visible };
  } finally {
    page.cleanup();
  }
}

/** The items minus text the page never paints (invisible render mode, white on white). */
async function withoutHiddenText(page: pdfjs.PDFPageProxy, items: PdfTextItem[]): Promise<PdfTextItem[]> {
  try {
    const ops = await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE });
    return removeHidden(items, shownText(ops.fnArray, ops.argsArray, pdfjs.OPS));
  } catch {
    return items; // the text itself was read; a failed second pass must not cost the page
  }
}

/**
 * Visible text that lives in annotations rather than the page content: free-text notes and
 * filled-in form fields (poppler's pdftotext reports these too). One item per text line,
 * stacked inside the annotation's rectangle.
 */
async function annotationItems(page: pdfjs.PDFPageProxy, viewport: pdfjs.PageViewport): Promise<PdfTextItem[]> {
  const items: PdfTextItem[] = [];
  try {
    for (const a of (await page.getAnnotations({ intent: 'display' })) as AnnotationData[]) {
      if (a.hidden === true || a.noView === true || !Array.isArray(a.rect) || a.rect.length !== 4) continue;
      let lines = Array.isArray(a.textContent) ? a.textContent.filter((t): t is string => typeof t === 'string') : [];
      if (lines.length === 0 && a.fieldType === 'Tx' && typeof a.fieldValue === 'string') lines = a.fieldValue.split(/\r\n|\r|\n/);
      lines = lines.filter((l) => l.trim() !== '');
      if (lines.length === 0) continue;
      const [x1, y1, x2, y2] = viewport.convertToViewportRectangle(a.rect) as [number, number, number, number];
      const x = Math.min(x1, x2);
      const top = Math.min(y1, y2);
      const w = Math.abs(x2 - x1);
      const lineH = Math.abs(y2 - y1) / lines.length;
      lines.forEach((str, i) => items.push({ str, x: round(x), y: round(top + i * lineH), w: round(w), h: round(lineH), hasEOL: true }));
    }
  } catch {
    // broken annotations must not cost the page its text
  }
  return items;
}

/** The annotation fields read above (pdf.js types annotations loosely). */
interface AnnotationData {
  rect?: number[];
  hidden?: boolean;
  noView?: boolean;
  textContent?: unknown[];
  fieldType?: string;
  fieldValue?: unknown;
}

function round(v: number): number {
  return Number.isFinite(v) ? Math.round(v * 100) / 100 : 0;
}

serveIsolated((job) => extract(job as PdfJob));
