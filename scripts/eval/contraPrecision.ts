/**
 * The measured precision of each contradiction rule: of the claims a fitted calibration calls
 * contradicted by that rule, the share that are real errors (gold). It becomes the confidence
 * the checker reports for such a contradiction.
 */
import type { Calibration } from '../../src/core/check/calibration';
import type { SentenceRecord } from './checkData';
import { verdictOf } from './checkFit';
import { contraKind } from '../../src/core/check/verdict';
import type { KindId } from '../../src/core/check/kinds';

type Rule = KindId;

/** Precision per rule on `records` under `cal` (rules that never fire are left out). */
export function contraPrecision(records: SentenceRecord[], cal: Calibration): NonNullable<Calibration['contraPrecision']> {
  const hits = new Map<Rule, { n: number; right: number }>();
  for (const r of records) {
    const f = r.features;
    if (!f || verdictOf(r, cal) !== 'contradicted') continue;
    const rule = contraKind(f);
    if (!rule) continue;
    const h = hits.get(rule) ?? { n: 0, right: 0 };
    h.n++;
    if (r.gold) h.right++;
    hits.set(rule, h);
  }
  // add-one smoothing: a rule seen a handful of times is not reported as certain
  return Object.fromEntries([...hits].map(([rule, h]) => [rule, Math.round(((h.right + 1) / (h.n + 2)) * 1000) / 1000]));
}
