/**
 * Quantifiers: how many or how often, written with another rank in the same place ("usually" /
 * "rarely", "all" / "some", "many" / "few"), and a restriction lifted ("only administrators" /
 * "also administrators", "all users"). Words of one rank say the same ("all" / "every" / "each" /
 * "both", "usually" / "often" / "typically").
 *
 * What "only" restricts is what the sentence says (natural logic: "only" reverses the
 * monotonicity of its restrictor), so a claim that drops the source's "only" may keep the rest
 * only if it keeps the restricted word as well: "Administrators can delete it" follows from "Only
 * administrators can delete it", but "All users can delete it", "Anyone can …", "Users can …",
 * "Administrators and developers can …" and "Administrators can also delete it" do not
 * (restriction.ts).
 */
import type { Atom, Hunk } from '../alignment';
import { SCALES } from '../scales';
import { finding, type ConflictKind, type Finding, type KindContext, firstTight } from './kind';
import { restrictionLifted, UNRESTRICTED } from './restriction';

/** Every quantifier and restrictor word (the opposites kind leaves them to this kind). */
export const QUANTIFIER_WORDS: ReadonlySet<string> = new Set([...SCALES.flatMap((s) => Object.keys(s)), 'only', 'just', ...UNRESTRICTED]);

/**
 * Whether quantifier `c` of the claim states something else than `s` of the source. A negated
 * scale word ("not all", "not always") says "less than that rank": it leaves every lower rank
 * open ("Not all offices offer the test" / "Most offices offer it"), and only a rank as high or
 * higher denies it.
 */
function differs(c: string, s: string, cNegated = false, sNegated = false): boolean {
  // two upper bounds ("not many" / "not all") both leave the lowest ranks open
  if (cNegated && sNegated) return false;
  if (cNegated !== sNegated) {
    const scale = SCALES.find((x) => x[c] !== undefined && x[s] !== undefined);
    if (!scale) return false;
    const [negated, other] = cNegated ? [c, s] : [s, c];
    return scale[other]! >= scale[negated]!;
  }
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

/** Whether atom `i` directly follows a negation ("not all", "not always"). */
function negatedAt(atoms: readonly Atom[], text: string, i: number): boolean {
  const before = atoms[i - 1];
  return before !== undefined && before.type === 'neg' && /^\s*$/.test(text.slice(before.end, atoms[i]!.start));
}

function claimWithNegation(ctx: KindContext, ci: number, f: Finding): Pick<Finding, 'claimText' | 'claimStart'> {
  const start = ctx.a.claim[ci - 1]!.start;
  return { claimText: ctx.claim.text.slice(start, f.claimEnd), claimStart: start };
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
      if (!QUANTIFIER_WORDS.has(cw) || !QUANTIFIER_WORDS.has(sw)) continue;
      const cNeg = negatedAt(a.claim, ctx.claim.text, ci);
      const sNeg = negatedAt(a.source, ctx.source.text, sj);
      if (!differs(cw, sw, cNeg, sNeg)) continue;
      // a lowered quantifier is shown with its negation ("not all", not "all")
      const f = finding(ctx, 'quantifiers', 'quantifier', h, [ci], [sj]);
      return { ...f, ...(cNeg ? claimWithNegation(ctx, ci, f) : {}), ...(sNeg ? { sourceText: ctx.source.text.slice(a.source[sj - 1]!.start, a.source[sj]!.end) } : {}) };
    }
  }
  return undefined;
}

export const quantifiersKind: ConflictKind = {
  id: 'quantifiers',
  find(ctx) {
    const f = firstTight(ctx, inHunk);
    return f?.tight ? f : restrictionLifted(ctx) ?? f;
  },
};
