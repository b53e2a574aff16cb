/**
 * Opposites: a word of the claim in the place of a word that excludes it — an antonym or a
 * negating prefix (WordNet: "enabled" / "disabled", "eligible" / "ineligible"), a preposition with
 * an opposite ("before" / "after", "on" / "off"), or another value of the same setting (the
 * corpus's own lists and the user's glossary: "Always" / "IfNotPresent", "HTTP" / "HTTPS"). A
 * negation in the same place turns it back ("not disabled" says "enabled").
 */
import { unalignedContent, type Atom, type Hunk } from '../alignment';
import { antonymous, opposed } from '../lexicon';
import { finding, negationsIn, type ConflictKind, type Finding, type KindContext, firstTight } from './kind';
import { QUANTIFIER_WORDS } from './quantifiers';
import { stem } from '../../text/analyzer';

/** Prepositions, particles and comparatives with an opposite, both ways. */
const OPPOSITE_PARTICLES: ReadonlyArray<readonly [string, string]> = [
  ['before', 'after'], ['above', 'below'], ['over', 'under'], ['inside', 'outside'], ['up', 'down'], ['in', 'out'], ['on', 'off'],
  ['more', 'less'], ['more', 'fewer'], ['most', 'least'], ['most', 'fewest'],
];
const particlesOpposed = (a: string, b: string): boolean => OPPOSITE_PARTICLES.some(([x, y]) => (a === x && b === y) || (a === y && b === x));

/** A value written as one word is a word too ("a single cluster" / "multiple clusters", "the first" / "the last"). */
const asWord = (x: Atom): boolean => x.type === 'word' || (x.type === 'value' && /^\p{L}+$/u.test(x.surface));
/** What `opposed` compares: a word's stem, a one-word value's stem. */
const opposedKey = (x: Atom): string => (x.type === 'value' ? stem(x.surface.toLowerCase()) : x.key);

/**
 * Whether two atoms exclude each other (see the file comment). Asked for every pair of a hunk's
 * claim and source atoms: its helpers are module functions, not closures made per call.
 */
function excludes(ctx: KindContext, c: Atom, s: Atom): boolean {
  // a function word against a function word, or against a content word ("less" is one): as written;
  // against a content word WordNet's antonyms count as well ("the same key" / "a different key"),
  // but never for a quantifier (the quantifiers kind reads "all" / "partial")
  if (c.type === 'logic' || s.type === 'logic') {
    if (particlesOpposed(c.surface.toLowerCase(), s.surface.toLowerCase())) return true;
    const word = c.type === 'logic' ? s : c;
    const logic = c.type === 'logic' ? c : s;
    const lw = logic.surface.toLowerCase();
    // prepositions and particles only as listed: WordNet widens "on" and "up" to words that are
    // not their opposites in running text ("on" / "different", "up" / "weak")
    const particle = OPPOSITE_PARTICLES.some((pair) => pair.includes(lw));
    return word.type === 'word' && !word.name && !particle && !QUANTIFIER_WORDS.has(lw) && antonymous(logic.surface, word.surface);
  }
  if (!asWord(c) || !asWord(s)) return false;
  if (ctx.exclusive(c.surface, s.surface)) return true;
  if (c.name || s.name || QUANTIFIER_WORDS.has(c.surface.toLowerCase()) || QUANTIFIER_WORDS.has(s.surface.toLowerCase())) return false;
  return opposed(opposedKey(c), opposedKey(s)) || antonymous(c.surface, s.surface);
}

/** Ordinals, and the nouns they label rather than count ("the first step" / "the second step"). */
const ORDINAL = /^(first|second|third|fourth|fifth|last|next|final|initial)$/i;
const LABELLED = /^\s+(steps?|methods?|options?|ways?|things?|tips?|stages?|phases?|parts?|points?|items?|approach|solution)\b/i;
/** An ordinal numbering steps or items: an answer that orders them its own way states nothing else. */
const labelOrdinal = (p: { text: string }, x: Atom): boolean => ORDINAL.test(x.surface) && LABELLED.test(p.text.slice(x.end));

function inHunk(ctx: KindContext, h: Hunk): Finding | undefined {
  const { a } = ctx;
  for (const ci of h.claim) {
    for (const sj of h.source) {
      if (!excludes(ctx, a.claim[ci]!, a.source[sj]!)) continue;
      if (labelOrdinal(ctx.claim, a.claim[ci]!) || labelOrdinal(ctx.source, a.source[sj]!)) continue;
      // a negation on one side only, in the same place, turns the opposite back
      if ((negationsIn(a.claim, h.claim) + negationsIn(a.source, h.source)) % 2 === 1) return undefined;
      // and so does a second opposite there ("less expensive" / "more affordable")
      if (h.claim.some((i) => i !== ci && h.source.some((j) => j !== sj && excludes(ctx, a.claim[i]!, a.source[j]!)))) return undefined;
      const cNeg = h.claim.filter((i) => a.claim[i]!.negates);
      const sNeg = h.source.filter((j) => a.source[j]!.negates);
      return finding(ctx, 'opposites', 'antonym', h, [ci, ...cNeg], [sj, ...sNeg]);
    }
  }
  return undefined;
}

/** Words that make a sentence conditional: a condition on one side only may be what an opposite answers. */
const CONDITION = /\b(if|unless|when|whenever|whether|until|except)\b/i;

/**
 * An opposite the other side writes elsewhere: the claim and the source sentence align in every
 * content word but one each, in different places, and the two exclude each other — a sentence
 * turned around ("You have uninstalled and configured Node.js" / "Node.js is installed and
 * configured"). No negation left unaligned on either side, and the same conditions on both.
 */
function movedOpposite(ctx: KindContext): Finding | undefined {
  const { a } = ctx;
  const c = unalignedContent(a.claim, a.matched);
  const s = unalignedContent(a.source, a.used);
  if (c.length !== 1 || s.length !== 1) return undefined;
  const hc = a.hunks.find((h) => h.claim.includes(c[0]!));
  if (!hc || hc.source.includes(s[0]!)) return undefined;
  if (a.claim.some((x, i) => x.negates && !a.matched[i]) || a.source.some((x, j) => x.negates && !a.used[j])) return undefined;
  if (CONDITION.test(ctx.claim.text) !== CONDITION.test(ctx.source.text)) return undefined;
  if (!excludes(ctx, a.claim[c[0]!]!, a.source[s[0]!]!)) return undefined;
  return finding(ctx, 'opposites', 'antonym', hc, c, s, true);
}

export const oppositesKind: ConflictKind = {
  id: 'opposites',
  find: (ctx) => {
    const f = firstTight(ctx, inHunk);
    return f?.tight ? f : (movedOpposite(ctx) ?? f);
  },
};
