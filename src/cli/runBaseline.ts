/**
 * The baseline flags of `verity check` applied to one run's report: `--baseline FILE` marks each
 * finding new or unchanged (unchanged ones are set aside) and lists the stale entries of the
 * files checked; `--write-baseline FILE` records the run's findings, keeping other files' entries.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { VerityError } from '../core/errors';
import { flag, type ParsedArgs } from './args';
import { baselineKey, baselineSize, formatBaseline, matchBaseline, readBaseline, updateBaseline, type Finding } from './baseline';
import type { CliIO } from './io';
import type { CheckReport } from './format/report';
import { problemOf } from './suppress';

export interface BaselineFile {
  abs: string;
  /** As the user wrote it, for messages. */
  shown: string;
}

/** The files named by --baseline and --write-baseline. */
export function baselineFlags(parsed: ParsedArgs, cwd: string): { read?: BaselineFile; write?: BaselineFile } {
  const of = (name: string): BaselineFile | undefined => {
    const v = flag(parsed, name);
    return v === undefined ? undefined : { abs: path.resolve(cwd, v), shown: v };
  };
  const read = of('baseline');
  const write = of('write-baseline');
  return { ...(read ? { read } : {}), ...(write ? { write } : {}) };
}

/** The findings of a run that a baseline can hold: problems in files on disk, not suppressed inline. */
function runFindings(report: CheckReport, file: BaselineFile): Array<Finding & { at: [number, number] }> {
  const out: Array<Finding & { at: [number, number] }> = [];
  report.files.forEach((f, fi) => {
    if (!f.abs) return;
    const key = baselineKey(file.abs, f.abs);
    f.result.sentences.forEach((s, si) => {
      const problem = problemOf(s);
      if (problem === undefined || f.states?.[si]?.suppressed?.kind === 'inSource') return;
      out.push({ file: key, verdict: problem, text: s.text, at: [fi, si] });
    });
  });
  return out;
}

const checkedKeys = (report: CheckReport, file: BaselineFile): string[] => report.files.flatMap((f) => (f.abs ? [baselineKey(file.abs, f.abs)] : []));

/** Marks every finding of the report new or unchanged against the baseline; lists stale entries. */
export async function applyBaseline(report: CheckReport, file: BaselineFile): Promise<void> {
  const baseline = await readBaseline(file.abs, file.shown);
  if (!baseline) throw new VerityError('BAD_INPUT', `no baseline at ${file.shown}: write one first with --write-baseline ${file.shown}`);
  const findings = runFindings(report, file);
  const { known, stale } = matchBaseline(baseline, findings, checkedKeys(report, file));
  for (const f of report.files) {
    f.states ??= f.result.sentences.map(() => undefined);
    f.result.sentences.forEach((s, i) => {
      // findings in text that is no file (stdin, --text) cannot be baselined: they are new
      if (problemOf(s) !== undefined && !f.states![i]?.suppressed) f.states![i] = { baselineState: 'new' };
    });
  }
  findings.forEach((f, i) => {
    if (!known[i]) return;
    const [fi, si] = f.at;
    report.files[fi]!.states![si] = { baselineState: 'unchanged', suppressed: { kind: 'external', justification: `accepted in ${file.shown}` } };
  });
  report.baseline = { file: file.shown, stale };
}

/** Writes the run's findings to the baseline file (atomically), keeping other files' entries. */
export async function writeRunBaseline(report: CheckReport, file: BaselineFile, io: CliIO): Promise<void> {
  const previous = await readBaseline(file.abs, file.shown);
  const findings = runFindings(report, file);
  const replaced = [...checkedKeys(report, file), ...(report.deleted ?? []).map((d) => baselineKey(file.abs, path.resolve(io.cwd, d)))];
  const next = updateBaseline(previous, findings, replaced);
  const tmp = `${file.abs}.${process.pid}.tmp`;
  try {
    await fs.writeFile(tmp, formatBaseline(next));
    await fs.rename(tmp, file.abs);
  } catch (e) {
    await fs.rm(tmp, { force: true }).catch(() => undefined);
    throw new VerityError('BAD_INPUT', `cannot write the baseline ${file.shown}: ${(e as { code?: string }).code ?? String(e)}`);
  }
  const kept = [...next.keys()].filter((k) => !replaced.includes(k)).length;
  const files = new Set(findings.map((f) => f.file)).size;
  io.stderr(
    `verity: wrote ${file.shown}: ${findings.length} finding${findings.length === 1 ? '' : 's'} of ${files} file${files === 1 ? '' : 's'} checked now` +
      `${kept ? `, entries of ${kept} other file${kept === 1 ? '' : 's'} kept` : ''} (${baselineSize(next)} in all)\n`,
  );
}
