/**
 * Names: a name of the claim in the place of another name of the source ("Dex provides
 * authentication" / "Keycloak provides …", "the SSA" / "the IRS"). Not another name: the same name
 * shortened or spelt out ("US" / "United States", "USA", "F" / "Fahrenheit", "NY" / "New York"), an
 * acronym of a longer form of it ("RHDH" / "Developer Hub"), or a
 * near-miss in spelling of a long word ("Ememption" / "Exemption"): those are left to support. WordNet
 * is not asked: a name that is also a word ("Lighthouse", "Beacon") names a thing of its own.
 */
import type { Atom, Hunk, TokenAlignment } from '../alignment';
import { defaultPrior } from '../backgroundStats';
import { isProperNoun } from '../properNouns';
import { finding, type ConflictKind, type Finding, type KindContext, firstTight } from './kind';

/** Runs of adjacent name atoms among `idx` (indices consecutive in the atom list). */
function nameRuns(atoms: readonly Atom[], idx: readonly number[]): number[][] {
  const runs: number[][] = [];
  for (const i of idx) {
    if (atoms[i]!.type !== 'word' || !atoms[i]!.name) continue;
    const last = runs[runs.length - 1];
    if (last && last[last.length - 1] === i - 1) last.push(i);
    else runs.push([i]);
  }
  return runs;
}

const letters = (s: string): string => s.replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();

/** The initials of a run of words ("United States" → "US"), with and without its small words. */
function initials(atoms: readonly Atom[], run: readonly number[]): string {
  return run.map((i) => atoms[i]!.surface[0] ?? '').join('').toUpperCase();
}

/** Levenshtein distance, at most `cap` + 1 (enough to tell a typo from another name). */
function distance(a: string, b: string, cap = 2): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur.push(Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = cur;
  }
  return prev[b.length]!;
}

/** Whether two name runs may name the same thing (see the file comment). */
export function sameNamed(ca: readonly Atom[], cr: readonly number[], sa: readonly Atom[], sr: readonly number[]): boolean {
  const c = cr.map((i) => ca[i]!.surface).join(' ');
  const s = sr.map((j) => sa[j]!.surface).join(' ');
  const cl = letters(c);
  const sl = letters(s);
  if (cl === sl) return true;
  // initials, either way, or one a prefix of the other's ("USA" / "United States")
  const ci = initials(ca, cr);
  const si = initials(sa, sr);
  if ((cr.length === 1 && (sl.length > 1 && (si.startsWith(cl) || cl.startsWith(si)) && sr.length > 1)) || (sr.length === 1 && cr.length > 1 && (ci.startsWith(sl) || sl.startsWith(ci)))) return true;
  // an acronym of a longer form of the other name: "RHDH" (Red Hat Developer Hub) / "Developer Hub"
  if (cr.length === 1 && sr.length > 1 && ca[cr[0]!]!.acronym && cl.endsWith(si)) return true;
  if (sr.length === 1 && cr.length > 1 && sa[sr[0]!]!.acronym && sl.endsWith(ci)) return true;
  // a short form: one name the other's first letters ("F" / "Fahrenheit", "Corp" / "Corporation")
  const [short, long] = cl.length <= sl.length ? [cl, sl] : [sl, cl];
  if (short.length >= 1 && long.startsWith(short) && cr.length === 1 && sr.length === 1 && !/^[\p{Lu}\d]+$/u.test(c + s)) return true;
  // a near-miss in spelling of a longer word is a typo or a variant, not another name ("Ememption");
  // two short names one letter apart are two names ("UK" / "US", "HTTP" / "HTTPS")
  if (Math.min(cl.length, sl.length) >= 5 && !/^[\p{Lu}\d]+$/u.test(c + s) && distance(cl, sl) <= 1) return true;
  return false;
}

/**
 * Documents in general English that may hold a word before it reads as an ordinary word written
 * with a capital ("Visit", "Center", "Cases", "Cars"), not a name of its own: out of the
 * background prior's 10,466 documents (backgroundStats.ts), about 0.3%.
 */
const COMMON_DF = 30;

/**
 * Whether a run names something of its own: an acronym, a mixed-case or numbered word, a word
 * English writes only as a name (WordNet: "Maine", "Ohio"), or a word general English rarely uses
 * ("Keycloak", "Grafana", "Lighthouse"). Two capitalised ordinary words
 * in one place ("Visit our …" / "Go to our …", "for Automobiles" / "for Cars") are a paraphrase or a
 * label as often as another name: the support side reads those.
 */
function proper(atoms: readonly Atom[], run: readonly number[]): boolean {
  // several capitalised words in a row mid-sentence are a name ("New York", "Red Hat")
  if (run.length > 1) return true;
  return run.some((i) => {
    const a = atoms[i]!;
    // a word English writes only as a name ("Maine", which stems to the common "main") is one
    return a.acronym || /\d|\p{Ll}\p{Lu}/u.test(a.surface) || isProperNoun(a.surface) || defaultPrior().df(a.key) < COMMON_DF;
  });
}

/** Whether two runs share a word (the same name with a qualifier: "Exemption" / "Exemption Sales Tax Form"). */
const overlap = (ca: readonly Atom[], cr: readonly number[], sa: readonly Atom[], sr: readonly number[]): boolean =>
  cr.some((i) => sr.some((j) => singular(ca[i]!.surface) === singular(sa[j]!.surface)));
/** A name's letters without a plural written in lower case ("CEOs" → "CEO"; "HTTPS" stays). */
const singular = (s: string): string => letters(s.replace(/(?<=\p{Lu})s$/u, ''));

/** The whole run of adjacent name atoms around atom `i` (indices consecutive in the atom list). */
function fullRun(atoms: readonly Atom[], i: number): number[] {
  const isName = (k: number): boolean => atoms[k] !== undefined && atoms[k]!.type === 'word' && atoms[k]!.name;
  let from = i;
  let to = i;
  while (isName(from - 1)) from--;
  while (isName(to + 1)) to++;
  return Array.from({ length: to - from + 1 }, (_, k) => from + k);
}

/**
 * Whether the two runs are whole names, or the parts that differ of two names that share the rest
 * in place ("South Dakota | State" / "New York | State"): every other word of each full name is
 * aligned to a word of the other's. Part of a longer name ("Red Hat" of "Red Hat Developer Hub",
 * the rest aligned elsewhere; "Methodology" of "Lifecycle Management Methodology" against a menu of
 * headings) stands for nothing alone.
 */
function whole(a: TokenAlignment, cr: readonly number[], sr: readonly number[]): boolean {
  const cFull = fullRun(a.claim, cr[0]!);
  const sFull = fullRun(a.source, sr[0]!);
  const claimRest = cFull.filter((i) => !cr.includes(i));
  const sourceRest = sFull.filter((j) => !sr.includes(j));
  if (claimRest.length !== sourceRest.length) return false;
  return claimRest.every((i) => a.pairs.some(([ci, sj]) => ci === i && sourceRest.includes(sj)));
}

/**
 * Whether the other side's name is an acronym of all the words this side writes in its place,
 * small words included ("BC" / "before Christ", "ToS" / "terms of service").
 */
function spelledOut(atoms: readonly Atom[], idx: readonly number[], otherAtoms: readonly Atom[], otherRun: readonly number[]): boolean {
  if (otherRun.length !== 1 || idx.length < 2) return false;
  const acronym = letters(otherAtoms[otherRun[0]!]!.surface);
  return acronym.length === idx.length && idx.map((i) => atoms[i]!.surface[0] ?? '').join('').toUpperCase() === acronym;
}

function inHunk(ctx: KindContext, h: Hunk): Finding | undefined {
  const cr = nameRuns(ctx.a.claim, h.claim);
  const sr = nameRuns(ctx.a.source, h.source);
  if (cr.length !== 1 || sr.length !== 1) return undefined;
  if (!whole(ctx.a, cr[0]!, sr[0]!)) return undefined;
  if (sameNamed(ctx.a.claim, cr[0]!, ctx.a.source, sr[0]!) || overlap(ctx.a.claim, cr[0]!, ctx.a.source, sr[0]!)) return undefined;
  if (spelledOut(ctx.a.claim, h.claim, ctx.a.source, sr[0]!) || spelledOut(ctx.a.source, h.source, ctx.a.claim, cr[0]!)) return undefined;
  // a common word is a name of its own where it stands in a longer name whose other words the
  // sides share, against a name of several words on the other side ("Maine State" / "New York
  // State"); against one word ("Bulk Export" / "Bulk Import") it may be a label's ordinary word
  const cp = proper(ctx.a.claim, cr[0]!);
  const sp = proper(ctx.a.source, sr[0]!);
  const inLonger = (atoms: readonly Atom[], run: readonly number[], other: readonly number[]): boolean => other.length > 1 && fullRun(atoms, run[0]!).length > run.length;
  if (!(cp && sp) && !(cp && inLonger(ctx.a.source, sr[0]!, cr[0]!)) && !(sp && inLonger(ctx.a.claim, cr[0]!, sr[0]!))) return undefined;
  const c = ctx.a.claim.map((x) => x.surface);
  const s = ctx.a.source.map((x) => x.surface);
  // two values of one setting are the opposites kind's
  if (cr[0]!.length === 1 && sr[0]!.length === 1 && ctx.exclusive(c[cr[0]![0]!]!, s[sr[0]![0]!]!)) return undefined;
  return finding(ctx, 'names', 'name', h, cr[0]!, sr[0]!);
}

export const namesKind: ConflictKind = {
  id: 'names',
  find: (ctx) => firstTight(ctx, inHunk),
};
