/**
 * `verity check`: a grounding linter. Every sentence of the given files (or --text) is checked
 * against the indexed documents; unsupported and contradicted sentences are reported as text,
 * JSON or SARIF. Exit 1 when a sentence at or above --fail-on is found, 0 when clean, 2 on error.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { VerityError } from '../../core/errors';
import type { Verity } from '../../core/api';
import { flag, parseArgs } from '../args';
import { EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, type CliCommand, type CliIO } from '../io';
import { displayPath, openVerity, workspaceRoot } from '../openVerity';
import { formatJson } from '../format/json';
import { PROBLEM_RANK, type CheckedFile } from '../format/report';
import { formatSarif } from '../format/sarif';
import { formatText } from '../format/text';

declare const VERITY_VERSION: string | undefined;

export const CHECK_USAGE =
  'verity check <file...> [--docs <dir> | --store <dir>] [--format text|json|sarif] [--fail-on unsupported|contradicted|none] [--text "<paragraph>"] [--question "<question answered>"]';

const FORMATS = ['text', 'json', 'sarif'] as const;
const FAIL_ON: Record<string, number> = { unsupported: 1, contradicted: 2, none: Infinity };

/** `verity check`: a verdict for every sentence, problems printed with their evidence. */
export const check: CliCommand = async (args, io) => {
  try {
    return await run(args, io);
  } catch (e) {
    if (!(e instanceof VerityError)) throw e;
    io.stderr(`verity: ${e.code}: ${e.message}\n`);
    return EXIT_ERROR;
  }
};

async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseArgs(args, ['docs', 'store', 'format', 'fail-on', 'text', 'question'], ['verbose']);
  const format = flag(parsed, 'format') ?? 'text';
  const failOn = flag(parsed, 'fail-on') ?? 'unsupported';
  const text = flag(parsed, 'text');
  const question = flag(parsed, 'question');
  if (!(FORMATS as readonly string[]).includes(format)) return usageError(io, `--format must be text, json or sarif, got "${format}"`);
  if (!(failOn in FAIL_ON)) return usageError(io, `--fail-on must be unsupported, contradicted or none, got "${failOn}"`);
  if (parsed.positional.length === 0 && text === undefined) return usageError(io, 'give files to check or --text "<paragraph>"');
  if (parsed.flags.has('docs') && parsed.flags.has('store')) return usageError(io, 'use either --docs or --store, not both');

  // read the inputs first: a missing file is an error before any indexing work
  const inputs: Array<{ path: string; content: string }> = [];
  for (const p of parsed.positional) inputs.push({ path: p, content: await readInput(io.cwd, p) });
  if (text !== undefined) inputs.push({ path: '<text>', content: text });

  const verity: Verity = await openVerity({ docs: flag(parsed, 'docs'), store: flag(parsed, 'store'), io, verbose: parsed.flags.has('verbose') });
  const files: CheckedFile[] = [];
  const root = workspaceRoot(verity);
  for (const input of inputs) {
    // a checked file that is itself indexed must not be its own evidence
    const rel = root && input.path !== '<text>' ? path.relative(root, path.resolve(io.cwd, input.path)).split(path.sep).join('/') : undefined;
    const excludePaths = rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? [rel] : [];
    files.push({ path: input.path, result: await verity.check(input.content, { excludePaths, ...(question !== undefined ? { question } : {}) }) });
  }

  const report = { files, showPath: (ref: { path: string }) => displayPath(verity, ref.path, io.cwd) };
  if (format === 'json') io.stdout(formatJson(report));
  else if (format === 'sarif') io.stdout(formatSarif(report, typeof VERITY_VERSION === 'string' ? VERITY_VERSION : 'dev'));
  else io.stdout(formatText(report));

  const worst = Math.max(0, ...files.flatMap((f) => f.result.sentences.map((s) => PROBLEM_RANK[s.verdict] ?? 0)));
  return worst >= FAIL_ON[failOn]! ? EXIT_FINDINGS : EXIT_OK;
}

function usageError(io: CliIO, message: string): number {
  io.stderr(`verity: ${message}\nusage: ${CHECK_USAGE}\n`);
  return EXIT_ERROR;
}

async function readInput(cwd: string, p: string): Promise<string> {
  if (/\.pdf$/i.test(p)) throw new VerityError('BAD_INPUT', `${p}: checking PDFs is not supported; check markdown or text files`);
  try {
    return await fs.readFile(path.resolve(cwd, p), 'utf8');
  } catch {
    throw new VerityError('BAD_INPUT', `cannot read ${p}`);
  }
}
