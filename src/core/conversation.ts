/**
 * A conversation is a list of answered turns; the next question carries the earlier ones as
 * dialogue history, which the loop uses twice: the history-aware retrieval query (the last user
 * turn plus the most recent words of the dialogue, core/index/query.ts) and the prompt's
 * "conversation so far". Surfaces (the conversation panel, `@verity`) build the history here so
 * they agree on it.
 */
import type { HistoryTurn, Turn } from './types';

/** Citation markers like [1] or [2][3]: they point into the evidence of their own turn only. */
const CITATIONS = /\s*\[\d+(?:\s*[,;]\s*\d+)*\]/g;

/**
 * The dialogue history of earlier turns, oldest first: each question and the answer as shown
 * (citation markers removed, since their numbers refer to that turn's evidence). Turns that
 * produced no answer (cancelled, failed) contribute nothing: the user asks again instead.
 */
export function historyFromTurns(turns: readonly Pick<Turn, 'question' | 'answer' | 'status'>[]): HistoryTurn[] {
  const out: HistoryTurn[] = [];
  for (const t of turns) {
    if (t.status === 'cancelled' || t.status === 'error') continue;
    const answer = t.answer.replace(CITATIONS, '').replace(/\s+/g, ' ').trim();
    out.push({ role: 'user', text: t.question.trim() });
    if (answer) out.push({ role: 'assistant', text: answer });
  }
  return out;
}
