/**
 * Element-by-element comparison of a claim with one aligned evidence window: which of the claim's
 * numbers (with their units), dates, ranges, names, polarity and opposites the window states, and
 * the first element it states differently. A conflict names both sides verbatim, so reasons and
 * quick fixes can say "the source says one hour, not two hours".
 */
import type { Conflict } from '../types';
import { hasTerm, type Unit } from './align';
import { antonymsOf, withNegatingPrefixes, withoutNegatingPrefix } from './antonyms';
import type { Profile, Value } from './profile';
import { STOP_WORDS, stem, tokenize } from '../text/analyzer';

export interface Found {
  kind: Conflict['kind'];
  /** The contradiction rule it falls under (each has its own calibrated alignment threshold). */
  group: 'value' | 'valueLoose' | 'name' | 'polarity';
  claimText: string;
  sourceText: string;
  /** Offsets of `claimText` in the claim's profiled text. */
  claimStart: number;
  claimEnd: number;
  /** Claim terms the conflict accounts for: they count as restated when measuring the rest. */
  terms: string[];
  /** How firmly the two sides are paired (shared unit, measure, date, preceding word); 0 for names and polarity. */
  strength: number;
  /** For a value found in the claim value's own slot (the same words around it): that claim value. */
  slot?: Value;
  /** A name that only stands in for the missing one (no shared slot): it needs the rest fully restated. */
  guess?: boolean;
  /** Two names of the claim the source writes in each other's places (see swapConflict). */
  swap?: boolean;
  /**
   * Polarity: the claim's word whose polarity or opposite conflicts ("edit" in "cannot edit"). Only
   * a sentence that states this word can agree with the claim's polarity.
   */
  about?: string;
}

/** Units of measure by dimension, as multiples of a base (seconds, bytes). */
const MEASURES: Record<string, Record<string, number>> = {
  time: { millisecond: 0.001, ms: 0.001, second: 1, sec: 1, minute: 60, min: 60, hour: 3600, hr: 3600, day: 86_400, week: 604_800, month: 2_629_800, year: 31_557_600, yr: 31_557_600 },
  size: { byte: 1, kb: 1e3, kilobyte: 1e3, mb: 1e6, megabyte: 1e6, gb: 1e9, gigabyte: 1e9, tb: 1e12, terabyte: 1e12, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3, tib: 1024 ** 4 },
  // single letters ("g", "m", "l") are left out: "5G", "3 m" (minutes or metres?) say no measure for sure
  mass: { mg: 0.001, milligram: 0.001, gram: 1, gramme: 1, kg: 1000, kilogram: 1000, ounce: 28.3495, oz: 28.3495, pound: 453.592, lb: 453.592, lbs: 453.592, tonne: 1e6 },
  length: { mm: 0.001, millimeter: 0.001, millimetre: 0.001, cm: 0.01, centimeter: 0.01, centimetre: 0.01, meter: 1, metre: 1, km: 1000, kilometer: 1000, kilometre: 1000, inch: 0.0254, foot: 0.3048, feet: 0.3048, ft: 0.3048, yard: 0.9144, mile: 1609.344 },
  volume: { ml: 1, milliliter: 1, millilitre: 1, liter: 1000, litre: 1000, teaspoon: 4.929, tsp: 4.929, tablespoon: 14.787, tbsp: 14.787, cup: 236.588, pint: 473.176, quart: 946.353, gallon: 3785.41 },
};
/**
 * How far apart two quantities written in different units may be and still state the same thing:
 * conversions are rounded in prose ("1 cup (250 ml)", "a month (30 days)", "1 inch (2.5 cm)").
 * In the same unit the numbers must be equal ("31 days" is not "30 days").
 */
const CONVERSION_ROUNDING = 0.06;
let unitTable: Map<string, { dim: string; factor: number }> | undefined;
function measure(unit: string): { dim: string; factor: number } | undefined {
  if (!unitTable) {
    unitTable = new Map();
    for (const [dim, units] of Object.entries(MEASURES)) for (const [w, factor] of Object.entries(units)) unitTable.set(stem(w), { dim, factor });
  }
  return unitTable.get(unit);
}

/** Words that say how many or how often: an opposite among them is a quantifier conflict. */
const QUANTIFIERS = new Set(['all', 'every', 'each', 'some', 'none', 'no', 'any', 'always', 'sometimes', 'never', 'often', 'usually', 'rarely', 'seldom', 'most', 'many', 'few', 'several'].map(stem));

const isNumeric = (v: string): boolean => /^\d+(\.\d+)?$/.test(v);
const valueKind = (v: string): string => (v.includes(':') ? v.slice(0, v.indexOf(':')) : /x$/.test(v) ? 'times' : 'num');
/** A four-digit numeral that reads as a year or a model year ("2006 Chevy"). */
const YEARLIKE = /^(1[5-9]|20)\d\d$/;

/** The quantity a value states in base units, when its unit is a known measure ("2 hours" → 7200 s). */
export function quantity(v: Value): { dim: string; base: number } | undefined {
  const m = isNumeric(v.v) ? measure(v.unit) : undefined;
  return m && { dim: m.dim, base: Number(v.v) * m.factor };
}

/** Two counts of times ("twice", "3 times") per different periods ("a day" / "a week"). */
const otherPeriod = (w: Value, c: Value): boolean => valueKind(w.v) === 'times' && valueKind(c.v) === 'times' && w.unit !== c.unit && measure(w.unit) !== undefined && measure(c.unit) !== undefined;

/**
 * Whether evidence value `w` states claim value `c`: the same number with a unit that does not
 * disagree ("30 days" / "30 days", "30" / "30 days"), or the same quantity in other units
 * ("60 minutes" / "one hour"). "2 days" does not state "two hours".
 */
export function states(w: Value, c: Value): boolean {
  const qc = quantity(c);
  const qw = quantity(w);
  // two known measures compare as quantities; a measure never matches a number of something
  // else; otherwise the number decides
  if (qc && qw) return qc.dim === qw.dim && Math.abs(qc.base - qw.base) <= (c.unit === w.unit ? 1e-9 : CONVERSION_ROUNDING) * Math.max(qc.base, qw.base);
  // a measure against a number that counts something else ("14 days" / "Release note 14: the …")
  if ((qc && w.unit) || (qw && c.unit)) return false;
  // "twice a day" does not state "twice a week"
  if (otherPeriod(w, c)) return false;
  return w.v === c.v;
}

/** Claim values that no unit of the window states. */
export function unstatedValues(claim: Profile, window: readonly Unit[]): Value[] {
  const seen = new Set<string>();
  const out: Value[] = [];
  for (const c of claim.values) {
    const key = `${c.v} ${c.unit}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!window.some((u) => u.profile.values.some((w) => states(w, c)))) out.push(c);
  }
  return out;
}

/**
 * Claim names (terms) that no unit of the window holds; with `openers`, also the claim's rare
 * sentence openers (see Profile.openers), which only the name-slot rule reads as names.
 */
export function unstatedNames(claim: Profile, window: readonly Unit[], openers = false): string[] {
  const missing = [...claim.names, ...(openers ? [...claim.openers].filter((n) => !claim.names.has(n)) : [])].filter((n) => !window.some((u) => hasTerm(u.termSet, n)));
  if (missing.length === 0) return missing;
  // a name the window writes as its initials, or spells out: "United States" / "US", "ACS" /
  // "American Cancer Society"
  const stated = new Set<string>();
  const claimRuns = initialisms(claim);
  for (const u of window) {
    for (const [abbr, run] of claimRuns) if (hasTerm(u.termSet, abbr)) for (const t of run) stated.add(t);
    for (const [abbr, run] of initialisms(u.profile)) if (claim.names.has(abbr) && run.every((t) => !claim.names.has(t) || stated.has(t))) stated.add(abbr);
  }
  return missing.filter((n) => !stated.has(n));
}

const initialismCache = new WeakMap<Profile, Map<string, string[]>>();
/**
 * The runs of two or more adjacent capitalised names of a profile by their initials, in lower
 * case as terms are ("United States" → 'us'), cached per profile.
 */
function initialisms(p: Profile): Map<string, string[]> {
  let m = initialismCache.get(p);
  if (m) return m;
  m = new Map();
  for (let i = 0; i < p.terms.length; i++) {
    if (!p.names.has(p.terms[i]!)) continue;
    const [a, b] = nameRun(p, i, () => true);
    if (b > a) {
      const run = p.terms.slice(a, b + 1);
      const initials = run.map((t) => (p.surface.get(t) ?? t)[0]!).join('');
      if (/^\p{Lu}+$/u.test(initials)) m.set(stem(initials.toLowerCase()), run);
    }
    i = Math.max(i, b);
  }
  initialismCache.set(p, m);
  return m;
}

/** The word written just before offset `at` (lower case), '' at the start. */
function wordBefore(text: string, at: number): string {
  const m = /([\p{L}\p{N}]+)[^\p{L}\p{N}]*$/u.exec(text.slice(Math.max(0, at - 40), at));
  return m ? m[1]!.toLowerCase() : '';
}

/** Whether a value is a bound of a range ("between 10 and 24", "10 to 24 hours", "10–24"). */
function inRange(text: string, v: Value, values: readonly Value[]): boolean {
  if (/^(between|from)$/.test(wordBefore(text, v.start))) return true;
  return values.some((o) => o !== v && ((o.start >= v.unitEnd && /^\s*(and|to|through|-|–)\s*$/.test(text.slice(v.unitEnd, o.start))) || (o.unitEnd <= v.start && /^\s*(and|to|through|-|–)\s*$/.test(text.slice(o.unitEnd, v.start)))));
}

/** A value as written, with its unit word when only white space or a hyphen joins them ("two hours", "8-inch"). */
export const valueText = (p: Profile, v: Value): string =>
  /^[\s-]*(an?\s+)?$/.test(p.text.slice(v.end, v.unitEnd - v.unitSurface.length)) || (valueKind(v.v) === 'times' && measure(v.unit) !== undefined) ? p.text.slice(v.start, v.unitEnd) : v.surface;

/**
 * The last content word before offset `at` (stemmed), '' when none: "Push the second slide" and
 * "along the length of the first slide" frame their numbers alike but are about different things.
 */
function contentBefore(text: string, at: number): string {
  const words = text.slice(Math.max(0, at - 80), at).toLowerCase().match(/\p{L}+/gu) ?? [];
  for (let i = words.length - 1; i >= 0; i--) if (!STOP_WORDS.has(words[i]!)) return stem(words[i]!);
  return '';
}

/** The word written just after offset `at` (lower case), '' at the end. */
function wordAfter(text: string, at: number): string {
  const m = /^[^\p{L}\p{N}]*([\p{L}\p{N}]+)/u.exec(text.slice(at, at + 40));
  return m ? m[1]!.toLowerCase() : '';
}

/**
 * Whether values `a` (in text `ta`) and `b` (in `tb`) stand in the same slot: the same words on
 * both sides of the number ("take 2 to", "take 8 to"), or of the number and its unit ("under 18
 * years old", "under 18 minutes old").
 */
export function sameSlot(ta: string, a: Value, tb: string, b: Value): boolean {
  const before = wordBefore(ta, a.start);
  if (before !== wordBefore(tb, b.start) || contentBefore(ta, a.start) !== contentBefore(tb, b.start)) return false;
  // both sides of the slot must be words: the end of a sentence frames nothing
  if (before === '') return false;
  const after = wordAfter(ta, a.end);
  if (after === wordAfter(tb, b.end)) return after !== '';
  // the unit counts as part of the value only when written right after it ("18 years old", not "4-6 minutes")
  const unitNext = (t: string, v: Value): boolean => v.unitEnd > v.end && /^[\s-]*$/.test(t.slice(v.end, v.unitEnd - v.unitSurface.length));
  if (!unitNext(ta, a) || !unitNext(tb, b)) return false;
  const afterUnit = wordAfter(ta, a.unitEnd);
  return afterUnit !== '' && afterUnit === wordAfter(tb, b.unitEnd);
}

/**
 * A value of `unit` in the very slot of the claim's value `c` that states something else ("from
 * 2013 to 2017" / "from 2017 to 2017", "under 18 years old" / "under 18 minutes old"), even when
 * the claim repeats the source's value elsewhere. Undefined when the unit's value in that slot
 * agrees, or no value stands there.
 */
function slotConflict(claim: Profile, c: Value, unit: Unit, window: readonly Unit[]): Found | undefined {
  const text = unit.profile.text;
  let other: Value | undefined;
  // labels repeat with other numbers ("a Generation 1 monster … a Generation 2 monster"): when the
  // window states the claim's value and the claim the window's, each side says both
  const inWindow = window.some((u) => u.profile.values.some((w) => states(w, c)));
  for (const w of unit.profile.values) {
    if (!sameSlot(claim.text, c, text, w)) continue;
    if (states(w, c)) return undefined;
    if (inWindow && claim.values.some((x) => states(w, x))) continue;
    if (valueKind(w.v) === valueKind(c.v) && (/^\p{L}/u.test(c.surface) || !YEARLIKE.test(w.v) || YEARLIKE.test(c.v))) other ??= w;
  }
  if (!other) return undefined;
  const qc = quantity(c);
  const qw = quantity(other);
  const date = valueKind(c.v) === 'month' || valueKind(c.v) === 'day' || (YEARLIKE.test(c.v) && YEARLIKE.test(other.v));
  let kind: Conflict['kind'] = date ? 'date' : 'number';
  if (c.v === other.v) {
    // the same number with other words after it is a conflict only between two measures, or two
    // counts of times per different periods
    if ((!qc || !qw) && !otherPeriod(other, c)) return undefined;
    kind = 'unit';
  }
  else if (inRange(claim.text, c, claim.values) || inRange(text, other, unit.profile.values)) kind = 'range';
  const claimText = valueText(claim, c);
  return {
    kind, group: 'value', claimText, sourceText: valueText(unit.profile, other),
    claimStart: c.start, claimEnd: c.start + claimText.length, terms: c.unit ? [c.unit] : [], strength: 6, slot: c,
  };
}

/** A value of the window that the claim's value `c` contradicts, best counterpart first. */
function valueConflict(claim: Profile, c: Value, window: readonly Unit[]): Found | undefined {
  const claimValues = claim.values;
  let best: { score: number; w: Value; p: Profile; strong: boolean; kind: Conflict['kind'] } | undefined;
  let count = 0;
  for (const u of window) {
    for (const w of u.profile.values) {
      if (valueKind(w.v) !== valueKind(c.v) || claimValues.some((x) => states(w, x))) continue;
      // a number written as a word ("two screws") is never a year ("a 2006 Chevy")
      if ((/^\p{L}/u.test(c.surface) && YEARLIKE.test(w.v)) || (/^\p{L}/u.test(w.surface) && YEARLIKE.test(c.v))) continue;
      count++;
      const qc = quantity(c);
      const qw = quantity(w);
      const sameDim = qc !== undefined && qw !== undefined && qc.dim === qw.dim;
      const sameUnit = c.unit !== '' && c.unit === w.unit;
      const samePrev = wordBefore(claim.text, c.start) !== '' && wordBefore(claim.text, c.start) === wordBefore(u.profile.text, w.start);
      const date = valueKind(c.v) === 'month' || valueKind(c.v) === 'day' || (YEARLIKE.test(c.v) && YEARLIKE.test(w.v));
      const score = (sameUnit ? 4 : 0) + (sameDim ? 3 : 0) + (samePrev ? 1 : 0) + (date ? 2 : 0);
      let kind: Conflict['kind'] = date ? 'date' : 'number';
      if (sameDim && !sameUnit && c.v === w.v) kind = 'unit';
      else if (inRange(claim.text, c, claimValues) || inRange(u.profile.text, w, u.profile.values)) kind = 'range';
      // a shared word before the numbers alone ("Step 1" / "Step 3") pairs labels, not quantities
      if (!best || score > best.score) best = { score, w, p: u.profile, strong: score >= 2, kind };
    }
  }
  // with no shared unit, position or dimension, only a lone other value is its counterpart
  if (!best || (!best.strong && count !== 1)) return undefined;
  return {
    kind: best.kind, group: best.strong ? 'value' : 'valueLoose', claimText: valueText(claim, c), sourceText: valueText(best.p, best.w),
    claimStart: c.start, claimEnd: c.start + valueText(claim, c).length, terms: c.unit ? [c.unit] : [], strength: best.score,
  };
}

/** Whether the claim gives `abbr` in parentheses shortly after the name run ("… Contributions (NICs)"). */
function abbreviates(claim: Profile, run: [number, number], abbr: string): boolean {
  const end = claim.spans.get(claim.terms[run[1]]!)?.[1];
  if (end === undefined) return false;
  const after = claim.text.slice(end, end + 60);
  const open = after.indexOf('(');
  return open >= 0 && after.slice(open + 1).trimStart().toLowerCase().startsWith(abbr.toLowerCase());
}

/** The run of adjacent name terms around term `i` of `p` that pass `keep`: [first, last] indices. */
function nameRun(p: Profile, i: number, keep: (t: string) => boolean): [number, number] {
  if (i < 0) return [0, -1];
  let a = i;
  let b = i;
  while (a > 0 && p.names.has(p.terms[a - 1]!) && keep(p.terms[a - 1]!) && adjacent(p, a - 1, a)) a--;
  while (b + 1 < p.terms.length && p.names.has(p.terms[b + 1]!) && keep(p.terms[b + 1]!) && adjacent(p, b, b + 1)) b++;
  return [a, b];
}

/** Characters between terms `i` and `j` of `p` (i before j); Infinity when either is not found. */
function termGap(p: Profile, i: number, j: number): number {
  const a = p.spans.get(p.terms[i]!);
  const b = p.spans.get(p.terms[j]!);
  return a && b ? Math.abs(b[0] - a[1]) : Infinity;
}

/** Whether terms `i` and `j` of `p` are written next to each other (white space only between). */
function adjacent(p: Profile, i: number, j: number): boolean {
  const a = p.spans.get(p.terms[i]!);
  const b = p.spans.get(p.terms[j]!);
  return a !== undefined && b !== undefined && b[0] > a[1] && /^\s+$/.test(p.text.slice(a[1], b[0]));
}

/** Whether term `t` of `p` is a name (written as one, or a rare sentence opener). */
const isName = (p: Profile, t: string): boolean => p.names.has(t) || p.openers.has(t);

/** One name is the other's first letters in capitals ("F" / "Fahrenheit", "Corp" / "Corporation"), either way round. */
function shortFor(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length < long.length && /^\p{Lu}\p{Ll}{0,3}$/u.test(short) && long.startsWith(short) && /^\p{Lu}\p{Ll}+$/u.test(long);
}

/**
 * A name of the window in the slot of the claim's missing name `n` (same neighbouring word), or its
 * only other name. `unstated` is what unstatedNames(claim, window, true) returns: every missing name.
 */
function nameConflict(claim: Profile, n: string, window: readonly Unit[], unit: Unit, unstated: readonly string[]): Found | undefined {
  const claimTerms = new Set(claim.terms);
  const i = claim.terms.indexOf(n);
  const prev = claim.terms[i - 1];
  const next = claim.terms[i + 1];
  // a name of several words ("South Dakota", "New York") is one element on each side
  const missing = new Set(unstated);
  const run = nameRun(claim, i, (t) => missing.has(t));
  // the whole name the missing words belong to ("American Cancer Society", of which the source
  // states "cancer" and "society"): the claim's own abbreviation of it is no other name
  const whole = nameRun(claim, i, () => true);
  const before = claim.terms[run[0] - 1];
  const after = claim.terms[run[1] + 1];
  const found = (u: Unit, m: string): Found => {
    const ts = u.profile.terms;
    // the source's name ends where the claim's frame resumes ("New York | State")
    const other = nameRun(u.profile, ts.indexOf(m), (t) => t !== before && t !== after);
    const from = claim.spans.get(claim.terms[run[0]]!) ?? [0, 0];
    const to = claim.spans.get(claim.terms[run[1]]!) ?? from;
    const sFrom = u.profile.spans.get(ts[other[0]]!);
    const sTo = u.profile.spans.get(ts[other[1]]!);
    const sourceText = sFrom && sTo ? u.profile.text.slice(sFrom[0], sTo[1]) : u.profile.surface.get(m) ?? m;
    return {
      kind: 'name', group: 'name', claimText: claim.text.slice(from[0], to[1]), sourceText, claimStart: from[0], claimEnd: to[1],
      terms: claim.terms.slice(run[0], run[1] + 1), strength: 0,
    };
  };
  // the name framed like the claim's on both sides wins over one framed on one side only
  let oneSided: { f: Found; gap: number } | undefined;
  for (const u of window) {
    const ts = u.profile.terms;
    for (let j = 0; j < ts.length; j++) {
      const m = ts[j]!;
      // the claim may name the same thing elsewhere ("the Plead D license and the Class E license"
      // against "the Class D license and …"): the slot decides, not the name's absence
      if (!isName(u.profile, m) || m === n) continue;
      // the claim's own name beside the missing one ("Magellan of Virginia offers" against
      // "Magellan offers"): the claim adds a qualifier to the name the source states, no other name
      if (m === prev || m === next) continue;
      // a unit or title written as its first letters ("150 degrees F" / "150 degrees Fahrenheit")
      if (shortFor(claim.surface.get(n) ?? n, u.profile.surface.get(m) ?? m)) continue;
      // a name of several words the claim also abbreviates ("National Insurance Contributions (NICs)")
      if (whole[0] !== whole[1] && abbreviates(claim, whole, u.profile.surface.get(m) ?? m)) continue;
      const samePrev = prev !== undefined && ts[j - 1] === prev;
      const sameNext = next !== undefined && ts[j + 1] === next;
      if (samePrev && sameNext) return found(u, m);
      if (samePrev || sameNext) {
        // of names framed on one side, the one written closest to its shared word
        const gap = termGap(u.profile, samePrev ? j - 1 : j, samePrev ? j : j + 1);
        if (!oneSided || gap < oneSided.gap) oneSided = { f: found(u, m), gap };
        continue;
      }
      // the slot of a name of several words is around the whole name ("in South Dakota State" / "in New York State")
      if (run[0] === run[1] || claimTerms.has(m)) continue;
      const o = nameRun(u.profile, j, (t) => !claimTerms.has(t));
      if ((before !== undefined && ts[o[0] - 1] === before) || (after !== undefined && ts[o[1] + 1] === after)) oneSided ??= { f: found(u, m), gap: Infinity };
    }
  }
  if (oneSided) return oneSided.f;
  // a rare sentence opener is a name only in a name's place
  if (!claim.names.has(n)) return undefined;
  // no shared slot: the best unit's other name stands in (a weaker finding: the name counts as
  // unstated, and it decides only where the unit restates all the rest of the claim)
  const other = [...unit.profile.names].filter((m) => !claimTerms.has(m));
  if (other.length === 0) return undefined;
  if (whole[0] !== whole[1] && abbreviates(claim, whole, unit.profile.surface.get(other[0]!) ?? other[0]!)) return undefined;
  const f = found(unit, other[0]!);
  return { ...f, terms: [], guess: true };
}

/**
 * The nearest words either side of the name at term `i` of `p` that are no names, past the rest of
 * a name of several words ("Red Hat Developer Hub") and past a list of names ("Grafana and
 * Prometheus are …"): [before, after], undefined at either end.
 */
function nameFrame(p: Profile, i: number): [string | undefined, string | undefined] {
  let a = i - 1;
  let b = i + 1;
  while (a >= 0 && isName(p, p.terms[a]!)) a--;
  while (b < p.terms.length && isName(p, p.terms[b]!)) b++;
  return [p.terms[a], p.terms[b]];
}

/** Index of the only occurrence of `t` in `terms`, or -1 when it is absent or repeated. */
function onlyAt(terms: readonly string[], t: string): number {
  const i = terms.indexOf(t);
  return i >= 0 && terms.indexOf(t, i + 1) < 0 ? i : -1;
}

/**
 * Whether the unit writes each of `names` (swapped in the claim, see swapConflict) in the claim's
 * frame: beside the same word on the same side. Only such a sentence agrees with a swapped claim;
 * one that merely holds its words ("Configuring RHDH to install plugins by using Extensions") does not.
 */
export function keepsFrames(claim: Profile, u: Unit, names: readonly string[]): boolean {
  return names.every((n) => {
    const i = u.profile.terms.indexOf(n);
    if (i < 0) return false;
    const c = nameFrame(claim, claim.terms.indexOf(n));
    const s = nameFrame(u.profile, i);
    return [0, 1].some((k) => c[k] !== undefined && c[k] === s[k]);
  });
}

/**
 * Two names of the claim that the unit also states, each in the other's place: "Prometheus displays
 * the metrics that Grafana collects" against "Grafana displays the metrics that Prometheus
 * collects", "the primary database runs in Frankfurt and the replica in Dublin" against "the primary
 * database runs in Dublin and the replica in Frankfurt". The word beside each name in the claim (or
 * the sentence's end) is beside the other in the unit, on the same side, and not beside its own
 * there. A list in another order ("Grafana and Prometheus are …") frames both names alike and is no swap.
 */
function swapConflict(claim: Profile, u: Unit): Found | undefined {
  const ct = claim.terms;
  const st = u.profile.terms;
  const names = [...new Set(ct)].filter((t) => isName(claim, t) && isName(u.profile, t) && onlyAt(ct, t) >= 0 && onlyAt(st, t) >= 0);
  if (names.length < 2) return undefined;
  // each name's frame in the claim and in the unit, read once
  const frames = new Map(names.map((t) => [t, { claim: nameFrame(claim, ct.indexOf(t)), unit: nameFrame(u.profile, st.indexOf(t)) }]));
  // the word on one side of `x` in the claim (or the sentence's end) sits on that side of `y` in
  // the unit, and not of `x`
  const takes = (x: string, y: string): boolean => {
    const c = frames.get(x)!.claim;
    const sy = frames.get(y)!.unit;
    const sx = frames.get(x)!.unit;
    if (c[0] === undefined && c[1] === undefined) return false;
    return [0, 1].some((k) => c[k] === sy[k] && sx[k] !== c[k]);
  };
  for (const a of names) {
    for (const b of names) {
      // each in the other's place: one name merely written beside another word is no swap
      if (a === b || !takes(a, b) || !takes(b, a)) continue;
      const span = claim.spans.get(a)!;
      return {
        kind: 'name', group: 'name', claimText: claim.text.slice(span[0], span[1]), sourceText: u.profile.surface.get(b) ?? b,
        claimStart: span[0], claimEnd: span[1], terms: [a, b], strength: 0, swap: true,
      };
    }
  }
  return undefined;
}

/** Share of a unit's terms a claim must repeat for a polarity flip to count as restating it. */
const RESTATE_SHARE = 0.5;

/** Whether the claim restates most of the unit, so a flip in polarity belongs to the matched content. */
export function restates(claim: Profile, u: Unit, except?: string): boolean {
  const claimTerms = new Set(claim.terms);
  const unitTerms = new Set(u.profile.terms);
  let covered = 0;
  for (const t of unitTerms) if (claimTerms.has(t) || t === except) covered++;
  return unitTerms.size > 0 && covered >= unitTerms.size * RESTATE_SHARE;
}

const negatedTerms = (p: Profile): Set<string> => new Set(p.cues.map((c) => c.term).filter(Boolean));

/**
 * Whether word `w` written at `at` is negated: the term a negation governs (in `negated`, see
 * {@link negatedTerms}), or a value word between the negation and that term ("wasn't the first
 * search engine": 'first' is a value, so the negation's term is 'search').
 */
function negatedAt(p: Profile, negated: ReadonlySet<string>, w: string, at: [number, number]): boolean {
  return negated.has(w) || p.cues.some((c) => c.term !== '' && c.end <= at[0] && at[0] < (p.spans.get(c.term)?.[0] ?? -1));
}

/** A term both sides state, negated on one side only ("are not copied" / "are copied"). */
function negationConflict(claim: Profile, u: Unit): Found | undefined {
  if (!restates(claim, u)) return undefined;
  // as many negations on each side: the same polarity said another way ("does not require any
  // effort" / "requires no effort")
  if (claim.negations > 0 && claim.negations % 2 === u.profile.negations % 2) return undefined;
  const cn = negatedTerms(claim);
  const un = negatedTerms(u.profile);
  for (const t of new Set(claim.terms)) {
    if (!u.termSet.has(t) || cn.has(t) === un.has(t)) continue;
    const quantifier = (p: Profile, other: Profile): boolean => p.cues.some((c) => QUANTIFIERS.has(stem(p.text.slice(c.start, c.end).toLowerCase()))) && [...other.polar.keys()].some((w) => QUANTIFIERS.has(w));
    if (cn.has(t)) {
      const cue = claim.cues.find((c) => c.term === t)!;
      return { kind: quantifier(claim, u.profile) ? 'quantifier' : 'negation', group: 'polarity', claimText: claim.text.slice(cue.start, cue.end), sourceText: '', claimStart: cue.start, claimEnd: cue.end, terms: [], strength: 0, about: t };
    }
    const cue = u.profile.cues.find((c) => c.term === t)!;
    const termSpan = u.profile.spans.get(t);
    const span = claim.spans.get(t) ?? [0, 0];
    // the source side is the negated phrase as written: replacing the claim's word with it is the fix
    const sourceText = termSpan && termSpan[0] > cue.start ? u.profile.text.slice(cue.start, termSpan[1]) : u.profile.text.slice(cue.start, cue.end);
    // a word the claim puts where the source's negation is ("still exists" / "no longer exists") belongs to the flip
    const before = claim.terms[claim.terms.indexOf(t) - 1];
    const terms = before !== undefined && !u.termSet.has(before) ? [before] : [];
    return { kind: quantifier(u.profile, claim) ? 'quantifier' : 'negation', group: 'polarity', claimText: claim.surface.get(t) ?? t, sourceText, claimStart: span[0], claimEnd: span[1], terms, strength: 0, about: t };
  }
  return undefined;
}

/** The content terms just before and after the word at `start` ('' at the edges). */
function neighbours(p: Profile, start: number): [string, string] {
  const tokens = tokenize(p.text);
  const i = tokens.findIndex((t) => t.start === start);
  let prev = '';
  let next = '';
  for (let j = i - 1; j >= 0 && !prev; j--) prev = tokens[j]!.term;
  for (let j = i + 1; j < tokens.length && !next; j++) next = tokens[j]!.term;
  return [prev, next];
}

/** Whether two words' neighbours (see {@link neighbours}) share one on the same side. */
const sharesNeighbour = ([ap, an]: [string, string], [bp, bn]: [string, string]): boolean => (ap !== '' && ap === bp) || (an !== '' && an === bn);

/**
 * `a` with a negating prefix or without one, with or without a hyphen ("root" / "non-root"; only
 * "non-" negates with a hyphen: "in-memory" is no opposite of "memory").
 */
function prefixed(a: string): string[] {
  const hyphened = /^non-(\p{L}.*)$/u.exec(a);
  if (hyphened) return [hyphened[1]!];
  const base = withoutNegatingPrefix(a);
  return [...(base !== undefined ? [base] : []), ...withNegatingPrefixes(a), ...(/^\p{L}{4}/u.test(a) ? [`non-${a}`] : [])];
}

/**
 * Words of the unit that are `a` with a negating prefix or without one, or, for a compound, the
 * compound with one part changed to its opposite ("case-sensitive" / "case-insensitive",
 * "high-cost" / "low-cost").
 */
function prefixOpposites(a: string, unitWords: ReadonlyMap<string, unknown>): string[] {
  const out = prefixed(a);
  const parts = a.split('-');
  if (parts.length === 2 && !out.includes(parts[1]!)) {
    const [first, last] = parts as [string, string];
    for (const o of [...(antonymsOf(last) ?? []), ...prefixed(last)]) out.push(`${first}-${o}`);
    for (const o of [...(antonymsOf(first) ?? []), ...prefixed(first)]) out.push(`${o}-${last}`);
  }
  return out.filter((w) => unitWords.has(w));
}

/**
 * Stems of the base forms a written word may have: WordNet's antonyms are stems of base forms
 * ("add"), while "added" stems to "ad". An inflection (-ed, -ing, -es, -s, and the comparative
 * -er, -est) is taken off, a doubled final consonant undone ("stopped", "bigger") and a silent e
 * restored ("hoped", "later").
 */
function baseStemsOf(surface: string | undefined): string[] {
  if (!surface) return [];
  const w = surface.toLowerCase();
  const out = new Set<string>();
  for (const suffix of ['ed', 'ing', 'es', 's', 'd', 'er', 'est']) {
    if (!w.endsWith(suffix) || w.length - suffix.length < 3) continue;
    const b = w.slice(0, -suffix.length);
    out.add(stem(b));
    if (/([b-df-hj-np-tv-z])\1$/.test(b)) out.add(stem(b.slice(0, -1)));
    if (suffix !== 'd' && suffix !== 's') out.add(stem(b + 'e'));
  }
  return [...out];
}

const baseCache = new WeakMap<Profile, Map<string, [number, number]>>();
/** A profile's words by the stems of their base forms, with where each is written (cached per profile). */
function baseStems(p: Profile): Map<string, [number, number]> {
  let m = baseCache.get(p);
  if (m) return m;
  m = new Map();
  for (const [term, surface] of p.surface) for (const b of baseStemsOf(surface)) if (b !== term && !m.has(b)) m.set(b, p.spans.get(term)!);
  baseCache.set(p, m);
  return m;
}

/** Where a profile writes word `w`: as a term or polar word, else as the base form of one, else as a value in one word. */
function whereWritten(p: Profile, w: string): [number, number] | undefined {
  return p.polar.get(w) ?? p.spans.get(w) ?? baseStems(p).get(w) ?? wordValues(p).get(w);
}

/**
 * A profile's values written as one word ("a single cluster", "the first"), by their stems: they
 * are words too, with opposites ("multiple", "last") that are no values.
 */
function wordValues(p: Profile): ReadonlyMap<string, [number, number]> {
  let m = wordValueCache.get(p);
  if (m) return m;
  m = new Map();
  for (const v of p.values) if (/^\p{L}+$/u.test(v.surface)) m.set(stem(v.surface.toLowerCase()), [v.start, v.end]);
  wordValueCache.set(p, m);
  return m;
}
const wordValueCache = new WeakMap<Profile, Map<string, [number, number]>>();

/**
 * Whether a unit of the window states the claim word at `span` itself (or its base form: "small"
 * for "smaller") in the claim's slot, sharing a neighbour with it, and restates at least as much
 * of the claim as `u`, the unit with the opposite: the window then says what the claim says, and
 * the opposite is about something else ("… warm water … rinse in cool water", "a rock is large …
 * a stone is small").
 */
function windowStates(claim: Profile, a: string, span: [number, number], window: readonly Unit[], u: Unit): boolean {
  const forms = new Set([a, ...baseStemsOf(claim.surface.get(a))]);
  const [cp, cn] = neighbours(claim, span[0]);
  const terms = new Set(claim.terms);
  const shared = (x: Unit): number => [...terms].filter((t) => hasTerm(x.termSet, t)).length;
  const bar = shared(u);
  for (const w of window) {
    if (w === u) continue;
    for (const f of forms) {
      const at = whereWritten(w.profile, f);
      if (!at) continue;
      const [up, un] = neighbours(w.profile, at[0]);
      if (sharesNeighbour([cp, cn], [up, un]) && shared(w) >= bar) return true;
    }
  }
  return false;
}

/** A claim word whose WordNet antonym the unit states in its place ("disabled" / "enabled", "after" / "before"). */
function antonymConflict(claim: Profile, u: Unit, window: readonly Unit[]): Found | undefined {
  const cn = negatedTerms(claim);
  const un = negatedTerms(u.profile);
  const claimWords = new Map<string, [number, number]>([...wordValues(claim), ...claim.spans, ...claim.polar]);
  const unitWords = new Map<string, [number, number]>([...wordValues(u.profile), ...u.profile.spans, ...u.profile.polar]);
  for (const [a, span] of claimWords) {
    // the unit writes the claim's word: in the claim word's place (a shared neighbour) it states
    // it; elsewhere ("a low startup time and high performance" for "a high startup time and high
    // performance") an opposite in its place still conflicts, when framed the same on both sides
    const own = unitWords.get(a);
    // the claim word's neighbours, read once and only when needed (neighbours tokenizes the claim)
    let slot: [string, string] | undefined;
    const claimSlot = (): [string, string] => (slot ??= neighbours(claim, span[0]));
    if (own && sharesNeighbour(claimSlot(), neighbours(u.profile, own[0]))) continue;
    const opposites = [...(antonymsOf(a) ?? []), ...prefixOpposites(a, unitWords)];
    for (const b of baseStemsOf(claim.surface.get(a))) if (b !== a) opposites.push(...(antonymsOf(b) ?? []));
    let said: boolean | undefined;
    for (const b of opposites) {
      const at = whereWritten(u.profile, b);
      if (!at) continue;
      if ((said ??= windowStates(claim, a, span, window, u))) break;
      // the claim also says the source's word, or the source the claim's: only an opposite framed
      // the same on both sides counts
      const both = claimWords.has(b) || own !== undefined;
      // "not disabled" says what "enabled" says
      if (negatedAt(claim, cn, a, span) !== negatedAt(u.profile, un, b, at)) continue;
      if (!restates(claim, u, b)) continue;
      // the opposite must stand in the claim word's place: a shared neighbour on either side
      // ("cut side down" / "cut side up"), not anywhere in the sentence
      const [cp, cn2] = claimSlot();
      const [up, un2] = neighbours(u.profile, at[0]);
      if (both ? !(cp === up && cn2 === un2) : !sharesNeighbour([cp, cn2], [up, un2])) continue;
      const quantifier = QUANTIFIERS.has(a) && QUANTIFIERS.has(b);
      return { kind: quantifier ? 'quantifier' : 'antonym', group: 'polarity', claimText: claim.text.slice(span[0], span[1]), sourceText: u.profile.text.slice(at[0], at[1]), claimStart: span[0], claimEnd: span[1], terms: [a], strength: 0, about: a };
    }
  }
  return undefined;
}

/**
 * Quantifiers on their scales: how often (always … never) and how many (all … none). Two of one
 * scale with different ranks in the same slot state different things ("usually" / "rarely",
 * "some or all" / "all or all"). A closed class of words, so a table, not a lexicon.
 */
const SCALES: ReadonlyArray<Record<string, number>> = [
  { always: 5, usually: 4, normally: 4, generally: 4, typically: 4, often: 4, frequently: 4, sometimes: 3, occasionally: 3, rarely: 2, seldom: 2, never: 1 },
  { all: 6, every: 6, each: 6, most: 5, many: 4, much: 4, several: 3, some: 3, few: 2, no: 0, none: 0 },
];

interface QuantWord { word: string; start: number; end: number; prev: string; next: string }
const quantCache = new WeakMap<Profile, QuantWord[]>();
/** The quantifier words of a profile with the words on either side (cached per profile). */
function quantWords(p: Profile): QuantWord[] {
  let qs = quantCache.get(p);
  if (qs) return qs;
  qs = [];
  const tokens = tokenize(p.text);
  tokens.forEach((t, i) => {
    if (!SCALES.some((s) => s[t.word] !== undefined)) return;
    // a sentence boundary between two words makes them no neighbours
    const prev = tokens[i - 1] && !/[.!?;:]/.test(p.text.slice(tokens[i - 1]!.end, t.start)) ? tokens[i - 1]!.word : '';
    const next = tokens[i + 1] && !/[.!?;:]/.test(p.text.slice(t.end, tokens[i + 1]!.start)) ? tokens[i + 1]!.word : '';
    qs!.push({ word: t.word, start: t.start, end: t.end, prev, next });
  });
  quantCache.set(p, qs);
  return qs;
}

/** A quantifier of the unit in the very slot of one of the claim's, on the same scale with another rank. */
function quantifierConflict(claim: Profile, u: Unit): Found | undefined {
  const cq = quantWords(claim);
  if (cq.length === 0) return undefined;
  const uq = quantWords(u.profile);
  if (uq.length === 0 || !restates(claim, u)) return undefined;
  for (const c of cq) {
    const scale = SCALES.find((s) => s[c.word] !== undefined)!;
    const inSlot = uq.filter((q) => q.prev === c.prev && q.next === c.next && (c.prev !== '' || c.next !== ''));
    if (inSlot.length === 0 || inSlot.some((q) => scale[q.word] === scale[c.word])) continue;
    const q = inSlot.find((x) => scale[x.word] !== undefined);
    if (!q) continue;
    // "usually", "always" are content words: the conflict accounts for the claim's
    const term = stem(c.word);
    return {
      kind: 'quantifier', group: 'polarity', claimText: claim.text.slice(c.start, c.end), sourceText: u.profile.text.slice(q.start, q.end), claimStart: c.start, claimEnd: c.end,
      terms: claim.terms.includes(term) ? [term] : [], strength: 0,
    };
  }
  return undefined;
}

/** Share of the unit's content terms a claim must repeat, all its own terms being in the unit, for a lost or added negation to count. */
const PARITY_SHARE = 0.8;

/**
 * A claim that restates a sentence almost word for word with one negation fewer or more ("you do
 * have to" / "you do not have to", "you are still" / "you are no longer"): the negation need not
 * govern a content word for the meaning to flip.
 */
function parityConflict(claim: Profile, u: Unit): Found | undefined {
  if (claim.negations % 2 === u.profile.negations % 2) return undefined;
  // one word of the claim may stand where the negation was ("still" for "no longer", "ever" for "never")
  const extra = [...new Set(claim.terms.filter((t) => !u.termSet.has(t)))];
  if (extra.length > 1) return undefined;
  // a negation of the claim's own extra word ("If this doesn't work, shut the door") is news, not a flip
  if (claim.cues.some((c) => c.term !== '' && !u.termSet.has(c.term))) return undefined;
  const unitTerms = new Set(u.profile.terms);
  let covered = 0;
  for (const t of unitTerms) if (claim.terms.includes(t)) covered++;
  if (unitTerms.size === 0 || covered < unitTerms.size * PARITY_SHARE) return undefined;
  const cue = claim.negations > u.profile.negations ? claim.cues[0] : undefined;
  const source = u.profile.cues[0];
  return {
    kind: 'negation', group: 'polarity', claimText: cue ? claim.text.slice(cue.start, cue.end) : '', sourceText: source && !cue ? u.profile.text.slice(source.start, source.end) : '',
    claimStart: cue?.start ?? 0, claimEnd: cue?.end ?? 0, terms: extra, strength: 0,
  };
}

/**
 * The first element of the claim that the window states differently: a value (with its unit),
 * then a name, then polarity or an opposite in the best unit. Undefined when nothing conflicts.
 */
export function findConflict(claim: Profile, window: readonly Unit[], unit: Unit): Found | undefined {
  for (const c of claim.values) {
    const f = slotConflict(claim, c, unit, window);
    if (f) return f;
  }
  const missing = unstatedValues(claim, window);
  // the counterpart of a value is looked for in the best-aligned sentence; the window's other
  // sentences hold other numbers about other things, so there only the same measure pairs them
  for (const c of missing) {
    const f = valueConflict(claim, c, [unit]);
    const g = valueConflict(claim, c, window.filter((u) => u !== unit));
    if (g && g.strength >= 3 && (!f || g.strength > f.strength)) return g;
    if (f) return f;
  }
  const unstated = unstatedNames(claim, window, true);
  for (const n of unstated) {
    const f = nameConflict(claim, n, window, unit, unstated);
    if (f) return f;
  }
  if (missing.length > 0) return undefined;
  const units = [unit, ...window.filter((u) => u !== unit)];
  for (const u of units) {
    const f = swapConflict(claim, u) ?? negationConflict(claim, u) ?? quantifierConflict(claim, u) ?? antonymConflict(claim, u, units) ?? parityConflict(claim, u);
    if (f) return f;
  }
  return undefined;
}
