/**
 * What a `verity` subcommand declares about itself — its arguments, flags, defaults and examples —
 * and the flags several commands share. Parsing (command.ts) and help (help.ts) both read these
 * declarations; neither imports the other's runtime. Adding a flag to a command is one entry in
 * its `flags` list.
 */
import { LIMIT_RANGES, type LimitName } from '../core/limits';
import type { FlagSpec, ParsedArgs } from './args';
import type { CliIO } from './io';

export interface CommandSpec {
  name: string;
  /** The positional arguments as the usage line shows them: `<dir>`, `"<query>"`. */
  args: string;
  /** One line: what the command does. */
  summary: string;
  /** More about arguments, output and exit codes (lines of the help text). */
  details?: string[];
  flags: readonly FlagSpec[];
  examples: string[];
  run: (parsed: ParsedArgs, io: CliIO) => Promise<number>;
}

export const STORE_FLAG: FlagSpec = { name: 'store', value: '<dir>', default: './.verity', help: 'the folder holding the index that "verity index" made (it may live anywhere), or a team index on PostgreSQL: postgres://host/db?corpus=NAME (credentials from the PG* variables or the URL, never printed)' };
export const DOCS_FLAG: FlagSpec = {
  name: 'docs',
  value: '<path>',
  repeat: true,
  help: 'index this folder or markdown/PDF file in memory instead of using a store',
};
export const VERBOSE_FLAG: FlagSpec = { name: 'verbose', help: 'log what is loaded and indexed to stderr' };
export const DRAFTS_FLAG: FlagSpec = {
  name: 'drafts',
  value: '"<glob|folder>,…"',
  default: 'drafts/, draft*.md, *-draft.md',
  setting: 'verity.drafts',
  help: 'files that are never evidence: globs or folders (answers, answers/, ./answers); "" = none',
};

const limitFlag = (name: string, limit: LimitName, setting: string, help: string, value: string): FlagSpec => {
  const r = LIMIT_RANGES[limit];
  return { name, value, default: String(r.default), setting, range: r, help: `${help}; ${r.min}–${r.max} ${r.unit}` };
};

/**
 * Indexing limits. A file over a limit is skipped with a coded reason, never an error; each has a
 * VS Code setting of the same meaning and a range (core/limits.ts).
 */
export const LIMIT_FLAGS: readonly FlagSpec[] = [
  limitFlag('max-file-mb', 'maxFileMb', 'verity.maxFileSizeMB', 'skip markdown files larger than this (FILE_TOO_LARGE)', 'MB'),
  limitFlag('max-pdf-mb', 'maxPdfMb', 'verity.maxPdfSizeMB', 'skip PDFs larger than this (PDF_TOO_LARGE)', 'MB'),
  limitFlag('max-pdf-pages', 'maxPdfPages', 'verity.maxPdfPages', 'skip PDFs with more pages (PDF_TOO_LARGE)', 'N'),
  limitFlag('pdf-timeout', 'pdfTimeoutSeconds', 'verity.pdfTimeoutSeconds', 'give up on one PDF after this long (PDF_TIMEOUT)', 'seconds'),
];

/** The flags of every command that reads an index: where it is, and the limits when it is refreshed. */
export const OPEN_FLAGS: readonly FlagSpec[] = [STORE_FLAG, DOCS_FLAG, DRAFTS_FLAG, ...LIMIT_FLAGS, VERBOSE_FLAG];
