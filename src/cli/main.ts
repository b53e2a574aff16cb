/**
 * The `verity` command line: index, search, status, check, ask — on the same core as the
 * extension. Each command declares its flags once (src/cli/command.ts); exit codes: 0 ok,
 * 1 findings (skipped files, empty folder, unsupported sentences), 2 error, 130 interrupted.
 */
import { EXIT_ERROR, EXIT_OK, safeIO, type CliIO } from './io';
import { errorLine, runCommand } from './command';
import type { CommandSpec } from './spec';
import { commandHelp, generalHelp } from './help';
import { closeAll } from './openVerity';
import { indexSpec } from './commands/index';
import { searchSpec } from './commands/search';
import { statusSpec } from './commands/status';
import { checkSpec } from './commands/check';
import { askSpec } from './commands/ask';
import { limitCacheToMachine } from '../node/cacheCeiling';

declare const VERITY_VERSION: string | undefined;

/** Every subcommand, in the order `verity help` lists them. */
export const COMMANDS: readonly CommandSpec[] = [indexSpec, searchSpec, statusSpec, checkSpec, askSpec];

/** Runs one CLI invocation and returns its exit code (exported for tests). */
export async function main(argv: string[], rawIo: CliIO): Promise<number> {
  const io = safeIO(rawIo); // every byte of output passes the terminal filter (issue 15)
  const [name, ...rest] = argv;
  if (!name) {
    io.stderr(generalHelp(COMMANDS));
    return EXIT_ERROR;
  }
  if (name === 'help' || name === '--help' || name === '-h') return help(rest, io);
  if (name === '--version' || name === 'version') {
    io.stdout(`${typeof VERITY_VERSION === 'string' ? VERITY_VERSION : 'dev'}\n`);
    return EXIT_OK;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.stderr(`verity: unknown command "${name}": the commands are ${COMMANDS.map((c) => c.name).join(', ')} (see "verity help")\n`);
    return EXIT_ERROR;
  }
  try {
    return await runCommand(command, rest, io);
  } catch (e) {
    // runCommand already turns errors into lines; this only guards against a bug in that path
    io.stderr(`${errorLine(name, e)}\n`);
    return EXIT_ERROR;
  } finally {
    await closeAll();
  }
}

/** `verity help [command]`. */
function help(args: string[], io: CliIO): number {
  const [topic, ...extra] = args.filter((a) => a !== '--help' && a !== '-h');
  if (topic === undefined) {
    io.stdout(generalHelp(COMMANDS));
    return EXIT_OK;
  }
  const command = COMMANDS.find((c) => c.name === topic);
  if (!command || extra.length) {
    io.stderr(`verity help: no command "${command ? extra[0] : topic}": the commands are ${COMMANDS.map((c) => c.name).join(', ')}\n`);
    return EXIT_ERROR;
  }
  io.stdout(commandHelp(command));
  return EXIT_OK;
}

if (require.main === module) {
  const io: CliIO = {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    isTTY: Boolean(process.stderr.isTTY),
    cwd: process.cwd(),
    env: process.env,
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
  };
  // a failure outside a command's own handling (a worker, a stray callback) is still one line
  process.on('uncaughtException', (e) => {
    process.stderr.write(`${errorLine('', e)}\n`);
    process.exit(EXIT_ERROR);
  });
  const abort = new AbortController();
  process.once('SIGINT', () => {
    abort.abort();
    process.stderr.write('\nverity: interrupted\n');
    process.exit(130);
  });
  limitCacheToMachine();
  main(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`${errorLine('', e)}\n`);
      process.exitCode = EXIT_ERROR;
    },
  );
}
