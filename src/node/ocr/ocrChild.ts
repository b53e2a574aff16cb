/**
 * The OCR child process (bundled to dist/ocrChild.mjs and started by ocrRunner.ts). It opens
 * one PDF with pdf.js, draws each image-only page's images into a raster and recognises it with
 * tesseract.js. It runs in its own process so that a page that exhausts memory or never ends
 * kills only this process; the parent enforces the limits.
 *
 * Language data is read from a local folder and the engine is told to cache nothing, so it
 * never has a reason to fetch anything.
 */
// before pdf.js: it builds a DOMMatrix when it loads (see domMatrixFallback.ts)
import '../domMatrixFallback';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { createWorker, OEM, type Worker as EngineWorker } from 'tesseract.js';
import type { OcrPageResult, OcrWord } from '../../core/ocr/ocrPort';
import { encodeGrayPng } from './png';
import { rasterizePageImages } from './pageRaster';
import type { OcrChildMessage, OcrJobMessage } from './ocrProtocol';

(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

function send(message: OcrChildMessage): void {
  process.send?.(message);
}

let engine: EngineWorker | undefined;

/**
 * With a local `langPath` (a private folder the parent filled with the job's language data),
 * `gzip: true` and `cacheMethod: 'none'`, the engine reads only those files and neither
 * fetches nor caches anything.
 */
async function getEngine(job: OcrJobMessage): Promise<EngineWorker> {
  engine ??= await createWorker(job.languages, OEM.LSTM_ONLY, {
    langPath: job.langDir,
    gzip: true,
    cacheMethod: 'none',
    workerPath: job.engineWorkerPath,
  });
  return engine;
}

interface EngineWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
interface EngineBlock {
  paragraphs: { lines: { words: EngineWord[] }[] }[];
}

async function recognizePage(job: OcrJobMessage, page: pdfjs.PDFPageProxy, n: number): Promise<OcrPageResult> {
  const t0 = Date.now();
  const viewport = page.getViewport({ scale: 1 });
  const size = { width: round(viewport.width), height: round(viewport.height) };
  const content = await page.getTextContent();
  if (content.items.some((i) => 'str' in i && i.str.trim() !== '')) return { page: n, status: 'text', ...size };
  send({ type: 'pageBegin', page: n });
  const raster = await rasterizePageImages(page);
  if (!raster) return { page: n, status: 'no_image', ...size, reason: 'no image large enough to hold text', ms: Date.now() - t0 };
  const png = encodeGrayPng(raster.gray, raster.width, raster.height);
  const worker = await getEngine(job);
  const { data } = await worker.recognize(png, {}, { blocks: true, text: false });
  const words: OcrWord[] = [];
  let line = 0;
  for (const block of (data.blocks ?? []) as unknown as EngineBlock[]) {
    for (const para of block.paragraphs) {
      for (const l of para.lines) {
        let any = false;
        for (const w of l.words) {
          const text = w.text.trim();
          if (text === '') continue;
          any = true;
          const s = raster.scale;
          words.push({
            text,
            conf: Math.round(w.confidence),
            line,
            box: { x: round(w.bbox.x0 / s), y: round(w.bbox.y0 / s), w: round((w.bbox.x1 - w.bbox.x0) / s), h: round((w.bbox.y1 - w.bbox.y0) / s) },
          });
        }
        if (any) line++;
      }
    }
  }
  const confidence = words.length ? Math.round(words.reduce((a, w) => a + w.conf, 0) / words.length) : undefined;
  return { page: n, status: 'ocr', ...size, words, ...(confidence !== undefined ? { confidence } : {}), ms: Date.now() - t0 };
}

async function run(job: OcrJobMessage): Promise<void> {
  const task = pdfjs.getDocument({
    // pdf.js refuses a Node Buffer, which is what arrives when the caller's bytes were one.
    data: Buffer.isBuffer(job.bytes) ? new Uint8Array(job.bytes) : job.bytes,
    disableFontFace: true,
    useSystemFonts: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    ...(job.pdfAssets.wasmUrl !== undefined ? { wasmUrl: job.pdfAssets.wasmUrl } : {}),
    ...(job.pdfAssets.cMapUrl !== undefined ? { cMapUrl: job.pdfAssets.cMapUrl, cMapPacked: true } : {}),
    ...(job.pdfAssets.standardFontDataUrl !== undefined ? { standardFontDataUrl: job.pdfAssets.standardFontDataUrl } : {}),
  } as Parameters<typeof pdfjs.getDocument>[0]);
  try {
    const doc = await task.promise;
    send({ type: 'start', pageCount: doc.numPages });
    const skip = new Set(job.skipPages);
    let recognised = 0;
    let capped = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      if (skip.has(n)) continue;
      let result: OcrPageResult;
      try {
        const page = await doc.getPage(n);
        try {
          // A page with a text layer is cheap to tell apart; only count pages that need the engine.
          if (recognised >= job.maxPages) {
            const content = await page.getTextContent();
            if (!content.items.some((i) => 'str' in i && i.str.trim() !== '')) {
              capped++;
              continue;
            }
            result = { page: n, status: 'text', width: 0, height: 0 };
          } else {
            result = await recognizePage(job, page, n);
            if (result.status === 'ocr') recognised++;
          }
        } finally {
          page.cleanup();
        }
      } catch (e) {
        result = { page: n, status: 'failed', width: 0, height: 0, reason: oneLine(e) };
      }
      send({ type: 'page', result });
    }
    send({ type: 'done', capped });
  } finally {
    await task.destroy();
  }
}

function oneLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return (text.split('\n')[0] ?? '').slice(0, 200);
}

function round(v: number): number {
  return Number.isFinite(v) ? Math.round(v * 100) / 100 : 0;
}

process.on('message', (job: OcrJobMessage) => {
  if (job?.type !== 'job') return;
  run(job)
    .catch((e: unknown) => send({ type: 'error', name: e instanceof Error ? e.name : 'Error', message: oneLine(e) }))
    .finally(() => {
      void (engine ? engine.terminate() : Promise.resolve()).finally(() => process.disconnect?.());
    });
});
