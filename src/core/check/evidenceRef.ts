/**
 * Evidence references of a verdict: the passage, the quoted window or sentence with its line range,
 * the close alternatives, and where the conflicting element sits in the checked text.
 */
import type { Alignment } from './align';
import type { Unit } from './units';
import type { Analysis, Contradiction } from './features';
import type { Conflict, EvidenceRef, Passage } from '../types';

/** Below this alignment a passage is not shown as the deciding evidence: nothing came close. */
export const CLOSE_ENOUGH = 0.25;
/** Other passages shown as related evidence. */
const MAX_ALTERNATIVES = 3;
/** A passage counts as "close" when it aligns at least this fraction as well as the best one. */
const ALTERNATIVE_RATIO = 0.5;

/**
 * The conflict in the checked text's coordinates: the claim's side is found in the segment as
 * written (the claim may be the segment cleaned of markdown and lead-in phrases). Undefined when
 * it cannot be placed exactly.
 */
export function locate(segment: string, claim: string, profiled: string, c: Contradiction, segmentStart: number): Conflict | undefined {
  const text = profiled.slice(c.claimStart, c.claimEnd);
  if (!text) return undefined;
  // the same occurrence: count the earlier ones in the profiled claim, then find that one in the segment
  let nth = 0;
  for (let i = profiled.indexOf(text); i >= 0 && i < c.claimStart; i = profiled.indexOf(text, i + 1)) nth++;
  let at = -1;
  for (let k = 0; k <= nth; k++) at = segment.indexOf(text, at + 1);
  if (at < 0 || claim.length === 0) return undefined;
  return { kind: c.display, rule: c.kind, claimText: text, sourceText: c.sourceText, start: segmentStart + at, end: segmentStart + at + text.length };
}

/** Other passages that align nearly as well as the best, shown as related evidence. */
export function alternativesOf(a: Analysis): EvidenceRef[] {
  const best = a.alignments[0];
  if (!best || best.recall < CLOSE_ENOUGH) return [];
  return a.alignments
    .slice(1)
    .filter((x) => x.recall > 0 && x.recall >= best.recall * ALTERNATIVE_RATIO)
    .slice(0, MAX_ALTERNATIVES)
    .map((x) => toRef(x));
}

/** Where a reference points, as a person reads it ("warranty.md:9", "terms.pdf#page=2"). */
export function locationOf(r: EvidenceRef): string {
  return r.page !== undefined ? `${r.path}#page=${r.page}` : `${r.path}:${r.startLine}`;
}

/**
 * The evidence reference of an alignment: passage, verbatim window and its line range; with
 * `unit`, that one sentence of the passage (the one that contradicts).
 */
export function toRef(a: Alignment, unit?: Unit): EvidenceRef {
  const p = a.pp.passage;
  const from = unit ? unit.start : a.pp.units[a.first]!.start;
  const to = unit ? unit.end : a.pp.units[a.last]!.end;
  return passageRef(p, from, to, a.recall, unit ? undefined : a.quote);
}

/** The evidence reference of characters [from, to) of a passage (quoted as written unless `quote` is given). */
export function passageRef(p: Passage, from: number, to: number, score: number, quote?: string): EvidenceRef {
  const linesBefore = countNewlines(p.text, 0, from);
  const ref: EvidenceRef = {
    passageId: p.id, path: p.path, kind: p.kind, heading: p.headings.join(' › '),
    startLine: p.startLine + linesBefore, endLine: Math.min(p.endLine, p.startLine + linesBefore + countNewlines(p.text, from, to)),
    quote: quote ?? p.text.slice(from, to), score,
  };
  if (p.page !== undefined) ref.page = p.page;
  return ref;
}

function countNewlines(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (s.charCodeAt(i) === 10) n++;
  return n;
}
