/**
 * Quantifiers: how many or how often, written with another rank in the same place ("usually" /
 * "rarely", "all" / "some", "many" / "few"), and a restriction lifted ("only administrators" /
 * "also administrators", "all users"). Words of one rank say the same ("all" / "every" / "each" /
 * "both", "usually" / "often" / "typically").
 */
import type { Hunk } from '../alignment';
import { finding, type ConflictKind, type Finding, type KindContext, firstTight } from './kind';

/** Quantifiers on their scales: how often, and how many. A closed class of words, so a table. */
const SCALES: ReadonlyArray<Readonly<Record<string, number>>> = [
  { always: 5, usually: 4, normally: 4, generally: 4, typically: 4, often: 4, frequently: 4, sometimes: 3, occasionally: 3, rarely: 2, seldom: 2, never: 0 },
  { all: 6, every: 6, each: 6, both: 6, most: 5, many: 4, much: 4, several: 3, some: 3, few: 2, none: 0 },
];
/** Words that lift a restriction "only" makes. */
const UNRESTRICTED = new Set(['also', 'all', 'every', 'each', 'any', 'both', 'even', 'either']);

/** Every quantifier and restrictor word (the opposites kind leaves them to this kind). */
export const QUANTIFIER_WORDS: ReadonlySet<string> = new Set([...SCALES.flatMap((s) => Object.keys(s)), 'only', 'just', ...UNRESTRICTED]);

/** Whether quantifier `c` of the claim states something else than `s` of the source. */
function differs(c: string, s: string): boolean {
  if (c === s) return false;
  // two bottoms, or a bottom against no scale word, are the negation kind's ("never" / "not")
  if ((c === 'never' || c === 'none') && (s === 'never' || s === 'none')) return false;
  if (c === 'only' || s === 'only' || c === 'just' || s === 'just') {
    const other = c === 'only' || c === 'just' ? s : c;
    return UNRESTRICTED.has(other);
  }
  const scale = SCALES.find((x) => x[c] !== undefined && x[s] !== undefined);
  return scale !== undefined && scale[c] !== scale[s];
}

function inHunk(ctx: KindContext, h: Hunk): Finding | undefined {
  const { a } = ctx;
  for (const ci of h.claim) {
    const c = a.claim[ci]!;
    // "never" and "none" are the bottom of their scales as much as negations ("Always:" / "Never:")
    if (c.type !== 'logic' && c.type !== 'word' && c.type !== 'neg') continue;
    for (const sj of h.source) {
      const s = a.source[sj]!;
      if (s.type !== 'logic' && s.type !== 'word' && s.type !== 'neg') continue;
      const cw = c.surface.toLowerCase();
      const sw = s.surface.toLowerCase();
      if (!QUANTIFIER_WORDS.has(cw) || !QUANTIFIER_WORDS.has(sw) || !differs(cw, sw)) continue;
      return finding(ctx, 'quantifiers', 'quantifier', h, [ci], [sj]);
    }
  }
  return undefined;
}

export const quantifiersKind: ConflictKind = {
  id: 'quantifiers',
  find: (ctx) => firstTight(ctx, inHunk),
};
