/**
 * A restriction lifted where the alignment cannot pair it word for word: the source's "only" (or
 * "just") aligned with nothing in the claim, and what it restricts changed. Three shapes:
 *
 * - the restricted word replaced, with or without a universal word ("Only administrators can …" /
 *   "All users can …", "Every user can …", "Anyone can …", "Users can …"): the claim speaks of
 *   another set than the one the source restricts to. How the two words relate is not known
 *   (a user may or may not be an administrator), so the finding asks about it rather than
 *   contradicting ({@link Finding.asks});
 * - a list item added beside the restricted word ("Administrators and developers can …"): asked;
 * - an additive word elsewhere in the claim with the restricted word kept ("Administrators can
 *   also delete it"): "also" may say that others can, which "only" denies, but as often it only
 *   joins the sentence to the one before ("you can also check the file"): asked.
 *
 * "Only" counts where it restricts a set: a noun right after it or after its article, not a
 * condition ("Only if you have published …") or a quality.
 */
import type { Atom, Hunk, TokenAlignment } from '../alignment';
import { partsOfSpeech } from '../lexicon';
import { contentAt, textOf, type Finding, type KindContext } from './kind';

/** Words that lift a restriction "only" makes. */
export const UNRESTRICTED: ReadonlySet<string> = new Set(['also', 'all', 'every', 'each', 'any', 'both', 'even', 'either']);
/** A universal quantifier and its noun in one word. */
const UNIVERSAL = new Set(['anyone', 'anybody', 'everyone', 'everybody', 'anything', 'everything', 'whoever']);
/** Words that add to what the sentence restricts elsewhere ("… can also …", "… even …"). */
const ADDITIVE = new Set(['also', 'even']);

const lower = (x: Atom): string => x.surface.toLowerCase();
const hunkOf = (a: TokenAlignment, j: number): Hunk | undefined => a.hunks.find((h) => h.source.includes(j));
const bounded = (h: Hunk): boolean => h.left || h.right;

/** See the file comment: the first lifted restriction of the source, or undefined. */
export function restrictionLifted(ctx: KindContext): Finding | undefined {
  const { a } = ctx;
  for (let sj = 0; sj < a.source.length; sj++) {
    const only = a.source[sj]!;
    // ("just" restricts as often as it plays down: "stone is just a small piece")
    if (only.type !== 'logic' || only.key !== 'only' || a.used[sj]) continue;
    const h = hunkOf(a, sj);
    const restricted = a.source[sj + 1];
    if (!h || !restricted || restricted.type !== 'word' || restricted.name) continue;
    // "only" before a set: a noun right after it, or after its article ("only administrators",
    // "only the owner"); not a condition ("Only if you have published …") nor a quality
    const between = ctx.source.text.slice(only.end, restricted.start);
    const pos = partsOfSpeech(restricted.surface);
    // (a word WordNet does not know, "plugins", is a technical noun far more often than not)
    if (!/^\s+((the|a|an|your|their|its|our)\s+)?$/i.test(between) || (pos.size > 0 && (!pos.has('n') || pos.has('a')))) continue;
    const f = replaced(ctx, h, sj) ?? added(ctx, h, sj) ?? additive(ctx, h, sj);
    if (f) return f;
  }
  return undefined;
}

/** The finding's texts and atoms over claim atoms `c` and source atoms `s`. */
function make(ctx: KindContext, c: number[], s: number[], tight: boolean, asks: boolean): Finding {
  const ct = textOf(ctx.claim, ctx.a.claim, c);
  const st = textOf(ctx.source, ctx.a.source, s);
  return { kind: 'quantifiers', display: 'quantifier', claimText: ct.text, sourceText: st.text, claimStart: ct.start, claimEnd: ct.end, atoms: c, sourceAtoms: s, tight, ...(asks ? { asks: true } : {}) };
}

/** "Only administrators" / "All users", "Anyone", "Users": the restricted word replaced in the same place. */
function replaced(ctx: KindContext, h: Hunk, sj: number): Finding | undefined {
  const { a } = ctx;
  if (!h.source.includes(sj + 1)) return undefined;
  const sc = contentAt(a.source, h.source);
  if (sc.length !== 1) return undefined;
  const quantifiers = h.claim.filter((i) => UNRESTRICTED.has(lower(a.claim[i]!)));
  const nouns = contentAt(a.claim, h.claim).filter((i) => !quantifiers.includes(i));
  if (nouns.length !== 1) return undefined;
  const w = a.claim[nouns[0]!]!;
  // a word for a set of things or people: a noun, or a universal pronoun
  if (w.type !== 'word' || w.name || !(UNIVERSAL.has(lower(w)) || partsOfSpeech(w.surface).has('n'))) return undefined;
  // the rest of the run: nothing of content and no negation on either side
  const other = [...h.claim.filter((i) => i !== nouns[0] && !quantifiers.includes(i)), ...h.source.filter((j) => j !== sj && j !== sj + 1)];
  if (other.some((i) => a.claim[i]?.negates)) return undefined;
  return make(ctx, [...quantifiers, nouns[0]!], [sj, sj + 1], bounded(h), true);
}

/** "Only administrators" / "Administrators and developers": a word added beside the restricted one. */
function added(ctx: KindContext, h: Hunk, sj: number): Finding | undefined {
  const { a } = ctx;
  if (contentAt(a.source, h.source).length > 0) return undefined;
  const kept = a.pairs.find(([, j]) => j === sj + 1);
  if (!kept) return undefined;
  const ci = kept[0];
  // the claim's next atom, unaligned, joined by "and" / "or" / "," to the kept word
  const next = a.claim[ci + 1];
  if (!next || next.type !== 'word' || a.matched[ci + 1] || !/^\s*(,|and|or|as well as|,\s*and|,\s*or)\s*$/i.test(ctx.claim.text.slice(a.claim[ci]!.end, next.start))) return undefined;
  return make(ctx, [ci + 1], [sj], true, true);
}

/** "Only administrators can delete" / "Administrators can also delete": an additive word with the restricted word kept. */
function additive(ctx: KindContext, h: Hunk, sj: number): Finding | undefined {
  const { a } = ctx;
  if (contentAt(a.source, h.source).length > 0 || !a.used[sj + 1]) return undefined;
  const i = a.claim.findIndex((x, k) => x.type === 'logic' && ADDITIVE.has(x.key) && !a.matched[k]);
  if (i < 0) return undefined;
  const hc = a.hunks.find((x) => x.claim.includes(i));
  // the additive word and the lifted "only" each alone in their runs: one clear edit
  const tight = hc !== undefined && contentAt(a.claim, hc.claim).length === 0 && contentAt(a.source, hc.source).length === 0 && contentAt(a.claim, h.claim).length === 0 && bounded(hc) && bounded(h);
  // ("also" as often only joins the sentence to the one before: "you can also check the file")
  return make(ctx, [i], [sj], tight, true);
}
