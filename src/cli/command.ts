/**
 * The one runner of a `verity` subcommand: parses its arguments against its declared flags
 * (spec.ts), answers `--help` and turns every failure into one line.
 */
import { isVerityError } from '../core/errors';
import { isUsageError, parseArgs } from './args';
import { commandHelp } from './help';
import { EXIT_ERROR, EXIT_OK, type CliCommand, type CliIO } from './io';
import type { CommandSpec } from './spec';
import { systemErrorLine } from './systemError';

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
