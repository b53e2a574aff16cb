/**
 * Evidence alignment: a passage is cut into sentence units (profiled once and cached), and a
 * claim is aligned to the window of up to {@link MAX_WINDOW} consecutive units that covers most of
 * its weighted content. The window's text, sliced from the passage, is the verbatim quote.
 */
import type { Profile } from './profile';
import { MAX_WINDOW, type Unit, isProfiled, mayHold } from './units';
import type { PassageProfile } from './passages';
import { HeldTerms, skipSlack, prune } from './heldTerms';

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

/**
 * `Math.max(floor, ...recalls.map((r) => r ?? -1))` without the mapped copy and the spread: an
 * unmeasured window counts as -1 (`Math.max` per entry, so a NaN still wins as it did).
 */
export function highest(floor: number, recalls: ReadonlyArray<number | undefined>): number {
  let top = floor;
  for (let i = 0; i < recalls.length; i++) top = Math.max(top, recalls[i] ?? -1);
  return top;
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
  let top = highest(-1, measured[1]);
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
      top = highest(top, measured[size]!);
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
