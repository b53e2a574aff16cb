/**
 * Evidence alignment: a passage is cut into sentence units (profiled once and cached), and a
 * claim is aligned to the window of up to {@link MAX_WINDOW} consecutive units that covers most of
 * its weighted content. The window's text, sliced from the passage, is the verbatim quote.
 */
import { looksLikeInjection } from '../ingest/injection';
import { BoundedCache } from '../boundedCache';
import type { Passage } from '../types';
import { cleanClaim } from './clean';
import { mayStateValue } from './numbers';
import { profile, type Profile } from './profile';
import { keepsTerm, profileText } from './profileWords';
import { segmentSentences } from './segment';
import { normalizeWord, STOP_WORDS, stem, termOfWord, tokenize, wordSpans } from '../text/analyzer';
import { grown, MISS, SLOW, WordTable } from '../index/wordTable';

/** Longest evidence window, in sentence units (a claim rarely spans more). */
export const MAX_WINDOW = 3;

export interface Unit {
  start: number;
  end: number;
  profile: Profile;
  termSet: Set<string>;
  /**
   * Every term `termSet` may hold (a superset, known without profiling the unit): a term not in
   * it is not in `termSet`. Absent when the unit was profiled at once.
   */
  mayHold?: ReadonlySet<string>;
  /**
   * Terms `termSet` surely holds (a subset, known without profiling the unit): a term in it is in
   * `termSet`. Absent when the unit was profiled at once.
   */
  sure?: ReadonlySet<string>;
  /** False when the unit's profile holds no value (known without profiling it); absent: it may. */
  mayHoldValues?: boolean;
}

export interface PassageProfile {
  passage: Passage;
  units: Unit[];
  terms: ReadonlySet<string>;
  values: ReadonlySet<string>;
  names: ReadonlySet<string>;
  bigrams: ReadonlySet<string>;
  /** The passage reads as instructions to a model (see injection.ts): never evidence for a claim. */
  suspicious: boolean;
}

export interface Alignment {
  pp: PassageProfile;
  /** Weighted recall of the claim's content terms in the best window. */
  recall: number;
  /** Weighted recall of the claim's content terms in the whole passage. */
  passageRecall: number;
  /** Best window [first, last] unit indices. */
  first: number;
  last: number;
  /** Best single unit (for polarity and value comparison) and its recall. */
  unit: Unit;
  unitRecall: number;
  quote: string;
}

const MARKUP = /[[\]`*_<>|#~]|^\s*([-+]|\d{1,9}[.)])\s/;

/** Passage profiles by passage id and text hash: a check meets the same candidates sentence after sentence. */
const profiles = new BoundedCache<string, PassageProfile>(50_000);
/**
 * What a passage's text alone decides (its units, term sets, values, names, word pairs, whether
 * it reads as instructions), by text: the same text under another id (a copied file, a page
 * kept for each version of a product) is cut and profiled once.
 */
const byText = new BoundedCache<string, Omit<PassageProfile, 'passage'>>(5_000);
/** Sentence units and windows by their text: a sentence repeated in many passages is profiled once. */
const unitCores = new BoundedCache<string, UnitCore>(20_000);

/** The cached profile of a passage (keyed by id and text hash). */
export function passageProfile(passage: Passage): PassageProfile {
  const key = `${passage.id}\u0000${passage.hash}`;
  let pp = profiles.get(key);
  if (pp) return pp;
  const shape = byText.getOrSet(passage.text, analyzePassage);
  // units of their own (the profiles inside are shared): which passage a unit belongs to is read by identity
  pp = { ...shape, passage, units: shape.units.map((u) => (u instanceof LazyUnit ? new LazyUnit(u.start, u.end, u.core) : { ...u })) };
  profiles.set(key, pp);
  return pp;
}

/**
 * A unit's text, the terms it may hold (cheap: its words, no profile) and, once asked for, its
 * profile and term set. Most units of a candidate share no term with the claim: the alignment
 * learns that from `mayHold` and never profiles them.
 */
interface UnitCore {
  /** The text profiled: sentences cleaned of markdown, code lines as written. */
  text: string;
  mayHold: ReadonlySet<string>;
  sure: ReadonlySet<string>;
  /** Whether its profile may hold a value: learnt when first asked (from its profile, when made). */
  mayHoldValues?: boolean;
  profiled?: { profile: Profile; termSet: Set<string> };
}

function coreOf(text: string, code: boolean): UnitCore {
  const key = code ? `\u0001${text}` : text;
  let c = unitCores.get(key);
  if (!c) {
    // most evidence sentences carry no markdown: skip the cleaning regexes for them
    const input = code ? text : MARKUP.test(text) ? cleanClaim(text) : text;
    unitCores.set(key, (c = { text: input, ...termsOf(input) }));
  }
  return c;
}

function profiled(c: UnitCore): { profile: Profile; termSet: Set<string> } {
  if (!c.profiled) {
    const p = profile(c.text);
    c.profiled = { profile: p, termSet: termSetOf(p.terms) };
  }
  return c.profiled;
}

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
class TermIds {
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
let termIds = new TermIds();
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

/** A sentence unit profiled on first use (see {@link UnitCore}). */
class LazyUnit implements Unit {
  constructor(
    readonly start: number,
    readonly end: number,
    readonly core: UnitCore,
  ) {}
  get profile(): Profile {
    return profiled(this.core).profile;
  }
  get termSet(): Set<string> {
    return profiled(this.core).termSet;
  }
  get mayHold(): ReadonlySet<string> {
    return this.core.mayHold;
  }
  get sure(): ReadonlySet<string> {
    return this.core.sure;
  }
  get mayHoldValues(): boolean {
    // asked only for claims with a value: most units are never asked
    const c = this.core;
    if (c.mayHoldValues === undefined) {
      const input = profileText(c.text);
      c.mayHoldValues = c.profiled ? c.profiled.profile.values.length > 0 : mayStateValue(input, tokenize(input));
    }
    return c.mayHoldValues;
  }
}

/** A unit's profile and term set, computed now (windows of several units). */
function unitOf(text: string, start: number, end: number): Unit {
  const p = profiled(coreOf(text, false));
  return { start, end, profile: p.profile, termSet: p.termSet };
}

/** Whether a unit's profile is at hand (asking for it costs nothing). */
const isProfiled = (u: Unit): boolean => !(u instanceof LazyUnit) || u.core.profiled !== undefined;

/** Whether unit `u` may hold term `t` (false: it does not; true: ask its term set). */
const mayHold = (u: Unit, t: string): boolean => u.mayHold === undefined || u.mayHold.has(t);

/**
 * The union of one set of every unit of a passage, built only when read whole: a membership test
 * profiles only the units that may hold the member (`may`).
 */
class UnitsUnion implements ReadonlySet<string> {
  private whole: Set<string> | undefined;
  constructor(
    private readonly units: readonly Unit[],
    private readonly of: (u: Unit) => Iterable<string>,
    private readonly may: (u: Unit, x: string) => boolean,
    private readonly holds: (u: Unit, x: string) => boolean,
    /** Whether unit `u` surely holds `x` without a profile (false: ask `holds`). */
    private readonly surely: (u: Unit, x: string) => boolean = () => false,
  ) {}
  private all(): Set<string> {
    if (!this.whole) {
      this.whole = new Set();
      for (const u of this.units) for (const x of this.of(u)) this.whole.add(x);
    }
    return this.whole;
  }
  has(x: string): boolean {
    if (this.whole) return this.whole.has(x);
    // units already profiled first: the answer is the same, and often found with no new profile
    for (const u of this.units) if (isProfiled(u) && this.holds(u, x)) return true;
    for (const u of this.units) if (!isProfiled(u) && this.surely(u, x)) return true;
    for (const u of this.units) if (!isProfiled(u) && this.may(u, x) && this.holds(u, x)) return true;
    return false;
  }
  get size(): number {
    return this.all().size;
  }
  forEach(f: (value: string, key: string, set: ReadonlySet<string>) => void, thisArg?: unknown): void {
    for (const x of this.all()) f.call(thisArg, x, x, this);
  }
  entries(): SetIterator<[string, string]> {
    return this.all().entries();
  }
  keys(): SetIterator<string> {
    return this.all().keys();
  }
  values(): SetIterator<string> {
    return this.all().values();
  }
  [Symbol.iterator](): SetIterator<string> {
    return this.all()[Symbol.iterator]();
  }
}

/** Cuts a passage's text into units and profiles them (see {@link passageProfile}). */
function analyzePassage(text: string): Omit<PassageProfile, 'passage'> {
  const units: Unit[] = [];
  // the text outside code blocks, for the injection scan (see `suspicious` below)
  let prose = '';
  let from = 0;
  let codeQuarantined = false;
  for (const seg of segmentSentences(text)) {
    // a code block is evidence too (a setting, a flag, a command): one unit per line, so a window
    // of lines holds a key and its value ("permission:" / "enabled: true")
    if (seg.kind === 'code') {
      prose += text.slice(from, seg.start) + '\n';
      from = seg.end;
      // a code block that reads as instructions to a model (a sample of chat messages with a
      // "system" role, a quoted prompt) vouches for nothing, but it is the block, not the prose
      // around it, that a model would obey
      if (looksLikeInjection(seg.text)) codeQuarantined = true;
      else units.push(...codeUnits(seg.text, seg.start));
      continue;
    }
    for (const [start, end] of unglue(seg.text)) units.push(new LazyUnit(seg.start + start, seg.start + end, coreOf(seg.text.slice(start, end), false)));
  }
  prose += text.slice(from);
  // instructions in prose may run on into the next sentence ("SYSTEM: reply … The warranty is …"),
  // so they take the whole passage out; so does a quarantined block with nothing else beside it
  const suspicious = looksLikeInjection(prose) || (codeQuarantined && units.length === 0);
  if (units.length === 0) {
    const p = profile(text);
    units.push({ start: 0, end: text.length, profile: p, termSet: termSetOf(p.terms) });
  }
  // names and word pairs are made of terms: a unit that cannot hold the terms holds neither
  const valued = (u: Unit): boolean => u.mayHoldValues !== false;
  // (the pair is split once per look-up, not once per unit asked)
  let split = '';
  let left = '';
  let right: string | undefined;
  const pair = (u: Unit, b: string): boolean => {
    if (b !== split) {
      const sp = b.indexOf(' ');
      split = b;
      left = sp < 0 ? '' : b.slice(0, sp);
      right = sp < 0 ? undefined : b.slice(sp + 1);
    }
    return right === undefined || (mayHold(u, left) && mayHold(u, right));
  };
  return {
    units,
    terms: new UnitsUnion(units, (u) => u.termSet, mayHold, (u, t) => u.termSet.has(t), (u, t) => u.sure?.has(t) === true),
    values: new UnitsUnion(units, (u) => u.profile.values.map((v) => v.v), valued, (u, v) => u.profile.values.some((w) => w.v === v)),
    names: new UnitsUnion(units, (u) => u.profile.names, mayHold, (u, n) => u.profile.names.has(n)),
    bigrams: new UnitsUnion(units, (u) => u.profile.bigrams, pair, (u, b) => u.profile.bigrams.has(b)),
    suspicious,
  };
}

const windowCache = new WeakMap<PassageProfile, Map<string, Unit>>();
/**
 * The window of units [first, last] of a passage as one unit (its sentences profiled together),
 * cached: a claim that joins two sentences of the source is aligned with both at once.
 */
export function windowUnit(pp: PassageProfile, first: number, last: number): Unit {
  if (first === last) return pp.units[first]!;
  let m = windowCache.get(pp);
  if (!m) windowCache.set(pp, (m = new Map()));
  const key = `${first}:${last}`;
  let u = m.get(key);
  if (!u) {
    const start = pp.units[first]!.start;
    const end = pp.units[last]!.end;
    m.set(key, (u = unitOf(pp.passage.text.slice(start, end), start, end)));
  }
  return u;
}

/** Lines of a code block (its fences left out) as units, at most {@link MAX_CODE_LINES} per block. */
function codeUnits(text: string, offset: number): Unit[] {
  const out: Unit[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    const start = at;
    at += line.length + 1;
    if (out.length >= MAX_CODE_LINES || /^\s*(```|~~~)/.test(line) || !/[\p{L}\p{N}]/u.test(line)) continue;
    // a line with a term it surely holds is kept unprofiled; any other is profiled to learn
    // whether it holds a term or a value at all
    const c = coreOf(line.trim(), true);
    if (c.sure.size === 0 && profiled(c).profile.terms.length === 0 && c.profiled!.profile.values.length === 0) continue;
    out.push(new LazyUnit(offset + start, offset + start + line.length, c));
  }
  return out;
}
/** Code lines of one block read as evidence: enough for a configuration fragment. */
const MAX_CODE_LINES = 60;

/** A full stop glued to the next sentence's capital ("…the 19th century.First for Women is…"). */
const GLUED = /(?<=\p{L}[)"”’]?\.)(?=["“]?\p{Lu}\p{Ll})/gu;

/**
 * Ranges of the sentences inside one segment: scraped text often glues sentences together, and
 * a unit must be one sentence for alignment to say which sentence states what.
 */
function unglue(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let from = 0;
  for (const m of text.matchAll(GLUED)) {
    out.push([from, m.index]);
    from = m.index;
  }
  out.push([from, text.length]);
  return out;
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
function termSetOf(terms: string[]): Set<string> {
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
function partsOfTerm(term: string): readonly string[] {
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

/** At most this many of a claim's values and word pairs break ties (one bit each). */
const BEYOND_MAX = 30;

/**
 * Which of the claim's values and word pairs (one bit each) a unit states: what the claim writes
 * besides its words. It breaks ties between windows that hold the same words ("the fine is
 * between $50 and $100" after a sentence with "a fine of $25 to $50").
 */
function beyondMask(claim: Pick<Profile, 'values' | 'bigrams'>, u: Unit): number {
  // a unit that can state none of them is not profiled to learn it
  if (!isProfiled(u) && !(claim.values.length > 0 && u.mayHoldValues !== false) && !someBigramMayBe(claim, u)) return 0;
  let mask = 0;
  let bit = 0;
  for (const v of claim.values) {
    if (bit >= BEYOND_MAX) return mask;
    if (u.profile.values.some((w) => w.v === v.v)) mask |= 1 << bit;
    bit++;
  }
  for (const b of claim.bigrams) {
    if (bit >= BEYOND_MAX) return mask;
    if (u.profile.bigrams.has(b)) mask |= 1 << bit;
    bit++;
  }
  return mask;
}

/** Whether unit `u` may hold one of the claim's word pairs among the first {@link BEYOND_MAX} bits (both terms in its `mayHold`). */
function someBigramMayBe(claim: Pick<Profile, 'values' | 'bigrams'>, u: Unit): boolean {
  let bit = claim.values.length;
  for (const b of claim.bigrams) {
    if (bit++ >= BEYOND_MAX) return false;
    const sp = b.indexOf(' ');
    if (sp < 0 || (mayHold(u, b.slice(0, sp)) && mayHold(u, b.slice(sp + 1)))) return true;
  }
  return false;
}

const bitCount = (x: number): number => {
  let n = 0;
  for (let y = x; y; y &= y - 1) n++;
  return n;
};

/**
 * Aligns a claim (its unique content terms with IDF weights) to the best window of a passage:
 * the one covering most weight; of windows covering the same (and something), the first that
 * states most of the claim's values and word pairs.
 *
 * Windows are scanned in that order, but a window is measured only when it could change the
 * outcome: each window's recall has an upper bound from its units' `mayHold` (no profile needed),
 * and a window whose bound is below the best recall measured, by more than the scan's tolerance
 * could carry over all windows ({@link skipSlack}), cannot become the best nor tie with it.
 */
export function align(weights: Map<string, number>, pp: PassageProfile, claim?: Pick<Profile, 'values' | 'bigrams'>): Alignment {
  const units = pp.units;
  const n = units.length;
  // a bound is a bound only when no weight is negative (IDF weights are not; a caller's might be)
  let slack = skipSlack(n);
  for (const w of weights.values()) if (!(w >= 0)) slack = Infinity;
  const held = new HeldTerms(weights, units);
  const unitRecalls: Array<number | undefined> = [];
  const unitRecall = (i: number): number => (unitRecalls[i] ??= held.unitRecall(i));
  // windows by size: recall measured (or undefined when skipped), per start index
  const measured: Array<Array<number | undefined>> = [[]];
  measured[1] = prune(n, (i) => held.bound(i, 1), unitRecall, -1, slack);
  let top = Math.max(-1, ...measured[1].map((r) => r ?? -1));
  let best = { recall: -1, first: 0, last: 0, beyond: -1 };
  const tieBreak = claim !== undefined && claim.values.length + claim.bigrams.size > 0;
  const masks: Array<number | undefined> = [];
  const beyond = (first: number, last: number): number => {
    let m = 0;
    for (let i = first; i <= last; i++) m |= masks[i] ??= beyondMask(claim!, units[i]!);
    return bitCount(m);
  };
  // shorter windows first, so a longer one wins only by adding coverage
  for (let size = 1; size <= MAX_WINDOW; size++) {
    if (size > 1) {
      measured[size] = prune(Math.max(0, n - size + 1), (i) => held.bound(i, size), (i) => held.windowRecall(i, size), top, slack);
      top = Math.max(top, ...measured[size]!.map((r) => r ?? -1));
    }
    for (let i = 0; i + size <= n; i++) {
      const r = measured[size]![i];
      if (r === undefined) continue;
      if (r > best.recall + 1e-9) best = { recall: r, first: i, last: i + size - 1, beyond: -1 };
      else if (tieBreak && r > 0 && size === best.last - best.first + 1 && r > best.recall - 1e-9) {
        if (best.beyond < 0) best.beyond = beyond(best.first, best.last);
        const b = beyond(i, i + size - 1);
        if (b > best.beyond) best = { recall: best.recall, first: i, last: i + size - 1, beyond: b };
      }
    }
    if (size === 1 && best.recall >= 1 - 1e-9) break;
  }
  let unitIdx = best.first;
  for (let i = best.first; i <= best.last; i++) if (unitRecall(i) > unitRecall(unitIdx)) unitIdx = i;
  const unit = units[unitIdx]!;
  const quote = pp.passage.text.slice(units[best.first]!.start, units[best.last]!.end);
  return {
    pp,
    recall: Math.max(0, best.recall),
    passageRecall: held.passageRecall(),
    first: best.first,
    last: best.last,
    unit,
    unitRecall: n > 0 ? unitRecall(unitIdx) : 0,
    quote,
  };
}

/**
 * Which of a claim's terms (and the parts of its compound terms: "atoms") each unit of a passage
 * may hold and holds, one byte per unit and atom, so a window's bound and recall are an OR of its
 * units' rows instead of set look-ups per term, window and unit. A unit's `termSet` is read (and
 * the unit profiled) only when it may hold an atom its window does not already hold. Relies on
 * `sure` ⊆ `termSet` ⊆ `mayHold` (lazyUnits.test.ts): a held atom is one the unit may hold, and a
 * unit that surely holds every atom it may hold is not profiled.
 * Recalls are summed term by term in the weights' order, as {@link weightedRecall} sums them.
 */
class HeldTerms {
  /** Term weights in the order of `weights`. */
  private readonly ws: number[] = [];
  /** Distinct atoms; per term, its own atom and the atoms of its parts (none for a plain term). */
  private readonly atoms: string[] = [];
  private readonly self: number[] = [];
  private readonly parts: number[][] = [];
  private readonly may: Uint8Array;
  private readonly has: Uint8Array;
  /** Per unit: 1 when its row of `has` is filled. */
  private readonly known: Uint8Array;
  private readonly row: Uint8Array;
  /** The term numbers of the units' sets made with `dict`, and the atoms' numbers there (-1: none). */
  private readonly dict: TermIds;
  private readonly atomIds: number[];

  constructor(
    weights: ReadonlyMap<string, number>,
    private readonly units: readonly Unit[],
  ) {
    const index = new Map<string, number>();
    const atomOf = (x: string): number => {
      let a = index.get(x);
      if (a === undefined) index.set(x, (a = this.atoms.push(x) - 1));
      return a;
    };
    for (const [t, w] of weights) {
      this.ws.push(w);
      this.self.push(atomOf(t));
      this.parts.push(partsOfTerm(t).map(atomOf));
    }
    const a = this.atoms.length;
    this.may = new Uint8Array(units.length * a);
    this.has = new Uint8Array(units.length * a);
    this.known = new Uint8Array(units.length);
    this.row = new Uint8Array(a);
    // a unit listing its terms as numbers marks the atoms among them: the atoms' numbers carry
    // -(slot + 1) while the rows are made (never read by a listing: its marks are positive)
    const dict = (this.dict = termIds);
    this.atomIds = this.atoms.map((x) => dict.ids.get(x) ?? -1);
    for (let k = 0; k < a; k++) if (this.atomIds[k]! >= 0) dict.marks[this.atomIds[k]!] = -(k + 1);
    for (let i = 0; i < units.length; i++) {
      const may = units[i]!.mayHold;
      if (may instanceof TermIdSet && may.dict === dict) {
        const ids = may.ids;
        const marks = dict.marks;
        for (let j = 0; j < ids.length; j++) {
          const m = marks[ids[j]!]!;
          if (m < 0) this.may[i * a - m - 1] = 1;
        }
      } else for (let k = 0; k < a; k++) this.may[i * a + k] = may === undefined || may.has(this.atoms[k]!) ? 1 : 0;
    }
    for (let k = 0; k < a; k++) if (this.atomIds[k]! >= 0) dict.marks[this.atomIds[k]!] = 0;
  }

  /** Whether the row at `off` of `m` holds term `k` (itself, or every one of its parts). */
  private hit(m: Uint8Array, off: number, k: number): boolean {
    if (m[off + this.self[k]!] === 1) return true;
    const ps = this.parts[k]!;
    if (ps.length === 0) return false;
    for (const p of ps) if (m[off + p] !== 1) return false;
    return true;
  }

  /**
   * The weighted share of the terms the row at `off` of `m` holds (and, with `m2`, the row at
   * `off2` of `m2` holds too), summed term by term in the weights' order.
   */
  private recall(m: Uint8Array, off: number, m2?: Uint8Array, off2 = 0): number {
    let total = 0;
    let got = 0;
    for (let k = 0; k < this.ws.length; k++) {
      const w = this.ws[k]!;
      total += w;
      if (this.hit(m, off, k) && (m2 === undefined || this.hit(m2, off2, k))) got += w;
    }
    return total > 0 ? got / total : 0;
  }

  /** Fills unit `i`'s row of held atoms from its term set (profiling it if need be). */
  private fill(i: number): void {
    if (this.known[i] === 1) return;
    const u = this.units[i]!;
    const a = this.atoms.length;
    // every atom it may hold it surely holds: its row is its row of `may`, and no profile is made
    // (an atom it may not hold it does not hold: `termSet` ⊆ `mayHold`)
    const sure = isProfiled(u) ? undefined : u.sure;
    if (sure !== undefined) {
      let covered = true;
      if (sure instanceof TermIdSet && sure.dict === this.dict) for (let k = 0; k < a && covered; k++) covered = this.may[i * a + k] === 0 || sure.hasId(this.atomIds[k]!);
      else for (let k = 0; k < a && covered; k++) covered = this.may[i * a + k] === 0 || sure.has(this.atoms[k]!);
      if (covered) {
        for (let k = 0; k < a; k++) this.has[i * a + k] = this.may[i * a + k]!;
        this.known[i] = 1;
        return;
      }
    }
    const set = u.termSet;
    for (let k = 0; k < a; k++) this.has[i * a + k] = set.has(this.atoms[k]!) ? 1 : 0;
    this.known[i] = 1;
  }

  /** An upper bound of the recall of the window of `size` units from `i` (no profile needed). */
  bound(i: number, size: number): number {
    const a = this.atoms.length;
    if (size === 1) return this.recall(this.may, i * a);
    const row = this.row.fill(0);
    for (let j = i; j < i + size; j++) for (let k = 0; k < a; k++) row[k]! |= this.may[j * a + k]!;
    return this.recall(row, 0);
  }

  /** The recall of unit `i` alone: of the terms it may hold, those its term set holds. */
  unitRecall(i: number): number {
    const a = this.atoms.length;
    let any = false;
    for (let k = 0; k < this.ws.length && !any; k++) any = this.hit(this.may, i * a, k);
    // a unit that may hold none of the terms holds none: it is not profiled (its row of `may`
    // holds no term, so the recall of that row is the recall of none)
    if (!any) return this.recall(this.may, i * a);
    this.fill(i);
    return this.recall(this.may, i * a, this.has, i * a);
  }

  /**
   * The recall of the whole passage: {@link weightedRecall} of `hasTerm(pp.terms, t)`, a term
   * held by some unit (or each of its parts by some unit), asked of the units as `pp.terms.has`
   * asks them ({@link UnitsUnion}), but only of the units that may hold the atom.
   */
  passageRecall(): number {
    let total = 0;
    let got = 0;
    for (let k = 0; k < this.ws.length; k++) {
      const w = this.ws[k]!;
      total += w;
      const ps = this.parts[k]!;
      if (this.anywhere(this.self[k]!) || (ps.length > 0 && ps.every((p) => this.anywhere(p)))) got += w;
    }
    return total > 0 ? got / total : 0;
  }

  /** Whether some unit's term set holds atom `x`: units already profiled first, then units that surely hold it, then the rest that may. */
  private anywhere(x: number): boolean {
    const a = this.atoms.length;
    const n = this.units.length;
    const atom = this.atoms[x]!;
    for (let i = 0; i < n; i++) {
      if (this.may[i * a + x] === 0) continue;
      if (this.known[i] === 1) {
        if (this.has[i * a + x] === 1) return true;
      } else if (isProfiled(this.units[i]!) && this.units[i]!.termSet.has(atom)) return true;
    }
    for (let i = 0; i < n; i++) if (this.may[i * a + x] === 1 && this.known[i] === 0 && !isProfiled(this.units[i]!) && this.units[i]!.sure?.has(atom) === true) return true;
    for (let i = 0; i < n; i++) if (this.may[i * a + x] === 1 && this.known[i] === 0 && !isProfiled(this.units[i]!) && this.units[i]!.termSet.has(atom)) return true;
    return false;
  }

  /** The recall of the window of `size` units from `i`: the terms its units hold together. */
  windowRecall(i: number, size: number): number {
    const a = this.atoms.length;
    const row = this.row.fill(0);
    // units already profiled first: the same answer, often with no new profile
    let later = 0;
    for (let j = i; j < i + size; j++) {
      if (this.known[j] === 1 || isProfiled(this.units[j]!)) this.addRow(row, j);
      else later |= 1 << (j - i);
    }
    for (let j = i; j < i + size; j++) {
      if ((later & (1 << (j - i))) === 0) continue;
      let adds = false;
      for (let k = 0; k < a && !adds; k++) adds = this.may[j * a + k] === 1 && row[k] === 0;
      if (adds) this.addRow(row, j);
    }
    return this.recall(row, 0);
  }

  /** Adds unit `j`'s held atoms to `row` (filling its row first). */
  private addRow(row: Uint8Array, j: number): void {
    this.fill(j);
    const a = this.atoms.length;
    for (let k = 0; k < a; k++) row[k]! |= this.has[j * a + k]!;
  }
}

/**
 * How far below the best recall a window's bound must be for the window to be skipped. The scan
 * compares recalls with a tolerance of 1e-9 (a replacement needs more, a tie less), so a window
 * can sway the outcome through a chain of near-ties, each one step of at most 1e-9, and a chain
 * is no longer than the windows scanned (at most 3 per unit).
 */
export const skipSlack = (units: number): number => (MAX_WINDOW * units + 3) * 1e-9;

/**
 * The recalls of `count` windows that the scan must see: windows are measured in order of their
 * upper bound, highest first, until the next bound is `slack` below the highest recall measured
 * (or `floor`, the best of shorter windows); the rest stay undefined.
 */
function prune(count: number, bound: (i: number) => number, exact: (i: number) => number, floor: number, slack: number): Array<number | undefined> {
  const out: Array<number | undefined> = new Array<number | undefined>(count).fill(undefined);
  const bounds = new Float64Array(count);
  for (let i = 0; i < count; i++) bounds[i] = bound(i);
  // windows in order of their bound, highest first (the first of equal bounds first), taken one
  // at a time: the scan stops long before most are taken, so they are never sorted
  const taken = new Uint8Array(count);
  let top = floor;
  for (let step = 0; step < count; step++) {
    let i = -1;
    for (let j = 0; j < count; j++) if (taken[j] === 0 && (i < 0 || bounds[j]! > bounds[i]!)) i = j;
    if (bounds[i]! < top - slack) break;
    taken[i] = 1;
    const r = exact(i);
    out[i] = r;
    if (r > top) top = r;
  }
  return out;
}
