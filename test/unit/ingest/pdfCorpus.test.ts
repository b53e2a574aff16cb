// Robustness over ../shared/data/pdf-corpus/pdfs (972 hostile PDFs from the pdf.js test suite):
// every file must end in passages or exactly one coded reason; no crash, no hang.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { WorkerPdfExtractor, findWorkerScript } from '../../../src/node/pdfExtractor';
import { pdfToPassages } from '../../../src/core/ingest/pdf';
import { isVerityError } from '../../../src/core/errors';

const root = path.resolve(__dirname, '../../..');
const corpus = path.join(root, '..', 'shared', 'data', 'pdf-corpus', 'pdfs');
const CODES = new Set(['PDF_ENCRYPTED', 'PDF_NO_TEXT', 'PDF_UNREADABLE', 'PDF_TOO_LARGE', 'PDF_TIMEOUT']);

test('every PDF of the hostile corpus ends in passages or one coded reason', { timeout: 15 * 60_000 }, async (t) => {
  if (!existsSync(corpus)) {
    t.skip(`PDF corpus not found at ${corpus} (../shared is absent): robustness test skipped`);
    return;
  }
  assert.ok(findWorkerScript(), 'dist/pdfWorker.mjs not found: run `npm run build` first');
  const files = readdirSync(corpus).filter((f) => f.toLowerCase().endsWith('.pdf')).sort();
  assert.ok(files.length > 900, `expected the full corpus, found ${files.length} files`);

  // A generous per-file limit: CI boxes are shared and slow; a real hang still ends as PDF_TIMEOUT.
  const extractor = new WorkerPdfExtractor({ concurrency: 2, timeoutMs: 60_000 });
  const outcomes = new Map<string, string>();
  const slowest: Array<[number, string]> = [];
  const lag = monitorEventLoopDelay({ resolution: 20 });
  lag.enable();
  const t0 = Date.now();
  let next = 0;
  const runOne = async (file: string): Promise<void> => {
    const started = Date.now();
    let outcome: string;
    try {
      const doc = await extractor.extract(readFileSync(path.join(corpus, file)), { path: file });
      const { passages } = pdfToPassages(file, doc, { minWords: 120, maxWords: 250 });
      outcome = passages.length > 0 ? 'passages' : 'EMPTY (text but no passages)';
    } catch (e) {
      outcome = isVerityError(e) && CODES.has(e.code) ? e.code : `CRASH ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
    }
    outcomes.set(file, outcome);
    slowest.push([Date.now() - started, `${file} → ${outcome}`]);
  };
  try {
    // Two lanes, matching the two workers: each lane takes the next file when it is done.
    await Promise.all([0, 1].map(async () => {
      while (next < files.length) await runOne(files[next++]!);
    }));
  } finally {
    await extractor.close();
    lag.disable();
  }
  const seconds = (Date.now() - t0) / 1000;

  const counts = new Map<string, number>();
  for (const o of outcomes.values()) counts.set(o.startsWith('CRASH') ? 'CRASH' : o, (counts.get(o.startsWith('CRASH') ? 'CRASH' : o) ?? 0) + 1);
  const rows = [...counts].sort((a, b) => b[1] - a[1]);
  console.log(`\nPDF corpus: ${files.length} files in ${seconds.toFixed(1)} s (2 workers); main-thread event-loop delay max ${(lag.max / 1e6).toFixed(0)} ms`);
  console.log('| outcome | files |\n|---|---|');
  for (const [o, n] of rows) console.log(`| ${o} | ${n} |`);
  slowest.sort((a, b) => b[0] - a[0]);
  console.log(`slowest: ${slowest.slice(0, 5).map(([ms, s]) => `${s} (${ms} ms)`).join('; ')}`);

  assert.equal(outcomes.size, files.length, 'every file has exactly one outcome');
  const bad = [...outcomes].filter(([, o]) => !(o === 'passages' || CODES.has(o)));
  assert.deepEqual(bad, [], 'no crashes and no text-without-passages');
  assert.ok((counts.get('passages') ?? 0) > files.length / 2, 'most of the corpus yields passages');
  assert.ok(CODES.has(outcomes.get('bomb_giant.pdf')!) || outcomes.get('bomb_giant.pdf') === 'passages', 'the bomb ends like any other file');
  assert.equal(outcomes.get('freeculture.pdf'), 'passages');
  // The files that need a password (per pdf_index.csv) must be reported as encrypted or damaged, never as text.
  for (const f of ['bug1782186.pdf', 'issue3371.pdf', 'issue15893_reduced.pdf']) assert.equal(outcomes.get(f), 'PDF_ENCRYPTED', f);
});
