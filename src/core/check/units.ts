/**
 * The sentence units of a passage: each profiled once, when asked, and shared by text across
 * passages (LazyUnit); a code block cut into units of lines; glued sentences parted.
 */
import { BoundedCache } from '../boundedCache';
import { cleanClaim } from './clean';
import { mayStateValue } from './numbers';
import { profile, type Profile } from './profile';
import { profileText } from './profileWords';
import { tokenize } from '../text/analyzer';
import { termSetOf, termsOf } from './unitWords';

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

const MARKUP = /[[\]`*_<>|#~]|^\s*([-+]|\d{1,9}[.)])\s/;

/** Sentence units and windows by their text: a sentence repeated in many passages is profiled once. */
const unitCores = new BoundedCache<string, UnitCore>(20_000);

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

export function coreOf(text: string, code: boolean): UnitCore {
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

/** A sentence unit profiled on first use (see {@link UnitCore}). */
export class LazyUnit implements Unit {
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
export function unitOf(text: string, start: number, end: number): Unit {
  const p = profiled(coreOf(text, false));
  return { start, end, profile: p.profile, termSet: p.termSet };
}

/** Whether a unit's profile is at hand (asking for it costs nothing). */
export const isProfiled = (u: Unit): boolean => !(u instanceof LazyUnit) || u.core.profiled !== undefined;

/** Whether unit `u` may hold term `t` (false: it does not; true: ask its term set). */
export const mayHold = (u: Unit, t: string): boolean => u.mayHold === undefined || u.mayHold.has(t);

/** Lines of a code block (its fences left out) as units, at most {@link MAX_CODE_LINES} per block. */
export function codeUnits(text: string, offset: number): Unit[] {
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
export function unglue(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let from = 0;
  for (const m of text.matchAll(GLUED)) {
    out.push([from, m.index]);
    from = m.index;
  }
  out.push([from, text.length]);
  return out;
}
