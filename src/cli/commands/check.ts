/**
 * `verity check`: a grounding linter. Every sentence of the given files (or --text) is checked
 * against the indexed documents; unsupported and contradicted sentences are reported as text,
 * JSON or SARIF. Exit 1 when a sentence at or above --fail-on is found, 0 when clean, 2 on error.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { VerityError } from '../../core/errors';
import type { Verity } from '../../core/api';
import { flag, usageError, type ParsedArgs } from '../args';
import { commandFunction } from '../command';
import { OPEN_FLAGS, type CommandSpec } from '../spec';
import { EXIT_FINDINGS, EXIT_OK, type CliIO } from '../io';
import { limitsFromFlags } from '../limits';
import { openVerity, workspaceRoot } from '../openVerity';
import { formatJson } from '../format/json';
import { PROBLEM_RANK, type CheckedFile } from '../format/report';
import { formatSarif } from '../format/sarif';
import { formatText } from '../format/text';

declare const VERITY_VERSION: string | undefined;

const FORMATS = ['text', 'json', 'sarif'] as const;
const FAIL_ON: Record<string, number> = { unsupported: 1, contradicted: 2, none: Infinity };

/** `verity check`: a verdict for every sentence, problems printed with their evidence. */
export const checkSpec: CommandSpec = {
  name: 'check',
  args: '<file...>',
  summary: 'Check every sentence of markdown or text files (or --text) against the indexed documents.',
  details: [
    'Prints unsupported and contradicted sentences as file:line:col with the closest source. The',
    'checked file is named as you gave it; a source is named relative to the indexed folder',
    '("root" in JSON, the DOCS base in SARIF). Exit 1 when a sentence at or above --fail-on is found.',
  ],
  flags: [
    { name: 'format', value: 'text|json|sarif', default: 'text', help: 'output format (SARIF 2.1.0 for code scanning)' },
    { name: 'fail-on', value: 'unsupported|contradicted|none', default: 'unsupported', help: 'the verdict that makes the exit code 1' },
    { name: 'text', value: '"<paragraph>"', help: 'check this text as well as (or instead of) files' },
    { name: 'question', value: '"<question>"', help: 'the question the text answers: what the answer adds to it must be in the sources' },
    { name: 'drafts', value: '"<glob>,<glob>"', default: 'drafts/, draft*.md, *-draft.md', setting: 'verity.drafts', help: 'files that are never evidence ("" = none)' },
    ...OPEN_FLAGS,
  ],
  examples: ['verity check answer.md --docs docs --fail-on contradicted', 'verity check --text "Refunds are issued within 60 days." --format json'],
  run,
};

export const check = commandFunction(checkSpec);

async function run(parsed: ParsedArgs, io: CliIO): Promise<number> {
  const format = flag(parsed, 'format') ?? 'text';
  const failOn = flag(parsed, 'fail-on') ?? 'unsupported';
  const text = flag(parsed, 'text');
  if (!(FORMATS as readonly string[]).includes(format)) throw usageError(`--format must be text, json or sarif, got "${format}"`);
  if (!(failOn in FAIL_ON)) throw usageError(`--fail-on must be unsupported, contradicted or none, got "${failOn}"`);
  if (parsed.positional.length === 0 && text === undefined) throw usageError('nothing to check: give files to check or --text "<paragraph>"');
  if (text !== undefined && !text.trim()) throw usageError('--text is empty: give the paragraph to check');
  if (parsed.flags.has('docs') && parsed.flags.has('store')) throw usageError('use either --docs or --store, not both');
  // Drafts are never evidence; --drafts replaces the default globs ("" = no drafts).
  const draftsFlag = flag(parsed, 'drafts');
  const drafts = draftsFlag === undefined ? undefined : draftsFlag.split(',').map((g) => g.trim()).filter(Boolean);
  const question = flag(parsed, 'question');
  if (question !== undefined && !question.trim()) throw usageError('--question is empty: give the question the text answers');

  // read the inputs first: a missing file is an error before any indexing work
  const inputs: Array<{ path: string; content: string }> = [];
  for (const p of parsed.positional) inputs.push({ path: p, content: await readInput(io.cwd, p) });
  if (text !== undefined) inputs.push({ path: '<text>', content: text });

  const verity: Verity = await openVerity({ docs: flag(parsed, 'docs'), store: flag(parsed, 'store'), io, verbose: parsed.flags.has('verbose'), limits: limitsFromFlags(parsed), ...(drafts ? { drafts } : {}) });
  const files: CheckedFile[] = [];
  const root = workspaceRoot(verity);
  for (const input of inputs) {
    // a checked file that is itself indexed must not be its own evidence
    const rel = root && input.path !== '<text>' ? path.relative(root, path.resolve(io.cwd, input.path)).split(path.sep).join('/') : undefined;
    const excludePaths = rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? [rel] : [];
    files.push({ path: input.path, result: await verity.check(input.content, { excludePaths, ...(drafts ? { drafts } : {}), ...(question !== undefined ? { question } : {}) }) });
  }

  const report = { files, root };
  if (format === 'json') io.stdout(formatJson(report));
  else if (format === 'sarif') io.stdout(formatSarif(report, typeof VERITY_VERSION === 'string' ? VERITY_VERSION : 'dev'));
  else io.stdout(formatText(report));

  const worst = Math.max(0, ...files.flatMap((f) => f.result.sentences.map((s) => PROBLEM_RANK[s.verdict] ?? 0)));
  return worst >= FAIL_ON[failOn]! ? EXIT_FINDINGS : EXIT_OK;
}

async function readInput(cwd: string, p: string): Promise<string> {
  if (/\.pdf$/i.test(p)) throw new VerityError('BAD_INPUT', `${p}: checking PDFs is not supported; check markdown or text files`);
  const st = await fs.stat(path.resolve(cwd, p)).catch(() => undefined);
  if (!st) throw new VerityError('BAD_INPUT', `cannot read ${p}: no such file`);
  if (st.isDirectory()) throw new VerityError('BAD_INPUT', `${p} is a folder: give the markdown or text files to check (the documents go in --docs or --store)`);
  try {
    return await fs.readFile(path.resolve(cwd, p), 'utf8');
  } catch (e) {
    throw new VerityError('BAD_INPUT', `cannot read ${p}: ${(e as { code?: string }).code ?? 'unreadable'}`);
  }
}
