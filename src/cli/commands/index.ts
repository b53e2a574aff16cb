import type { IndexProgress, IndexSummary } from '../../core/api';
import type { FileRecord } from '../../core/types';
import { LIMIT_RANGES } from '../../core/limits';
import { flag, usageError } from '../args';
import { commandFunction } from '../command';
import { DRAFTS_FLAG, LIMIT_FLAGS, STORE_FLAG, VERBOSE_FLAG, type CommandSpec } from '../spec';
import { splitDrafts } from '../drafts';
import { EXIT_FINDINGS, EXIT_OK, type CliIO } from '../io';
import { printable, shownPath } from '../printable';
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
    'indexed with, and raising a limit re-reads the files it had skipped. A store you did not write',
    '(committed to a repository, copied, or made by an older Verity) is rebuilt and signed as yours.',
    'Exit 1 when a file was skipped or the folder holds no markdown or PDF at all.',
  ],
  flags: [
    { ...STORE_FLAG, help: 'the folder to keep the index in (created if missing)' },
    { name: 'force', help: 'read every file again; a store that indexes another folder is rebuilt for this one' },
    { ...DRAFTS_FLAG, help: `${DRAFTS_FLAG.help}; the store remembers them` },
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
    const drafts = flag(parsed, 'drafts');
    const verity = await openStoreFor(dir, {
      store: flag(parsed, 'store'),
      io,
      verbose: parsed.flags.has('verbose'),
      limits: limitsFromFlags(parsed),
      force: parsed.flags.has('force'),
      ...(drafts !== undefined ? { drafts: splitDrafts(drafts) } : {}),
      ...(ocr ? { ocr } : {}),
    });
    const progress = io.isTTY ? progressBar(io) : progressLines(io, () => verity.passageCount());
    // drafts left as drafts count as "unchanged" in the core's summary; the summary line counts sources
    const draftsBefore = new Set(verity.files().filter((f) => f.reason === 'DRAFT').map((f) => f.path));
    const indexed = await verity.indexWorkspace({ force: parsed.flags.has('force'), onProgress: progress });
    const summary = { ...indexed, unchanged: indexed.unchanged - indexed.skipped.filter((f) => f.reason === 'DRAFT' && draftsBefore.has(f.path)).length };
    if (io.isTTY) io.stderr('\r\x1b[2K');
    if (summary.files === 0) {
      // saved even when empty, so later commands load a valid (empty) index instead of warning
      await verity.save();
      io.stdout(`No markdown or PDF files in ${shownPath(dir)}: nothing to index (looked for .md, .markdown, .mdx and .pdf files).\n`);
      return EXIT_FINDINGS;
    }
    io.stdout(summaryText(summary, { ocr: ocr !== undefined, dir, files: verity.files() }));
    // Scanned pages come last, so the text index above is saved and searchable first.
    if (ocr && !(await runCliOcr(verity, io))) return EXIT_FINDINGS;
    return verity.files().some((f) => f.state === 'skipped' && f.reason !== 'DRAFT') ? EXIT_FINDINGS : EXIT_OK;
  },
};

export const index = commandFunction(indexSpec);

/**
 * "Indexed 205 of 206 files (1 skipped: …)" and, per skip reason, the first files. Drafts are not
 * skipped files: they are counted apart. Scanned PDFs are "queued for OCR" with --ocr, and name
 * --ocr without it.
 */
export function summaryText(summary: IndexSummary, opts: { ocr?: boolean; dir?: string; files?: readonly FileRecord[] } = {}): string {
  const drafts = summary.skipped.filter((f) => f.reason === 'DRAFT');
  const skipped = summary.skipped.filter((f) => f.reason !== 'DRAFT');
  const groups = new Map<string, FileRecord[]>();
  for (const f of skipped) {
    const queued = opts.ocr && f.reason === 'PDF_NO_TEXT' && (!f.ocr || f.ocr.state === 'pending');
    const key = queued ? QUEUED : (f.reason ?? 'UNKNOWN');
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const sorted = [...groups].sort((a, b) => b[1].length - a[1].length);
  const considered = summary.files - drafts.length;
  const done = considered - skipped.length;
  const counts = [`${fmt(summary.indexed)} read`, `${fmt(summary.unchanged)} unchanged`];
  if (summary.removed) counts.push(`${fmt(summary.removed)} removed`);
  const reasons = sorted.map(([r, l]) => `${l.length} ${r === QUEUED ? 'queued for OCR' : r}`).join(', ');
  const head = skipped.length ? `Indexed ${fmt(done)} of ${plural(considered, 'file')} (${fmt(skipped.length)} skipped: ${reasons})` : `Indexed ${plural(considered, 'file')}`;
  const draftNote = drafts.length ? `; ${plural(drafts.length, 'draft')} (never evidence, see "verity status")` : '';
  let out = `${head}: ${plural(summary.passages, 'passage')} in ${(summary.ms / 1000).toFixed(1)} s (${counts.join(', ')})${draftNote}.\n`;
  const waiting = opts.ocr ? [] : (opts.files ?? []).filter((f) => f.state === 'indexed' && f.ocr?.state === 'pending');
  if (waiting.length) {
    const pages = waiting.reduce((n, f) => n + (f.ocr?.pendingPages ?? 0), 0);
    out += `  ${plural(pages, 'scanned page')} in ${plural(waiting.length, 'PDF')} not read: "verity index ${opts.dir ? shownPath(opts.dir) : '<dir>'} --ocr" reads them\n`;
  }
  for (const [reason, list] of sorted) {
    out += `  ${reasonHeading(reason, list, opts)}\n`;
    const perFile = new Set(list.map((f) => f.message ?? '')).size > 1;
    for (const f of list.slice(0, 5)) {
      const detail = perFile ? `: ${printable(f.message ?? '')}` : f.reason === 'PDF_NO_TEXT' && f.pages ? ` (${plural(f.pages, 'page')})` : '';
      out += `    ${shownPath(f.path)}${detail}\n`;
    }
    if (list.length > 5) out += `    … and ${list.length - 5} more (see "verity status")\n`;
  }
  return out;
}

/** Group key of scanned PDFs waiting for OCR in this run. */
const QUEUED = 'OCR';

/** The heading of one group of skipped files: the reason, how many, and what to do. */
function reasonHeading(reason: string, list: FileRecord[], opts: { ocr?: boolean; dir?: string }): string {
  if (reason === QUEUED) return `queued for OCR (${list.length}): scanned PDFs without a text layer, read next`;
  if (reason === 'PDF_NO_TEXT' && !opts.ocr) return `PDF_NO_TEXT (${list.length}): scanned PDF — no text layer; "verity index ${opts.dir ? shownPath(opts.dir) : '<dir>'} --ocr" reads the scanned pages`;
  // messages differ per file (sizes, page counts): the heading says the reason, each file its own detail
  const messages = new Set(list.map((f) => f.message ?? ''));
  return `${reason} (${list.length}): ${printable(messages.size === 1 ? [...messages][0]! : genericMessage(reason))}`;
}

function genericMessage(reason: string): string {
  return { PDF_TOO_LARGE: 'PDF too large', FILE_TOO_LARGE: 'file too large', PDF_TIMEOUT: 'PDF took too long to read', FILE_UNREADABLE: 'could not be read' }[reason] ?? reason;
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
    const label = p.phase === 'reading' ? `${p.done}/${p.total} ${printable(p.path ?? '')}` : p.phase;
    io.stderr(`\r\x1b[2K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${label.slice(0, 60)}`);
  };
}

/**
 * Off a terminal (CI logs) a bar would be noise and silence looks like a hang: one line every
 * few seconds (VERITY_PROGRESS_SECONDS, default 5) with files done of all, passages and rate.
 */
function progressLines(io: CliIO, passages: () => number): (p: IndexProgress) => void {
  const every = Number(io.env.VERITY_PROGRESS_SECONDS ?? 5) * 1000;
  const t0 = Date.now();
  let last = t0;
  return (p) => {
    const now = Date.now();
    if (p.phase !== 'reading' || now - last < (Number.isFinite(every) ? every : 5000)) return;
    last = now;
    const rate = p.done / Math.max(0.001, (now - t0) / 1000);
    io.stderr(`verity: indexing ${fmt(p.done)}/${plural(p.total, 'file')}, ${plural(passages(), 'passage')}, ${rate.toFixed(1)} files/s\n`);
  };
}

function plural(n: number, word: string): string {
  return `${fmt(n)} ${word}${n === 1 ? '' : 's'}`;
}

export function fmt(n: number): string {
  return n.toLocaleString('en-US');
}
