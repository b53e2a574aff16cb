import type { IndexProgress } from '../../core/api';
import type { FileRecord } from '../../core/types';
import { flag, parseArgs } from '../args';
import { EXIT_FINDINGS, EXIT_OK, type CliCommand } from '../io';
import { openStoreFor } from '../openVerity';
import { ocrFlags, runCliOcr } from './indexOcr';

export const INDEX_USAGE = 'verity index <dir> [--store <dir>] [--force] [--verbose] [--ocr [--ocr-languages eng+deu] [--ocr-max-pages N]]';

/** `verity index <dir>`: brings the store up to date with the folder and prints a summary. */
export const index: CliCommand = async (args, io) => {
  const parsed = parseArgs(args, ['store', 'ocr-languages', 'ocr-max-pages'], ['force', 'verbose', 'ocr']);
  const ocr = ocrFlags(parsed);
  const dir = parsed.positional[0];
  if (!dir || parsed.positional.length > 1) {
    io.stderr(`usage: ${INDEX_USAGE}\n`);
    return 2;
  }
  const verity = await openStoreFor(dir, { store: flag(parsed, 'store'), io, verbose: parsed.flags.has('verbose'), ...(ocr ? { ocr } : {}) });
  const bar = io.isTTY ? progressBar(io) : undefined;
  const summary = await verity.indexWorkspace({ force: parsed.flags.has('force'), onProgress: bar });
  if (io.isTTY) io.stderr('\r\x1b[2K');
  const groups = new Map<string, FileRecord[]>();
  for (const f of summary.skipped) {
    const key = f.reason ?? 'UNKNOWN';
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  io.stdout(
    `Indexed ${fmt(summary.files)} files (${fmt(summary.indexed)} read, ${fmt(summary.unchanged)} unchanged, ${fmt(summary.removed)} removed): ` +
      `${fmt(summary.passages)} passages in ${(summary.ms / 1000).toFixed(1)} s.\n`,
  );
  if (summary.skipped.length) {
    io.stdout(`Skipped ${fmt(summary.skipped.length)} files:\n`);
    for (const [reason, list] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
      io.stdout(`  ${reason} (${list.length}): ${list[0]!.message ?? ''}\n`);
      for (const f of list.slice(0, 5)) io.stdout(`    ${f.path}\n`);
      if (list.length > 5) io.stdout(`    … and ${list.length - 5} more (see "verity status")\n`);
    }
  }
  // Scanned pages come last, so the text index above is saved and searchable first.
  if (ocr && !(await runCliOcr(verity, io))) return EXIT_FINDINGS;
  return verity.files().some((f) => f.state === 'skipped') ? EXIT_FINDINGS : EXIT_OK;
};

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

export function fmt(n: number): string {
  return n.toLocaleString('en-US');
}
