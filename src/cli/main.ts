/**
 * The `verity` command line: index, search, status, check, ask — on the same core as the
 * extension. Exit codes: 0 ok, 1 findings (skipped files, unsupported sentences), 2 error.
 */
import { isVerityError } from '../core/errors';
import { EXIT_ERROR, type CliCommand, type CliIO } from './io';
import { closeAll } from './openVerity';
import { index, INDEX_USAGE } from './commands/index';
import { search, SEARCH_USAGE } from './commands/search';
import { status, STATUS_USAGE } from './commands/status';
import { check } from './commands/check';
import { ask } from './commands/ask';

declare const VERITY_VERSION: string | undefined;

const COMMANDS: Record<string, CliCommand> = { index, search, status, check, ask };

const HELP = `verity — grounded answers over your own markdown and PDFs

Usage:
  ${INDEX_USAGE}
  ${SEARCH_USAGE}
  ${STATUS_USAGE}
  verity check <file...> [--docs <dir> | --store <dir>] [--format text|json|sarif] [--fail-on unsupported|contradicted|none] [--text "<paragraph>"] [--question "<question answered>"]
  verity ask "<question>" [--store <dir> | --docs <dir>] [--base-url URL] [--model NAME] [--history FILE] [--strict] [--json]

The store defaults to ./.verity. Exit codes: 0 ok, 1 findings, 2 error.
`;

/** Runs one CLI invocation and returns its exit code (exported for tests). */
export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.stdout(HELP);
    return name ? 0 : 2;
  }
  if (name === '--version' || name === 'version') {
    io.stdout(`${typeof VERITY_VERSION === 'string' ? VERITY_VERSION : 'dev'}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`verity: unknown command "${name}" (try "verity help")\n`);
    return EXIT_ERROR;
  }
  try {
    return await command(rest, io);
  } catch (e) {
    if (isVerityError(e)) io.stderr(`verity: ${e.code}: ${e.message}\n`);
    else io.stderr(`verity: unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return EXIT_ERROR;
  } finally {
    await closeAll();
  }
}

if (require.main === module) {
  const io: CliIO = {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    isTTY: Boolean(process.stderr.isTTY),
    cwd: process.cwd(),
    env: process.env,
  };
  const abort = new AbortController();
  process.once('SIGINT', () => {
    abort.abort();
    process.stderr.write('\nverity: interrupted\n');
    process.exit(130);
  });
  main(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`verity: ${String(e)}\n`);
      process.exitCode = EXIT_ERROR;
    },
  );
}
