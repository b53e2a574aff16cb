/**
 * OCR benchmark (`npm run bench -- --only=ocr [--quick]`), through the product's own OCR port
 * (the child process the CLI and the extension use) and facade:
 * - accuracy: pages of PDFs that have a text layer are rendered to images by poppler's pdftoppm
 *   (benchmark only; never shipped), wrapped as image-only PDFs, recognised, and compared with
 *   the original's text layer (pdf.js) as a character error rate;
 * - coverage: the corpus's PDF_NO_TEXT files (found by the product's own extractor), OCR'd with
 *   a page cap: how many gain passages, how many stay empty and why; crashes and hangs counted;
 * - speed: pages per minute, and the time until the first text search answers with and without
 *   OCR pending (and while it runs).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createVerity } from '../../src/core/verity';
import type { OcrPageResult } from '../../src/core/ocr/ocrPort';
import { WorkerPdfExtractor } from '../../src/node/pdfExtractor';
import { createFsWorkspace } from '../../src/node/fsWorkspace';
import { createOcrRunner } from '../../src/node/ocr/ocrRunner';
import { imageOnlyPdf, renderWithPoppler } from '../ocr/imagePdf';
import { characterErrorRate } from '../ocr/cer';

interface BenchContext {
  sharedDir: string | undefined;
  quick: boolean;
  log: (line: string) => void;
}

const ROOT = path.resolve(__dirname, '../..');

/** Pages with a text layer to render and recognise: [file, page]. Single-column prose, a form-like page and a two-column paper. */
function accuracyPages(ctx: BenchContext): Array<[string, number]> {
  const example = path.join(ROOT, 'examples/workspace/warranty-terms.pdf');
  const pages: Array<[string, number]> = [[example, 1], [example, 2]];
  if (ctx.sharedDir) {
    const corpus = path.join(ctx.sharedDir, 'data/pdf-corpus/pdfs');
    pages.push([path.join(corpus, 'pdkids.pdf'), 12], [path.join(corpus, 'freeculture.pdf'), 120]);
    if (!ctx.quick) pages.push([path.join(corpus, 'freeculture.pdf'), 200], [path.join(corpus, 'tracemonkey.pdf'), 2]);
  }
  return ctx.quick ? pages.slice(0, 3) : pages;
}

function pageText(items: { str: string; hasEOL: boolean }[]): string {
  return items.map((i) => i.str + (i.hasEOL ? ' ' : '')).join('');
}

function ocrText(r: OcrPageResult | undefined): string {
  const words = r?.words ?? [];
  return words.map((w, i) => (i > 0 && words[i - 1]!.line !== w.line ? ' ' : i > 0 ? ' ' : '') + w.text).join('');
}

async function accuracy(ctx: BenchContext, dpi: number): Promise<{ pages: number; ms: number }> {
  // The truth comes from the text layer of long PDFs (352 pages): give pdf.js time on a busy machine.
  const pdf = new WorkerPdfExtractor({ timeoutMs: 180_000 });
  const runner = createOcrRunner();
  ctx.log(`\n### Accuracy at ${dpi} DPI: character error rate against the text layer`);
  ctx.log('| PDF | page | chars (text layer) | CER | words | confidence | s |');
  ctx.log('|---|---|---|---|---|---|---|');
  let pages = 0;
  let ms = 0;
  const cers: number[] = [];
  try {
    for (const [file, n] of accuracyPages(ctx)) {
      const doc = await pdf.extract(new Uint8Array(readFileSync(file)));
      const truth = pageText(doc.pages.find((p) => p.page === n)?.items ?? []);
      const scan = imageOnlyPdf(renderWithPoppler(file, [n], dpi));
      const t0 = Date.now();
      const result = await runner.recognize(new Uint8Array(scan), { languages: ['eng'], skipPages: [], maxPages: 1 });
      const took = Date.now() - t0;
      const page = result.pages[0];
      const { cer, chars } = characterErrorRate(ocrText(page), truth);
      cers.push(cer);
      pages++;
      ms += took;
      ctx.log(`| ${path.basename(file)} | ${n} | ${chars} | ${(cer * 100).toFixed(2)}% | ${page?.words?.length ?? 0} | ${page?.confidence ?? '-'} | ${(took / 1000).toFixed(1)} |`);
    }
  } finally {
    await pdf.close();
  }
  const sorted = [...cers].sort((a, b) => a - b);
  ctx.log(`CER over ${cers.length} pages: mean ${((cers.reduce((a, b) => a + b, 0) / cers.length) * 100).toFixed(2)}%, median ${(sorted[Math.floor(sorted.length / 2)]! * 100).toFixed(2)}%, max ${(sorted.at(-1)! * 100).toFixed(2)}%`);
  return { pages, ms };
}

async function coverage(ctx: BenchContext): Promise<void> {
  if (!ctx.sharedDir) return;
  const corpus = path.join(ctx.sharedDir, 'data/pdf-corpus/pdfs');
  const csv = readFileSync(path.join(ctx.sharedDir, 'data/pdf-corpus/pdf_index.csv'), 'utf8').trim().split('\n').slice(1);
  const all = csv.map((l) => l.split(',')[0]!).filter((f) => f.toLowerCase().endsWith('.pdf'));
  // Every PDF the product's own extractor rejects as PDF_NO_TEXT, found by indexing the corpus.
  const step = ctx.quick ? 12 : 4;
  const maxPages = ctx.quick ? 1 : 2;
  const pdf = new WorkerPdfExtractor();
  const runner = createOcrRunner({ pageTimeoutMs: 90_000, fileTimeoutMs: 240_000 });
  const listed = new Set(all);
  const workspace = createFsWorkspace(corpus);
  const onlyListed = { ...workspace, listFiles: async () => (await workspace.listFiles()).filter((p) => listed.has(p)) };
  const verity = createVerity({ workspace: onlyListed, pdf, ocr: runner, options: { ocr: true, ocrMaxPagesPerFile: maxPages } });
  try {
    const t0 = Date.now();
    await verity.indexWorkspace();
    const noText = verity.files().filter((f) => f.reason === 'PDF_NO_TEXT');
    ctx.log(`\n### Coverage: the corpus's PDF_NO_TEXT files`);
    ctx.log(`Text index of ${verity.files().length} corpus PDFs in ${((Date.now() - t0) / 1000).toFixed(0)} s: ${noText.length} are PDF_NO_TEXT.`);
    // A sample (every ${step}th by name) with at most ${maxPages} pages each: ~10-20 s per page on 2 shared cores.
    const sample = new Set(noText.map((f) => f.path).sort().filter((_, i) => i % step === 0));
    for (const f of noText) if (!sample.has(f.path)) await verity.removeFile(f.path);
    let crashes = 0;
    let slowest = 0;
    let lastPath: string | undefined;
    let fileStart = Date.now();
    const t1 = Date.now();
    let summary;
    try {
      summary = await verity.runOcr({
        onProgress: (p) => {
          if (p.path !== lastPath) {
            slowest = Math.max(slowest, Date.now() - fileStart);
            fileStart = Date.now();
            lastPath = p.path;
          }
        },
      });
    } catch (e) {
      crashes++;
      ctx.log(`runOcr threw: ${e instanceof Error ? e.message : String(e)}`);
    }
    const files = verity.files().filter((f) => sample.has(f.path));
    const groups = new Map<string, string[]>();
    for (const f of files) {
      const key = f.state === 'indexed' ? 'gained passages' : (f.ocr?.state === 'failed' ? f.ocr.message : f.message)?.replace(/^scanned PDF — /, '').replace(/\(.*\)/, '(…)') ?? 'unknown';
      groups.set(key, [...(groups.get(key) ?? []), f.path]);
    }
    ctx.log(`Sample: ${files.length} of ${noText.length} files (every ${step}th by name), at most ${maxPages} pages each; OCR took ${((Date.now() - t1) / 1000).toFixed(0)} s, ${summary?.pages ?? 0} pages recognised; slowest file ${(slowest / 1000).toFixed(0)} s.`);
    ctx.log('| outcome | files | examples |');
    ctx.log('|---|---|---|');
    for (const [k, v] of [...groups].sort((a, b) => b[1].length - a[1].length)) ctx.log(`| ${k} | ${v.length} | ${v.slice(0, 3).join(', ')} |`);
    ctx.log(`Crashes (runOcr threw): ${crashes}. Hangs (files still pending after the run): ${files.filter((f) => f.ocr?.state === 'pending').length} of ${files.length}.`);
  } finally {
    await pdf.close();
  }
}

async function firstSearch(ctx: BenchContext): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'verity-ocr-bench-'));
  try {
    for (const f of ['api-guide.md', 'employee-handbook.md', 'returns-and-refunds.md', 'shipping.md', 'warranty.md', 'warranty-terms.pdf']) copyFileSync(path.join(ROOT, 'examples/workspace', f), path.join(dir, f));
    for (let i = 0; i < 3; i++) writeFileSync(path.join(dir, `scan-${i}.pdf`), readFileSync(path.join(ROOT, 'test/fixtures/ocr/scanned.pdf')));
    ctx.log('\n### Time until the first text search answers');
    ctx.log('| setting | index ms | first search ms | search ms while OCR runs |');
    ctx.log('|---|---|---|---|');
    // Alternating runs, so neither setting gets the warm-up advantage.
    for (const withOcr of [false, true, false, true]) {
      const pdf = new WorkerPdfExtractor();
      const runner = withOcr ? createOcrRunner() : undefined;
      const verity = createVerity({ workspace: createFsWorkspace(dir), pdf, ...(runner ? { ocr: runner } : {}) });
      const t0 = Date.now();
      await verity.indexWorkspace();
      const indexMs = Date.now() - t0;
      const t1 = Date.now();
      const hits = await verity.search('How long is the warranty on a desk lamp?', { k: 3 });
      const searchMs = Date.now() - t1;
      let during = '-';
      if (runner) {
        const abort = new AbortController();
        const ocr = verity.runOcr({ signal: abort.signal });
        await new Promise((r) => setTimeout(r, 3000)); // the OCR child is now recognising a page
        const t2 = Date.now();
        await verity.search('How long is the warranty on a desk lamp?', { k: 3 });
        during = String(Date.now() - t2);
        abort.abort();
        await ocr;
      }
      ctx.log(`| ${withOcr ? `OCR on (${verity.ocrPending()} scans pending)` : 'OCR off'} | ${indexMs} | ${searchMs} (${hits.length} hits) | ${during} |`);
      await pdf.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(ctx: BenchContext): Promise<void> {
  const { pages, ms } = await accuracy(ctx, 300);
  ctx.log(`Speed at 300 DPI: ${((pages / ms) * 60_000).toFixed(1)} pages/min (${(ms / pages / 1000).toFixed(1)} s/page, one page at a time, engine start-up included)`);
  if (!ctx.quick) {
    const low = await accuracy(ctx, 150);
    ctx.log(`Speed at 150 DPI: ${((low.pages / low.ms) * 60_000).toFixed(1)} pages/min (${(low.ms / low.pages / 1000).toFixed(1)} s/page)`);
  }
  await firstSearch(ctx);
  await coverage(ctx);
}
