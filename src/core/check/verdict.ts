/**
 * From features to a verdict, its certainty and its confidence. The decision uses only the feature
 * record (plus the calibration), so calibration and evaluation can replay it without re-checking.
 */
import type { CheckSummary, SentenceVerdict, Verdict } from '../types';
import type { Analysis, Features } from './features';
import type { KindId } from './kinds';
import { scoreFeatures, type Calibration } from './calibration';

/** The conflict kinds in the order of their one-hot fields in a feature record. */
export const KIND_IDS: readonly KindId[] = ['values', 'names', 'swaps', 'negation', 'opposites', 'quantifiers'];
const contraField = (k: KindId): `contra_${KindId}` => `contra_${k}`;

/** Feature record as stored on a verdict: the features plus which contradiction was found. */
export type FeatureRecord = Features & Record<`contra_${KindId}`, number> & {
  /** Share of the rest of the claim the contradicting sentence restates (0 when none contradicts). */
  contraAt: number;
  /** 1 when the contradiction is one clear edit: nothing else unaligned around it (see kinds/kind.ts). */
  contraTight: number;
  /** 1 when a restated sentence swaps one word of the claim for a word nothing relates to it. */
  substitution: number;
  /** 1 when a sentence restated in full goes on with words its document never holds (addition.ts). */
  addition: number;
  /** 1 when the claim was checked in the context of a question (the question-answer model decides). */
  withQuestion: number;
  /** 1 when the text itself says the sources do not state the claim (see claimFilter.ts). */
  admitted: number;
  /** 1 for a step in a user interface: checked for support, never contradicted. */
  step: number;
  /** 1 when the contradiction is another name for another thing (contradiction.ts Contradiction.other). */
  contraOther: number;
  /** 1 when a piece of code the claim writes is one a passage writes with one edit (codeCheck.ts). */
  codeEdit: number;
};

/** The feature record of an analysis. */
export function featureRecord(a: Analysis, withQuestion = false, admitted = false, step = false): FeatureRecord {
  const c = a.contradiction;
  const kinds = Object.fromEntries(KIND_IDS.map((k) => [contraField(k), c?.kind === k ? 1 : 0])) as Record<`contra_${KindId}`, number>;
  return {
    ...a.features,
    ...kinds,
    contraAt: c?.restated ?? 0,
    contraTight: c?.tight ? 1 : 0,
    substitution: a.substitution ? 1 : 0,
    addition: a.addition ? 1 : 0,
    withQuestion: withQuestion ? 1 : 0,
    admitted: admitted ? 1 : 0,
    step: step ? 1 : 0,
    contraOther: c?.other ? 1 : 0,
    codeEdit: a.codeEdit ? 1 : 0,
  };
}

/** The kind of the contradiction a record holds, if any. */
export function contraKind(f: FeatureRecord): KindId | undefined {
  return KIND_IDS.find((k) => f[contraField(k)] === 1);
}

/**
 * Whether a contradiction was found in one clear edit of a sentence that restates enough of the
 * rest of the claim for its kind (the calibrated alignment). A loose finding (more left unaligned
 * around it) never decides.
 */
export function conflictHolds(f: FeatureRecord, cal: Pick<Calibration, 'contraAlign'>): boolean {
  const k = contraKind(f);
  // alignments are sums of weights: 0.9999999 is a full restatement
  return k !== undefined && f.contraTight === 1 && f.contraAt + 1e-9 >= cal.contraAlign[k];
}

/** Least share of the rest of the claim a sentence restates for a clear edit there to be suspected. */
const SUSPECT_AT = 0.5;

/** Whether a contradiction too loosely restated to decide still makes the claim suspect (see decideVerdict). */
export function suspected(f: FeatureRecord): boolean {
  return contraKind(f) !== undefined && f.contraTight === 1 && f.contraAt + 1e-9 >= SUSPECT_AT;
}

/**
 * Verdict and score of a claim from its feature record: a claim checked with its question is
 * scored by the question-answer model (`cal.qa`) when the calibration has one, else by the main model.
 */
export function decideVerdict(f: FeatureRecord, cal: Calibration): { verdict: Exclude<Verdict, 'not_claim'>; score: number; asked?: true } {
  const model = f.withQuestion === 1 && cal.qa ? cal.qa : cal;
  const score = scoreFeatures(f, model);
  const below = Math.min(score, model.threshold - 1e-3);
  if (conflictHolds(f, cal)) {
    // a step is never contradicted (documents describe opposite steps), but a step the closest
    // passage writes with another word in its place ("Click View all …" for "… some …") is not
    // supported either; nor is a name of another thing (one its document never mentions, or the
    // term another definition defines) said otherwise there: `asked` says why it is unsupported
    // (the edit is named, as a question about that passage)
    if (f.step === 1 || f.contraOther === 1) return { verdict: 'unsupported', score: below, asked: true };
    return { verdict: 'contradicted', score: Math.min(score, 1 - model.threshold) };
  }
  // a substitution in one clear edit of a sentence that restates too little of the rest to decide
  // ("Customers can return items within 60 days … for a full refund" against "… any item within
  // 30 days …"): the claim is not supported, and the reason asks about that sentence
  if (suspected(f)) return { verdict: 'unsupported', score: below };
  // the text says its sources do not state it: unsupported, whatever the words share with them
  if (f.admitted === 1) return { verdict: 'unsupported', score: Math.min(score, model.threshold / 2) };
  // what the claim is about is named in no evidence: whatever else matches is about something else;
  // so is a measured quantity ("the last 14 days") that no evidence states in any unit
  if ((f.winMissSubject === 1 || f.unseenQuantity === 1) && f.withQuestion !== 1) return { verdict: 'unsupported', score: below };
  // a restated sentence with one word swapped for an unrelated one says something the source does not
  if (f.substitution === 1) return { verdict: 'unsupported', score: below };
  // ... and so does one that goes on with a detail its document never mentions
  if (f.addition === 1) return { verdict: 'unsupported', score: below };
  // ... and one that writes a command, a flag or a setting other than the documents write it
  if (f.codeEdit === 1) return { verdict: 'unsupported', score: below };
  return { verdict: score >= model.threshold ? 'supported' : 'unsupported', score };
}

/** Whether the best window states every content term, value and name of the claim (what a clear support needs). */
export function windowStatesAll(f: Pick<Features, 'recallWin' | 'winMissValue' | 'winMissName'>): boolean {
  return f.recallWin >= 1 - 1e-9 && f.winMissValue === 0 && f.winMissName === 0;
}

/**
 * Least share of the contradicting sentence's own content words the claim must restate for the
 * contradiction to be clear: a claim that restates one clause of a longer sentence ("You don't
 * need to pay the fee" against "You need to pay the fee if you apply after the deadline and …")
 * may be about another case than the one that sentence states. Copies altered in one word
 * restate all of it.
 */
const CLEAR_SOURCE_SHARE = 0.6;

/**
 * Least content words of the claim a sentence must restate around another name for that name to
 * be clearly contradicted: two ("Log in with a GitHub account" / "You are logged in to your AWS
 * account as an administrator") are a short frame many sentences share, and the name may be of
 * another thing: a question, not an error. (A value has its unit and neighbours to place it:
 * "Backups are taken twice a week" against "… twice a day" stays clear.)
 */
const CLEAR_NAME_ANCHORS = 3;

/**
 * 'clear' when one aligned window decides on its own: for support, it states every content term,
 * value and name of the claim, one of its sentences (or the window) aligns with all of the claim
 * in place — negations and words like "only" and "all" included — and no source contradicts it; for a contradiction, one sentence
 * restates all the rest of the claim and most of its own words and states the conflicting element in
 * its place, and the kind's false alarms on correct text are within budget. Everything else is 'uncertain'.
 */
export function certaintyOf(verdict: Verdict, a: Analysis, f: FeatureRecord, cal: Pick<Calibration, 'kindClear'>): 'clear' | 'uncertain' {
  if (verdict === 'supported') return windowStatesAll(a.features) && a.statedWhole && !a.disagreement ? 'clear' : 'uncertain';
  const c = a.contradiction;
  if (verdict === 'contradicted' && c) return f.contraTight === 1 && c.restated >= 1 - 1e-9 && c.sourceShare >= CLEAR_SOURCE_SHARE && (c.kind !== 'names' || c.anchors >= CLEAR_NAME_ANCHORS) && cal.kindClear?.[c.kind] !== false ? 'clear' : 'uncertain';
  return 'uncertain';
}

/**
 * Probability that the verdict is right. Support and its absence come from the fitted logistic
 * model (its score is the probability of support); a contradiction from the calibration's measured
 * precision of the kind that found it, when the calibration has one.
 */
export function confidenceOf(verdict: Verdict, score: number, f: FeatureRecord, cal: Calibration): number | undefined {
  if (verdict === 'not_claim') return undefined;
  const round = (x: number): number => Math.round(Math.min(1, Math.max(0, x)) * 1000) / 1000;
  if (verdict === 'supported') return round(score);
  const k = contraKind(f);
  if (verdict === 'contradicted' && k) {
    const p = cal.contraPrecision?.[k];
    if (p !== undefined) return round(p);
  }
  return round(1 - score);
}

/** The counts of a check's verdicts. */
export function summarize(s: readonly SentenceVerdict[]): CheckSummary {
  const count = (v: string): number => s.filter((x) => x.verdict === v).length;
  const notClaim = count('not_claim');
  return {
    sentences: s.length, claims: s.length - notClaim, supported: count('supported'), unsupported: count('unsupported'),
    contradicted: count('contradicted'), notClaim,
  };
}
