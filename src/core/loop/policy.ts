/**
 * The rule-based policy (LLM-Augmenter's): always retrieve; revise while a sentence fails and the
 * budget allows; re-query (ReGround) when support stays low after a revision; otherwise stop.
 */

/** Groundedness under which a revised answer triggers a re-query (fraction of claim sentences supported). */
export const REGROUND_BELOW = 0.5;
/** History tokens for the first query (the thesis' best setting) and for the ReGround query. */
export const HISTORY_TOKENS = 100;
export const REGROUND_HISTORY_TOKENS = 400;

export type NextStep = 'stop_supported' | 'stop_round_limit' | 'stop_budget' | 'revise' | 'requery';

export interface PolicyState {
  /** Rounds done so far (1-based number of the round just finished). */
  round: number;
  maxRounds: number;
  tokensUsed: number;
  /** 0 = unlimited. */
  tokenBudget: number;
  /** Claim sentences that failed in the round just finished. */
  failing: number;
  /** Supported / claim sentences in the round just finished (1 when there are no claims). */
  support: number;
  lastKind: 'draft' | 'revision' | 'requery';
  requeried: boolean;
}

/** Decides what the loop does after a round. */
export function nextStep(s: PolicyState): NextStep {
  if (s.failing === 0) return 'stop_supported';
  if (s.round >= s.maxRounds) return 'stop_round_limit';
  if (s.tokenBudget > 0 && s.tokensUsed >= s.tokenBudget) return 'stop_budget';
  if (s.lastKind === 'revision' && s.support < REGROUND_BELOW && !s.requeried) return 'requery';
  return 'revise';
}
