/**
 * Features of one claim against its candidate evidence, all in [0, 1], plus the structural
 * contradiction findings (which value, name or polarity the best-aligned evidence states).
 */
import { hasTerm, type Alignment } from './align';
import type { Profile, Value } from './profile';
import generic from './generic-words.json';

/** Terms a chat assistant uses routinely (scripts/genericWords.ts); unseen, they read as elaboration. */
const GENERIC: ReadonlySet<string> = new Set(generic.words);

/** Feature names, in the order the calibration's weights use. */
export const FEATURE_NAMES = [
  'recall', 'recallBest', 'recallWin', 'copy', 'valueCov', 'nameCov', 'unseenIdf', 'unseenCount', 'termCount',
  'negMismatch', 'align', 'fullRecall', 'unseenRare', 'novelCov', 'unseenSpecific',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type Features = Record<FeatureName, number>;

export interface Contradiction {
  type: 'value' | 'name' | 'negation';
  /** Value contradictions: the two values share their unit word ("30 days" / "60 days"). */
  paired: boolean;
  /** Index of the alignment (in `Analysis.alignments`) that contradicts, and its unit alignment. */
  at: number;
  align: number;
  /** What the claim says and what the evidence says instead. */
  claim: string;
  source: string;
}

export interface Analysis {
  features: Features;
  /** Best alignment first. */
  alignments: Alignment[];
  /** Content terms, values and names of the claim that no candidate mentions (surface forms). */
  unseenTerms: string[];
  unseenValues: string[];
  unseenNames: string[];
  contradiction?: Contradiction;
}

/** An unseen term counts as rare when its IDF is above this share of the largest possible IDF. */
const RARE_SHARE = 0.5;
/** Aligned passages examined for a contradiction, best first. */
const CONTRA_CANDIDATES = 3;
/** Share of an evidence unit's terms a claim must repeat for a polarity flip to count as restating it. */
const RESTATE_SHARE = 0.5;

const valueKind = (v: string): string => (v.includes(':') ? v.slice(0, v.indexOf(':')) : /x$/.test(v) ? 'times' : 'num');

/**
 * Computes the features of a claim. `weights` are the IDF weights of its unique content terms;
 * `maxIdf` normalises the rarity of unseen terms; `novelCov` is the coverage of what the claim adds to its question (see question.ts).
 */
export function analyzeClaim(claim: Profile, weights: Map<string, number>, alignments: Alignment[], maxIdf: number, novelCov: number): Analysis {
  const sorted = [...alignments].sort((a, b) => b.recall - a.recall || b.passageRecall - a.passageRecall);
  const best = sorted[0];
  const inAny = (t: string): boolean => sorted.some((a) => hasTerm(a.pp.terms, t));
  const valueInAny = (v: string): boolean => sorted.some((a) => a.pp.values.has(v));
  const bigramInAny = (b: string): boolean => sorted.some((a) => a.pp.bigrams.has(b));

  let total = 0;
  let hit = 0;
  let nameTotal = 0;
  let nameHit = 0;
  let unseenMax = 0;
  let unseenRare = 0;
  let unseenSpecific = 0;
  const unseenTerms: string[] = [];
  const unseenNames: string[] = [];
  for (const [t, w] of weights) {
    const seen = inAny(t);
    total += w;
    if (seen) hit += w;
    if (claim.names.has(t)) {
      nameTotal += w;
      if (seen) nameHit += w;
    }
    if (!seen) {
      unseenMax = Math.max(unseenMax, w);
      if (w > maxIdf * RARE_SHARE) unseenRare++;
      if (!GENERIC.has(t)) unseenSpecific++;
      const s = claim.surface.get(t) ?? t;
      unseenTerms.push(s);
      if (claim.names.has(t)) unseenNames.push(s);
    }
  }
  const claimValues = uniqueValues(claim.values);
  const unseenValueObjs = claimValues.filter((v) => !valueInAny(v.v));
  let bigramHit = 0;
  for (const b of claim.bigrams) if (bigramInAny(b)) bigramHit++;
  const recall = total > 0 ? hit / total : claimValues.length > 0 ? 1 : 0;
  const unitNeg = best ? best.unit.profile.negations % 2 : 0;
  const negMismatch = best && unitNeg !== claim.negations % 2 ? 1 : 0;
  const features: Features = {
    recall,
    recallBest: best ? best.passageRecall : 0,
    recallWin: best ? best.recall : 0,
    copy: claim.bigrams.size > 0 ? bigramHit / claim.bigrams.size : recall,
    valueCov: claimValues.length > 0 ? 1 - unseenValueObjs.length / claimValues.length : 1,
    nameCov: nameTotal > 0 ? nameHit / nameTotal : 1,
    unseenIdf: maxIdf > 0 ? Math.min(1, unseenMax / maxIdf) : 0,
    unseenCount: Math.min(1, unseenTerms.length / 5),
    termCount: Math.min(1, weights.size / 20),
    negMismatch,
    align: best ? best.unitRecall : 0,
    fullRecall: total > 0 && hit >= total - 1e-9 ? 1 : 0,
    unseenRare: Math.min(1, unseenRare / 3),
    novelCov,
    unseenSpecific: Math.min(1, unseenSpecific / 3),
  };
  const analysis: Analysis = {
    features,
    alignments: sorted,
    unseenTerms,
    unseenValues: unseenValueObjs.map((v) => v.surface),
    unseenNames: groupNames(claim, unseenNames),
  };
  // a contradiction is judged against one aligned passage at a time (the best few): another
  // passage that happens to contain the claim's number or name does not make this one agree
  for (let i = 0; i < Math.min(CONTRA_CANDIDATES, sorted.length); i++) {
    const a = sorted[i]!;
    const windowUnits = a.pp.units.slice(a.first, a.last + 1);
    const missing = claimValues.filter((v) => !windowUnits.some((u) => u.profile.values.some((x) => x.v === v.v)));
    const missingNames = [...claim.names].filter((n) => !windowUnits.some((u) => u.termSet.has(n)));
    const neg = a.unit.profile.negations % 2 !== claim.negations % 2;
    const c = findContradiction(claim, a, missing, missingNames, neg);
    if (c && !agreed(claim, sorted, a.unitRecall, c.type)) {
      analysis.contradiction = { ...c, at: i, align: a.unitRecall };
      break;
    }
  }
  return analysis;
}

/**
 * Whether some candidate states the claim as written (its values, its names, its polarity) at
 * least as closely as the contradicting one: near-duplicate documents often differ in one detail,
 * and evidence that agrees outweighs evidence that differs.
 */
function agreed(claim: Profile, alignments: Alignment[], align: number, type: Contradiction['type']): boolean {
  return alignments.some((a) => {
    if (a.unitRecall < align) return false;
    const units = a.pp.units.slice(a.first, a.last + 1);
    if (type === 'value') return claim.values.every((v) => units.some((u) => u.profile.values.some((x) => x.v === v.v)));
    if (type === 'name') return [...claim.names].every((n) => units.some((u) => u.termSet.has(n)));
    return a.unit.profile.negations % 2 === claim.negations % 2;
  });
}

function uniqueValues(values: Value[]): Value[] {
  const seen = new Set<string>();
  return values.filter((v) => !seen.has(v.v) && seen.add(v.v));
}

/** A four-digit numeral that reads as a year or a model year ("2006 Chevy"). */
const YEARLIKE = /^(1[5-9]|20)\d\d$/;
/**
 * Whether two values with no shared unit word can stand for the same quantity: a number written
 * as a word ("two screws") is never a year ("a 2006 Chevy"), so the one does not contradict the other.
 */
function comparable(a: Value, b: Value): boolean {
  const word = (v: Value): boolean => /^\p{L}/u.test(v.surface);
  return !((word(a) && YEARLIKE.test(b.v)) || (word(b) && YEARLIKE.test(a.v)));
}

/** What an aligned unit states instead: a different value, name, or the opposite polarity. */
function findContradiction(claim: Profile, a: Alignment, missingValues: Value[], missingNames: string[], negMismatch: boolean): Omit<Contradiction, 'at' | 'align'> | undefined {
  const unit = a.unit.profile;
  const claimValueSet = new Set(claim.values.map((v) => v.v));
  for (const cv of missingValues) {
    const others = unit.values.filter((u) => !claimValueSet.has(u.v) && valueKind(u.v) === valueKind(cv.v));
    // "60 days" against "30 days": the same unit word pairs the two values
    const paired = others.find((u) => cv.unit !== '' && u.unit === cv.unit);
    if (paired) return { type: 'value', paired: true, claim: cv.surface, source: `${paired.surface} ${paired.unitSurface}` };
    if (others.length === 1 && comparable(cv, others[0]!)) return { type: 'value', paired: false, claim: cv.surface, source: others[0]!.surface };
  }
  const claimTerms = new Set(claim.terms);
  if (missingNames.length > 0) {
    const other = [...unit.names].filter((n) => !claimTerms.has(n));
    if (other.length > 0) {
      return { type: 'name', paired: false, claim: claim.surface.get(missingNames[0]!) ?? missingNames[0]!, source: unit.surface.get(other[0]!) ?? other[0]! };
    }
  }
  // the polarity must belong to the matched content: the claim restates most of the unit
  const unitTerms = new Set(unit.terms);
  let covered = 0;
  for (const t of unitTerms) if (claimTerms.has(t)) covered++;
  // and the negated words must be ones the other side states: "scrape it off, taking care not
  // to damage the interior" is not contradicted by "scrape it off", which leaves that clause out
  const negative = unit.negations % 2 ? unit : claim;
  const otherTerms = negative === unit ? claimTerms : unitTerms;
  const inScope = negative.negated.length === 0 || negative.negated.some((t) => otherTerms.has(t));
  if (negMismatch && inScope && missingValues.length === 0 && covered >= unitTerms.size * RESTATE_SHARE) {
    return { type: 'negation', paired: false, claim: claim.negations % 2 ? 'not' : '', source: unit.negations % 2 ? 'not' : '' };
  }
  return undefined;
}

/** Joins unseen name terms that are adjacent in the claim into phrases ("Acme Cloud"). */
function groupNames(claim: Profile, unseen: string[]): string[] {
  if (unseen.length < 2) return unseen;
  const set = new Set(unseen);
  const out: string[] = [];
  let run: string[] = [];
  for (const t of claim.terms) {
    const s = claim.surface.get(t) ?? t;
    if (set.has(s) && claim.names.has(t)) {
      if (!run.includes(s)) run.push(s);
    } else if (run.length) {
      out.push(run.join(' '));
      run = [];
    }
  }
  if (run.length) out.push(run.join(' '));
  return [...new Set(out)];
}
