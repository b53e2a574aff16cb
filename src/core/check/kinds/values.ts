/**
 * Values: a number, date or quantity of the claim in the place of a different one of the source
 * ("30 days" / "60 days", "in March" / "in May", "2 hours" / "2 days"). Only values that count the
 * same kind of thing are compared (the same unit or measure, or both bare); a list marker or a
 * label ("Step 3", "Form 22", "No. 2") is no quantity; a number written in words is never a year.
 */
import type { Atom, Hunk } from '../alignment';
import type { Profile, Value } from '../profile';
import { boundedSpan, compatible, interval, measure, otherPeriod, overlaps, quantity, states, valueKind, valueText, YEARLIKE } from '../quantities';
import { stem } from '../../text/analyzer';
import { finding, tightIn, type ConflictKind, type Finding, type KindContext, firstTight } from './kind';

/** Words before a number that make it a label, not a quantity ("step 3", "No. 2", "Table 4"). */
const LABELS = new Set(['step', 'steps', 'no', 'nos', 'number', 'item', 'items', 'figure', 'fig', 'table', 'page', 'pages', 'chapter', 'section', 'article', 'appendix', 'passage', 'passages', 'method', 'option', 'example', 'phase', 'stage', 'part', 'level', 'tier', 'line', 'lines', 'rule', 'question', 'exhibit', 'schedule', 'footnote', 'note', 'volume', 'vol', 'issue', 'order', 'act', 'title', 'form', 'box', 'boxes', 'version', 'v', 'release', 'id']);

/** The word written just before offset `at` (lower case), '' at the start. */
function wordBefore(text: string, at: number): string {
  const m = /([\p{L}\p{N}]+)[^\p{L}\p{N}]*$/u.exec(text.slice(Math.max(0, at - 40), at));
  return m ? m[1]!.toLowerCase() : '';
}

/** Whether a value is a label or a list marker rather than a quantity. */
export function isLabel(p: Profile, v: Value): boolean {
  if (LABELS.has(wordBefore(p.text, v.start))) return true;
  // the rest of a labelled code after a hyphen ("the 2 of "Form 1330 - 2")
  if (p.values.some((o) => o.end <= v.start && /^\s*[-–]\s*$/.test(p.text.slice(o.end, v.start)) && LABELS.has(wordBefore(p.text, o.start)))) return true;
  // "1." or "(2)" opening the text, a list marker
  return /^\s*\(?$/.test(p.text.slice(0, v.start)) && /^[.)]/.test(p.text.slice(v.end));
}

const RANGE_JOIN = /^\s*(and|to|through|-|–)\s*$/;
/** Whether values `v` and `o` are the two bounds of one range ("10 to 24 hours", "10–24"). */
const joined = (p: Profile, v: Value, o: Value): boolean => o !== v && (follows(p, v, o) || follows(p, o, v));
/** Whether `o` is the upper bound of a range that `v` opens: joined to its number, or to its own unit ("4 weeks to 6 weeks"); a first bound takes the unit written after the second. */
const follows = (p: Profile, v: Value, o: Value): boolean =>
  o.start >= v.end && (RANGE_JOIN.test(p.text.slice(v.end, o.start)) || (o.start >= v.unitEnd && RANGE_JOIN.test(p.text.slice(v.unitEnd, o.start))));

/** Whether a value is a bound of a range ("between 10 and 24", "10 to 24 hours", "10–24"). */
function inRange(p: Profile, v: Value): boolean {
  if (/^(between|from)$/.test(wordBefore(p.text, v.start))) return true;
  return p.values.some((o) => joined(p, v, o));
}

/**
 * The atoms among `idx` of the other bound of value `v`'s range, with its unit word: a range is
 * one value, so "4 to 6 minutes" for "4 to 6 weeks" is one edit of both bounds, not two.
 */
const rangeMates = (p: Profile, atoms: readonly Atom[], idx: readonly number[], v: Value): number[] =>
  idx.filter((i) => atoms[i]!.type === 'value' && joined(p, v, atoms[i]!.value!)).flatMap((i) => [i, ...unitAtoms(atoms, idx, atoms[i]!.value!)]);

/** The text of value `v` (written `text`) with the other bound of its range among atoms `idx`, or `v` alone. */
function rangeSpan(p: Profile, atoms: readonly Atom[], idx: readonly number[], v: Value, text: string): { text: string; start: number } {
  let start = v.start;
  let end = v.start + text.length;
  for (const i of idx) {
    const o = atoms[i]!.value;
    if (!o || o === v || !joined(p, v, o)) continue;
    start = Math.min(start, o.start);
    end = Math.max(end, o.start + valueText(p, o).length);
  }
  return { text: p.text.slice(start, end), start };
}

const isDate = (c: Value, w: Value): boolean => valueKind(c.v) === 'month' || valueKind(c.v) === 'day' || (YEARLIKE.test(c.v) && YEARLIKE.test(w.v));

/** Whether two values count the same kind of thing, so one can stand for the other. */
function comparable(c: Value, w: Value): boolean {
  if (valueKind(c.v) !== valueKind(w.v)) return false;
  // a number written as a word ("two screws") is never a year ("a 2006 Chevy")
  if ((/^\p{L}/u.test(c.surface) && YEARLIKE.test(w.v)) || (/^\p{L}/u.test(w.surface) && YEARLIKE.test(c.v))) return false;
  // "twice a day" / "twice a week": counts of times per different periods
  if (otherPeriod(w, c)) return true;
  const qc = quantity(c);
  const qw = quantity(w);
  if (qc && qw) return qc.dim === qw.dim;
  if (qc || qw) return false;
  return c.unit === w.unit || c.unit === '' || w.unit === '';
}

/** The word atoms among `idx` written as part of value `v` ("times" of "three times a day", its unit word). */
const unitAtoms = (atoms: readonly Atom[], idx: readonly number[], v: Value): number[] => idx.filter((i) => atoms[i]!.type === 'word' && atoms[i]!.start >= v.end && atoms[i]!.end <= v.unitEnd);

/** The word atom among `idx` that is the letters of a code written with value `v` ("DS" of "DS-11"): one edit with it. */
const codeLetters = (atoms: readonly Atom[], idx: readonly number[], v: Value): number[] => idx.filter((i) => atoms[i]!.type === 'word' && atoms[i]!.end === v.start - 1);

/**
 * The same number bounded the other way ("at least 18" / "under 18", "not less than 10" / "less
 * than 10"): the bound words are the edit, the number aligned after them. Only two bounds that
 * share no number conflict; a bare figure against a bound ("50" / "more than 50") is left alone.
 */
function boundFlip(ctx: KindContext, h: Hunk): Finding | undefined {
  const { a, claim, source } = ctx;
  if (h.claim.length === 0 && h.source.length === 0) return undefined;
  // the first pair of values just after the hunk, on each side where the hunk has atoms
  const near = (idx: readonly number[], at: number): boolean => idx.length === 0 || (at > Math.max(...idx) && at - Math.max(...idx) <= 3);
  const pair = a.pairs.find(([i, j]) => a.claim[i]!.type === 'value' && a.source[j]!.type === 'value' && near(h.claim, i) && near(h.source, j));
  if (!pair) return undefined;
  const [ci, sj] = pair;
  const cv = a.claim[ci]!.value!;
  const sv = a.source[sj]!.value!;
  const cr = interval(claim, cv);
  const sr = interval(source, sv);
  const bounded = (r: typeof cr): boolean => r?.bound === 'lower' || r?.bound === 'upper';
  if (!cr || !sr || !bounded(cr) || !bounded(sr) || cr.bound === sr.bound || overlaps(cr, sr)) return undefined;
  const cs = [...h.claim, ci];
  const ss = [...h.source, sj];
  const f = finding(ctx, 'values', 'range', h, cs, ss, tightIn(ctx, h, cs, ss));
  const [cStart, cEnd] = boundedSpan(claim, cv);
  const [sStart, sEnd] = boundedSpan(source, sv);
  return { ...f, claimText: claim.text.slice(cStart, cEnd), sourceText: source.text.slice(sStart, sEnd), claimStart: cStart, claimEnd: cEnd };
}

function inHunk(ctx: KindContext, h: Hunk): Finding | undefined {
  const flip = boundFlip(ctx, h);
  if (flip) return flip;
  const { a, claim, source } = ctx;
  for (const ci of h.claim) {
    const c = a.claim[ci]!;
    if (c.type !== 'value' || isLabel(claim, c.value!)) continue;
    for (const sj of h.source) {
      const s = a.source[sj]!;
      if (s.type !== 'value' || isLabel(source, s.value!)) continue;
      const cv = c.value!;
      const sv = s.value!;
      if (!comparable(cv, sv) || states(sv, cv)) continue;
      // a bound or a round figure allows a range: "more than half" is what "over 60%" says, and
      // "up to 30 days" leaves "14 days" open; only ranges with no number in common conflict
      const cRange = interval(claim, cv);
      const sRange = interval(source, sv);
      if (cRange && sRange && compatible(cRange, sRange)) continue;
      const cs = [ci, ...unitAtoms(a.claim, h.claim, cv), ...codeLetters(a.claim, h.claim, cv), ...rangeMates(claim, a.claim, h.claim, cv)];
      const ss = [sj, ...unitAtoms(a.source, h.source, sv), ...codeLetters(a.source, h.source, sv), ...rangeMates(source, a.source, h.source, sv)];
      let display: Finding['display'] = isDate(cv, sv) ? 'date' : 'number';
      if (cv.v === sv.v && measure(cv.unit) && measure(sv.unit)) display = 'unit';
      else if (display === 'number' && (inRange(claim, cv) || inRange(source, sv))) display = 'range';
      const f = finding(ctx, 'values', display, h, cs, ss, tightIn(ctx, h, cs, ss));
      // both sides as a reader writes them: the number with its unit word, and the measure after
      // a qualifying word when both write it ("5 business days" / "10 business days")
      let ct = valueText(claim, cv);
      let st = valueText(source, sv);
      const nextC = /^\s+(\p{L}+)/u.exec(claim.text.slice(cv.start + ct.length));
      const nextS = /^\s+(\p{L}+)/u.exec(source.text.slice(sv.start + st.length));
      if (ct !== cv.surface && !measure(cv.unit) && nextC && nextS && nextC[1]!.toLowerCase() === nextS[1]!.toLowerCase() && measure(stem(nextC[1]!.toLowerCase()))) {
        ct += nextC[0];
        st += nextS[0];
      }
      // a range as written, both bounds and its unit ("4 to 6 minutes" / "4 to 6 weeks")
      const cr = rangeSpan(claim, a.claim, cs, cv, ct);
      const sr = rangeSpan(source, a.source, ss, sv, st);
      return { ...f, claimText: cr.text, sourceText: sr.text, claimStart: cr.start, claimEnd: cr.start + cr.text.length };
    }
  }
  return undefined;
}

export const valuesKind: ConflictKind = {
  id: 'values',
  find: (ctx) => firstTight(ctx, inHunk),
};
