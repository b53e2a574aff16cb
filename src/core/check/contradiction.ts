/**
 * Contradiction across the candidate evidence: the claim is aligned token by token with each
 * sentence of the best-aligned windows (alignment.ts), the conflict kinds judge each alignment
 * (kinds/), and the sentence that restates most of the rest of the claim decides. Another sentence
 * that states the claim as written, at least as fully, outweighs it: near-duplicate documents
 * often differ in one detail, and the finding then names both sides ("sources disagree").
 *
 * The same alignments also show a substitution nothing relates ("deletes" where the source says
 * "creates", "remote" where it says "local"; substitution.ts): the claim then says something the
 * source does not.
 */
import { alignTokens, coverage, isContent, sourceCoverage, type Atom, type TokenAlignment } from './alignment';
import type { Alignment } from './align';
import { windowUnit } from './passages';
import type { Unit } from './units';
import { findConflict, type Finding, type KindContext } from './kinds';
import type { ValueSets } from './valueSets';
import type { Profile } from './profile';
import { documentHolds, unstatedAddition, type Addition } from './addition';
import { oneWordSlot, SUBSTITUTION_ANCHORS, SUBSTITUTION_SOURCE_SHARE, unrelatedSubstitution, type Substitution } from './substitution';

export type { Substitution } from './substitution';
export type { Addition } from './addition';

/** Aligned windows (best first) whose sentences are searched for a contradiction. */
const CANDIDATES = 3;
/**
 * Further aligned windows whose best sentence is read when none of the first {@link CANDIDATES}
 * states the claim or contradicts it in one clear edit: the claim's rarest word ranks first the
 * sentences that hold it ("[PUT] … Updates a role"; "Aidan can answer questions … yes"), above
 * the one that restates all the rest with another word in that slot ("[POST] … Creates a role";
 * "The answer to both questions is no").
 */
const SLOT_CANDIDATES = 8;
/**
 * Content atoms of the claim a sentence must align besides the conflicting ones for a finding to
 * count: a substitution needs something stated around it ("In that case be sure not to miss them"
 * against a sentence that mentions "missing" decides nothing).
 */
const MIN_ANCHORS = 2;
/**
 * Share of the contradicting sentence's own content the claim must restate: a clause lifted from
 * a long sentence ("you are not eligible at this time" against "To be eligible, at the time of your
 * parent's death, you must have been …") restates a few words, not the sentence.
 */
const MIN_SOURCE_SHARE = 0.4;

export interface Contradiction extends Finding {
  /** Index of the window (in the sorted alignments) whose sentence contradicts, and that sentence. */
  at: number;
  unit: Unit;
  /** Weighted share of the claim that sentence restates, the conflicting element counted as restated. */
  restated: number;
  /** Share of that sentence's own content words the claim restates, the conflicting element counted as restated. */
  sourceShare: number;
  /** Content atoms of the claim aligned with that sentence besides the conflicting ones. */
  anchors: number;
  /**
   * Why a name conflict is about another thing, so the claim is unsupported there and the edit
   * asked about, not contradicted: 'document', a name no candidate passage of the contradicting
   * sentence's document holds (a sibling guide, another provider's keys: "KEYCLOAK_CLIENT_ID"
   * against "GITHUB_INTEGRATION_CLIENT_ID"); 'label', the term a definition defines, on both sides
   * ("GITHUB_URL:: Enter the GitHub host domain" / "GITHUB_INTEGRATION_HOST_DOMAIN:: Enter the GitHub
   * host domain"): two terms may share a description; 'asked', a change the kind itself can only
   * ask about (kinds/kind.ts Finding.asks: a restriction lifted onto another set).
   */
  other?: 'document' | 'label' | 'asked';
}

/** A sentence that states the claim as written while another contradicts it in one clear edit. */
export interface Disagreement {
  at: number;
  unit: Unit;
  contradiction: Contradiction;
}

export interface ContradictionAnalysis {
  contradiction?: Contradiction;
  disagreement?: Disagreement;
  substitution?: Substitution;
  /** A sentence restated in full with words added that its document never holds (addition.ts). */
  addition?: Addition;
  /** The best coverage of the claim by one sentence (token alignment, synonyms and moved words counted). */
  sentenceCoverage: number;
  /**
   * One sentence (or window) states the whole claim: every content word aligned (the same word,
   * an inflection, a synonym), every negation and logical word ("only", "all", "also") too, names
   * in the claim's order, and no conflict found there. What "supported, clear" needs.
   */
  statedWhole: boolean;
  /** Every finding the kinds made, with the sentence and how much of the rest it restates (for reading failures). */
  findings: Array<Contradiction & { anchors: number }>;
}

/** The atom weight: a word's IDF weight from `weights` (by stem), a value weighs like the rarest word. */
export function atomWeight(weights: ReadonlyMap<string, number>): (a: Atom) => number {
  const top = Math.max(1, ...weights.values());
  return (a) => (a.type === 'value' ? top : weights.get(a.key) ?? top / 2);
}

/** Why a names finding is about another thing (see {@link Contradiction.other}), if it is. */
function otherThing(f: Finding, a: TokenAlignment, at: number, alignments: readonly Alignment[], claimText: string, sourceText: string): Pick<Contradiction, 'other'> {
  if (f.kind !== 'names') return {};
  if (!nameHeld(f.atoms.map((i) => a.claim[i]!), at, alignments)) return { other: 'document' };
  const inLabel = (atoms: readonly Atom[], idx: readonly number[], text: string): boolean => {
    const end = labelEnd(text);
    return idx.length > 0 && idx.every((i) => atoms[i]!.end <= end);
  };
  if (inLabel(a.claim, f.atoms, claimText) && inLabel(a.source, f.sourceAtoms, sourceText)) return { other: 'label' };
  return {};
}

/**
 * Where the term a definition opens with ends: a label of one or two words (a type in parentheses
 * may follow) before "::", ":", " - " or " — " at the start of the text ("GITHUB_URL::",
 * "**maxRetries** `number` (optional) -"), or -1.
 */
export function labelEnd(text: string): number {
  const m = /^\s*(?:[-*+]\s+)?((?:[*_`]*[\p{L}\p{N}][\p{L}\p{N}_.\-/]*[*_`]*(?:\s+\(\w+\))?\s*){1,2}?)(::|:|\s[-–—]\s)/u.exec(text);
  return m ? m.index + m[0].length - m[2]!.length : -1;
}

/**
 * Whether the document of the contradicting sentence knows the claim's name: each of its words is
 * held by some candidate passage of that document. A name it never mentions is no name it says
 * another in place of: near-identical sentences of sibling documents ("The TechDocs plugin is
 * preinstalled …" / "The Adoption Insights plugin is preinstalled …", a guide for each platform)
 * differ in exactly the name their document is about.
 */
function nameHeld(name: readonly Atom[], at: number, alignments: readonly Alignment[]): boolean {
  return name.every((atom) => atom.type !== 'word' || documentHolds(alignments, at, atom.key));
}

/**
 * What a window is aligned as: each of its sentences, and the window as a whole when it holds
 * several (a claim may join two sentences: "Dry the hair with a towel and rub it" against "Dry the
 * hair with a towel … Do not rub the hair").
 */
const unitsOf = (al: Alignment): Unit[] => [...al.pp.units.slice(al.first, al.last + 1), ...(al.last > al.first ? [windowUnit(al.pp, al.first, al.last)] : [])];

/** Finds the contradiction, a disagreement and an unrelated substitution for a claim (see the file comment). */
export function analyzeContradiction(
  claim: Profile, weights: ReadonlyMap<string, number>, alignments: readonly Alignment[], sets: Pick<ValueSets, 'exclusive' | 'alternatives'>,
): ContradictionAnalysis {
  const exclusive: KindContext['exclusive'] = sets.exclusive;
  const weight = atomWeight(weights);
  const aligned: Array<{ at: number; unit: Unit; a: TokenAlignment; cov: number; sentence: boolean; f?: Finding }> = [];
  for (let at = 0; at < Math.min(CANDIDATES, alignments.length); at++) {
    const al = alignments[at]!;
    for (const unit of unitsOf(al)) {
      const a = alignTokens(claim, unit.profile);
      const f = findConflict({ a, claim, source: unit.profile, exclusive });
      aligned.push({ at, unit, a, cov: coverage(a, weight), sentence: al.pp.units.includes(unit), ...(f ? { f } : {}) });
    }
  }
  if (!aligned.some((x) => x.f?.tight || (!x.f && x.sentence && x.cov >= 1 - 1e-9))) {
    const slot = inAnotherSlot(claim, alignments, exclusive, weight);
    if (slot) aligned.push(slot);
  }
  const out: ContradictionAnalysis = { sentenceCoverage: Math.max(0, ...aligned.map((x) => x.cov)), statedWhole: aligned.some((x) => !x.f && statesWhole(x.a, x.sentence)), findings: [] };
  let best: Contradiction | undefined;
  for (const x of aligned) {
    if (!x.f) continue;
    const anchors = x.a.claim.filter((atom, i) => isContent(atom) && x.a.matched[i] && !x.f!.atoms.includes(i)).length;
    const restated = coverage(x.a, weight, new Set(x.f.atoms));
    const sourceShare = sourceCoverage(x.a, new Set(x.f.sourceAtoms));
    out.findings.push({ ...x.f, at: x.at, unit: x.unit, restated, sourceShare, anchors });
    // two aligned words around it in a sentence the claim mostly restates, or three in any
    if (anchors < MIN_ANCHORS || (anchors < MIN_ANCHORS + 1 && sourceCoverage(x.a) < MIN_SOURCE_SHARE)) continue;
    const better = !best || (x.f.tight && !best.tight) || (x.f.tight === best.tight && restated > best.restated + 1e-9);
    if (better) best = { ...x.f, at: x.at, unit: x.unit, restated, sourceShare, anchors, ...(x.f.asks ? { other: 'asked' as const } : otherThing(x.f, x.a, x.at, alignments, claim.text, x.unit.profile.text)) };
  }
  if (best) {
    // a sentence that states the claim as written, the conflicting element included, at least as fully
    const c = best;
    // (in order: a word the claim moved from elsewhere in a window says nothing of this place)
    const inOrder = (x: TokenAlignment, i: number): boolean => x.pairs.some(([ci]) => ci === i);
    // A negation the claim left out has no atom of the claim to find in order, so the other unit
    // must also restate the claim about as closely: a unit the claim restates a small part of (a
    // long run of text with no sentence end) holds the claim's words without saying them its way.
    // (Asked of every kind, this also let through names and opposites that such units had hidden:
    // eval-V, 3 more correct sentences contradicted in the read part.)
    const closely = (x: TokenAlignment): boolean => c.atoms.length > 0 || sourceCoverage(x) >= c.sourceShare / 2;
    // a window agrees with a sentence that restates all of the claim but its polarity only where
    // the claim's words follow in order across it (as for a clear support, statesWhole): words
    // gathered from anywhere in it ("… approved by the court. … your loan holder will not take
    // any further action") do not say "Your loan holder cannot take you to court", nor "after
    // all … banks will give you a card" "All banks will give you a card". This holds against the
    // words that flip a claim (a negation, a quantifier, an opposite: eval-AN, no correct sentence
    // changed); names and values keep any window's agreement: another name or value nearby may
    // mean another case (eval-AI: asked of every kind, correct RHDH answers and doc2dial turns
    // came back contradicted)
    const followed = (x: { a: TokenAlignment; sentence: boolean }): boolean =>
      x.sentence || (c.kind !== 'negation' && c.kind !== 'quantifiers' && c.kind !== 'opposites') || !c.tight || c.restated < 1 - 1e-9 || x.a.claim.every((atom, i) => !isContent(atom) || inOrder(x.a, i));
    const agreeing = aligned.find((x) => !x.f && x.cov >= c.restated - 1e-9 && c.atoms.every((i) => inOrder(x.a, i)) && closely(x.a) && followed(x));
    if (!agreeing) out.contradiction = c;
    // sources disagree only where the other sentence restates all of the claim and differs in a
    // value or a polarity; another name there is about another thing (a sibling section: "Add your
    // Azure credentials" beside "Add your RHSSO credentials"), not a second opinion
    else if (c.tight && c.restated >= 1 - 1e-9 && c.kind !== 'names' && c.kind !== 'swaps') out.disagreement = { at: agreeing.at, unit: agreeing.unit, contradiction: c };
  }
  // a sentence that states all of the claim leaves nothing unrelated to name (one sentence: a
  // window states "deletes" when a sentence after "creates …" lists "create, update, or delete");
  // a loose finding elsewhere ("Bulk Export" against an "HTTP" in a sentence that restates half
  // the claim) decides nothing and hides no one-word edit of a sentence restated in full
  if (!out.contradiction?.tight && !aligned.some((x) => !x.f && x.sentence && x.cov >= 1 - 1e-9)) {
    const s = unrelatedSubstitution(aligned, weight, sets.alternatives);
    if (s) out.substitution = s;
    const d = s ? undefined : unstatedAddition(aligned, alignments, claim.text);
    if (d) out.addition = d;
  }
  return out;
}

/**
 * The best sentence of a window past the first {@link CANDIDATES} that restates every other word
 * of the claim and puts one clear edit in the place of the rest (see {@link SLOT_CANDIDATES}), or
 * else one that does so with one word changed ({@link oneWordSlot}), or undefined. Only such a
 * sentence is read there: a looser one decides nothing the first windows did not.
 */
function inAnotherSlot(
  claim: Profile, alignments: readonly Alignment[], exclusive: KindContext['exclusive'], weight: (a: Atom) => number,
): { at: number; unit: Unit; a: TokenAlignment; cov: number; sentence: boolean; f?: Finding } | undefined {
  for (let at = CANDIDATES; at < Math.min(CANDIDATES + SLOT_CANDIDATES, alignments.length); at++) {
    const unit = alignments[at]!.unit;
    const a = alignTokens(claim, unit.profile);
    const f = findConflict({ a, claim, source: unit.profile, exclusive });
    if (!f?.tight || coverage(a, weight, new Set(f.atoms)) < 1 - 1e-9) continue;
    // aligned in order around the edit, as an unrelated substitution must be, and half the
    // sentence's own words restated: words of the claim found out of order in a sentence about
    // something else ("you do not meet the requirements" / "more requirements you must meet to
    // qualify for federal student aid") are no slot of it
    const anchors = a.pairs.filter(([i]) => !f.atoms.includes(i) && isContent(a.claim[i]!)).length;
    if (anchors < SUBSTITUTION_ANCHORS || sourceCoverage(a, new Set(f.sourceAtoms)) < SUBSTITUTION_SOURCE_SHARE) continue;
    return { at, unit, a, cov: coverage(a, weight), sentence: true, f };
  }
  return oneWordSlot(claim, alignments, weight, CANDIDATES, CANDIDATES + SLOT_CANDIDATES);
}

/**
 * Whether an alignment states every atom of the claim (see ContradictionAnalysis.statedWhole): a
 * name only in order (two names moved are two roles swapped), and no negation of the source left
 * out of the claim. Across the sentences of a window every content atom must be in order: a claim
 * that joins two sentences follows them ("Dry the hair with a towel and rub it"), while a word
 * picked from another sentence out of order ("I sent a letter …" against "I received a letter …
 * Please send us …") states nothing of the place it is written.
 */
function statesWhole(a: TokenAlignment, sentence = true): boolean {
  const inOrder = new Set(a.pairs.map(([i]) => i));
  const claimWhole = a.claim.every((atom, i) => ((atom.type === 'word' && atom.name) || (!sentence && isContent(atom)) ? inOrder.has(i) : a.matched[i]));
  return claimWhole && a.source.every((atom, j) => !atom.negates || a.used[j]);
}

