import type { CheckOpts } from '../check/checker';
import type { CheckResult, Passage, SentenceVerdict } from '../types';

/**
 * The checker the loop calls: the synchronous one over the in-process index, or the one over a
 * server store that fetches statistics and hits first (check/asyncChecker.ts).
 */
export interface LoopChecker {
  check(text: string, opts?: CheckOpts): CheckResult | Promise<CheckResult>;
  checkSentence(sentence: string, evidence: Passage[], opts?: Omit<CheckOpts, 'evidence'>): SentenceVerdict | Promise<SentenceVerdict>;
}
