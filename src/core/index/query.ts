/**
 * The retrieval query for a dialogue turn: the last user turn plus about 100 whitespace tokens
 * of the earlier turns, newest first (the construction that measured best on MultiDoc2Dial and
 * on doc2dial here: the last turn alone loses most of the context).
 */
import type { HistoryTurn } from '../types';

/**
 * Builds the search query for `lastTurn` given the earlier turns (`history`, oldest first).
 * Takes up to `historyTokens` (default 100) whitespace tokens of history, newest turn first.
 */
export function buildQuery(lastTurn: string, history: HistoryTurn[], opts?: { historyTokens?: number }): string {
  const budget = Math.max(0, opts?.historyTokens ?? 100);
  const parts: string[] = [lastTurn.trim()];
  let left = budget;
  for (let i = history.length - 1; i >= 0 && left > 0; i--) {
    const words = history[i]!.text.split(/\s+/).filter(Boolean);
    const take = words.length > left ? words.slice(words.length - left) : words;
    if (take.length > 0) parts.push(take.join(' '));
    left -= take.length;
  }
  return parts.filter(Boolean).join('\n');
}
