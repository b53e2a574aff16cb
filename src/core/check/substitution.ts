/**
 * One word changed: a claim that a source sentence restates in full but for one word in its
 * place, where nothing relates the two words — "deletes" where the source says "creates",
 * "remote" where it says "local". The claim then says something the source does not
 * (unsupported), though no conflict kind (kinds/) reads the two words as excluding each other.
 * Used by contradiction.ts over the windows it aligns, and over further windows when the claim's
 * own sentence ranks below others.
 */
import { alignTokens, coverage, isContent, sourceCoverage, type Atom, type TokenAlignment } from './alignment';
import type { Alignment } from './align';
import { contentAt } from './kinds/kind';
import { sameNamed } from './kinds/names';
import { partsOfSpeech } from './lexicon';
import { relation } from './relation';
import type { Profile } from './profile';
import { variant } from './spelling';
import type { Unit } from './units';
import type { ValueSets } from './valueSets';

/**
 * An unrelated substitution counts only in a sentence restated this fully: three aligned words of
 * the claim besides it, and half of the source sentence's own words ("I will be glad to assist you"
 * against a heading "Tutorial Assistance" restates one word of each).
 */
export const SUBSTITUTION_ANCHORS = 3;
export const SUBSTITUTION_SOURCE_SHARE = 0.5;

/**
 * A content word of the claim in the place of a source word that no lexical relation ties to it,
 * in a sentence that restates all the rest: the claim says something the source does not.
 */
export interface Substitution {
  at: number;
  unit: Unit;
  claimText: string;
  sourceText: string;
}

/**
 * A sentence of a further window (`from` to `to`, past the windows read first) that restates the
 * claim but for one word, in the same place, as a copy of it (see {@link oneWordEdit}): the claim's rarest word,
 * changed ("denied" for "approved"), ranks the sentences that hold it above its own. Only a word,
 * not a name or a value: {@link unrelatedSubstitution} then decides whether the two words say
 * different things. None when one of those windows states the whole claim.
 */
export function oneWordSlot(
  claim: Profile, alignments: readonly Alignment[], weight: (a: Atom) => number, from: number, to: number,
): { at: number; unit: Unit; a: TokenAlignment; cov: number; sentence: boolean } | undefined {
  let found: { at: number; unit: Unit; a: TokenAlignment; cov: number; sentence: boolean } | undefined;
  for (let at = from; at < Math.min(to, alignments.length); at++) {
    const unit = alignments[at]!.unit;
    const a = alignTokens(claim, unit.profile);
    const cov = coverage(a, weight);
    if (cov >= 1 - 1e-9) return undefined;
    if (found) continue;
    const h = a.hunks.find((x) => x.left && x.right && contentAt(a.claim, x.claim).length > 0);
    if (!h) continue;
    const c = contentAt(a.claim, h.claim);
    const s = contentAt(a.source, h.source);
    if (c.length !== 1 || s.length !== 1 || !oneWordEdit(a, c[0]!, s[0]!)) continue;
    const cw = a.claim[c[0]!]!;
    const sw = a.source[s[0]!]!;
    if (cw.type !== 'word' || sw.type !== 'word' || cw.name || sw.name) continue;
    const anchors = a.pairs.filter(([i]) => isContent(a.claim[i]!)).length;
    if (anchors < SUBSTITUTION_ANCHORS || sourceCoverage(a, new Set(s)) < SUBSTITUTION_SOURCE_SHARE) continue;
    found = { at, unit, a, cov, sentence: true };
  }
  return found;
}

/**
 * Whether the alignment is claim atom `ci` for source atom `sj` and nothing else: every other atom
 * of the claim (negations and words like "only" included) and every other content atom of the
 * source aligned. A copied sentence altered in one word. (A phrasal verb's particle in the same
 * edit, "shut down" for "restart", was tried as part of the edit: it caught one more RHDH flip
 * and called one more clean RAGTruth sentence unsupported, so it is left out.)
 */
function oneWordEdit(a: TokenAlignment, ci: number, sj: number): boolean {
  return a.claim.every((_, i) => i === ci || a.matched[i]) && a.source.every((atom, j) => j === sj || a.used[j] || !(isContent(atom) || atom.negates));
}

/** Whether claim atom `ci` and source atom `sj` each directly follow an "only" (or "just") the two sides align. */
function restrictedOnBoth(a: TokenAlignment, ci: number, sj: number): boolean {
  const restrictor = (x: Atom | undefined): boolean => x !== undefined && x.type === 'logic' && (x.key === 'only' || x.key === 'just');
  return restrictor(a.claim[ci - 1]) && restrictor(a.source[sj - 1]) && a.pairs.some(([i, j]) => i === ci - 1 && j === sj - 1);
}

/**
 * Both words verbs, or both adjectives, as WordNet knows them (one WordNet does not know takes the
 * other's class); or two words WordNet knows neither of, as settings and formats are written
 * ("json" / "yaml", "ingress" / "route"): an identifier for another.
 */
function sameClass(a: string, b: string): boolean {
  const pa = partsOfSpeech(a);
  const pb = partsOfSpeech(b);
  if (pa.size + pb.size === 0) return /^[\p{Ll}\d_-]+$/u.test(a) && /^[\p{Ll}\d_-]+$/u.test(b);
  return (['v', 'a'] as const).some((x) => (pa.has(x) || pa.size === 0) && (pb.has(x) || pb.size === 0));
}

/**
 * See {@link Substitution}: the first fully restated sentence with one word swapped, aligned words
 * on both sides of it, where the swap changes what is said — a name for another name, a value for
 * another, or a word the documents themselves write as an alternative to the source's ("create,
 * edit, or delete", "local or remote"), or a verb, adjective or setting word changed in a copy of
 * the source sentence ("send" / "receive"). Two words nothing ties together in a looser rewording
 * are as often a paraphrase ("relies on" / "uses", "allowing" / "enabling"): the claim stays
 * supported, as uncertain.
 */
export function unrelatedSubstitution(aligned: ReadonlyArray<{ at: number; unit: Unit; a: TokenAlignment; cov: number }>, weight: (a: Atom) => number, alternatives: ValueSets['alternatives']): Substitution | undefined {
  for (const { at, unit, a } of aligned) {
    for (const h of a.hunks) {
      const c = contentAt(a.claim, h.claim);
      const s = contentAt(a.source, h.source);
      // an aligned word on each side, or the same edge of both sentences ("Deleting a free account …" / "Creating …")
      if (c.length !== 1 || s.length !== 1 || (!h.left && !h.right)) continue;
      // everything else of the claim aligned, with enough around it, in a sentence the claim
      // mostly restates: one word swapped in a restated sentence
      if (coverage(a, weight, new Set(c)) < 1 - 1e-9) continue;
      const anchors = a.claim.filter((x, i) => isContent(x) && a.matched[i]).length;
      if (anchors < SUBSTITUTION_ANCHORS || sourceCoverage(a) < SUBSTITUTION_SOURCE_SHARE) continue;
      const cw = a.claim[c[0]!]!;
      const sw = a.source[s[0]!]!;
      if (!isContent(cw) || cw.type !== sw.type) continue;
      // the same name written another way ("F" / "Fahrenheit", "NY" / "New York")
      if (cw.name && sw.name && sameNamed(a.claim, c, a.source, s)) continue;
      const r = cw.type === 'word' ? relation(cw.surface, sw.surface) : 'independent';
      if (r === 'equivalent' || r === 'forward') continue;
      // a word (not a name, not a value) changes the claim where the documents (or the glossary)
      // write both as alternatives ("create, edit, or delete", "local or remote"). Anywhere else,
      // two verbs or two adjectives nothing relates are as often a paraphrase ("load" / "open",
      // "select" / "click", "composed of" / "made of": counted as changes everywhere, 1.2% of
      // correct RHDH and doc2dial sentences and 33 clean RAGTruth ones): the claim stays
      // supported, uncertain
      if (cw.type === 'word' && !(cw.name && sw.name)) {
        if (variant(cw.surface, sw.surface)) continue;
        // ... or where the claim is the source sentence itself with that one word changed, a
        // verb for a verb or an adjective for an adjective: a copy altered in the word that says
        // what is done or what something is ("receives" / "sends", "required" / "forbidden"), or
        // any word for one WordNet sets beside it under one parent or against it ("passport" /
        // "license", "husband" / "wife"): a noun nothing relates is as often a paraphrase ("form" /
        // "application", "letter" / "notice") and stays supported, uncertain
        const excluding = r === 'alternation' || r === 'sibling';
        // ... or the word "only" restricts on both sides ("Only owners can …" / "Only
        // administrators can …"): what "only" restricts is what the sentence says, a noun too
        const copy = oneWordEdit(a, c[0]!, s[0]!);
        if (!alternatives(cw.surface, sw.surface) && !(copy && (excluding || sameClass(cw.surface, sw.surface) || restrictedOnBoth(a, c[0]!, s[0]!)))) continue;
      }
      return { at, unit, claimText: cw.surface, sourceText: sw.surface };
    }
  }
  return undefined;
}
