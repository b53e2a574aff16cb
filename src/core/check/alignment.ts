/**
 * Token alignment of a claim with one source sentence: both are read as atoms (content words,
 * values with their units, negations, logical function words), aligned by a longest common
 * subsequence over atoms that state the same thing (the same word, an inflection, a synonym, the
 * same quantity), and cut into hunks — the runs between two aligned atoms where the claim says
 * something the source does not (an insertion), leaves something out (a deletion), or says
 * something else in the same place (a substitution). A word aligned out of order ("bypassed only
 * if" / "only bypassed if") is moved, not missing. The conflict kinds (kinds/) judge substitutions
 * only: an insertion is never a contradiction.
 */
import { lemmasOf, shareSynset, sortedSynsetsOf } from './lexicon';
import type { Profile, Value } from './profile';
import { states } from './quantities';
import { onScale } from './scales';
import { acronymLetters, spellOut } from './spelledNames';
import { stem } from '../text/analyzer';

export type AtomType = 'word' | 'value' | 'neg' | 'logic';

export interface Atom {
  type: AtomType;
  /** Stem (word), normalised value (value), lower-case word (logic), 'neg' (negation; {@link QUANTIFIER_NEGATION} before a quantifier). */
  key: string;
  /** As written. */
  surface: string;
  /** [start, end) in the profiled text. */
  start: number;
  end: number;
  /** A word written as a name (capitals, mixed case, a rare sentence opener). */
  name: boolean;
  /** A name written in capitals ("HTTPS", "SSA"): only the same letters state it. */
  acronym: boolean;
  value?: Value;
  /** A negation, or a verb that negates what it governs ("avoid", "fail to"). */
  negates: boolean;
  /** A word's synsets in ascending order ({@link sortedSynsetsOf} of its surface), once asked for. */
  senses?: Int32Array;
}

/** Verbs that negate what they govern, kept as words so both sides can align them ("avoid defaulting" / "avoid default", "prevent streaking" / "avoid streaking"). */
const NEGATING_VERBS = /^(avoid|avoids|avoided|avoiding|prevent|prevents|prevented|preventing|fail|fails|failed|failing|unable)$/;
/** The key of a negation that denies the quantifier after it ("not all", "not always"). */
export const QUANTIFIER_NEGATION = 'neg:quantifier';
const ACRONYM = /^\p{Lu}[\p{Lu}\d]+s?$/u;
const DOTTED_ACRONYM = /^(?:\p{Lu}\.){1,4}\p{Lu}\.?$/u;

const atomCache = new WeakMap<Profile, Atom[]>();

/** The atoms of a profile in text order (cached per profile). */
export function atomsOf(p: Profile): Atom[] {
  let atoms = atomCache.get(p);
  if (atoms) return atoms;
  atoms = [];
  const word = (key: string, start: number, end: number, name: boolean): Atom => {
    const surface = p.text.slice(start, end);
    return { type: 'word', key, surface, start, end, name, acronym: name && ACRONYM.test(surface) && !/^\p{Lu}\p{Ll}/u.test(surface), negates: false, senses: undefined };
  };
  for (const o of p.occurrences) {
    const name = (p.names.has(o.term) || p.openers.has(o.term)) && /\p{Lu}/u.test(p.text.slice(o.start, o.end));
    // "avoid", "fail", "unable" negate what they govern wherever they stand ("avoiding the use of")
    if (NEGATING_VERBS.test(p.text.slice(o.start, o.end).toLowerCase())) {
      atoms.push({ ...word(o.term, o.start, o.end, false), negates: true });
      continue;
    }
    // capitals with dots ("U.S.", "U.S.A.") are one acronym, written another way ("US", "USA")
    if (DOTTED_ACRONYM.test(p.text.slice(o.start, o.end))) {
      atoms.push({ ...word(o.term, o.start, o.end, true), acronym: true });
      continue;
    }
    // a dotted key ("permission.enabled", "app.baseUrl") is its parts: YAML writes them on separate lines
    if (o.term.includes('.') && !/\d/.test(o.term)) {
      let at = o.start;
      for (const part of p.text.slice(o.start, o.end).split('.')) {
        if (part) atoms.push(word(stem(part.toLowerCase()), at, at + part.length, name || /\p{Lu}/u.test(part.slice(1))));
        at += part.length + 1;
      }
    } else atoms.push(word(o.term, o.start, o.end, name));
  }
  for (const v of p.values) atoms.push({ type: 'value', key: v.v, surface: v.surface, start: v.start, end: v.end, name: false, acronym: false, value: v, negates: false });
  for (const c of p.cues) {
    const surface = p.text.slice(c.start, c.end);
    const verb = NEGATING_VERBS.exec(surface.toLowerCase().split(/\s/)[0] ?? '');
    if (verb) atoms.push({ ...word(stem(verb[1]!), c.start, c.start + verb[1]!.length, false), negates: true });
    else atoms.push({ type: 'neg', key: 'neg', surface, start: c.start, end: c.end, name: false, acronym: false, negates: true });
  }
  // "rather than" and "instead of" negate what follows ("comb it rather than piling it" / "don't pile it")
  for (const m of p.text.matchAll(/\b(rather than|instead of)\b/gi)) atoms.push({ type: 'neg', key: 'neg', surface: m[0], start: m.index, end: m.index + m[0].length, name: false, acronym: false, negates: true });
  // "except" and "unless" negate what follows ("any language except English" / "not English")
  for (const l of p.logic) atoms.push({ type: 'logic', key: l.term, surface: p.text.slice(l.start, l.end), start: l.start, end: l.end, name: false, acronym: false, negates: l.term === 'except' || l.term === 'unless' });
  atoms.sort((a, b) => a.start - b.start || a.end - b.end);
  // "not all", "not always" deny the quantifier, not the clause: such a negation states only
  // another negated quantifier ("Not all offices offer it" is no "offices do not offer it")
  for (let k = 0; k + 1 < atoms.length; k++) {
    const x = atoms[k]!;
    const next = atoms[k + 1]!;
    if (x.type === 'neg' && next.type === 'logic' && onScale(next.key) && /^\s*$/.test(p.text.slice(x.end, next.start))) atoms[k] = { ...x, key: QUANTIFIER_NEGATION };
  }
  atomCache.set(p, atoms);
  return atoms;
}

/**
 * Whether two word atoms share a lemma or a WordNet sense. A shared lemma is a shared sense (every
 * lemma has a synset), so it is one merge of the atoms' ascending synset lists, each listed once
 * per atom: the alignment asks for every pair of its sentences' words.
 */
function shareSense(c: Atom, s: Atom): boolean {
  const a = (c.senses ??= sortedSynsetsOf(c.surface));
  if (a.length === 0) return false;
  return shareSynset(a, (s.senses ??= sortedSynsetsOf(s.surface)));
}

/** A content atom: a word or a value (what coverage is measured on). */
export const isContent = (a: Atom): boolean => a.type === 'word' || a.type === 'value';
/** Indices of the content atoms of one side that nothing of the other side aligns to (`aligned`: matched or used). */
export const unalignedContent = (atoms: readonly Atom[], aligned: readonly boolean[]): number[] => atoms.flatMap((x, i) => (isContent(x) && !aligned[i] ? [i] : []));

/**
 * Whether source atom `s` states claim atom `c` in place: the same word or an inflection of it, a
 * synonym (a shared WordNet sense; never for names), the same quantity.
 */
export function sameAtom(c: Atom, s: Atom): boolean {
  // a number word read as a count on one side and as a word on the other ("yes one best age" /
  // "no one best age") is the same word as written
  if (c.type !== s.type) return isContent(c) && isContent(s) && !c.name && !s.name && c.surface.toLowerCase() === s.surface.toLowerCase();
  switch (c.type) {
    case 'neg':
      return c.key === s.key;
    case 'logic':
      return c.key === s.key;
    case 'value':
      return states(s.value!, c.value!);
    case 'word': {
      // letters in capitals are compared as written: the stemmer makes "HTTPS" "http"
      if (c.acronym || s.acronym) return acronymLetters(c.surface) === acronymLetters(s.surface);
      // a name is the same name only in another inflection, not through the stemmer's cut
      // ("General" and "Generate" both stem to "gener")
      if (c.name || s.name) return c.key === s.key && sameNameForm(c.surface, s.surface);
      if (c.key === s.key) return true;
      // (neither is an acronym here: those were compared above)
      return shareSense(c, s);
    }
  }
}

/** Two written forms of one name: the same letters but for a plural or possessive ending, or one WordNet lemma. */
function sameNameForm(a: string, b: string): boolean {
  const bare = (w: string): string => w.toLowerCase().replace(/['’]s$/, '').replace(/(?<=\p{L}{3})(es|s)$/u, '');
  if (bare(a) === bare(b)) return true;
  const la = lemmasOf(a);
  const lb = lemmasOf(b);
  return la.some((l) => lb.includes(l));
}

/** A run of the claim and the source between two aligned atoms (or a sentence's edge). */
export interface Hunk {
  /** Claim atom indices in the run that are not aligned anywhere. */
  claim: number[];
  /** Source atom indices in the run that nothing of the claim aligns to. */
  source: number[];
  /** Whether an aligned atom bounds the run on the left / right (else the sentence's edge). */
  left: boolean;
  right: boolean;
}

export interface TokenAlignment {
  claim: Atom[];
  source: Atom[];
  /** Aligned atoms in order: [claim index, source index]. */
  pairs: Array<[number, number]>;
  /** Claim atoms stated out of order: [claim index, source index]. */
  moved: Array<[number, number]>;
  hunks: Hunk[];
  /** Per claim atom: aligned in order or moved. */
  matched: boolean[];
  /** Per source atom: something of the claim aligns to it. */
  used: boolean[];
}

/** Bonus for aligning an atom whose successor aligns with the source atom's successor (see alignTokens). */
const CONTIGUOUS = 0.25;
/** Weight of an aligned atom in the longest common subsequence: content outweighs function words. */
const pairWeight = (a: Atom): number => (isContent(a) ? 2 : 1);

/** Aligns a claim's atoms with a source sentence's (see the file comment). */
export function alignTokens(claim: Profile, source: Profile): TokenAlignment {
  let row = tokenAlignments.get(claim);
  if (!row) tokenAlignments.set(claim, (row = new WeakMap()));
  let a = row.get(source);
  if (!a) row.set(source, (a = alignTokensNow(claim, source)));
  return a;
}
/** Token alignments by claim and source profile (both looks at a claim align it with the same sentences); never changed once made. */
const tokenAlignments = new WeakMap<Profile, WeakMap<Profile, TokenAlignment>>();

function alignTokensNow(claim: Profile, source: Profile): TokenAlignment {
  const c = atomsOf(claim);
  const s = atomsOf(source);
  const n = c.length;
  const m = s.length;
  // weighted longest common subsequence, row-major table of (n+1) x (m+1)
  const w = m + 1;
  const dp = new Float64Array((n + 1) * w);
  const eq = new Uint8Array(n * m);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const same = sameAtom(c[i]!, s[j]!);
      eq[i * m + j] = same ? 1 : 0;
      // a small bonus when the next atoms align too: of two equal alignments, the one that keeps
      // phrases together wins ("create the required ingresses" with the second "create" of the source)
      const take = same ? pairWeight(c[i]!) + (i + 1 < n && j + 1 < m && eq[(i + 1) * m + j + 1] ? CONTIGUOUS : 0) + dp[(i + 1) * w + j + 1]! : 0;
      dp[i * w + j] = Math.max(take, dp[(i + 1) * w + j]!, dp[i * w + j + 1]!);
    }
  }
  const pairs: Array<[number, number]> = [];
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (eq[i * m + j] && dp[i * w + j] === pairWeight(c[i]!) + (i + 1 < n && j + 1 < m && eq[(i + 1) * m + j + 1] ? CONTIGUOUS : 0) + dp[(i + 1) * w + j + 1]!) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (dp[(i + 1) * w + j]! >= dp[i * w + j + 1]!) i++;
    else j++;
  }
  const matched = new Array<boolean>(n).fill(false);
  const used = new Array<boolean>(m).fill(false);
  for (const [i, j] of pairs) {
    matched[i] = true;
    used[j] = true;
  }
  // words written in another order: each claim atom takes the first free source atom that states it
  const moved: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    if (matched[i]) continue;
    for (let j = 0; j < m; j++) {
      if (used[j] || !eq[i * m + j]) continue;
      moved.push([i, j]);
      matched[i] = true;
      used[j] = true;
      break;
    }
  }
  // (an acronym paired in order joins the pairs at the end: put them back in order)
  const spelled = spellOut(c, s, pairs, moved, matched, used, false);
  if (spellOut(s, c, pairs, moved, used, matched, true) || spelled) pairs.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const hunks: Hunk[] = [];
  const bounds: Array<[number, number]> = [[-1, -1], ...pairs, [n, m]];
  for (let k = 1; k < bounds.length; k++) {
    const [pi, pj] = bounds[k - 1]!;
    const [qi, qj] = bounds[k]!;
    const hc: number[] = [];
    const hs: number[] = [];
    for (let i = pi + 1; i < qi; i++) if (!matched[i]) hc.push(i);
    for (let j = pj + 1; j < qj; j++) if (!used[j]) hs.push(j);
    if (hc.length || hs.length) hunks.push({ claim: hc, source: hs, left: k > 1, right: k < bounds.length - 1 });
  }
  return { claim: c, source: s, pairs, moved, hunks, matched, used };
}

/**
 * The share of the claim's content that the source states (aligned or moved), weighted by
 * `weight(atom)`, leaving out the claim atoms in `except` (what a conflict accounts for, which
 * counts as restated). 1 when the claim has no content.
 */
export function coverage(a: TokenAlignment, weight: (atom: Atom) => number, except: ReadonlySet<number> = new Set()): number {
  let total = 0;
  let hit = 0;
  a.claim.forEach((atom, i) => {
    if (!isContent(atom)) return;
    const wt = weight(atom);
    total += wt;
    if (a.matched[i] || except.has(i)) hit += wt;
  });
  return total > 0 ? hit / total : 1;
}

/** The share of the source sentence's content atoms the claim restates (unweighted; atoms in `except` count as restated). */
export function sourceCoverage(a: TokenAlignment, except: ReadonlySet<number> = new Set()): number {
  let total = 0;
  let hit = 0;
  a.source.forEach((atom, j) => {
    if (!isContent(atom)) return;
    total++;
    if (a.used[j] || except.has(j)) hit++;
  });
  return total > 0 ? hit / total : 1;
}
