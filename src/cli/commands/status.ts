import type { FileRecord } from '../../core/types';
import { DEFAULT_DRAFTS } from '../../core/verity';
import { usageError } from '../args';
import { commandFunction } from '../command';
import { OPEN_FLAGS, type CommandSpec } from '../spec';
import { EXIT_FINDINGS, EXIT_OK } from '../io';
import { openOptionsFromFlags, openVerity, workspaceRoot } from '../openVerity';
import { plural } from '../format/report';
import { printable, shownPath } from '../printable';

const isDraft = (f: FileRecord): boolean => f.reason === 'DRAFT';

/** What OCR made of a PDF's pages without text; pages still waiting name the command that reads them. */
function ocrNote(f: FileRecord): string {
  if (f.ocr?.state === 'pending' && f.ocr.pendingPages) return `; ${plural(f.ocr.pendingPages, 'page')} without text not read yet ("verity index --ocr" reads them)`;
  return f.ocr?.message ? `; ${printable(f.ocr.message)}` : '';
}

/** `verity status`: every file of the store with its role: a source (indexed), a draft, or skipped and why. */
export const statusSpec: CommandSpec = {
  name: 'status',
  args: '',
  summary: 'List every file of the index: a source (indexed: passages, pages), a draft (never evidence), or skipped and why.',
  details: [
    'Paths are relative to the indexed folder, printed at the end ("root" in --json), with the draft patterns in effect.',
    'Exit 1 when a file is skipped (drafts are not skipped files).',
  ],
  flags: [{ name: 'json', help: 'print the root, the passage count, the draft patterns and every file as JSON' }, ...OPEN_FLAGS],
  examples: ['verity status', 'verity status --docs docs --drafts answers/ --json'],
  run: async (parsed, io) => {
    if (parsed.positional.length) throw usageError(`status takes no arguments, got "${parsed.positional[0]}" (to index a folder: verity index ${parsed.positional[0]})`);
    const verity = await openVerity(openOptionsFromFlags(parsed, io));
    const files = verity.files();
    const drafts = files.filter(isDraft);
    const skipped = files.filter((f) => f.state === 'skipped' && !isDraft(f));
    const sources = files.filter((f) => f.state === 'indexed');
    const patterns = verity.options.drafts ?? [];
    if (parsed.flags.has('json')) {
      const role = (f: FileRecord) => (f.state === 'indexed' ? 'source' : isDraft(f) ? 'draft' : 'skipped');
      io.stdout(JSON.stringify({ root: workspaceRoot(verity), passages: verity.passageCount(), draftPatterns: patterns, files: files.map((f) => ({ ...f, role: role(f) })) }, null, 2) + '\n');
      return skipped.length ? EXIT_FINDINGS : EXIT_OK;
    }
    const width = Math.min(70, Math.max(10, ...files.map((f) => shownPath(f.path).length)));
    // sources first, then drafts, then skipped files: what counts as evidence, what never does, what could not be read
    for (const f of [...sources, ...drafts, ...skipped]) {
      const state =
        f.state === 'indexed'
          ? `indexed  ${plural(f.passages, 'passage')}${f.pages ? `, ${plural(f.pages, 'page')}` : ''}${ocrNote(f)}`
          : isDraft(f)
            ? 'draft    never evidence'
            : `skipped  ${f.reason}: ${printable(f.message ?? '')}`;
      io.stdout(`${shownPath(f.path).padEnd(width)}  ${state}\n`);
    }
    io.stdout(
      `${plural(files.length, 'file')}: ${sources.length} indexed as sources, ${plural(drafts.length, 'draft')}, ${skipped.length} skipped, ` +
        `${plural(verity.passageCount(), 'passage')} (${shownPath(workspaceRoot(verity) ?? '')})\n`,
    );
    const which = patterns.join('\0') === DEFAULT_DRAFTS.join('\0') ? 'drafts/ folders, draft.md, draft-*.md, *-draft.md, *.draft.md (the default; --drafts or verity.drafts changes it)' : patterns.length ? patterns.map((p) => printable(p)).join(', ') : 'nothing';
    io.stdout(`Drafts (never evidence): ${which}\n`);
    return skipped.length ? EXIT_FINDINGS : EXIT_OK;
  },
};

export const status = commandFunction(statusSpec);
