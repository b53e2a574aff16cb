import type { IndexProgress, IndexSummary } from '../../core/api';
import type { FileRecord } from '../../core/types';
import { LIMIT_RANGES } from '../../core/limits';
import { flag, usageError } from '../args';
import { commandFunction } from '../command';
import { LIMIT_FLAGS, STORE_FLAG, VERBOSE_FLAG, type CommandSpec } from '../spec';
import { EXIT_FINDINGS, EXIT_OK } from '../io';
import { limitsFromFlags } from '../limits';
import { openStoreFor } from '../openVerity';
import { ocrFlags, runCliOcr } from './indexOcr';

/** `verity index <dir>`: brings the store up to date with the folder and prints a summary. */
export const indexSpec: CommandSpec = {
  name: 'index',
  args: '<dir>',
  summary: 'Index the markdown (.md, .markdown, .mdx) and PDF files under a folder into a store.',
  details: [
    'Only files whose size or date changed are read again. Files that cannot be indexed are',
    'skipped with a coded reason (see "verity status"); the store remembers the limits it was',
    'indexed with, and raising a limit re-reads the files it had skipped.',
    'Exit 1 when a file was skipped or the folder holds no markdown or PDF at all.',
  ],
  flags: [
    { ...STORE_FLAG, help: 'the folder to keep the index in (created if missing)' },
    { name: 'force', help: 'read every file again' },
    ...LIMIT_FLAGS,
    { name: 'ocr', setting: 'verity.ocr.enabled', help: 'after the text index, read scanned PDF pages offline (cached; Ctrl-C stops, the next run resumes)' },
    { name: 'ocr-languages', value: 'eng+deu', default: 'eng', setting: 'verity.ocr.languages', help: 'OCR languages (English ships; others need their @tesseract.js-data package)' },
    { name: 'ocr-max-pages', value: 'N', default: '20', setting: 'verity.ocr.maxPagesPerFile', range: LIMIT_RANGES.ocrMaxPagesPerFile, help: 'recognise at most N scanned pages per PDF (1–1000)' },
    VERBOSE_FLAG,
  ],
  examples: ['verity index docs', 'verity index scans --ocr', 'verity index docs --store .verity-docs --max-pdf-pages 5000'],
  run: async (parsed, io) => {
    const [dir, ...extra] = parsed.positional;
    if (!dir) throw usageError('which folder? give the folder to index, e.g. "verity index docs"');
    if (extra.length) throw usageError(`one folder at a time: unexpected "${extra[0]}"`);
    const ocr = ocrFlags(parsed);
    const verity = await openStoreFor(dir, { store: flag(parsed, 'store'), io, verbose: parsed.flags.has('verbose'), limits: limitsFromFlags(parsed), ...(ocr ? { ocr } : {}) });
    const bar = io.isTTY ? progressBar(io) : undefined;
    const summary = await verity.indexWorkspace({ force: parsed.flags.has('force'), onProgress: bar });
    if (io.isTTY) io.stderr('\r\x1b[2K');
    if (summary.files === 0) {
      // saved even when empty, so later commands load a valid (empty) index instead of warning
      await verity.save();
      io.stdout(`No markdown or PDF files in ${dir}: nothing to index (looked for .md, .markdown, .mdx and .pdf files).\n`);
      return EXIT_FINDINGS;
    }
    io.stdout(summaryText(summary));
    // Scanned pages come last, so the text index above is saved and searchable first.
    if (ocr && !(await runCliOcr(verity, io))) return EXIT_FINDINGS;
    return verity.files().some((f) => f.state === 'skipped') ? EXIT_FINDINGS : EXIT_OK;
  },
};

export const index = commandFunction(indexSpec);

/** "Indexed 205 of 206 files (1 skipped: …)" and, per skip reason, the first files. */
export function summaryText(summary: IndexSummary): string {
  const groups = new Map<string, FileRecord[]>();
  for (const f of summary.skipped) {
    const key = f.reason ?? 'UNKNOWN';
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const sorted = [...groups].sort((a, b) => b[1].length - a[1].length);
  const done = summary.files - summary.skipped.length;
  const counts = [`${fmt(summary.indexed)} read`, `${fmt(summary.unchanged)} unchanged`];
  if (summary.removed) counts.push(`${fmt(summary.removed)} removed`);
  const head = summary.skipped.length
    ? `Indexed ${fmt(done)} of ${files(summary.files)} (${fmt(summary.skipped.length)} skipped: ${sorted.map(([r, l]) => `${l.length} ${r}`).join(', ')})`
    : `Indexed ${files(summary.files)}`;
  let out = `${head}: ${fmt(summary.passages)} passages in ${(summary.ms / 1000).toFixed(1)} s (${counts.join(', ')}).\n`;
  for (const [reason, list] of sorted) {
    out += `  ${reason} (${list.length}): ${list[0]!.message ?? ''}\n`;
    for (const f of list.slice(0, 5)) out += `    ${f.path}\n`;
    if (list.length > 5) out += `    … and ${list.length - 5} more (see "verity status")\n`;
  }
  return out;
}

function progressBar(io: { stderr: (s: string) => void }): (p: IndexProgress) => void {
  let last = 0;
  return (p) => {
    const now = Date.now();
    if (p.phase === 'reading' && now - last < 80 && p.done < p.total) return;
    last = now;
    const width = 28;
    const ratio = p.total ? p.done / p.total : 0;
    const filled = Math.round(ratio * width);
    const label = p.phase === 'reading' ? `${p.done}/${p.total} ${p.path ?? ''}` : p.phase;
    io.stderr(`\r\x1b[2K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${label.slice(0, 60)}`);
  };
}

function files(n: number): string {
  return `${fmt(n)} file${n === 1 ? '' : 's'}`;
}

export function fmt(n: number): string {
  return n.toLocaleString('en-US');
}
