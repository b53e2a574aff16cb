/**
 * An added detail: a claim that restates a source sentence in full and then goes on with words of
 * its own, most of which nothing in the sentence's document holds ("… a lien against your
 * business *at the medical devices*."). An insertion is never a contradiction (alignment.ts), but
 * the claim then says more than the source: the detail is unsupported. Words the document holds
 * elsewhere (a claim that joins two of its sentences, a heading's name) are not an addition;
 * neither is one word (an adverb, an adjective: "quickly", "new"), which as often only says the
 * same more precisely. Half the run's words unheld is enough: an invented phrase often shares a
 * stem with the document ("supporting materials" where it says "supports"). Measured both ways
 * (eval-AU, every word unheld; eval-AV, half): invented details flagged 68–84% → 89–100%, at
 * 3 more correct RHDH answers and 2–3 clean RAGTruth sentences unsupported, answer F1 the same.
 */
import { isContent, sourceCoverage, unalignedContent, type TokenAlignment } from './alignment';
import type { Alignment } from './align';
import { contentAt } from './kinds/kind';
import type { Unit } from './units';
import { hasTerm } from './unitWords';

/** Least content words an inserted run must hold to be an added detail. */
export const ADDITION_WORDS = 2;
/** Content words of the claim aligned with the source sentence besides the insertion. */
const ADDITION_ANCHORS = 3;

export interface Addition {
  /** The window (index in the sorted alignments) and the sentence the claim restates. */
  at: number;
  unit: Unit;
  /** The added words as the claim writes them. */
  claimText: string;
}

/**
 * The first sentence of the aligned ones that the claim restates in full (every content word of
 * the sentence, and every word of the claim but one run at its end) where that run adds
 * {@link ADDITION_WORDS} or more content words, at least half of which no candidate passage of
 * the sentence's document holds. Only a sentence no conflict was found in.
 */
export function unstatedAddition(
  aligned: ReadonlyArray<{ at: number; unit: Unit; a: TokenAlignment; sentence: boolean; f?: unknown }>,
  alignments: readonly Alignment[],
  claimText: string,
): Addition | undefined {
  for (const { at, unit, a, sentence, f } of aligned) {
    if (f || !sentence || sourceCoverage(a) < 1 - 1e-9) continue;
    const missing = unalignedContent(a.claim, a.matched);
    if (missing.length < ADDITION_WORDS) continue;
    // one run at the claim's end, after the restated sentence, where the source has nothing: a
    // run before or inside the restatement is as often a frame ("Another method involves …",
    // "Passage 3 clarifies by stating that …", "…, to name an example, …"; eval-AS: 6 correct
    // sentences of the read part, none an added detail)
    const h = a.hunks.find((x) => missing.every((i) => x.claim.includes(i)));
    if (!h || !h.left || h.right || contentAt(a.source, h.source).length > 0) continue;
    if (a.claim.filter((atom, i) => isContent(atom) && a.matched[i]).length < ADDITION_ANCHORS) continue;
    const words = missing.map((i) => a.claim[i]!);
    if (words.some((w) => w.type !== 'word')) continue;
    if (2 * words.filter((w) => !documentHolds(alignments, at, w.key)).length < words.length) continue;
    return { at, unit, claimText: claimText.slice(words[0]!.start, words[words.length - 1]!.end) };
  }
  return undefined;
}

/** Whether a candidate passage of the document of aligned window `at` holds the term `key`. */
export function documentHolds(alignments: readonly Alignment[], at: number, key: string): boolean {
  const path = alignments[at]!.pp.passage.path;
  return alignments.some((al) => al.pp.passage.path === path && hasTerm(al.pp.terms, key));
}
