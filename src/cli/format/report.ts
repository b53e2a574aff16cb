/**
 * What the `verity check` formatters render: the checked files with their results, what this run
 * does not count (inline suppressions, baselined findings), and how to name things.
 */
import type { CheckResult, CheckSummary, SentenceVerdict } from '../../core/types';
import type { GitProvenance } from '../git';
import { findingOf } from '../../core/vocabulary';
import { problemOf, type ProblemVerdict } from '../suppress';

/** Why a finding does not count in this run, or how it relates to the baseline. */
export interface SentenceState {
  /** Suppressed inline (`inSource`, a verity-disable comment) or by the baseline (`external`). */
  suppressed?: { kind: 'inSource' | 'external'; justification: string };
  /** With --baseline: `unchanged` when the baseline holds the finding, `new` otherwise. */
  baselineState?: 'new' | 'unchanged';
}

export interface CheckedFile {
  /** The path as the user gave it (or `<text>` / `<stdin>`). */
  path: string;
  /** The absolute path of a file on disk (absent for --text and stdin). */
  abs?: string;
  result: CheckResult;
  /** Per sentence (same order as result.sentences), when something applies to it. */
  states?: Array<SentenceState | undefined>;
}

export interface StaleEntry {
  file: string;
  verdict: ProblemVerdict;
  text: string;
  count: number;
}

export interface CheckReport {
  files: CheckedFile[];
  /**
   * The indexed folder (absolute). Evidence paths are relative to it in every format, so text,
   * JSON and SARIF name a source the same way wherever the command runs.
   */
  root?: string;
  /** `problems` (default): findings only; `all`: supported sentences with their citation too. */
  show?: 'problems' | 'all';
  /** Listed files that no longer exist (--files-from, --changed): reported, not checked. */
  deleted?: string[];
  /** With --baseline: the file as given and its stale entries for the files checked. */
  baseline?: { file: string; stale: StaleEntry[] };
  /** Where the run happened, inside a git repository (SARIF's versionControlProvenance). */
  provenance?: GitProvenance;
  /** Lines about the run itself (malformed directives), shown by every format. */
  notes?: string[];
}

/** Problems ranked: contradicted is worse than unsupported; sources that disagree rank with unsupported. */
export const PROBLEM_RANK: Readonly<Record<ProblemVerdict, number>> = { unsupported: 1, disputed: 1, contradicted: 2 };

/**
 * The rank of the problem a sentence is (undefined when it is none). A contradiction the checker
 * cannot show clearly ("possibly contradicted") ranks with unsupported: the sentence is not
 * supported, but only a clear conflict fails a run with `--fail-on contradicted`.
 */
export function problemRank(s: SentenceVerdict): number | undefined {
  const p = problemOf(s);
  if (p === undefined) return undefined;
  return p === 'contradicted' && findingOf(s) === 'possibly_contradicted' ? PROBLEM_RANK.unsupported : PROBLEM_RANK[p];
}

/** True for a problem this run reports as a finding: not suppressed, not in the baseline. */
export function isFinding(s: SentenceVerdict, state: SentenceState | undefined): boolean {
  return problemOf(s) !== undefined && !state?.suppressed;
}

/**
 * The summary over all files, with how many of the contradicted sentences are only possibly
 * contradicted (the checker's certainty "uncertain"; `contradicted` counts both).
 */
export function totalSummary(files: CheckedFile[]): CheckSummary & { possiblyContradicted: number } {
  const t = { sentences: 0, claims: 0, supported: 0, unsupported: 0, contradicted: 0, possiblyContradicted: 0, notClaim: 0 };
  for (const f of files) {
    const s = f.result.summary;
    t.sentences += s.sentences;
    t.claims += s.claims;
    t.supported += s.supported;
    t.unsupported += s.unsupported;
    t.contradicted += s.contradicted;
    t.notClaim += s.notClaim;
    t.possiblyContradicted += possiblyContradicted(f.result.sentences);
  }
  return t;
}

/** How many sentences are shown as "possibly contradicted". */
export function possiblyContradicted(sentences: readonly SentenceVerdict[]): number {
  let n = 0;
  for (const s of sentences) if (findingOf(s) === 'possibly_contradicted') n++;
  return n;
}

/** Counts of the problems this run does not count: suppressed inline, and in the baseline. */
export function setAside(files: CheckedFile[]): { inline: number; baseline: number } {
  let inline = 0;
  let baseline = 0;
  for (const f of files) {
    f.result.sentences.forEach((s, i) => {
      const kind = problemOf(s) ? f.states?.[i]?.suppressed?.kind : undefined;
      if (kind === 'inSource') inline++;
      else if (kind === 'external') baseline++;
    });
  }
  return { inline, baseline };
}

/** `1 sentence`, `2 sentences`. */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? word : many}`;
}

/** One line, at most `max` characters, for terminal output. */
export function oneLine(s: string, max = 200): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? t.slice(0, max - 1).trimEnd() + '…' : t;
}
