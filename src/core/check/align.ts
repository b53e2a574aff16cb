/**
 * Evidence alignment: a passage is cut into sentence units (profiled once and cached), and a
 * claim is aligned to the window of up to {@link MAX_WINDOW} consecutive units that covers most of
 * its weighted content. The window's text, sliced from the passage, is the verbatim quote.
 */
import { looksLikeInjection } from '../ingest/injection';
import { BoundedCache } from './boundedCache';
import type { Passage } from '../types';
import { cleanClaim } from './clean';
import { profile, type Profile } from './profile';
import { segmentSentences } from './segment';
import { STOP_WORDS, stem } from '../text/analyzer';

/** Longest evidence window, in sentence units (a claim rarely spans more). */
export const MAX_WINDOW = 3;

export interface Unit {
  start: number;
  end: number;
  profile: Profile;
  termSet: Set<string>;
}

export interface PassageProfile {
  passage: Passage;
  units: Unit[];
  terms: Set<string>;
  values: Set<string>;
  names: Set<string>;
  bigrams: Set<string>;
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
/** Profiles of sentence units and windows, by their text: a sentence repeated in many passages is profiled once. */
const unitProfiles = new BoundedCache<string, Omit<Unit, 'start' | 'end'>>(20_000);

/** The cached profile of a passage (keyed by id and text hash). */
export function passageProfile(passage: Passage): PassageProfile {
  const key = `${passage.id}\u0000${passage.hash}`;
  let pp = profiles.get(key);
  if (pp) return pp;
  const shape = byText.getOrSet(passage.text, analyzePassage);
  // units of their own (the profiles inside are shared): which passage a unit belongs to is read by identity
  pp = { ...shape, passage, units: shape.units.map((u) => ({ ...u })) };
  profiles.set(key, pp);
  return pp;
}

/** A unit's profile and term set: sentences are profiled as cleaned text, code lines as written. */
function unitOf(text: string, start: number, end: number, code = false): Unit {
  const key = code ? `\u0001${text}` : text;
  let u = unitProfiles.get(key);
  if (!u) {
    // most evidence sentences carry no markdown: skip the cleaning regexes for them
    const p = profile(code ? text : MARKUP.test(text) ? cleanClaim(text) : text);
    unitProfiles.set(key, (u = { profile: p, termSet: termSetOf(p.terms) }));
  }
  return { start, end, profile: u.profile, termSet: u.termSet };
}

/** Cuts a passage's text into units and profiles them (see {@link passageProfile}). */
function analyzePassage(text: string): Omit<PassageProfile, 'passage'> {
  const units: Unit[] = [];
  for (const seg of segmentSentences(text)) {
    // a code block is evidence too (a setting, a flag, a command): one unit per line, so a window
    // of lines holds a key and its value ("permission:" / "enabled: true")
    if (seg.kind === 'code') {
      units.push(...codeUnits(seg.text, seg.start));
      continue;
    }
    for (const [start, end] of unglue(seg.text)) units.push(unitOf(seg.text.slice(start, end), seg.start + start, seg.start + end));
  }
  if (units.length === 0) {
    const p = profile(text);
    units.push({ start: 0, end: text.length, profile: p, termSet: termSetOf(p.terms) });
  }
  const terms = new Set<string>();
  const values = new Set<string>();
  const names = new Set<string>();
  const bigrams = new Set<string>();
  for (const u of units) {
    for (const t of u.termSet) terms.add(t);
    for (const v of u.profile.values) values.add(v.v);
    for (const n of u.profile.names) names.add(n);
    for (const b of u.profile.bigrams) bigrams.add(b);
  }
  return { units, terms, values, names, bigrams, suspicious: looksLikeInjection(text) };
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
    const u = unitOf(line.trim(), offset + start, offset + start + line.length, true);
    if (u.profile.terms.length === 0 && u.profile.values.length === 0) continue;
    out.push(u);
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
  for (const t of terms) {
    if (t.includes('-')) for (const p of parts(t)) set.add(p);
    else if (t.includes('.') && !/\d/.test(t)) for (const p of t.split('.')) if (p.length > 2 && !STOP_WORDS.has(p)) set.add(stem(p));
  }
  return set;
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

/** Weighted recall of `weights`' terms in each unit of a passage. */
export function unitRecallsOf(weights: Map<string, number>, pp: PassageProfile): number[] {
  return pp.units.map((u) => weightedRecall(weights, (t) => hasTerm(u.termSet, t)));
}

/** At most this many of a claim's values and word pairs break ties (one bit each). */
const BEYOND_MAX = 30;

/**
 * Which of the claim's values and word pairs (one bit each) a unit states: what the claim writes
 * besides its words. It breaks ties between windows that hold the same words ("the fine is
 * between $50 and $100" after a sentence with "a fine of $25 to $50").
 */
function beyondMask(claim: Pick<Profile, 'values' | 'bigrams'>, u: Unit): number {
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

const bitCount = (x: number): number => {
  let n = 0;
  for (let y = x; y; y &= y - 1) n++;
  return n;
};

/**
 * Aligns a claim (its unique content terms with IDF weights) to the best window of a passage:
 * the one covering most weight; of windows covering the same (and something), the first that
 * states most of the claim's values and word pairs.
 */
export function align(weights: Map<string, number>, pp: PassageProfile, claim?: Pick<Profile, 'values' | 'bigrams'>): Alignment {
  const unitRecalls = unitRecallsOf(weights, pp);
  let best = { recall: -1, first: 0, last: 0, beyond: -1 };
  const tieBreak = claim !== undefined && claim.values.length + claim.bigrams.size > 0;
  const masks: Array<number | undefined> = [];
  const beyond = (first: number, last: number): number => {
    let m = 0;
    for (let i = first; i <= last; i++) m |= masks[i] ??= beyondMask(claim!, pp.units[i]!);
    return bitCount(m);
  };
  // shorter windows first, so a longer one wins only by adding coverage
  for (let size = 1; size <= MAX_WINDOW; size++) {
    for (let i = 0; i + size <= pp.units.length; i++) {
      // as hasTerm over the window's terms together, with no set of them built
      const inWindow = (t: string): boolean => {
        for (let j = i; j < i + size; j++) if (pp.units[j]!.termSet.has(t)) return true;
        return false;
      };
      const r = size === 1 ? unitRecalls[i]! : weightedRecall(weights, (t) => {
        if (inWindow(t)) return true;
        const ps = partsOfTerm(t);
        return ps.length > 0 && ps.every(inWindow);
      });
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
  for (let i = best.first; i <= best.last; i++) if (unitRecalls[i]! > unitRecalls[unitIdx]!) unitIdx = i;
  const unit = pp.units[unitIdx]!;
  const quote = pp.passage.text.slice(pp.units[best.first]!.start, pp.units[best.last]!.end);
  return {
    pp,
    recall: Math.max(0, best.recall),
    passageRecall: weightedRecall(weights, (t) => hasTerm(pp.terms, t)),
    first: best.first,
    last: best.last,
    unit,
    unitRecall: unitRecalls[unitIdx] ?? 0,
    quote,
  };
}
