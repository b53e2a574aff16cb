import { flag, usageError } from '../args';
import { commandFunction } from '../command';
import { OPEN_FLAGS, type CommandSpec } from '../spec';
import { EXIT_FINDINGS, EXIT_OK } from '../io';
import { limitsFromFlags } from '../limits';
import { openVerity, workspaceRoot } from '../openVerity';

/** `verity status`: every file of the store with its state (indexed, or skipped and why). */
export const statusSpec: CommandSpec = {
  name: 'status',
  args: '',
  summary: 'List every file of the index: indexed (passages, pages) or skipped and why.',
  details: ['Paths are relative to the indexed folder, printed at the end ("root" in --json). Exit 1 when a file is skipped.'],
  flags: [{ name: 'json', help: 'print the root, the passage count and every file as JSON' }, ...OPEN_FLAGS],
  examples: ['verity status', 'verity status --docs docs --json'],
  run: async (parsed, io) => {
    if (parsed.positional.length) throw usageError(`status takes no arguments, got "${parsed.positional[0]}" (to index a folder: verity index ${parsed.positional[0]})`);
    if (parsed.flags.has('docs') && parsed.flags.has('store')) throw usageError('use either --docs or --store, not both');
    const verity = await openVerity({ docs: flag(parsed, 'docs'), store: flag(parsed, 'store'), io, verbose: parsed.flags.has('verbose'), limits: limitsFromFlags(parsed) });
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
  },
};

export const status = commandFunction(statusSpec);
