/**
 * Negation: a negation put in or taken out at a word both sides state ("are copied" / "are not
 * copied", "you never need" / "you need", "no longer exists" / "still exists"). Only negations
 * that govern an aligned word count ("If you don't have insurance, you need to surrender …" does
 * not negate "you need to surrender …"), and the two sides must differ in how many of those they
 * hold: "does not require any effort" says what "requires no effort" says, and "not disabled"
 * what "enabled" says (the opposites kind reads that one).
 */
import { QUANTIFIER_NEGATION, type Atom, type Hunk, type TokenAlignment } from '../alignment';
import { lemmasOf, partsOfSpeech } from '../lexicon';
import { BOUND_WORDS } from '../profileWords';
import { clauseAround, inClause, narrowedUnderNegation, otherNegations } from './clauses';
import { contentAt, finding, tightIn, type ConflictKind, type Finding, type KindContext } from './kind';

/** Words that make a sentence conditional. */
const CONDITIONAL = /\b(if|unless|whether|provided that|as long as|depending on|in case)\b/i;
/** Atoms a negation reaches past to the word it governs. */
const REACH = 3;

/** Index of the first content atom after negation `k` within reach and within its clause, or -1. */
function governed(atoms: readonly Atom[], k: number, text: string): number {
  const between = (i: number): string => text.slice(atoms[i - 1]!.end, atoms[i]!.start);
  for (let i = k + 1; i < atoms.length && i <= k + REACH; i++) {
    if (/[,;:.!?()]/.test(between(i))) {
      // an adverb set off by commas does not end the clause ("is not, therefore, required")
      if (!/^\s*,\s*$/.test(between(i)) || i + 1 >= atoms.length || !/^\s*,\s*$/.test(between(i + 1))) return -1;
      if (atoms[i]!.type !== 'word' || !partsOfSpeech(atoms[i]!.surface).has('r')) return -1;
      i++;
      return atoms[i]!.type === 'word' || atoms[i]!.type === 'value' ? i : -1;
    }
    if (atoms[i]!.type === 'word' || atoms[i]!.type === 'value') return i;
  }
  return -1;
}

/**
 * The negations of one side that govern a word aligned in order with the other side (a word
 * moved from elsewhere says nothing of this place), with their governed atoms.
 */
function active(atoms: readonly Atom[], text: string, aligned: ReadonlySet<number>): Array<{ k: number; g: number }> {
  const out: Array<{ k: number; g: number }> = [];
  atoms.forEach((x, k) => {
    if (!x.negates) return;
    const g = governed(atoms, k, text);
    if (g < 0 || !aligned.has(g)) return;
    // "avoid" negates an action ("avoid rubbing", "avoiding the use of"), not a thing: "Avoid
    // physical contact" says nothing against a sentence that names physical contact
    if (x.type === 'word' && !partsOfSpeech(atoms[g]!.surface).has('v')) return;
    out.push({ k, g });
  });
  return out;
}

/** Whether a negation lowers a quantifier the other side does not write ("not all" / "some"). */
const lowered = (atoms: readonly Atom[], aligned: ReadonlySet<number>): boolean => atoms.some((x, k) => x.key === QUANTIFIER_NEGATION && !aligned.has(k + 1));

const hunkOf = (a: TokenAlignment, k: number, claimSide: boolean): Hunk | undefined => a.hunks.find((h) => (claimSide ? h.claim : h.source).includes(k));

/** A denial of ability: "can't", "cannot", "can not", "couldn't". */
const ABILITY_DENIED = /^(can'?t|cannot|can not|could ?n'?t|couldn't|could not)$/i;

/** Whether a sentence is an instruction: it opens with a verb in its base form ("Apply for S-DVI online."). */
function instruction(text: string): boolean {
  const first = /^[\s\d.)*-]*(\p{Lu}\p{Ll}+)\b/u.exec(text)?.[1];
  // the base form of a verb ("Apply", "Use"), not "Provides" or "Nested"
  return first !== undefined && lemmasOf(first)[0] === first.toLowerCase() && partsOfSpeech(first).has('v');
}

export const negationKind: ConflictKind = {
  id: 'negation',
  find(ctx: KindContext): Finding | undefined {
    const { a } = ctx;
    const claimAligned = new Set(a.pairs.map(([i]) => i));
    const sourceAligned = new Set(a.pairs.map(([, j]) => j));
    // a quantifier lowered on one side ("Not all offices offer it") against a denial on the other
    // ("No office offers it", "Offices do not offer it") differs in how many, not in polarity
    if (lowered(a.claim, claimAligned) || lowered(a.source, sourceAligned)) return undefined;
    const elided = elidedNegation(ctx);
    if (elided) return elided;
    const cn = active(a.claim, ctx.claim.text, claimAligned);
    const sn = active(a.source, ctx.source.text, sourceAligned);
    // a bound ("no more than") counts as a negation of its comparative, where that is aligned
    const bounds = (atoms: readonly Atom[], text: string, aligned: ReadonlySet<number>): number => atoms.filter((_, i) => aligned.has(i) && boundNegation(atoms, text, i) >= 0).length;
    // polarity is compared clause by clause: two negations put into two clauses ("The token never
    // expires and the client does not renew it") do not cancel each other, as an even count over
    // the whole sentence would say
    const sameOverall = (cn.length + bounds(a.claim, ctx.claim.text, claimAligned)) % 2 === (sn.length + bounds(a.source, ctx.source.text, sourceAligned)) % 2;
    if (sameOverall && !clauseDiffers(a, ctx, cn, sn)) return undefined;
    // the side with the negation the other lacks: one of its negations aligned with nothing
    const first = cn.length > sn.length || (cn.length === sn.length && sameOverall);
    // with as many negations on both sides, a clause that differs is one clear edit only in a copy
    // of the source: every content word of the claim aligned ("If you don't have that condition,
    // then you can't apply" against "Find out if you qualify … and how to apply" differs in its
    // second clause, but restates too little for that to be the edit)
    const f = negationOn(ctx, first, cn, sn) ?? (sameOverall ? negationOn(ctx, !first, cn, sn) : undefined);
    if (f && sameOverall && f.tight && !a.claim.every((x, i) => a.matched[i] || !(x.type === 'word' || x.type === 'value'))) return { ...f, tight: false };
    return f ?? boundFlipped(ctx);
  },
};

/**
 * Whether some clause holds a negation, at a word both sides state, that the other side's clause
 * does not (a bound, "no longer than", counting as a negation of its clause).
 */
function clauseDiffers(a: TokenAlignment, ctx: KindContext, cn: ReadonlyArray<{ k: number; g: number }>, sn: ReadonlyArray<{ k: number; g: number }>): boolean {
  const at = (claimSide: boolean, g: number): [number, number] | undefined => a.pairs.find(([i, j]) => (claimSide ? i : j) === g);
  const polarity = (atoms: readonly Atom[], text: string, negs: ReadonlyArray<{ k: number; g: number }>, aligned: readonly boolean[], g: number): number => {
    const [from, to] = clauseAround(text, atoms[g]!.start);
    const bounds = atoms.filter((x, i) => aligned[i] && x.start >= from && x.end <= to && boundNegation(atoms, text, i) >= 0).length;
    return (inClause(atoms, text, negs, g) + bounds) % 2;
  };
  return [true, false].some((claimSide) => (claimSide ? cn : sn).some(({ g }) => {
    const pair = at(claimSide, g);
    return pair !== undefined && polarity(a.claim, ctx.claim.text, cn, a.matched, pair[0]) !== polarity(a.source, ctx.source.text, sn, a.used, pair[1]);
  }));
}

/**
 * The negation of one side (`claimSide`: put into the claim; else taken out of the source) at a
 * word both sides state, where that word's clauses differ in polarity, as a finding; or undefined.
 */
function negationOn(ctx: KindContext, claimSide: boolean, cn: ReadonlyArray<{ k: number; g: number }>, sn: ReadonlyArray<{ k: number; g: number }>): Finding | undefined {
  const { a } = ctx;
  for (const { k, g } of claimSide ? cn : sn) {
    const h = hunkOf(a, k, claimSide);
    if (!h) continue;
    // the governed word's counterpart on the other side, and the negations of each clause
    const pair = a.pairs.find(([i, j]) => (claimSide ? i : j) === g);
    if (!pair) continue;
    const [ci, sj] = pair;
    if (inClause(a.claim, ctx.claim.text, cn, ci) % 2 === inClause(a.source, ctx.source.text, sn, sj) % 2) continue;
    if (claimSide ? narrowedUnderNegation(a.claim, ctx.claim.text, ci, a.matched) : narrowedUnderNegation(a.source, ctx.source.text, sj, a.used)) continue;
    // one word may stand where the negation was ("still" for "no longer", "ever" for "never")
    // a negation written in two words keeps its second on the other side ("no longer" / "yes
    // longer", "fails to" / "tries to"): that word is not an edit of its own
    const cueWords = new Set((claimSide ? a.claim : a.source)[k]!.surface.toLowerCase().split(/\s+/).slice(1));
    const kept = (x: Atom): boolean => !cueWords.has(x.surface.toLowerCase());
    const cc = contentAt(a.claim, h.claim).filter((i) => claimSide || kept(a.claim[i]!));
    const sc = contentAt(a.source, h.source).filter((j) => !claimSide || kept(a.source[j]!));
    const standIn = (xs: number[]): number[] => (xs.length === 1 ? xs : []);
    const c = claimSide ? [k, ...standIn(sc.length === 0 ? cc : [])] : standIn(cc);
    const s = claimSide ? standIn(sc) : [k];
    // what the source leaves around a negation it holds is an omission (the claim restates one
    // clause of it); what the claim adds there is not
    // a condition on one side only ("If you have a disability, apply for S-DVI" / "You can't apply
    // for S-DVI") may be what the negation answers: never one clear edit
    const conditional = CONDITIONAL.test(ctx.claim.text) !== CONDITIONAL.test(ctx.source.text);
    // a second negation in the clause, at a word the other side does not state, may cancel this
    // one ("It is not possible to recover photos without a backup" / "Photos can only be
    // recovered from a backup"): never one clear edit
    // and a negation the other side holds at a word this side does not state may be this very
    // negation written elsewhere ("If not all plastic comes off" / "You may not be able to get
    // all of the plastic off"): neither is one clear edit
    const doubled = otherNegations(a.claim, ctx.claim.text, cn, ci, a.matched) || otherNegations(a.source, ctx.source.text, sn, sj, a.used);
    // "You can't apply" against "Apply online": an instruction says how, not who may (the
    // denied verb is the instruction's own, not one inside it: "Call us if you can attend")
    const ability = claimSide && ABILITY_DENIED.test(a.claim[k]!.surface) && sj === 0 && instruction(ctx.source.text);
    const tight = !conditional && !doubled && !ability && cc.every((i) => c.includes(i)) && (claimSide ? sc.every((j) => s.includes(j)) : true) && (h.left || h.right);
    const f = finding(ctx, 'negation', 'negation', h, c, s, tight);
    if (claimSide) return f;
    // a negation taken out: the claim's word, and the source's negated phrase as written ("copied" / "not copied")
    const negated = ctx.source.text.slice(a.source[k]!.start, a.source[g]!.end);
    if (c.length > 0) return { ...f, sourceText: negated };
    const w = a.claim[ci]!;
    return { ...f, claimText: w.surface, claimStart: w.start, claimEnd: w.end, sourceText: negated };
  }
  return undefined;
}

/** Whether every atom of one side that says something (content, negations, "only", "all") but `except` is aligned. */
const allAlignedBut = (atoms: readonly Atom[], aligned: readonly boolean[], except = -1): boolean =>
  atoms.every((x, i) => i === except || aligned[i] || !(x.type === 'word' || x.type === 'value' || x.type === 'logic' || x.negates));

/**
 * A negation that governs no word of its clause, because the verb it denies is left out or is a
 * function word ("If it is not, we then go to Step 4", "… but you do not, your coverage may be
 * delayed", "She was not there before them"), against the same sentence without it. With no
 * governed word to hold the two sides in place, only a copy altered by that negation alone is
 * read: every other atom of both sides aligned, and a condition on both sides or on neither.
 */
function elidedNegation(ctx: KindContext): Finding | undefined {
  const { a } = ctx;
  // "If not, you need to renew" against "You need to renew": a condition on one side only
  if (CONDITIONAL.test(ctx.claim.text) !== CONDITIONAL.test(ctx.source.text)) return undefined;
  for (const claimSide of [true, false]) {
    const atoms = claimSide ? a.claim : a.source;
    const text = claimSide ? ctx.claim.text : ctx.source.text;
    const aligned = claimSide ? a.matched : a.used;
    const k = atoms.findIndex((x, i) => x.type === 'neg' && !aligned[i] && !/\s/.test(x.surface.trim()) && governed(atoms, i, text) < 0);
    if (k < 0 || !allAlignedBut(atoms, aligned, k) || !allAlignedBut(claimSide ? a.source : a.claim, claimSide ? a.used : a.matched)) continue;
    const h = hunkOf(a, k, claimSide);
    if (!h || !(h.left || h.right)) continue;
    const f = finding(ctx, 'negation', 'negation', h, claimSide ? [k] : [], claimSide ? [] : [k], true);
    if (claimSide) return f;
    // taken out: the claim's words where the negation was ("If it is"), as written
    const place = elidedPlace(a, k, ctx.claim.text);
    return { ...f, claimText: place.text, claimStart: place.start, claimEnd: place.end, sourceText: text.slice(atoms[k - 1]?.end ?? 0, atoms[k]!.end).replace(/^[\s,;:.]+/, '') };
  }
  return undefined;
}

/** The claim's text where source atom `k`, aligned with nothing, would stand: up to the clause's end. */
function elidedPlace(a: TokenAlignment, k: number, text: string): { text: string; start: number; end: number } {
  const before = a.pairs.filter(([, j]) => j < k).pop();
  const after = a.pairs.find(([, j]) => j > k);
  let start = before ? a.claim[before[0]]!.end : 0;
  let end = after ? a.claim[after[0]]!.start : text.length;
  const cut = /[,;:]/.exec(text.slice(start, end));
  if (cut && cut.index > 0 && text.slice(start, start + cut.index).trim()) end = start + cut.index;
  while (start < end && /[\s,;:.]/.test(text[start]!)) start++;
  while (end > start && /[\s,;:.]/.test(text[end - 1]!)) end--;
  return { text: text.slice(start, end), start, end };
}

/** Index of the "no"/"not" of a bound ("no more than", "not higher than") whose comparative is atom `i`, or -1. */
function boundNegation(atoms: readonly Atom[], text: string, i: number): number {
  const x = atoms[i]!;
  const before = atoms[i - 1];
  if (!before || before.type !== 'word' || !/^(no|not)$/i.test(before.surface) || !/^\s+$/.test(text.slice(before.end, x.start))) return -1;
  return BOUND_WORDS.has(x.surface.toLowerCase()) && /^\s+than\b/i.test(text.slice(x.end)) ? i - 1 : -1;
}

/**
 * A bound on one side against the plain comparison on the other: "are not higher than one of the
 * years" says at most, "are higher than one of the years" says more. A bound is no denial of a
 * time limit ("no later than 30 days" / "within 30 days"): it opposes only the same comparative,
 * aligned in place, with no other negation in the other side's clause ("more than five users are
 * not allowed" says what "no more than five users" says).
 */
function boundFlipped(ctx: KindContext): Finding | undefined {
  const { a } = ctx;
  for (const [ci, sj] of a.pairs) {
    const ck = boundNegation(a.claim, ctx.claim.text, ci);
    const sk = boundNegation(a.source, ctx.source.text, sj);
    if ((ck < 0) === (sk < 0)) continue;
    const claimSide = ck >= 0;
    const k = claimSide ? ck : sk;
    // the other side: its comparative unbound, and no negation in its clause
    if (claimSide ? otherNegations(a.source, ctx.source.text, [], sj, a.used) : otherNegations(a.claim, ctx.claim.text, [], ci, a.matched)) continue;
    const h = hunkOf(a, k, claimSide);
    if (!h) continue;
    const conditional = CONDITIONAL.test(ctx.claim.text) !== CONDITIONAL.test(ctx.source.text);
    const c = claimSide ? [k] : [];
    const s = claimSide ? [] : [k];
    const f = finding(ctx, 'negation', 'negation', h, c, s, !conditional && tightIn(ctx, h, c, s));
    if (claimSide) return f;
    const w = a.claim[ci]!;
    return { ...f, claimText: w.surface, claimStart: w.start, claimEnd: w.end, sourceText: ctx.source.text.slice(a.source[k]!.start, a.source[sj]!.end) };
  }
  return undefined;
}
