/**
 * An answer as plain text with its citations, for "Copy answer with citations": the sentences as
 * shown (each keeps its [n]; a problem sentence says its finding), then the cited sources with
 * their lines or page and a short quote. Pure (no 'vscode' import) so unit tests pin the format.
 */
import type { Passage, Turn } from '../../core/types';
import { findingLabel, isProblem } from '../../core/vocabulary';
import { evidenceLabel } from '../evidenceText';

const QUOTE_CHARS = 160;

function shortQuote(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > QUOTE_CHARS ? `${t.slice(0, QUOTE_CHARS - 1).trimEnd()}…` : t;
}

/** The answer and its cited sources, ready to paste. */
export function answerWithCitations(turn: Turn): string {
  const shown = turn.sentences.filter((s) => !s.dropped);
  const body = shown.length
    ? shown.map((s) => (isProblem(s) ? `${s.text.trim()} (${findingLabel(s)})` : s.text.trim())).join(' ')
    : turn.answer.trim();
  const byN = new Map<number, Passage>(turn.evidence.map((e) => [e.n, e.passage]));
  const cited = [...new Set(shown.flatMap((s) => s.citations))].filter((n) => byN.has(n)).sort((a, b) => a - b);
  const lines = cited.map((n) => {
    const p = byN.get(n)!;
    // the deciding quote of a sentence citing this passage, else the passage's opening
    const quote = shown.find((s) => s.citations.includes(n) && s.evidence?.passageId === p.id)?.evidence?.quote ?? p.text;
    return `[${n}] ${evidenceLabel(p)} — "${shortQuote(quote)}"`;
  });
  return lines.length ? `${body}\n\nSources:\n${lines.join('\n')}\n` : `${body}\n`;
}
