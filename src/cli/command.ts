/**
 * What a `verity` subcommand declares about itself — its arguments, flags, defaults and examples —
 * and the one runner that parses, answers `--help` and turns every failure into one line.
 * Adding a flag to a command is one entry in its `flags` list.
 */
import { isVerityError } from '../core/errors';
import { isUsageError, parseArgs, type FlagSpec, type ParsedArgs } from './args';
import { commandHelp } from './help';
import { EXIT_ERROR, EXIT_OK, type CliCommand, type CliIO } from './io';
import { systemErrorLine } from './systemError';

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

export const STORE_FLAG: FlagSpec = { name: 'store', value: '<dir>', default: './.verity', help: 'the folder holding the index that "verity index" made, or a team index: postgres://host/db?corpus=NAME (credentials from PG* variables)' };
export const DOCS_FLAG: FlagSpec = { name: 'docs', value: '<dir>', help: 'index this folder in memory instead of using a store' };
export const VERBOSE_FLAG: FlagSpec = { name: 'verbose', help: 'log what is loaded and indexed to stderr' };

/**
 * Indexing limits. A file over a limit is skipped with a coded reason, never an error; each has a
 * VS Code setting of the same meaning.
 */
export const LIMIT_FLAGS: readonly FlagSpec[] = [
  { name: 'max-file-mb', value: 'MB', default: '10', setting: 'verity.maxFileSizeMB', help: 'skip markdown files larger than this (FILE_TOO_LARGE)' },
  { name: 'max-pdf-mb', value: 'MB', default: '50', setting: 'verity.maxPdfSizeMB', help: 'skip PDFs larger than this (PDF_TOO_LARGE)' },
  { name: 'max-pdf-pages', value: 'N', default: '2000', setting: 'verity.maxPdfPages', help: 'skip PDFs with more pages (PDF_TOO_LARGE)' },
  { name: 'pdf-timeout', value: 'seconds', default: '20', setting: 'verity.pdfTimeoutSeconds', help: 'give up on one PDF after this long (PDF_TIMEOUT)' },
];

/** The flags of every command that reads an index: where it is, and the limits when it is refreshed. */
export const OPEN_FLAGS: readonly FlagSpec[] = [STORE_FLAG, DOCS_FLAG, ...LIMIT_FLAGS, VERBOSE_FLAG];

/** Runs a command: `--help` prints its help; every error becomes one line on stderr and exit 2. */
export async function runCommand(spec: CommandSpec, args: string[], io: CliIO): Promise<number> {
  try {
    const parsed = parseArgs(args, spec.flags);
    if (parsed.help) {
      io.stdout(commandHelp(spec));
      return EXIT_OK;
    }
    return await spec.run(parsed, io);
  } catch (e) {
    io.stderr(`${errorLine(spec.name, e, args.includes('--verbose'))}\n`);
    return EXIT_ERROR;
  }
}

/** The command as a plain function (what tests and main call). */
export function commandFunction(spec: CommandSpec): CliCommand {
  return (args, io) => runCommand(spec, args, io);
}

/** One line naming what went wrong and what to do; a stack only with --verbose, for bug reports. */
export function errorLine(command: string, e: unknown, verbose = false): string {
  const who = command ? `verity ${command}` : 'verity';
  if (isVerityError(e)) {
    if (isUsageError(e)) return `${who}: ${e.message} (see "${command ? `verity ${command} --help` : 'verity help'}")`;
    return e.code === 'BAD_INPUT' ? `${who}: ${e.message}` : `${who}: ${e.code}: ${e.message}`;
  }
  const system = systemErrorLine(e);
  if (system) return `${who}: ${system}`;
  const message = e instanceof Error ? e.message : String(e);
  const stack = verbose && e instanceof Error && e.stack ? ` [${e.stack.split('\n').slice(1, 4).map((l) => l.trim()).join(' | ')}]` : '';
  return `${who}: unexpected error: ${message.split('\n')[0]}${stack} (please report it, with the output of --verbose)`;
}
