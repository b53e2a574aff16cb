/**
 * The words Verity uses for verdicts, defined once. Every surface — the status item, diagnostics,
 * hovers, the report, the conversation panel, chat, the CLI's text output, `--fail-on` and SARIF —
 * names a sentence's verdict with these words, so a user never reads "contradicted" in one place
 * and "Possibly contradicted" or "likely contradicted" in another for the same finding.
 *
 * Three verdicts: supported, unsupported, contradicted. One qualifier for certainty: a
 * contradiction the checker suspects but cannot show in one aligned passage is "possibly
 * contradicted". Pure data and functions (no imports but types), so the webview bundle can use
 * it through src/protocol.
 */
import type { SentenceVerdict } from './types';

/** What a surface shows for one sentence: the verdict, with contradictions split by certainty. */
export type Finding = 'supported' | 'unsupported' | 'contradicted' | 'possibly_contradicted' | 'disputed' | 'not_claim';

/** Severity names, as the editor's settings and diagnostics use them. */
export type SeverityName = 'error' | 'warning' | 'information' | 'hint';

/** Rule ids of the problems: diagnostic codes and SARIF rules. */
export const RULE_IDS = { unsupported: 'claim.unsupported', contradicted: 'claim.contradicted', disputed: 'claim.disputed' } as const;
export type RuleId = (typeof RULE_IDS)[keyof typeof RULE_IDS];

export interface FindingWords {
  /** Lower-case label for chips, counts and CLI lines: "possibly contradicted". */
  label: string;
  /** The label starting a sentence or a message: "Possibly contradicted". */
  title: string;
  /** One line saying what the finding means. */
  description: string;
  /** Default severity when shown as a problem; undefined for findings that are no problem. */
  severity?: SeverityName;
  /** Rule id of a problem (diagnostic code, SARIF rule). */
  ruleId?: RuleId;
}

/** The one table of words. Order is the order surfaces list findings in. */
export const FINDINGS: Readonly<Record<Finding, FindingWords>> = {
  supported: {
    label: 'supported',
    title: 'Supported',
    description: 'An indexed passage states what this sentence says.',
  },
  unsupported: {
    label: 'unsupported',
    title: 'Unsupported',
    description: 'No indexed passage states what this sentence says.',
    severity: 'warning',
    ruleId: RULE_IDS.unsupported,
  },
  contradicted: {
    label: 'contradicted',
    title: 'Contradicted',
    description: 'An indexed passage states something this sentence conflicts with.',
    severity: 'error',
    ruleId: RULE_IDS.contradicted,
  },
  possibly_contradicted: {
    label: 'possibly contradicted',
    title: 'Possibly contradicted',
    description: 'The closest passage seems to conflict with this sentence, but no single passage shows it clearly.',
    severity: 'information',
    ruleId: RULE_IDS.contradicted,
  },
  disputed: {
    label: 'sources disagree',
    title: 'Sources disagree',
    description: 'One indexed passage states this sentence and another conflicts with it.',
    severity: 'warning',
    ruleId: RULE_IDS.disputed,
  },
  not_claim: {
    label: 'not a claim',
    title: 'Not a claim',
    description: 'A question, an instruction or an opinion: nothing to check.',
  },
};

/** Findings in display order. */
export const FINDING_ORDER: readonly Finding[] = ['supported', 'unsupported', 'contradicted', 'possibly_contradicted', 'disputed', 'not_claim'];

/** Calibrated confidence under which a verdict made without `certainty` counts as uncertain. */
const CLEAR_CONFIDENCE = 0.7;

type Judged = Pick<SentenceVerdict, 'verdict'> & Partial<Pick<SentenceVerdict, 'certainty' | 'confidence' | 'disagreement'>>;

/**
 * True when a verdict may speak with the source's voice ("the source says"). The checker's
 * `certainty` decides; a verdict without one (stored before the checker gave it) is clear unless
 * a calibrated confidence says it is a toss-up.
 */
export function isClear(v: Judged): boolean {
  if (v.certainty) return v.certainty === 'clear';
  return v.confidence === undefined || v.confidence >= CLEAR_CONFIDENCE;
}

/** The finding a verdict is shown as. */
export function findingOf(v: Judged): Finding {
  if (v.verdict === 'contradicted') return isClear(v) ? 'contradicted' : 'possibly_contradicted';
  // a sentence one passage states and another contradicts is not plainly supported
  if (v.verdict === 'supported' && v.disagreement) return 'disputed';
  return v.verdict;
}

/** The lower-case label of a verdict as shown ("possibly contradicted"). */
export function findingLabel(v: Judged): string {
  return FINDINGS[findingOf(v)].label;
}

/** True for the findings shown as problems (unsupported, contradicted, possibly contradicted, sources disagree). */
export function isProblem(v: Judged): boolean {
  return FINDINGS[findingOf(v)].ruleId !== undefined;
}

/** How many sentences got each finding. */
export type FindingCounts = Record<Finding, number>;

/** Counts findings over sentences; contradictions are split into clear and possible ones. */
export function countFindings(sentences: readonly Judged[]): FindingCounts {
  const c: FindingCounts = { supported: 0, unsupported: 0, contradicted: 0, possibly_contradicted: 0, disputed: 0, not_claim: 0 };
  for (const s of sentences) c[findingOf(s)]++;
  return c;
}

/**
 * "3 supported, 1 unsupported, 1 contradicted, 1 possibly contradicted": the claims' findings in
 * display order. Zero counts are left out except supported (so "0 supported" still says it);
 * `all` keeps every claim finding, for summaries whose shape should not change (but "sources
 * disagree", rare, only when some do); `problems` names
 * only the problems there are ("1 unsupported, 1 contradicted").
 */
export function countsText(c: FindingCounts, opts: { all?: boolean; problems?: boolean } = {}): string {
  if (opts.problems) return FINDING_ORDER.filter((f) => FINDINGS[f].ruleId !== undefined && c[f] > 0).map((f) => `${c[f]} ${FINDINGS[f].label}`).join(', ');
  return FINDING_ORDER.filter((f) => f !== 'not_claim' && ((opts.all && f !== 'disputed') || f === 'supported' || c[f] > 0))
    .map((f) => `${c[f]} ${FINDINGS[f].label}`)
    .join(', ');
}

/** Claims (sentences that are not `not_claim`) in a set of counts. */
export function claimCount(c: FindingCounts): number {
  return c.supported + c.unsupported + c.contradicted + c.possibly_contradicted + c.disputed;
}

/**
 * Ranks for thresholds such as the CLI's `--fail-on`: a finding at or above the threshold's rank
 * fails. A possible contradiction ranks with unsupported (the checker could not show the
 * conflict), below a clear contradiction; so do sources that disagree (a person must pick one).
 */
export const PROBLEM_RANK: Readonly<Record<Finding, number>> = { supported: 0, not_claim: 0, unsupported: 1, possibly_contradicted: 1, disputed: 1, contradicted: 2 };
