/**
 * Element-by-element comparison of a claim with one aligned evidence window: which of the claim's
 * numbers (with their units), dates, ranges, names, polarity and opposites the window states, and
 * the first element it states differently. A conflict names both sides verbatim, so reasons and
 * quick fixes can say "the source says one hour, not two hours".
 */
import type { Conflict } from '../types';
import { hasTerm, type Unit } from './align';
import { antonymsOf } from './antonyms';
import type { Profile, Value } from './profile';
import { stem, tokenize } from '../text/analyzer';

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
}

/** Units of measure by dimension, as multiples of a base (seconds, bytes). */
const MEASURES: Record<string, Record<string, number>> = {
  time: { millisecond: 0.001, ms: 0.001, second: 1, sec: 1, minute: 60, min: 60, hour: 3600, hr: 3600, day: 86_400, week: 604_800, month: 2_629_800, year: 31_557_600, yr: 31_557_600 },
  size: { byte: 1, kb: 1e3, kilobyte: 1e3, mb: 1e6, megabyte: 1e6, gb: 1e9, gigabyte: 1e9, tb: 1e12, terabyte: 1e12, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3, tib: 1024 ** 4 },
};
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
  if (qc && qw) return qc.dim === qw.dim && Math.abs(qc.base - qw.base) <= 1e-9 * Math.max(qc.base, qw.base);
  // a measure against a number that counts something else ("14 days" / "Release note 14: the …")
  if ((qc && w.unit) || (qw && c.unit)) return false;
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

/** Claim names (terms) that no unit of the window holds. */
export function unstatedNames(claim: Profile, window: readonly Unit[]): string[] {
  return [...claim.names].filter((n) => !window.some((u) => hasTerm(u.termSet, n)));
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
export const valueText = (p: Profile, v: Value): string => (/^[\s-]*$/.test(p.text.slice(v.end, v.unitEnd - v.unitSurface.length)) ? p.text.slice(v.start, v.unitEnd) : v.surface);

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

/** A name of the window in the slot of the claim's missing name `n` (same neighbouring word), or its only other name. */
function nameConflict(claim: Profile, n: string, window: readonly Unit[], unit: Unit): Found | undefined {
  const claimTerms = new Set(claim.terms);
  const i = claim.terms.indexOf(n);
  const prev = claim.terms[i - 1];
  const next = claim.terms[i + 1];
  const found = (u: Unit, m: string): Found => {
    const span = claim.spans.get(n) ?? [0, 0];
    return { kind: 'name', group: 'name', claimText: claim.surface.get(n) ?? n, sourceText: u.profile.surface.get(m) ?? m, claimStart: span[0], claimEnd: span[1], terms: [n], strength: 0 };
  };
  for (const u of window) {
    const ts = u.profile.terms;
    for (let j = 0; j < ts.length; j++) {
      const m = ts[j]!;
      // the claim may name the same thing elsewhere ("the Plead D license and the Class E license"
      // against "the Class D license and …"): the slot decides, not the name's absence
      if (!u.profile.names.has(m) || m === n) continue;
      if ((prev !== undefined && ts[j - 1] === prev) || (next !== undefined && ts[j + 1] === next)) return found(u, m);
    }
  }
  // no shared slot: the best unit's other name stands in (a weaker finding: the name counts as unstated)
  const other = [...unit.profile.names].filter((m) => !claimTerms.has(m));
  if (other.length === 0) return undefined;
  const f = found(unit, other[0]!);
  return { ...f, terms: [] };
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

/** A term both sides state, negated on one side only ("are not copied" / "are copied"). */
function negationConflict(claim: Profile, u: Unit): Found | undefined {
  if (!restates(claim, u)) return undefined;
  const cn = negatedTerms(claim);
  const un = negatedTerms(u.profile);
  for (const t of new Set(claim.terms)) {
    if (!u.termSet.has(t) || cn.has(t) === un.has(t)) continue;
    const quantifier = (p: Profile, other: Profile): boolean => p.cues.some((c) => QUANTIFIERS.has(stem(p.text.slice(c.start, c.end).toLowerCase()))) && [...other.polar.keys()].some((w) => QUANTIFIERS.has(w));
    if (cn.has(t)) {
      const cue = claim.cues.find((c) => c.term === t)!;
      return { kind: quantifier(claim, u.profile) ? 'quantifier' : 'negation', group: 'polarity', claimText: claim.text.slice(cue.start, cue.end), sourceText: '', claimStart: cue.start, claimEnd: cue.end, terms: [], strength: 0 };
    }
    const cue = u.profile.cues.find((c) => c.term === t)!;
    const termSpan = u.profile.spans.get(t);
    const span = claim.spans.get(t) ?? [0, 0];
    // the source side is the negated phrase as written: replacing the claim's word with it is the fix
    const sourceText = termSpan && termSpan[0] > cue.start ? u.profile.text.slice(cue.start, termSpan[1]) : u.profile.text.slice(cue.start, cue.end);
    return { kind: quantifier(u.profile, claim) ? 'quantifier' : 'negation', group: 'polarity', claimText: claim.surface.get(t) ?? t, sourceText, claimStart: span[0], claimEnd: span[1], terms: [], strength: 0 };
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

/** A claim word whose WordNet antonym the unit states in its place ("disabled" / "enabled", "after" / "before"). */
function antonymConflict(claim: Profile, u: Unit): Found | undefined {
  const cn = negatedTerms(claim);
  const un = negatedTerms(u.profile);
  const claimWords = new Map<string, [number, number]>([...claim.spans, ...claim.polar]);
  const unitWords = new Map<string, [number, number]>([...u.profile.spans, ...u.profile.polar]);
  for (const [a, span] of claimWords) {
    if (unitWords.has(a)) continue;
    const opposites = antonymsOf(a);
    if (!opposites) continue;
    for (const b of opposites) {
      const at = unitWords.get(b);
      if (!at || claimWords.has(b)) continue;
      // "not disabled" says what "enabled" says
      if (cn.has(a) !== un.has(b)) continue;
      if (!restates(claim, u, b)) continue;
      // the opposite must stand in the claim word's place: a shared neighbour on either side
      // ("cut side down" / "cut side up"), not anywhere in the sentence
      const [cp, cn2] = neighbours(claim, span[0]);
      const [up, un2] = neighbours(u.profile, at[0]);
      if (!((cp && cp === up) || (cn2 && cn2 === un2))) continue;
      const quantifier = QUANTIFIERS.has(a) && QUANTIFIERS.has(b);
      return { kind: quantifier ? 'quantifier' : 'antonym', group: 'polarity', claimText: claim.text.slice(span[0], span[1]), sourceText: u.profile.text.slice(at[0], at[1]), claimStart: span[0], claimEnd: span[1], terms: [a], strength: 0 };
    }
  }
  return undefined;
}

/**
 * The first element of the claim that the window states differently: a value (with its unit),
 * then a name, then polarity or an opposite in the best unit. Undefined when nothing conflicts.
 */
export function findConflict(claim: Profile, window: readonly Unit[], unit: Unit): Found | undefined {
  const missing = unstatedValues(claim, window);
  // the counterpart of a value is looked for in the best-aligned sentence; the window's other
  // sentences hold other numbers about other things, so there only the same measure pairs them
  for (const c of missing) {
    const f = valueConflict(claim, c, [unit]);
    const g = valueConflict(claim, c, window.filter((u) => u !== unit));
    if (g && g.strength >= 3 && (!f || g.strength > f.strength)) return g;
    if (f) return f;
  }
  for (const n of unstatedNames(claim, window)) {
    const f = nameConflict(claim, n, window, unit);
    if (f) return f;
  }
  if (missing.length > 0) return undefined;
  const units = [unit, ...window.filter((u) => u !== unit)];
  for (const u of units) {
    const f = negationConflict(claim, u) ?? antonymConflict(claim, u);
    if (f) return f;
  }
  return undefined;
}
