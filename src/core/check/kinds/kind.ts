/**
 * The interface every conflict kind implements, and what they share. A kind reads one token
 * alignment of a claim with a source sentence (alignment.ts) and names the substitution it
 * recognises — a number for another number, a name for another name, a word for its opposite, a
 * negation put in or taken out at a word both sides state — or nothing. It never judges an
 * insertion (a qualifier, a longer name, an extra list item): at most that is unsupported detail.
 */
import type { Atom, Hunk, TokenAlignment } from '../alignment';
import type { Profile } from '../profile';
import type { Conflict } from '../../types';

export type KindId = 'values' | 'names' | 'swaps' | 'negation' | 'opposites' | 'quantifiers';

export interface Finding {
  kind: KindId;
  /** What a reader is told conflicts (number, unit, date, range, name, negation, antonym, quantifier). */
  display: Conflict['kind'];
  /** Both sides as written; the source side is '' for a negation put in or taken out. */
  claimText: string;
  sourceText: string;
  /** [claimStart, claimEnd) of `claimText` in the claim's profiled text. */
  claimStart: number;
  claimEnd: number;
  /** Claim atoms the finding accounts for: they count as restated when the rest is measured. */
  atoms: number[];
  /** Source atoms the finding accounts for (the other side of the edit). */
  sourceAtoms: number[];
  /**
   * The substitution is all its hunk holds on either side (nothing else of the claim or the source
   * left unaligned there) and an aligned word or the sentence's edge bounds it: one clear edit.
   */
  tight: boolean;
  /**
   * The finding changes what the source says without the two sides known to exclude each other
   * (a restriction lifted onto another set: "Only administrators" / "All users"): the claim is
   * unsupported and the edit asked about, never contradicted.
   */
  asks?: true;
}

/** What a kind reads: the alignment, both profiles, and the sets of values that exclude each other. */
export interface KindContext {
  a: TokenAlignment;
  claim: Profile;
  source: Profile;
  /**
   * Whether two words are values of one setting (the corpus's own lists, the user's glossary):
   * "Always" / "IfNotPresent", "HTTP" / "HTTPS".
   */
  exclusive(a: string, b: string): boolean;
}

export interface ConflictKind {
  id: KindId;
  find(ctx: KindContext): Finding | undefined;
}

/** The content atoms (words, values) among `idx`. */
export const contentAt = (atoms: readonly Atom[], idx: readonly number[]): number[] => idx.filter((i) => atoms[i]!.type === 'word' || atoms[i]!.type === 'value');

/**
 * Whether a finding over claim atoms `c` and source atoms `s` of hunk `h` is tight: nothing else of
 * content is left unaligned in the hunk on either side, and the hunk is not the whole of both
 * sentences (something aligned around it).
 */
export function tightIn(ctx: KindContext, h: Hunk, c: readonly number[], s: readonly number[]): boolean {
  const extraClaim = contentAt(ctx.a.claim, h.claim).filter((i) => !c.includes(i));
  const extraSource = contentAt(ctx.a.source, h.source).filter((j) => !s.includes(j));
  return extraClaim.length === 0 && extraSource.length === 0 && (h.left || h.right);
}

/** The profiled text of atoms `idx` (first to last) of one side. */
export function textOf(p: Profile, atoms: readonly Atom[], idx: readonly number[]): { text: string; start: number; end: number } {
  if (idx.length === 0) return { text: '', start: 0, end: 0 };
  const start = Math.min(...idx.map((i) => atoms[i]!.start));
  const end = Math.max(...idx.map((i) => atoms[i]!.end));
  return { text: p.text.slice(start, end), start, end };
}

/** Negations (and negating verbs) among atoms `idx`. */
export const negationsIn = (atoms: readonly Atom[], idx: readonly number[]): number => idx.filter((i) => atoms[i]!.negates).length;

/** A finding's fields from claim atoms `c` and source atoms `s`. */
export function finding(ctx: KindContext, kind: KindId, display: Conflict['kind'], h: Hunk, c: number[], s: number[], tight = tightIn(ctx, h, c, s)): Finding {
  const ct = textOf(ctx.claim, ctx.a.claim, c);
  const st = textOf(ctx.source, ctx.a.source, s);
  return { kind, display, claimText: ct.text, sourceText: st.text, claimStart: ct.start, claimEnd: ct.end, atoms: c, sourceAtoms: s, tight };
}

/**
 * A kind's finding over the hunks of an alignment: the first tight one, else the first loose one.
 * Every kind that judges hunk by hunk searches this way.
 */
export function firstTight(ctx: KindContext, inHunk: (ctx: KindContext, h: Hunk) => Finding | undefined): Finding | undefined {
  let loose: Finding | undefined;
  for (const h of ctx.a.hunks) {
    const f = inHunk(ctx, h);
    if (f?.tight) return f;
    loose ??= f;
  }
  return loose;
}
