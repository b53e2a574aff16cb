/**
 * What a value states: numbers with their units as quantities in base units ("2 hours" = 7200 s),
 * so "60 minutes" states "one hour" and "2 days" does not state "two hours". Used by the alignment
 * (which values match) and by the values conflict kind (which differ).
 */
import type { Profile, Value } from './profile';
import { stem } from '../text/analyzer';
import { sameClock } from './numbers';

/** Units of measure by dimension, as multiples of a base (seconds, bytes, grams, metres, millilitres). */
export const MEASURES: Record<string, Record<string, number>> = {
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
/** The measure a unit term (stemmed) belongs to. */
export function measure(unit: string): { dim: string; factor: number } | undefined {
  if (!unitTable) {
    unitTable = new Map();
    for (const [dim, units] of Object.entries(MEASURES)) for (const [w, factor] of Object.entries(units)) unitTable.set(stem(w), { dim, factor });
  }
  return unitTable.get(unit);
}

export const isNumeric = (v: string): boolean => /^\d+(\.\d+)?$/.test(v);
/** What a normalised value counts: 'num', 'times' ("2x"), 'month', 'day', 'ord' (an ordinal). */
export const valueKind = (v: string): string => (v.includes(':') ? v.slice(0, v.indexOf(':')) : /x$/.test(v) ? 'times' : 'num');
/** A four-digit numeral that reads as a year or a model year ("2006 Chevy"). */
export const YEARLIKE = /^(1[5-9]|20)\d\d$/;

/** The quantity a value states in base units, when its unit is a known measure ("2 hours" → 7200 s). */
export function quantity(v: Value): { dim: string; base: number } | undefined {
  const m = isNumeric(v.v) ? measure(v.unit) : undefined;
  return m && { dim: m.dim, base: Number(v.v) * m.factor };
}

/** Two counts of times ("twice", "3 times") per different periods ("a day" / "a week"). */
export const otherPeriod = (w: Value, c: Value): boolean => valueKind(w.v) === 'times' && valueKind(c.v) === 'times' && w.unit !== c.unit && measure(w.unit) !== undefined && measure(c.unit) !== undefined;

/**
 * Whether evidence value `w` states claim value `c`: the same number with a unit that does not
 * disagree ("30 days" / "30 days", "30" / "30 days"), or the same quantity in other units
 * ("60 minutes" / "one hour"). "2 days" does not state "two hours".
 */
export function states(w: Value, c: Value): boolean {
  const clock = sameClock(w.v, c.v);
  if (clock !== undefined) return clock;
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

/** A value as written, with its unit word when only white space or a hyphen joins them ("two hours", "8-inch"). */
export const valueText = (p: Profile, v: Value): string =>
  /^[\s-]*(an?\s+)?$/.test(p.text.slice(v.end, v.unitEnd - v.unitSurface.length)) || (valueKind(v.v) === 'times' && measure(v.unit) !== undefined) ? p.text.slice(v.start, v.unitEnd) : v.surface;

/** A range of numbers a value allows: [lo, hi], each end open or closed, and how the text bounds it. */
export interface Interval {
  lo: number;
  hi: number;
  loOpen: boolean;
  hiOpen: boolean;
  bound: 'exact' | 'lower' | 'upper' | 'about';
}

// "no more than 30" is an upper bound: "more than" after a negation is not a lower one
const LOWER_BEFORE = /\b(?<!\b(?:no|not)\s+)(more than|greater than|over|above|exceeding|in excess of|at least|no less than|not less than|a minimum of|minimum of|from)\s*$/i;
const UPPER_BEFORE = /\b(less than|fewer than|under|below|up to|at most|no more than|not more than|a maximum of|maximum of|within|no later than)\s*$/i;
const ABOUT_BEFORE = /(\b(about|around|approximately|approx\.|roughly|nearly|almost|circa|close to|an estimated)|~)\s*$/i;
const LOWER_AFTER = /^\s*(?:or|and) (more|older|above|over|higher|greater|later|longer)\b|^\s*\+/i;
const UPPER_AFTER = /^\s*(?:or|and) (less|fewer|younger|below|under|lower|earlier|shorter)\b/i;
/** Bound words that leave the number itself out ("more than 50" is not 50). */
const OPEN_BOUND = /^(more|greater|over|above|exceeding|in excess|less|fewer|under|below)/i;
/** How far a rounded figure ("about 60", "nearly 2 hours") may be from the exact one. */
const ABOUT = 0.1;

/**
 * The numbers a value allows as its text bounds it: "more than 50" (50, ∞), "at least 18" and
 * "18 or older" [18, ∞), "up to 30 days" [0, 30], "about 60" within 10%, else the value itself.
 * In the value's base units when its unit is a measure. Undefined for what is no number (a date).
 */
export function interval(p: Profile, v: Value): Interval | undefined {
  if (!isNumeric(v.v)) return undefined;
  const q = quantity(v);
  const x = q ? q.base : Number(v.v);
  const before = p.text.slice(Math.max(0, v.start - 24), v.start);
  const after = (from: number): string => p.text.slice(from, from + 16);
  const lower = LOWER_BEFORE.exec(before) ?? LOWER_AFTER.exec(after(v.end)) ?? LOWER_AFTER.exec(after(v.unitEnd));
  if (lower) return { lo: x, hi: Infinity, loOpen: OPEN_BOUND.test(lower[1] ?? ''), hiOpen: true, bound: 'lower' };
  const upper = UPPER_BEFORE.exec(before) ?? UPPER_AFTER.exec(after(v.end)) ?? UPPER_AFTER.exec(after(v.unitEnd));
  if (upper) return { lo: 0, hi: x, loOpen: false, hiOpen: OPEN_BOUND.test(upper[1] ?? ''), bound: 'upper' };
  if (ABOUT_BEFORE.test(before)) return { lo: x * (1 - ABOUT), hi: x * (1 + ABOUT), loOpen: false, hiOpen: false, bound: 'about' };
  return { lo: x, hi: x, loOpen: false, hiOpen: false, bound: 'exact' };
}

/** Where a value is written with the words that bound it ("at least 18", "18 or older", "no more than 30 days"). */
export function boundedSpan(p: Profile, v: Value): [number, number] {
  const before = p.text.slice(Math.max(0, v.start - 24), v.start);
  const b = LOWER_BEFORE.exec(before) ?? UPPER_BEFORE.exec(before);
  // "no more than": the negation is part of the bound
  const start = b ? v.start - before.length + b.index - (/\b(no|not)\s+$/i.exec(before.slice(0, b.index))?.[0].length ?? 0) : v.start;
  const text = valueText(p, v);
  const end = v.start + text.length;
  const a = LOWER_AFTER.exec(p.text.slice(end, end + 16)) ?? UPPER_AFTER.exec(p.text.slice(end, end + 16));
  return [start, a ? end + a[0].length : end];
}

/** Whether two intervals share a number. */
export function overlaps(a: Interval, b: Interval): boolean {
  const lo = Math.max(a.lo, b.lo);
  const hi = Math.min(a.hi, b.hi);
  if (lo < hi) return true;
  if (lo > hi) return false;
  // they touch at one number: shared only when both hold it
  const holds = (i: Interval): boolean => (i.lo < lo || !i.loOpen) && (i.hi > lo || !i.hiOpen);
  return holds(a) && holds(b);
}

/**
 * Whether two different figures may still state the same thing as their texts bound them: a
 * bound against a figure, a bound the other way or a round figure ("more than half" / "over 60%",
 * "up to 30 days" / "14 days", "about 60" / "58") when the ranges share a number. Two bounds the
 * same way state the bound itself, so different bounds differ ("up to 30 days" / "up to 33 days").
 */
export function compatible(a: Interval, b: Interval): boolean {
  if (a.bound === 'exact' && b.bound === 'exact') return false;
  if (a.bound === b.bound && (a.bound === 'lower' || a.bound === 'upper')) return false;
  return overlaps(a, b);
}
