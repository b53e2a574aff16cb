/**
 * From features to a verdict and a one-line reason. The decision uses only the feature record
 * (plus the calibration), so calibration and evaluation can replay it without re-checking.
 */
import type { Verdict } from '../types';
import type { Analysis, Contradiction, Features } from './features';
import { scoreFeatures, type Calibration } from './calibration';

/** Feature record as stored on a verdict: the features plus which contradiction was found. */
export type FeatureRecord = Features & {
  contraValue: number;
  contraValueLoose: number;
  contraName: number;
  contraNegation: number;
  /** Alignment of the evidence unit that contradicts (0 when none does). */
  contraAt: number;
  /** 1 when the claim was checked in the context of a question (the question-answer model decides). */
  withQuestion: number;
  /** 1 when the text itself says the sources do not state the claim (see claimFilter.ts). */
  admitted: number;
  /** 1 for a step in a user interface: checked for support, never contradicted. */
  step: number;
};

/** The feature record of an analysis. */
export function featureRecord(a: Analysis, withQuestion = false, admitted = false, step = false): FeatureRecord {
  const c = a.contradiction;
  return {
    ...a.features,
    contraValue: c?.type === 'value' && c.paired ? 1 : 0,
    contraValueLoose: c?.type === 'value' && !c.paired ? 1 : 0,
    contraName: c?.type === 'name' ? 1 : 0,
    contraNegation: c?.type === 'negation' ? 1 : 0,
    contraAt: c?.align ?? 0,
    withQuestion: withQuestion ? 1 : 0,
    admitted: admitted ? 1 : 0,
    step: step ? 1 : 0,
  };
}

/** Whether a conflict was found in a window aligned closely enough for its rule to decide. */
function conflictHolds(f: FeatureRecord, cal: Pick<Calibration, 'contraAlign'>): boolean {
  // alignments are sums of weights: 0.9999999 is a full restatement
  const at = f.contraAt + 1e-9;
  return (f.contraValue === 1 && at >= cal.contraAlign.value) ||
    (f.contraValueLoose === 1 && at >= cal.contraAlign.valueLoose) ||
    (f.contraName === 1 && at >= cal.contraAlign.name) ||
    (f.contraNegation === 1 && at >= cal.contraAlign.negation);
}

/**
 * Verdict and score of a claim from its feature record: a claim checked with its question is
 * scored by the question-answer model (`cal.qa`) when the calibration has one, else by the main model.
 */
export function decideVerdict(f: FeatureRecord, cal: Calibration): { verdict: Exclude<Verdict, 'not_claim'>; score: number; stepConflict?: true } {
  const model = f.withQuestion === 1 && cal.qa ? cal.qa : cal;
  const score = scoreFeatures(f, model);
  if (conflictHolds(f, cal)) {
    // a step is never contradicted (documents describe opposite steps), but a step the closest
    // passage writes with another word in its place ("Click View all …" for "… some …") is not
    // supported either: `stepConflict` says why it is unsupported
    if (f.step === 1) return { verdict: 'unsupported', score: Math.min(score, model.threshold - 1e-3), stepConflict: true };
    return { verdict: 'contradicted', score: Math.min(score, 1 - model.threshold) };
  }
  // the text says its sources do not state it: unsupported, whatever the words share with them
  if (f.admitted === 1) return { verdict: 'unsupported', score: Math.min(score, model.threshold / 2) };
  // what the claim is about is named in no evidence: whatever else matches is about something else;
  // so is a measured quantity ("the last 14 days") that no evidence states in any unit
  if ((f.winMissSubject === 1 || f.unseenQuantity === 1) && f.withQuestion !== 1) return { verdict: 'unsupported', score: Math.min(score, model.threshold - 1e-3) };
  return { verdict: score >= model.threshold ? 'supported' : 'unsupported', score };
}

const short = (s: string, n = 90): string => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > n ? one.slice(0, n - 1).trimEnd() + '…' : one;
};
const list = (xs: string[], n = 3): string => xs.slice(0, n).map((x) => `'${x}'`).join(', ');

/** Whether the best window states every content term, value and name of the claim (what a clear support needs). */
export function windowStatesAll(f: Pick<Features, 'recallWin' | 'winMissValue' | 'winMissName'>): boolean {
  return f.recallWin >= 1 - 1e-9 && f.winMissValue === 0 && f.winMissName === 0;
}

/**
 * 'clear' when one aligned window decides on its own: for support, it states every content term,
 * value and name of the claim; for a contradiction, it restates all the rest of the claim and
 * states the conflicting element in the claim's slot. Everything else is 'uncertain'.
 */
export function certaintyOf(verdict: Verdict, a: Analysis): 'clear' | 'uncertain' {
  const full = 1 - 1e-9;
  if (verdict === 'supported') return windowStatesAll(a.features) ? 'clear' : 'uncertain';
  const c = a.contradiction;
  // a lone other number with nothing pairing it to the claim's is a guess at the counterpart
  if (verdict === 'contradicted' && c) return c.align >= full && (c.type !== 'value' || c.paired) ? 'clear' : 'uncertain';
  return 'uncertain';
}

/**
 * Probability that the verdict is right. Support and its absence come from the fitted logistic
 * model (its score is the probability of support); a contradiction from the calibration's measured
 * precision of the rule that found it, when the calibration has one.
 */
export function confidenceOf(verdict: Verdict, score: number, f: FeatureRecord, cal: Calibration): number | undefined {
  if (verdict === 'not_claim') return undefined;
  const round = (x: number): number => Math.round(Math.min(1, Math.max(0, x)) * 1000) / 1000;
  if (verdict === 'supported') return round(score);
  if (verdict === 'contradicted') {
    const rule = f.contraValue ? 'value' : f.contraValueLoose ? 'valueLoose' : f.contraName ? 'name' : 'negation';
    const p = cal.contraPrecision?.[rule];
    if (p !== undefined) return round(p);
  }
  return round(1 - score);
}

/**
 * One line a person can read explaining the verdict. Only a clear finding speaks for the source
 * ("the source says …"); an uncertain one speaks of the closest passage. `inIndex` tells whether
 * the workspace holds a word at all, so a word out of the candidates' reach is not called absent.
 */
export function explain(
  verdict: Verdict, a: Analysis, certainty: 'clear' | 'uncertain', quote: string | undefined, unitText?: string, admitted = false,
  inIndex: (word: string) => boolean = () => false, stepConflict = false,
): string {
  const clear = certainty === 'clear';
  // a step written another way: named like a contradiction, in the closest passage's words
  if (verdict === 'unsupported' && stepConflict && a.contradiction) return contradictionReason(a.contradiction, unitText ?? quote ?? '', false);
  if (verdict === 'supported') {
    if (!quote) return 'supported by the evidence';
    if (clear) return `the source says it: "${short(quote)}"`;
    const m = a.windowMissing;
    // a phrase it leaves out is named first: an added detail ("… by drone") reads as one
    const gaps = [...(m.phrase ? [m.phrase] : []), ...m.values, ...m.names].filter((g, i, all) => all.findIndex((x) => x.toLowerCase().includes(g.toLowerCase())) === i);
    return `the closest passage states most of it${gaps.length ? ` (not ${list(gaps, 2)})` : ''}: "${short(quote)}"`;
  }
  if (verdict === 'contradicted' && a.contradiction) return contradictionReason(a.contradiction, unitText ?? quote ?? '', clear);
  if (admitted) return 'the text itself says its sources do not state this';
  if (a.alignments.length === 0) return 'no passage is about this';
  const absent = (xs: string[]): string[] => xs.filter((x) => !inIndex(x));
  const held = (xs: string[]): string[] => xs.filter(inIndex);
  if (absent(a.unseenNames).length > 0) return `no passage mentions ${list(absent(a.unseenNames), 2)}`;
  if (absent(a.unseenValues).length > 0) return `no passage mentions ${list(absent(a.unseenValues), 2)}`;
  const m = a.windowMissing;
  const gaps = [...m.values, ...m.names, ...held(a.unseenNames)];
  if (gaps.length > 0) return `the closest passage does not state ${list([...new Set(gaps)], 2)}`;
  if (a.unseenTerms.length > 0) return `the closest passage does not mention ${list(a.unseenTerms)}`;
  if (m.specific.length > 0) return `the closest passage does not state ${list(m.specific)}`;
  return `the closest passage covers only ${Math.round(a.features.recallWin * 100)}% of it`;
}

function contradictionReason(c: Contradiction, unitText: string, clear: boolean): string {
  const says = clear ? 'the source says' : 'the closest passage says';
  if (c.type === 'name') return `${clear ? 'the source names' : 'the closest passage names'} ${c.source}, not ${c.claim}`;
  if (c.type === 'value' || (c.source !== '' && c.kind !== 'negation')) return `${says} ${c.source}, not ${c.claim}`;
  return `${says} the opposite: "${short(unitText)}"`;
}
