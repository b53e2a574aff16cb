/**
 * What the `verity check` formatters render: the checked files with their results, and how to
 * show an evidence location to the person at the terminal.
 */
import type { CheckResult, CheckSummary, Verdict } from '../../core/types';

export interface CheckedFile {
  /** The path as the user gave it (or `<text>` for --text). */
  path: string;
  result: CheckResult;
}

export interface CheckReport {
  files: CheckedFile[];
  /**
   * The indexed folder (absolute). Evidence paths are relative to it in every format, so text,
   * JSON and SARIF name a source the same way wherever the command runs.
   */
  root?: string;
}

/** Verdicts that are problems, ranked: contradicted is worse than unsupported. */
export const PROBLEM_RANK: Partial<Record<Verdict, number>> = { unsupported: 1, contradicted: 2 };

/** The summary over all files. */
export function totalSummary(files: CheckedFile[]): CheckSummary {
  const t: CheckSummary = { sentences: 0, claims: 0, supported: 0, unsupported: 0, contradicted: 0, notClaim: 0 };
  for (const f of files) {
    const s = f.result.summary;
    t.sentences += s.sentences;
    t.claims += s.claims;
    t.supported += s.supported;
    t.unsupported += s.unsupported;
    t.contradicted += s.contradicted;
    t.notClaim += s.notClaim;
  }
  return t;
}

/** One line, at most `max` characters, for terminal output. */
export function oneLine(s: string, max = 200): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? t.slice(0, max - 1).trimEnd() + '…' : t;
}
