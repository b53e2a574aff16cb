/**
 * Features of one claim against its candidate evidence, all in [0, 1], plus the structural
 * contradiction findings (which value, name or polarity the best-aligned evidence states).
 */
import type { Alignment } from './align';
import type { CodeEdit } from './code';
import { hasTerm } from './unitWords';
import { analyzeContradiction, type Addition, type Contradiction, type ContradictionAnalysis, type Disagreement, type Substitution } from './contradiction';
import type { Profile, Value } from './profile';
import { quantity, states, valueText } from './quantities';
import { unstatedNames, unstatedValues } from './stated';
import type { ValueSets } from './valueSets';
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
  /** One sentence states the claim and another contradicts it (see contradiction.ts). */
  disagreement?: Disagreement;
  /** A restated sentence with one word of the claim swapped for a word nothing relates to it. */
  substitution?: Substitution;
  /** A restated sentence the claim goes on from with words its document never holds. */
  addition?: Addition;
  /** A piece of code of the claim that a passage writes with one edit (code.ts; set by the checker). */
  codeEdit?: CodeEdit;
  /** Every conflict the kinds found in the candidates' sentences, decided or not (for reading failures). */
  findings: ContradictionAnalysis['findings'];
  /** One sentence (or window) states the whole claim in place (see contradiction.ts): what a clear support needs. */
  statedWhole: boolean;
}

export type { Addition, Contradiction, Disagreement, Substitution };

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

/**
 * Computes the features of a claim. `weights` are the IDF weights of its unique content terms;
 * `maxIdf` normalises the rarity of unseen terms; `novelCov` is the coverage of what the claim adds to its question (see question.ts).
 */
export function analyzeClaim(claim: Profile, weights: Map<string, number>, alignments: Alignment[], maxIdf: number, novelCov: number, sets: ValueSets): Analysis {
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
  const windowMissing = { values: unstatedValues(claim, bestWindow).map((v) => valueText(claim, v)), names: unstatedNames(claim, bestWindow, sets.equivalent), specific: [] as string[] };
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
    unseenQuantity: claim.values.some((v) => quantity(v) !== undefined && !sorted.some((a) => a.pp.units.some((u) => u.mayHoldValues !== false && u.profile.values.some((w) => states(w, v))))) ? 1 : 0,
  };
  const analysis: Analysis = {
    features,
    findings: [],
    statedWhole: false,
    alignments: sorted,
    unseenTerms,
    unseenValues: unseenValueObjs.map((v) => v.surface),
    unseenNames: groupNames(claim, unseenNames),
    windowMissing: {
      ...windowMissing, names: windowMissing.names.map((n) => claim.surface.get(n) ?? n), specific: windowMissing.specific.map((t) => claim.surface.get(t) ?? t),
      ...(phrase ? { phrase } : {}),
    },
  };
  const c = analyzeContradiction(claim, weights, sorted, sets);
  analysis.findings = c.findings;
  analysis.statedWhole = c.statedWhole;
  if (c.contradiction) analysis.contradiction = c.contradiction;
  if (c.disagreement) analysis.disagreement = c.disagreement;
  if (c.substitution) analysis.substitution = c.substitution;
  if (c.addition) analysis.addition = c.addition;
  return analysis;
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
