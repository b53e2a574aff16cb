/**
 * Features of one claim against its candidate evidence, all in [0, 1], plus the structural
 * contradiction findings (which value, name or polarity the best-aligned evidence states).
 */
import { hasTerm, weightedRecall, type Alignment } from './align';
import { findConflict, keepsFrames, quantity, restates, sameSlot, states, unstatedNames, unstatedValues, valueText, type Found } from './conflict';
import type { Profile, Value } from './profile';
import type { Conflict } from '../types';
import generic from './generic-words.json';

/** Terms a chat assistant uses routinely (scripts/genericWords.ts); unseen, they read as elaboration. */
const GENERIC: ReadonlySet<string> = new Set(generic.words);

/** Feature names, in the order the calibration's weights use. */
export const FEATURE_NAMES = [
  'recall', 'recallBest', 'recallWin', 'copy', 'valueCov', 'nameCov', 'unseenIdf', 'unseenCount', 'termCount',
  'negMismatch', 'align', 'fullRecall', 'unseenRare', 'novelCov', 'unseenSpecific', 'winSpecific', 'winMissValue', 'winMissName', 'winMissSubject', 'unseenQuantity',
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
  /** What the claim says and what the evidence says instead, verbatim. */
  claim: string;
  source: string;
  /** The kind of element that conflicts, and where the claim's side is in the claim's text. */
  kind: Conflict['kind'];
  claimStart: number;
  claimEnd: number;
}

export interface Analysis {
  features: Features;
  /** Best alignment first. */
  alignments: Alignment[];
  /** Content terms, values and names of the claim that no candidate mentions (surface forms). */
  unseenTerms: string[];
  unseenValues: string[];
  unseenNames: string[];
  /**
   * What the best window leaves out: values (as written), names, specific (non-generic) terms, and
   * the longest run of two or more content words in a row, as the claim writes it.
   */
  windowMissing: { values: string[]; names: string[]; specific: string[]; phrase?: string };
  contradiction?: Contradiction;
}

/** The claim's text from its term `run[0]` to term `run[1]`, as written ("dental portal"). */
function phraseText(claim: Profile, run: [number, number]): string | undefined {
  // spans hold each term's first occurrence: a run of repeated words is not located
  const from = claim.spans.get(claim.terms[run[0]]!);
  const to = claim.spans.get(claim.terms[run[1]]!);
  if (!from || !to || to[1] <= from[0]) return undefined;
  const text = claim.text.slice(from[0], to[1]);
  return text.length <= 60 && !/[.;:!?]/.test(text) ? text : undefined;
}

/** An unseen term counts as rare when its IDF is above this share of the largest possible IDF. */
const RARE_SHARE = 0.5;
/** Aligned passages examined for a contradiction, best first. */
const CONTRA_CANDIDATES = 3;

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
  const bestWindow = best ? best.pp.units.slice(best.first, best.last + 1) : [];
  const windowMissing = { values: unstatedValues(claim, bestWindow).map((v) => valueText(claim, v)), names: unstatedNames(claim, bestWindow), specific: [] as string[] };
  for (const t of weights.keys()) if (!GENERIC.has(t) && !bestWindow.some((u) => hasTerm(u.termSet, t))) windowMissing.specific.push(t);
  // the longest run of the claim's content words in a row that the best window leaves out: an
  // invented detail comes as a phrase ("… delivered by drone", "… through the dental portal"), a
  // paraphrase as single words. Named in the reason; not a feature (on RAGTruth it costs more
  // accepted elaboration than it catches)
  let run: [number, number] | undefined;
  let longest: [number, number] | undefined;
  claim.terms.forEach((t, i) => {
    if (bestWindow.some((u) => hasTerm(u.termSet, t))) run = undefined;
    else run = run ? [run[0], i] : [i, i];
    if (run && (!longest || run[1] - run[0] > longest[1] - longest[0])) longest = [...run];
  });
  const phrase = longest && longest[1] > longest[0] ? phraseText(claim, longest) : undefined;
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
    winSpecific: Math.min(1, windowMissing.specific.length / 3),
    // the best window leaves out a value (with its unit) or a name of the claim
    winMissValue: windowMissing.values.length > 0 ? 1 : 0,
    winMissName: windowMissing.names.length > 0 ? 1 : 0,
    // the claim opens with a name (its subject: "R is released …") that no candidate mentions
    winMissSubject: missingSubject(claim, inAny) ? 1 : 0,
    // a measured quantity ("14 days", "2 GB") that no candidate states in any unit
    unseenQuantity: claim.values.some((v) => quantity(v) !== undefined && !sorted.some((a) => a.pp.units.some((u) => u.profile.values.some((w) => states(w, v))))) ? 1 : 0,
  };
  const analysis: Analysis = {
    features,
    alignments: sorted,
    unseenTerms,
    unseenValues: unseenValueObjs.map((v) => v.surface),
    unseenNames: groupNames(claim, unseenNames),
    windowMissing: {
      ...windowMissing, names: windowMissing.names.map((n) => claim.surface.get(n) ?? n), specific: windowMissing.specific.map((t) => claim.surface.get(t) ?? t),
      ...(phrase ? { phrase } : {}),
    },
  };
  // a contradiction is judged against one aligned passage at a time (the best few): another
  // passage that happens to contain the claim's number or name does not make this one agree
  for (let i = 0; i < Math.min(CONTRA_CANDIDATES, sorted.length); i++) {
    const a = sorted[i]!;
    const window = a.pp.units.slice(a.first, a.last + 1);
    const f = findConflict(claim, window, a.unit);
    if (!f) continue;
    // how much of the rest of the claim the window restates: the conflicting element counts as matched
    const restated = weightedRecall(weights, (t) => f.terms.includes(t) || window.some((u) => hasTerm(u.termSet, t)));
    if (agreed(claim, sorted, i, restated, f)) continue;
    // a stand-in name with no shared slot is a guess: only a window that restates everything else may make it
    if (f.guess && restated < 1 - 1e-9) continue;
    // the window that restates most of the rest decides: a looser one found first may not
    if (analysis.contradiction && analysis.contradiction.align >= restated) continue;
    const type = f.group === 'polarity' ? 'negation' : f.group === 'name' ? 'name' : 'value';
    analysis.contradiction = {
      type, paired: f.group === 'value', at: i, align: restated, claim: f.claimText, source: f.sourceText, kind: f.kind, claimStart: f.claimStart, claimEnd: f.claimEnd,
    };
    if (restated >= 1 - 1e-9) break;
  }
  return analysis;
}

/**
 * Whether another candidate states the claim as written (its values, its names, its polarity) at
 * least as closely as the conflicting one restates the rest: near-duplicate documents often
 * differ in one detail, and evidence that agrees outweighs evidence that differs.
 */
function agreed(claim: Profile, alignments: Alignment[], at: number, restated: number, f: Found): boolean {
  return alignments.some((b, j) => {
    if (j === at || b.recall < restated - 1e-9) return false;
    const window = b.pp.units.slice(b.first, b.last + 1);
    // a value contradicted in its own slot is agreed to only by that slot stating it
    const slot = f.slot;
    if (slot) return window.some((u) => u.profile.values.some((w) => states(w, slot) && sameSlot(claim.text, slot, u.profile.text, w)));
    if (f.group === 'value' || f.group === 'valueLoose') return unstatedValues(claim, window).length === 0;
    // a swap states every name: only a sentence that restates the claim with the names in its places agrees
    if (f.swap) return restates(claim, b.unit) && keepsFrames(claim, b.unit, f.terms);
    if (f.group === 'name') return unstatedNames(claim, window, true).length === 0;
    // agreeing polarity needs a sentence that restates the claim and states the word in question:
    // a long sentence that merely holds its words says nothing about its polarity, and "You can
    // delete a role" says nothing about whether you can edit one
    if (f.about !== undefined && !b.unit.termSet.has(f.about)) return false;
    return restates(claim, b.unit) && findConflict(claim, window, b.unit)?.group !== 'polarity';
  });
}

/**
 * Whether the claim opens with a name written as one (in capitals, mixed case or a single capital
 * letter: "R", "DMSO", "iOS") that no candidate mentions: the claim is about something the evidence
 * never names, however much of the rest it shares ("R is released under the MIT License" against
 * another project's licence notice). A capitalised first word alone is no name.
 */
function missingSubject(claim: Profile, inAny: (t: string) => boolean): boolean {
  const first = claim.terms[0];
  if (first === undefined || !claim.names.has(first)) return false;
  const surface = claim.surface.get(first) ?? '';
  return /^\p{Lu}$|\p{Lu}.*\p{Lu}|^\p{Ll}+\p{Lu}|\d/u.test(surface) && !inAny(first);
}

function uniqueValues(values: Value[]): Value[] {
  const seen = new Set<string>();
  return values.filter((v) => !seen.has(v.v) && seen.add(v.v));
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
