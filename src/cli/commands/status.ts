import { flag, parseArgs } from '../args';
import { EXIT_FINDINGS, EXIT_OK, type CliCommand } from '../io';
import { openVerity, workspaceRoot } from '../openVerity';

export const STATUS_USAGE = 'verity status [--store <dir>] [--json]';

/** `verity status`: every file of the store with its state (indexed, or skipped and why). */
export const status: CliCommand = async (args, io) => {
  const parsed = parseArgs(args, ['store'], ['json', 'verbose']);
  const verity = await openVerity({ store: flag(parsed, 'store'), io, verbose: parsed.flags.has('verbose') });
  const files = verity.files();
  const skipped = files.filter((f) => f.state === 'skipped');
  if (parsed.flags.has('json')) {
    io.stdout(JSON.stringify({ root: workspaceRoot(verity), passages: verity.passageCount(), files }, null, 2) + '\n');
    return skipped.length ? EXIT_FINDINGS : EXIT_OK;
  }
  const width = Math.min(70, Math.max(10, ...files.map((f) => f.path.length)));
  for (const f of files) {
    const state = f.state === 'indexed' ? `indexed  ${f.passages} passages${f.pages ? `, ${f.pages} pages` : ''}${f.ocr?.message ? `; ${f.ocr.message}` : ''}` : `skipped  ${f.reason}: ${f.message ?? ''}`;
    io.stdout(`${f.path.padEnd(width)}  ${state}\n`);
  }
  io.stdout(`${files.length} files, ${files.length - skipped.length} indexed, ${skipped.length} skipped, ${verity.passageCount()} passages (${workspaceRoot(verity)})\n`);
  return skipped.length ? EXIT_FINDINGS : EXIT_OK;
};
