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
};

/** The feature record of an analysis. */
export function featureRecord(a: Analysis, withQuestion = false, admitted = false): FeatureRecord {
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
  };
}

/**
 * Verdict and score of a claim from its feature record: a claim checked with its question is
 * scored by the question-answer model (`cal.qa`) when the calibration has one, else by the main model.
 */
export function decideVerdict(f: FeatureRecord, cal: Calibration): { verdict: Exclude<Verdict, 'not_claim'>; score: number } {
  const model = f.withQuestion === 1 && cal.qa ? cal.qa : cal;
  const score = scoreFeatures(f, model);
  const contradicted =
    (f.contraValue === 1 && f.contraAt >= cal.contraAlign.value) ||
    (f.contraValueLoose === 1 && f.contraAt >= cal.contraAlign.valueLoose) ||
    (f.contraName === 1 && f.contraAt >= cal.contraAlign.name) ||
    (f.contraNegation === 1 && f.contraAt >= cal.contraAlign.negation);
  if (contradicted) return { verdict: 'contradicted', score: Math.min(score, 1 - model.threshold) };
  // the text says its sources do not state it: unsupported, whatever the words share with them
  if (f.admitted === 1) return { verdict: 'unsupported', score: Math.min(score, model.threshold / 2) };
  return { verdict: score >= model.threshold ? 'supported' : 'unsupported', score };
}

const short = (s: string, n = 90): string => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > n ? one.slice(0, n - 1).trimEnd() + '…' : one;
};
const list = (xs: string[], n = 3): string => xs.slice(0, n).map((x) => `'${x}'`).join(', ');

/** One line a person can read explaining the verdict. */
export function explain(verdict: Verdict, a: Analysis, quote: string | undefined, unitText?: string, admitted = false): string {
  if (verdict === 'supported') return quote ? `the source says it: "${short(quote)}"` : 'supported by the evidence';
  if (verdict === 'contradicted' && a.contradiction) return contradictionReason(a.contradiction, unitText ?? quote ?? '');
  if (admitted) return 'the text itself says its sources do not state this';
  if (a.alignments.length === 0) return 'no passage is about this';
  if (a.unseenNames.length > 0) return `no passage mentions ${list(a.unseenNames, 2)}`;
  if (a.unseenValues.length > 0) return `no passage mentions ${list(a.unseenValues, 2)}`;
  if (a.unseenTerms.length > 0) return `the closest passage does not mention ${list(a.unseenTerms)}`;
  return `the closest passage covers only ${Math.round(a.features.recallWin * 100)}% of it`;
}

function contradictionReason(c: Contradiction, unitText: string): string {
  if (c.type === 'value') return `the source says ${c.source}, not ${c.claim}`;
  if (c.type === 'name') return `the source names ${c.source}, not ${c.claim}`;
  return `the source says the opposite: "${short(unitText)}"`;
}
