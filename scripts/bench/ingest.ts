/**
 * Ingest benchmark: markdown ingest MB/s on real docs, and PDF pages/s with the worker extractor
 * side by side with poppler's pdftotext on the same long PDFs in the same run.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ingestMarkdown } from '../../src/core/ingest/markdown';
import { pdfToPassages } from '../../src/core/ingest/pdf';
import { DEFAULT_CHUNK_SIZE } from '../../src/core/ingest/chunk';
import { WorkerPdfExtractor } from '../../src/node/pdfExtractor';

interface BenchContext {
  sharedDir: string | undefined;
  quick: boolean;
  log: (line: string) => void;
}

/** The longest text PDFs of the corpus (pages per pdf_index.csv). */
const LONG_PDFS = ['freeculture.pdf', 'pdkids.pdf', 'TAMReview.pdf', 'calrgb.pdf', 'tracemonkey-pldi-09.pdf', 'standard_fonts.pdf'];

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...markdownFiles(p));
    else if (name.endsWith('.md')) out.push(p);
  }
  return out;
}

async function benchMarkdown(ctx: BenchContext, data: string): Promise<void> {
  const sets: Array<[string, string]> = [
    ['doc2dial', path.join(data, 'doc2dial', 'docs')],
    ['rhdh-docs', path.join(data, 'rhdh-docs', 'docs')],
  ];
  ctx.log('| markdown set | files | MB | passages | ms (best of runs 2..n) | MB/s |');
  ctx.log('|---|---|---|---|---|---|');
  for (const [name, dir] of sets) {
    const docs = markdownFiles(dir).map((f) => ({ path: path.relative(dir, f), text: readFileSync(f, 'utf8') }));
    if (docs.length === 0) {
      ctx.log(`| ${name} | 0 | — | — | — | (missing: ${dir}) |`);
      continue;
    }
    const mb = docs.reduce((a, d) => a + Buffer.byteLength(d.text), 0) / 2 ** 20;
    const runs: number[] = [];
    let passages = 0;
    for (let r = 0; r < (ctx.quick ? 2 : 5); r++) {
      const t0 = performance.now();
      passages = 0;
      for (const d of docs) passages += ingestMarkdown(d.path, d.text, DEFAULT_CHUNK_SIZE).passages.length;
      runs.push(performance.now() - t0);
    }
    const ms = Math.min(...runs.slice(1)); // run 1 warms the JIT; the best run is the least disturbed on a shared box
    ctx.log(`| ${name} | ${docs.length} | ${mb.toFixed(2)} | ${passages} | ${ms.toFixed(0)} | ${(mb / (ms / 1000)).toFixed(1)} |`);
  }
}

function pdftotextAvailable(): boolean {
  return spawnSync('pdftotext', ['-v'], { encoding: 'utf8' }).error === undefined;
}

async function benchPdf(ctx: BenchContext, data: string): Promise<void> {
  const dir = path.join(data, 'pdf-corpus', 'pdfs');
  const files = (ctx.quick ? LONG_PDFS.slice(0, 2) : LONG_PDFS).filter((f) => existsSync(path.join(dir, f)));
  if (files.length === 0) {
    ctx.log(`(PDF corpus absent at ${dir}: PDF figures skipped)`);
    return;
  }
  const poppler = pdftotextAvailable();
  if (!poppler) ctx.log('(pdftotext not installed — poppler-utils — so the comparison column is skipped)');
  const extractor = new WorkerPdfExtractor({ timeoutMs: 120_000 });
  try {
    // Warm the worker (thread start-up and pdf.js load) so the figures are per-file work.
    await extractor.extract(readFileSync(path.join(dir, files[0]!)));
    ctx.log('| pdf | pages | passages | pdf.js worker s | pages/s | pdftotext s | pages/s | pdf.js / pdftotext time |');
    ctx.log('|---|---|---|---|---|---|---|---|');
    let totalPages = 0;
    let totalJs = 0;
    let totalPoppler = 0;
    for (const file of files) {
      const full = path.join(dir, file);
      const bytes = readFileSync(full);
      const t0 = performance.now();
      const doc = await extractor.extract(bytes, { path: file });
      const passages = pdfToPassages(file, doc, DEFAULT_CHUNK_SIZE).passages.length;
      const js = (performance.now() - t0) / 1000;
      let popplerCell = '— | — | —';
      if (poppler) {
        const t1 = performance.now();
        const r = spawnSync('pdftotext', ['-q', full, '-'], { maxBuffer: 256 * 2 ** 20 });
        const pt = (performance.now() - t1) / 1000;
        popplerCell = r.status === 0 ? `${pt.toFixed(2)} | ${(doc.pageCount / pt).toFixed(0)} | ${(js / pt).toFixed(1)}×` : `failed (exit ${r.status}) | — | —`;
        if (r.status === 0) totalPoppler += pt;
      }
      totalPages += doc.pageCount;
      totalJs += js;
      ctx.log(`| ${file} | ${doc.pageCount} | ${passages} | ${js.toFixed(2)} | ${(doc.pageCount / js).toFixed(0)} | ${popplerCell} |`);
    }
    const all = poppler && totalPoppler > 0 ? `${totalPoppler.toFixed(2)} | ${(totalPages / totalPoppler).toFixed(0)} | ${(totalJs / totalPoppler).toFixed(1)}×` : '— | — | —';
    ctx.log(`| **all** | ${totalPages} | | ${totalJs.toFixed(2)} | ${(totalPages / totalJs).toFixed(0)} | ${all} |`);
    ctx.log('(pdf.js time includes the transfer to the worker and pdfToPassages; pdftotext time includes process start-up)');
  } finally {
    await extractor.close();
  }
}

/** Bench section entry point (see scripts/bench.ts). */
export async function run(ctx: BenchContext): Promise<void> {
  if (ctx.sharedDir === undefined) {
    ctx.log('(../shared/data absent: ingest benchmark skipped)');
    return;
  }
  const data = path.join(ctx.sharedDir, 'data');
  ctx.log(`### Markdown ingest (marked lexer → passages, default ${DEFAULT_CHUNK_SIZE.minWords}–${DEFAULT_CHUNK_SIZE.maxWords} words)`);
  await benchMarkdown(ctx, data);
  ctx.log('\n### PDF text: pdf.js in a worker thread vs poppler pdftotext (same files, same run)');
  await benchPdf(ctx, data);
}
