/**
 * Question context: a direct answer to a question ("Delhi", "It was released in 2018.") is
 * checked as the claim "question + answer". What the answer adds to the question (its novel terms
 * and values) is what it asserts, so that part must be found in the evidence; words it repeats
 * from the question prove nothing.
 */
import { hasTerm, type PassageProfile } from './align';
import type { Profile } from './profile';

/**
 * Weighted share of the claim's novel terms and values (those not in the question `qp`; every one
 * when there is no question) that some evidence passage mentions, in [0, 1]; 1 when it adds none.
 */
export function novelCoverage(cp: Profile, qp: Profile | undefined, idf: (t: string) => number, passages: PassageProfile[]): number {
  const qTerms = new Set(qp?.terms ?? []);
  const qValues = new Set((qp?.values ?? []).map((v) => v.v));
  const novel = new Map<string, number>();
  for (const t of cp.terms) if (!qTerms.has(t)) novel.set(t, idf(t));
  const novelValues = [...new Set(cp.values.map((v) => v.v))].filter((v) => !qValues.has(v));
  // a value weighs as much as the rarest novel term: numbers and dates are specific
  const valueWeight = Math.max(1, ...novel.values());
  let total = 0;
  let hit = 0;
  for (const [t, w] of novel) {
    total += w;
    if (passages.some((pp) => hasTerm(pp.terms, t))) hit += w;
  }
  for (const v of novelValues) {
    total += valueWeight;
    if (passages.some((pp) => pp.values.has(v))) hit += valueWeight;
  }
  return total > 0 ? hit / total : 1;
}
