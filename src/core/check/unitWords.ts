/**
 * The words a sentence unit holds, known without profiling it: a unit's word sets (`mayHold`, a
 * superset of its terms, and `sure`, a subset) as term numbers, read from the words' table entries
 * (termsOf); and the terms of compounds and dotted keys, which a unit may hold whole or in parts
 * (hasTerm, weightedRecall).
 */
import { keepsTerm, profileText } from './profileWords';
import { normalizeWord, STOP_WORDS, stem, termOfWord, wordSpans } from '../text/analyzer';
import { grown, MISS, SLOW, WordTable } from '../index/wordTable';

/**
 * A superset of the term set profiling `text` gives: every word's term, or the word itself for a
 * stop word (one written in capitals is a name), with the parts {@link termSetOf} adds. Profiling
 * takes terms only from these words and drops some (values, negations), so none is missed.
 */
export function mayHoldOf(text: string): ReadonlySet<string> {
  return termsOf(text).mayHold;
}

/**
 * Numbers for the terms of units' word sets: a unit lists its terms as numbers ({@link TermIdSet}),
 * so building its sets de-duplicates integers instead of hashing strings, and the alignment marks
 * a claim's atoms in a unit by reading its numbers.
 */
export class TermIds {
  readonly ids = new Map<string, number>();
  readonly terms: string[] = [];
  /** Per number: the last listing of `mayHold` that took it (de-duplicates a unit's numbers); the atom slot + 1 while the alignment marks a claim's atoms. */
  marks = new Int32Array(1024);
  /** Per number: the last listing of `sure` that took it. */
  sureMarks = new Int32Array(1024);
  private lastTerm: string | undefined;
  private lastId = -1;

  /** The number of term `t`, given now if it has none. */
  idOf(t: string): number {
    let id = this.ids.get(t);
    if (id === undefined) {
      id = this.terms.push(t) - 1;
      this.ids.set(t, id);
      // (a term remembered as unnumbered may be numbered now)
      this.lastTerm = undefined;
      if (id >= this.marks.length) {
        const m = new Int32Array(2 * this.marks.length);
        m.set(this.marks);
        this.marks = m;
        const sm = new Int32Array(m.length);
        sm.set(this.sureMarks);
        this.sureMarks = sm;
      }
    }
    return id;
  }

  /** The number of term `t`, or -1 when it has none (so no unit holds it). */
  find(t: string): number {
    // a passage's units are asked for the same term one after the other
    if (t !== this.lastTerm) {
      this.lastTerm = t;
      this.lastId = this.ids.get(t) ?? -1;
    }
    return this.lastId;
  }
}

/** A unit's word set as term numbers of one {@link TermIds}, in the order the terms were first added. */
export class TermIdSet implements ReadonlySet<string> {
  constructor(
    readonly dict: TermIds,
    readonly ids: Int32Array,
  ) {}
  hasId(id: number): boolean {
    const ids = this.ids;
    for (let i = 0; i < ids.length; i++) if (ids[i] === id) return true;
    return false;
  }
  has(t: string): boolean {
    const id = this.dict.find(t);
    return id >= 0 && this.hasId(id);
  }
  get size(): number {
    return this.ids.length;
  }
  private list(): string[] {
    return Array.from(this.ids, (id) => this.dict.terms[id]!);
  }
  forEach(f: (value: string, key: string, set: ReadonlySet<string>) => void, thisArg?: unknown): void {
    for (const x of this.list()) f.call(thisArg, x, x, this);
  }
  entries(): SetIterator<[string, string]> {
    return new Set(this.list()).entries();
  }
  keys(): SetIterator<string> {
    return this.list().values();
  }
  values(): SetIterator<string> {
    return this.list().values();
  }
  [Symbol.iterator](): SetIterator<string> {
    return this.list().values();
  }
}

/**
 * What a word gives {@link termsOf}, whatever text holds it, by entry of {@link unitWords}: the
 * numbers of the members it adds to `mayHold` (its term, or the word itself for a stop word, then
 * the parts {@link addParts} adds: `wordParts`, kept only for the few words that have some, whose
 * number is stored complemented) and of the term it adds to `sure` (-1 for none). Typed arrays:
 * one read per word met.
 */
let unitWords = new WordTable();
export let termIds = new TermIds();
let wordHold = new Int32Array(4096);
let wordSure = new Int32Array(4096);
let wordParts = new Map<number, readonly number[]>();
let wordCount = 0;
const UNIT_WORDS_MAX = 200_000;
const spanBuf = { spans: new Int32Array(256) };
const holdBuf = { ids: new Int32Array(256) };
const sureBuf = { ids: new Int32Array(256) };
let listing = 0;

/** The {@link unitWords} entry of normalised word `word`, made when first met. */
function learnUnitWord(word: string): number {
  const term = termOfWord(word);
  const x = term || word;
  const e = wordCount++;
  if (e === wordHold.length) {
    wordHold = grown(wordHold, 2 * e);
    wordSure = grown(wordSure, 2 * e);
  }
  const ps = partsAdded(x);
  // (a word with parts is marked by its number's complement)
  wordHold[e] = ps.length > 0 ? ~termIds.idOf(x) : termIds.idOf(x);
  if (ps.length > 0) wordParts.set(e, ps.map((t) => termIds.idOf(t)));
  wordSure[e] = term && keepsTerm(word) ? termIds.idOf(term) : -1;
  unitWords.add(word, e);
  return e;
}

/** Appends `id` to `buf` at `n` (grown when full); returns the new count. */
function pushId(buf: { ids: Int32Array }, n: number, id: number): number {
  if (n === buf.ids.length) {
    const g = new Int32Array(2 * n);
    g.set(buf.ids);
    buf.ids = g;
  }
  buf.ids[n] = id;
  return n + 1;
}

/**
 * The terms profiling `text` may give ({@link mayHoldOf}) and those it surely gives: the term of
 * every token {@link keepsTerm} vouches for (not after a degree sign: "175°C"). One pass over the
 * same words profiling reads (`forEachToken`'s); what each word gives is remembered by word in a
 * table probed from its span of the text, so a word met before builds no string and is not stemmed.
 */
export function termsOf(text: string): { mayHold: TermIdSet; sure: TermIdSet } {
  const input = profileText(text);
  const n = wordSpans(input, spanBuf);
  const spans = spanBuf.spans;
  if (unitWords.size + n >= UNIT_WORDS_MAX || listing >= 0x3fffffff) {
    // (never while listing a text: its numbers come from one TermIds) units made before keep the
    // numbers they were given, each set holding its own TermIds
    unitWords = new WordTable();
    termIds = new TermIds();
    wordHold = new Int32Array(4096);
    wordSure = new Int32Array(4096);
    wordParts = new Map();
    wordCount = 0;
    listing = 0;
  }
  // a number is listed once per set: marks hold the listing that last took it
  const dict = termIds;
  const mark = ++listing;
  let nMay = 0;
  let nSure = 0;
  for (let k = 0; k < n; k++) {
    const start = spans[2 * k]!;
    const end = spans[2 * k + 1]!;
    let e = unitWords.spanId(input, start, end);
    if (e === SLOW) {
      const word = normalizeWord(input, start, end);
      e = unitWords.wordId(word);
      if (e === MISS) e = learnUnitWord(word);
    } else if (e === MISS) e = learnUnitWord(normalizeWord(input, start, end));
    // (as termSetOf over the tokens' terms, in one pass)
    const marks = dict.marks;
    const coded = wordHold[e]!;
    const held = coded < 0 ? ~coded : coded;
    if (marks[held] !== mark) {
      marks[held] = mark;
      nMay = pushId(holdBuf, nMay, held);
    }
    if (coded < 0) {
      const ps = wordParts.get(e)!;
      for (let i = 0; i < ps.length; i++) {
        const id = ps[i]!;
        if (marks[id] !== mark) {
          marks[id] = mark;
          nMay = pushId(holdBuf, nMay, id);
        }
      }
    }
    const id = wordSure[e]!;
    if (id >= 0 && dict.sureMarks[id] !== mark && (start === 0 || input.charCodeAt(start - 1) !== 0xb0)) {
      dict.sureMarks[id] = mark;
      nSure = pushId(sureBuf, nSure, id);
    }
  }
  return { mayHold: new TermIdSet(dict, holdBuf.ids.slice(0, nMay)), sure: new TermIdSet(dict, sureBuf.ids.slice(0, nSure)) };
}

/**
 * The parts of a hyphenated term ("extended-release" → extend, releas) or of a dotted key
 * ("permission.enabled" → permiss, enabl, which YAML writes on two lines), stop words dropped.
 */
function parts(term: string): string[] {
  return term.split(/[-.]/).filter((p) => p && !STOP_WORDS.has(p)).map(stem);
}

/** A term made of parts: a compound or a dotted key (not a number or version: "1.2.0", "v2.1"). */
const compound = (term: string): boolean => term.includes('-') || (term.includes('.') && !/\d/.test(term));

/**
 * A unit's term set: its terms plus the parts of hyphenated ones, so "extended release" matches,
 * and of words joined by a full stop with no space, which scraped text leaves where it glued two
 * pieces together ("essential for infants.ine out of the 20"): "infants" is still stated.
 */
export function termSetOf(terms: string[]): Set<string> {
  const set = new Set(terms);
  for (const t of terms) addParts(set, t);
  return set;
}

/** Adds to `set` the parts {@link termSetOf} adds for term `t` (none for most terms). */
function addParts(set: Set<string>, t: string): void {
  for (const p of partsAdded(t)) set.add(p);
}

/** The parts {@link addParts} adds for term `t`, in order (none for most terms). */
function partsAdded(t: string): readonly string[] {
  if (t.includes('-')) return parts(t);
  if (t.includes('.') && !/\d/.test(t)) return t.split('.').filter((p) => p.length > 2 && !STOP_WORDS.has(p)).map(stem);
  return NO_PARTS;
}

/** The parts of compound terms, by term: a claim's terms are looked up in every unit of every candidate. */
const compoundParts = new Map<string, readonly string[]>();
const NO_PARTS: readonly string[] = [];
export function partsOfTerm(term: string): readonly string[] {
  if (!compound(term)) return NO_PARTS;
  let ps = compoundParts.get(term);
  if (ps === undefined) {
    if (compoundParts.size >= 20_000) compoundParts.clear();
    compoundParts.set(term, (ps = parts(term)));
  }
  return ps;
}

/** Whether `set` holds `term`, or every part of a hyphenated term or a dotted key. */
export function hasTerm(set: ReadonlySet<string>, term: string): boolean {
  if (set.has(term)) return true;
  const ps = partsOfTerm(term);
  return ps.length > 0 && ps.every((p) => set.has(p));
}

/** Weighted recall of `terms` (unique, with weights) in `has`. */
export function weightedRecall(terms: Map<string, number>, has: (t: string) => boolean): number {
  let total = 0;
  let hit = 0;
  for (const [t, w] of terms) {
    total += w;
    if (has(t)) hit += w;
  }
  return total > 0 ? hit / total : 0;
}
