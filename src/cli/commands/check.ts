/**
 * `verity check`: a grounding linter. Every sentence of the given files (or --text, or stdin) is
 * checked against the indexed documents; unsupported and contradicted sentences are reported as
 * text, JSON or SARIF. Inputs come the way linters take them (inputs.ts); the files of one run
 * never vouch for each other; verity-disable comments and a baseline set reviewed findings aside.
 * Exit 1 when a finding at or above --fail-on remains, 0 when clean, 2 on error.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Verity } from '../../core/api';
import { flag, usageError, type ParsedArgs } from '../args';
import { commandFunction } from '../command';
import { OPEN_FLAGS, type CommandSpec } from '../spec';
import { EXIT_FINDINGS, EXIT_OK, type CliIO } from '../io';
import { collectInputs, type CheckInput } from '../inputs';
import { isCommit, gitProvenance } from '../git';
import { printable } from '../printable';
import { openOptionsFromFlags, openVerity, workspaceRoot } from '../openVerity';
import { blankComments, inlineSuppressions } from '../suppress';
import { applyBaseline, baselineFlags, writeRunBaseline } from '../runBaseline';
import { formatJson } from '../format/json';
import { isFinding, problemRank, type CheckReport, type CheckedFile } from '../format/report';
import { formatSarif } from '../format/sarif';
import { formatText } from '../format/text';

declare const VERITY_VERSION: string | undefined;

const FORMATS = ['text', 'json', 'sarif'] as const;
const FAIL_ON: Record<string, number> = { unsupported: 1, contradicted: 2, none: Infinity };

/** `verity check`: a verdict for every sentence, problems printed with their evidence. */
export const checkSpec: CommandSpec = {
  name: 'check',
  args: '[<file|folder|glob|->...]',
  summary: 'Check every sentence of markdown or text files (or --text, or stdin) against the indexed documents.',
  details: [
    'Takes files, folders (every .md, .markdown, .mdx and .txt below), quoted globs ("answers/**/*.md"),',
    '"-" for text on stdin, --files-from FILE|- (one path a line, as "git diff --name-only" prints; a listed',
    'file that no longer exists is reported as deleted) and --changed [REF] (files git says changed since',
    'REF, default HEAD; with paths, only the changed files among them). The files of one run are never',
    'evidence for each other. Prints each finding as file:line:col with the closest source; a source is',
    'named relative to the indexed folder ("root" in JSON). <!-- verity-disable-next-line [verdict] -->,',
    '<!-- verity-disable [verdict] --> … <!-- verity-enable --> and a --baseline set findings aside.',
    'Exit 1 when a finding at or above --fail-on remains.',
  ],
  flags: [
    { name: 'format', value: 'text|json|sarif', default: 'text', help: 'output format (SARIF 2.1.0 for code scanning)' },
    { name: 'fail-on', value: 'unsupported|contradicted|none', default: 'unsupported', help: 'the verdict that makes the exit code 1 (contradicted: only clear contradictions; a possibly contradicted sentence counts as unsupported)' },
    { name: 'show', value: 'problems|all', default: 'problems', help: 'all: supported sentences with their source too (SARIF: kind "pass")' },
    { name: 'text', value: '"<paragraph>"', help: 'check this text as well as (or instead of) files' },
    { name: 'files-from', value: 'FILE|-', help: 'also check the paths listed in FILE (- = stdin), one a line' },
    { name: 'changed', value: 'REF', optionalValue: true, help: 'check the files changed since the git ref REF (default HEAD: uncommitted and new files)' },
    { name: 'baseline', value: 'FILE', help: 'report only findings not in this baseline; list its stale entries' },
    { name: 'write-baseline', value: 'FILE', help: "record this run's findings in FILE (other files' entries are kept) and exit 0" },
    { name: 'question', value: '"<question>"', help: 'the question the text answers: what the answer adds to it must be in the sources' },
    ...OPEN_FLAGS,
  ],
  examples: [
    'verity check answer.md --docs docs --fail-on contradicted',
    'verity check answers --changed origin/main --store .verity --baseline verity-baseline.json --format sarif',
    'git diff --name-only origin/main | verity check --files-from - --drafts answers/',
    'echo "Refunds are issued within 60 days." | verity check - --docs docs',
  ],
  run,
};

export const check = commandFunction(checkSpec);

async function run(parsed: ParsedArgs, io: CliIO): Promise<number> {
  const format = flag(parsed, 'format') ?? 'text';
  const failOn = flag(parsed, 'fail-on') ?? 'unsupported';
  const show = flag(parsed, 'show') ?? 'problems';
  const text = flag(parsed, 'text');
  if (!(FORMATS as readonly string[]).includes(format)) throw usageError(`--format must be text, json or sarif, got "${format}"`);
  if (!(failOn in FAIL_ON)) throw usageError(`--fail-on must be unsupported, contradicted or none, got "${failOn}"`);
  if (show !== 'problems' && show !== 'all') throw usageError(`--show must be problems or all, got "${show}"`);
  if (text !== undefined && !text.trim()) throw usageError('--text is empty: give the paragraph to check');
  const question = flag(parsed, 'question');
  if (question !== undefined && !question.trim()) throw usageError('--question is empty: give the question the text answers');
  const listed = parsed.flags.has('files-from') || parsed.flags.has('changed');
  if (parsed.positional.length === 0 && text === undefined && !listed) throw usageError('nothing to check: give files, folders or globs to check, "-" for stdin, --text "<paragraph>", --files-from or --changed');
  const baseline = baselineFlags(parsed, io.cwd);
  const open = openOptionsFromFlags(parsed, io);

  // read the inputs first: a missing file is an error before any indexing work
  const positional = [...parsed.positional];
  let changed = parsed.flags.get('changed');
  // "--changed answers" with no such ref but such a path: the path is what was meant
  if (typeof changed === 'string' && !(await isCommit(io.cwd, changed)) && (await pathExists(io.cwd, changed))) {
    positional.unshift(changed);
    changed = true;
  }
  const collected = await collectInputs({ positional, filesFrom: flag(parsed, 'files-from'), ...(changed !== undefined ? { changed } : {}), io });
  const inputs: CheckInput[] = collected.inputs;
  if (text !== undefined) inputs.push({ path: '<text>', content: text });
  for (const u of collected.unreadable) io.stderr(`verity: warning: cannot read the folder ${printable(u)}; its files are not checked\n`);
  if (collected.ignored.length) io.stderr(`verity: ${collected.ignored.length} listed file${collected.ignored.length === 1 ? ' is' : 's are'} not markdown or text: not checked (${collected.ignored.slice(0, 3).join(', ')}${collected.ignored.length > 3 ? ', …' : ''})\n`);

  const report: CheckReport = { files: [], show, deleted: collected.deleted };
  if (inputs.length > 0) {
    const verity: Verity = await openVerity(open);
    const root = workspaceRoot(verity);
    report.root = root;
    // every file of this run is excluded as evidence for all of them: drafts never vouch for drafts
    const excludePaths = root ? inputs.flatMap((i) => (i.abs ? relativeInside(root, i.abs) : [])) : [];
    const notes: string[] = [];
    for (const input of inputs) {
      const directives = inlineSuppressions(input.content);
      for (const p of directives.problems) notes.push(`${input.path}: ${p}`);
      const result = await verity.check(blankComments(input.content), { excludePaths, ...(question !== undefined ? { question } : {}) });
      const states = result.sentences.map((s) => {
        const suppressed = directives.suppression(s);
        return suppressed ? { suppressed: { kind: 'inSource' as const, justification: suppressed.justification } } : undefined;
      });
      report.files.push({ path: input.path, ...(input.abs ? { abs: input.abs } : {}), result: { ...result, text: input.content }, states });
    }
    if (notes.length) report.notes = notes;
  } else if (listed) {
    io.stderr(`verity: no ${changed !== undefined ? 'changed ' : 'listed '}markdown or text files: nothing to check\n`);
  }

  if (baseline.read) await applyBaseline(report, baseline.read);
  if (baseline.write) await writeRunBaseline(report, baseline.write, io);
  if (format === 'sarif') report.provenance = await gitProvenance(io.cwd);

  if (format === 'json') io.stdout(formatJson(report));
  else if (format === 'sarif') io.stdout(formatSarif(report, typeof VERITY_VERSION === 'string' ? VERITY_VERSION : 'dev'));
  else io.stdout(formatText(report));

  if (baseline.write) return EXIT_OK;
  return worstFinding(report.files) >= FAIL_ON[failOn]! ? EXIT_FINDINGS : EXIT_OK;
}

/** The rank of the worst finding this run counts (suppressed and baselined ones set aside). */
function worstFinding(files: CheckedFile[]): number {
  let worst = 0;
  for (const f of files) f.result.sentences.forEach((s, i) => isFinding(s, f.states?.[i]) && (worst = Math.max(worst, problemRank(s) ?? 0)));
  return worst;
}

/** `abs` relative to `root` with forward slashes, as a one-element list, or none when outside. */
function relativeInside(root: string, abs: string): string[] {
  const rel = path.relative(root, abs);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? [rel.split(path.sep).join('/')] : [];
}

async function pathExists(cwd: string, p: string): Promise<boolean> {
  return (await fs.stat(path.resolve(cwd, p)).catch(() => undefined)) !== undefined;
}
