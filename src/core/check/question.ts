/**
 * Question context: a direct answer to a question ("Delhi", "It was released in 2018.") is
 * checked as the claim "question + answer". What the answer adds to the question (its novel terms
 * and values) is what it asserts, so that part must be found in the evidence; words it repeats
 * from the question prove nothing.
 */
import type { PassageProfile } from './passages';
import { hasTerm } from './unitWords';
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

/** Auxiliaries that open a yes/no question ("Can members renew online?"). */
const POLAR_AUX = /^(is|are|was|were|am|do|does|did|can|could|will|would|shall|should|may|might|must|has|have|had)(?=\s)/i;
/** A bare yes or no, with at most a pronoun and an auxiliary after it ("No, it does not."). */
const POLAR_ANSWER = /^(yes|yeah|yep|correct|no|nope)(?:\s*[,;:–—-]?\s*(?:it|they|he|she|you|we|this|that|there|i)\s+(?:is|are|was|were|am|do|does|did|can|could|will|would|shall|should|may|might|must|has|have|had)(?:n't|\s*not)?)?\s*[.!]?$/i;

/** What a yes and what a no to a question assert: the question as a statement, and it denied. */
export interface PolarQuestion {
  question: string;
  yes: string;
  no: string;
}

/** The statements a yes/no question stands for, or undefined when it is no yes/no question. */
export function polarQuestion(question: string | undefined): PolarQuestion | undefined {
  const q = question?.trim();
  if (!q || !q.endsWith('?') || q.length > 500) return undefined;
  const body = q.replace(/\?+$/, '').trim();
  const m = POLAR_AUX.exec(body);
  if (!m) return undefined;
  // the checker aligns words, so the question's order is kept ("can members renew online");
  // a no denies it right after the auxiliary ("can not members renew online")
  return { question: q, yes: body, no: `${m[0]} not${body.slice(m[0].length)}` };
}

/**
 * The claim a bare "Yes." or "No." makes in answer to a yes/no question, or undefined when the
 * sentence is no bare answer (an answer that says more is checked as it stands).
 */
export function polarClaim(sentence: string, polar: PolarQuestion | undefined): { claim: string; answer: 'yes' | 'no' } | undefined {
  if (!polar) return undefined;
  const m = POLAR_ANSWER.exec(sentence.trim());
  if (!m) return undefined;
  const no = /^no/i.test(m[1]!);
  return no ? { claim: polar.no, answer: 'no' } : { claim: polar.yes, answer: 'yes' };
}
