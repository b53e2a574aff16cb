/**
 * Lexical relations between two words, as natural logic needs them for an aligned substitution
 * (MacCartney & Manning): equivalent (the same lemma, a synonym, an adjective and its satellite),
 * forward (the claim's word is more general: a hypernym of the source's), reverse (more specific),
 * alternation (antonyms, a word and its negating prefix), sibling (two senses under one parent:
 * local/remote-like alternatives, a weak alternation) and independent (no known relation).
 *
 * The data is WordNet 3.1, baked by scripts/lexicon.ts into lexicon.json (synsets, hypernyms,
 * parts of speech) and by scripts/antonyms.ts into antonyms.json. Words are reduced to WordNet
 * lemmas by regular English inflection rules (WordNet's "morphy" without its exception lists).
 */
import data from './lexicon.json';
import { antonymsOf, withoutNegatingPrefix } from './antonyms';
import { stem } from '../text/analyzer';
import { WordPairMemo } from './wordPairs';

export type Relation = 'equivalent' | 'forward' | 'reverse' | 'alternation' | 'sibling' | 'independent';
export type PartOfSpeech = 'n' | 'v' | 'a' | 'r';

// read on first use, not at load: the CLI bundle parses the 2.5 MB table only when a command checks text
let words: Record<string, string | undefined> | undefined;
const table = (): Record<string, string | undefined> => (words ??= data.words as Record<string, string | undefined>);
let posRanges: Record<PartOfSpeech, [number, number]> | undefined;
const ranges = (): Record<PartOfSpeech, [number, number]> => (posRanges ??= data.ranges as Record<PartOfSpeech, [number, number]>);
const synsetCache = new Map<string, readonly number[]>();
const parentCache = new Map<number, readonly number[]>();
/**
 * Lemmas and synsets of written words (lower case), remembered: the same words come back in
 * every passage, and a word's forms cost a dozen suffix rules and table lookups.
 */
const lemmaCache = new Map<string, readonly string[]>();
const wordSynsetCache = new Map<string, readonly number[]>();
const posCache = new Map<string, ReadonlySet<PartOfSpeech>>();
const CACHE_MAX = 50_000;

const has = (w: string): boolean => Object.prototype.hasOwnProperty.call(table(), w);

/**
 * The WordNet lemmas a written word may be a form of: itself, and what regular inflection rules
 * give ("configured" → configure, "policies" → policy, "stopped" → stop, "larger" → large).
 */
export function lemmasOf(word: string): readonly string[] {
  const w = word.toLowerCase();
  let out = lemmaCache.get(w);
  if (out === undefined) {
    if (lemmaCache.size >= CACHE_MAX) lemmaCache.clear();
    lemmaCache.set(w, (out = lemmasOfLower(w)));
  }
  return out;
}

/** Inflection rules: a suffix and what replaces it. */
const RULES: ReadonlyArray<readonly [string, string]> = [
  ['ies', 'y'], ['ied', 'y'], ['es', ''], ['s', ''], ['ed', ''], ['ed', 'e'], ['ing', ''], ['ing', 'e'], ['er', ''], ['er', 'e'], ['est', ''], ['est', 'e'], ['ier', 'y'], ['iest', 'y'],
];

function lemmasOfLower(w: string): string[] {
  const out: string[] = [];
  const add = (x: string): void => {
    if (x.length >= 2 && has(x) && !out.includes(x)) out.push(x);
  };
  add(w);
  for (const [suffix, repl] of RULES) {
    if (!w.endsWith(suffix) || w.length - suffix.length < 2) continue;
    const base = w.slice(0, -suffix.length);
    // -er and -est make comparatives of adjectives ("larger", "later"), not agents of verbs: a
    // "holder" is no form of "hold"
    const compared = COMPARATIVE.has(suffix);
    const take = (x: string): void => {
      if (!compared || isAdjective(x)) add(x);
    };
    take(base + repl);
    // a doubled final consonant ("stopped", "bigger")
    if (repl === '' && /([b-df-hj-np-tv-z])\1$/.test(base)) take(base.slice(0, -1));
  }
  return out;
}

/** Suffixes of comparatives and superlatives. */
const COMPARATIVE = new Set(['er', 'est', 'ier', 'iest']);

/** Whether a lemma of the table has an adjective sense. */
const isAdjective = (lemma: string): boolean => has(lemma) && synsetsOfLemma(lemma).some((x) => posOfSynset(x) === 'a');

function synsetsOfLemma(lemma: string): readonly number[] {
  let s = synsetCache.get(lemma);
  if (s) return s;
  s = (table()[lemma] ?? '').split(',').filter(Boolean).map((x) => parseInt(x, 36));
  if (synsetCache.size >= CACHE_MAX) synsetCache.clear();
  synsetCache.set(lemma, s);
  return s;
}

/** Every synset of every lemma a written word may be. */
export function synsetsOf(word: string): readonly number[] {
  const w = word.toLowerCase();
  let out = wordSynsetCache.get(w);
  if (out === undefined) {
    const found: number[] = [];
    for (const l of lemmasOf(w)) for (const s of synsetsOfLemma(l)) if (!found.includes(s)) found.push(s);
    if (wordSynsetCache.size >= CACHE_MAX) wordSynsetCache.clear();
    wordSynsetCache.set(w, (out = found));
  }
  return out;
}

const sortedSynsetCache = new Map<string, Int32Array>();
const NO_SYNSETS = new Int32Array(0);

/**
 * {@link synsetsOf} in ascending order, for {@link shareSynset}. Every lemma of the table has a
 * synset (lexicon.test.ts), so two words share a lemma only if they share a synset.
 */
export function sortedSynsetsOf(word: string): Int32Array {
  const w = word.toLowerCase();
  let out = sortedSynsetCache.get(w);
  if (out === undefined) {
    const s = synsetsOf(w);
    out = s.length === 0 ? NO_SYNSETS : Int32Array.from(s).sort();
    if (sortedSynsetCache.size >= CACHE_MAX) sortedSynsetCache.clear();
    sortedSynsetCache.set(w, out);
  }
  return out;
}

/** Whether two ascending synset lists ({@link sortedSynsetsOf}) share a synset. */
export function shareSynset(a: Int32Array, b: Int32Array): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) return true;
    if (x < y) i++;
    else j++;
  }
  return false;
}

function parentsOf(s: number): readonly number[] {
  let p = parentCache.get(s);
  if (p) return p;
  const raw = (data.parents as string[])[s] ?? '';
  p = raw ? raw.split(',').map((x) => parseInt(x, 36)) : [];
  if (parentCache.size >= CACHE_MAX) parentCache.clear();
  parentCache.set(s, p);
  return p;
}

const posOfSynset = (s: number): PartOfSpeech => (['n', 'v', 'a', 'r'] as const).find((p) => s >= ranges()[p][0] && s < ranges()[p][1]) ?? 'n';

/** The parts of speech a written word may have. */
export function partsOfSpeech(word: string): ReadonlySet<PartOfSpeech> {
  const w = word.toLowerCase();
  let out = posCache.get(w);
  if (out === undefined) {
    if (posCache.size >= CACHE_MAX) posCache.clear();
    posCache.set(w, (out = new Set(synsetsOf(w).map(posOfSynset))));
  }
  return out;
}

/** Whether WordNet knows the word at all (in any form). */
export function known(word: string): boolean {
  return lemmasOf(word).length > 0;
}

/** Ancestors of `synsets` up to `depth` levels (hypernyms; an adjective satellite's head), each once. */
function ancestors(synsets: readonly number[], depth: number): Set<number> {
  const out = new Set<number>();
  let frontier = [...synsets];
  for (let d = 0; d < depth && frontier.length; d++) {
    const next: number[] = [];
    for (const s of frontier) for (const p of parentsOf(s)) if (!out.has(p)) {
      out.add(p);
      next.push(p);
    }
    frontier = next;
  }
  return out;
}

/** Levels of hypernyms a more general word may sit above the other ("dog" → "canine" → "carnivore"). */
const GENERAL_DEPTH = 2;

/**
 * The relation from the source's word to the claim's word as WordNet gives it (lower case, any
 * inflection); relation.ts adds what adverbs say through their adjectives.
 */
export function lexicalRelation(c: string, s: string): Relation {
  if (c === s) return 'equivalent';
  const cs = stem(c);
  const ss = stem(s);
  if (cs === ss) return 'equivalent';
  const cl = lemmasOf(c);
  const sl = lemmasOf(s);
  if (opposed(cs, ss) || opposed(c, s) || lemmasOpposed(cl, sl)) return 'alternation';
  if (cl.some((x) => sl.includes(x))) return 'equivalent';
  const cSyn = synsetsOf(c);
  const sSyn = synsetsOf(s);
  if (cSyn.length === 0 || sSyn.length === 0) return 'independent';
  if (cSyn.some((x) => sSyn.includes(x))) return 'equivalent';
  // an adjective and a satellite of it ("large" / "huge") say the same; two satellites of one
  // head are its values side by side, as often alternatives ("daily" / "weekly", "red" / "blue",
  // "hot" / "warm") as near-synonyms ("huge" / "enormous"): siblings, not the same
  const cAdj = cSyn.filter((x) => posOfSynset(x) === 'a');
  const sAdj = sSyn.filter((x) => posOfSynset(x) === 'a');
  if (cAdj.some((x) => parentsOf(x).some((h) => sAdj.includes(h))) || sAdj.some((x) => parentsOf(x).some((h) => cAdj.includes(h)))) return 'equivalent';
  if (cAdj.some((x) => parentsOf(x).some((h) => sAdj.some((y) => parentsOf(y).includes(h))))) return 'sibling';
  if (cSyn.some((x) => ancestors(sSyn, GENERAL_DEPTH).has(x))) return 'forward';
  if (sSyn.some((x) => ancestors(cSyn, GENERAL_DEPTH).has(x))) return 'reverse';
  const cParents = new Set(cSyn.filter((x) => posOfSynset(x) === 'n' || posOfSynset(x) === 'v').flatMap((x) => [...parentsOf(x)]));
  if (sSyn.some((x) => (posOfSynset(x) === 'n' || posOfSynset(x) === 'v') && parentsOf(x).some((p) => cParents.has(p)))) return 'sibling';
  return 'independent';
}

/**
 * Whether some lemma of one word is an antonym of some lemma of the other: inflected and compared
 * forms of opposites ("earlier" / "later" from "early" / "late"; "started" / "stopped"). Checked
 * before synonyms, since a cluster of similar adjectives may hold both comparatives.
 */
function lemmasOpposed(a: readonly string[], b: readonly string[]): boolean {
  for (const x of a) {
    const anti = antonymsOf(x);
    if (anti !== undefined) for (const y of b) if (x !== y && anti.includes(y)) return true;
  }
  return false;
}

/**
 * Whether two written words are opposites (see {@link opposed}), also through their lemmas;
 * remembered by pair (the conflict kinds ask for every pair of words a claim and a source sentence
 * leave unaligned).
 */
export function antonymous(a: string, b: string): boolean {
  return antonymousPairs.get(a, b);
}

function antonymousNow(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return opposed(stem(x), stem(y)) || opposed(x, y) || lemmasOpposed(lemmasOf(x), lemmasOf(y));
}

/** Two single words WordNet (or a negating prefix) makes opposites. */
function opposedWords(a: string, b: string): boolean {
  if (antonymsOf(a)?.includes(b) === true) return true;
  return stripNegation(a) === b || stripNegation(b) === a || prefixOpposed(a, b);
}
/** A word without its negating prefix ("non-root" → "root", "disable" → "able"), if it has one. */
const stripNegation = (w: string): string | undefined => (/^non-\p{L}/u.test(w) ? w.slice(4) : withoutNegatingPrefix(w));

/**
 * Prefixes that point opposite ways on one stem: "upload" / "download", "include" / "exclude",
 * "import" / "export", "increase" / "decrease", "encrypt" / "decrypt", "inbound" / "outbound",
 * "minimum" / "maximum", and "a-" before a long word ("asynchronous" / "synchronous"). English
 * forms such pairs by morphology, so one rule covers what no word list does; the stem left must be
 * four letters or more ("insert" and "desert" share "sert", a swap no paraphrase makes either),
 * three for "in" / "out" ("input" / "output").
 */
const PAIRED_PREFIXES: ReadonlyArray<readonly [string, string]> = [
  ['up', 'down'], ['in', 'out'], ['in', 'ex'], ['im', 'ex'], ['in', 'de'], ['en', 'de'], ['over', 'under'], ['min', 'max'], ['pre', 'post'],
];
function prefixOpposed(a: string, b: string): boolean {
  for (const [x, y] of PAIRED_PREFIXES) {
    // "in" / "out" keep their sense on shorter stems ("input" / "output", "inlet" / "outlet")
    const least = x === 'in' && y === 'out' ? 3 : 4;
    if (prefixedPair(a, b, x, y, least) || prefixedPair(a, b, y, x, least)) return true;
  }
  return privative(a, b) || privative(b, a);
}

/** `a` is prefix `p` and `b` prefix `q` on one stem of at least `least` letters. */
const prefixedPair = (a: string, b: string, p: string, q: string, least: number): boolean =>
  a.startsWith(p) && b.startsWith(q) && a.length - p.length >= least && a.length - p.length === b.length - q.length && a.endsWith(b.slice(q.length));

/** `w` is "a" before `v`, a long word ("asynchronous" / "synchronous"). */
const privative = (w: string, v: string): boolean => w.length - 1 >= 6 && w.length - 1 === v.length && w.startsWith('a') && w.endsWith(v);

/**
 * Two words WordNet (or a negating prefix) makes opposites: "enable" / "disable", "eligible" /
 * "ineligible", "root" / "non-root"; and compounds with one part changed to its opposite
 * ("case-sensitive" / "case-insensitive", "high-cost" / "low-cost"). Words are stems or lower case.
 */
export function opposed(a: string, b: string): boolean {
  return opposedPairs.get(a, b);
}
const opposedPairs = new WordPairMemo(opposedNow);
const antonymousPairs = new WordPairMemo(antonymousNow);

function opposedNow(a: string, b: string): boolean {
  if (opposedWords(a, b)) return true;
  // compounds of two parts only: a word without a hyphen splits into none
  if (!a.includes('-') || !b.includes('-')) return false;
  const pa = a.split('-');
  const pb = b.split('-');
  if (pa.length !== 2 || pb.length !== 2) return false;
  return (pa[0] === pb[0] && opposedWords(stem(pa[1]!), stem(pb[1]!))) || (pa[1] === pb[1] && opposedWords(stem(pa[0]!), stem(pb[0]!)));
}
