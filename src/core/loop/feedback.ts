/**
 * Rule-based feedback (LLM-Augmenter's utility module): for every failing sentence, say what is
 * wrong and quote the closest evidence, then the paper's template line. The paper found this as
 * good as model self-criticism at a fraction of the cost, so no model call is spent here.
 */
import { analyze } from '../text/analyzer';
import type { NumberedEvidence, SentenceVerdict } from '../types';
import { TEMPLATE_LINE } from './prompts';

const MAX_QUOTE = 300;

/** The number [n] of a passage in this round's evidence, or undefined. */
export function evidenceNumber(evidence: NumberedEvidence[], passageId: string | undefined): number | undefined {
  if (!passageId) return undefined;
  return evidence.find((e) => e.passage.id === passageId)?.n;
}

function clip(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > MAX_QUOTE ? t.slice(0, MAX_QUOTE - 1) + '…' : t;
}

/**
 * Feedback for the next round, or undefined when every claim sentence is supported.
 * @param sentences the round's final verdicts (after citation verification and the judge)
 */
export function buildFeedback(sentences: SentenceVerdict[], evidence: NumberedEvidence[]): string | undefined {
  const failing = sentences.filter((s) => s.verdict === 'unsupported' || s.verdict === 'contradicted');
  if (failing.length === 0) return undefined;
  const lines: string[] = ['Problems found in your answer:'];
  for (const s of failing) {
    const what = s.verdict === 'contradicted' ? 'contradicts the evidence' : 'is not supported by the evidence';
    let line = `- Sentence ${s.index + 1}, "${clip(s.text)}", ${what}${s.reason ? ` (${s.reason})` : ''}.`;
    const closest = closestQuote(s, evidence);
    if (closest) line += ` The closest evidence is [${closest.n}]: "${clip(closest.quote)}"`;
    else line += ' No passage comes close: remove it, or say that the documents do not cover it.';
    lines.push(line);
  }
  lines.push(TEMPLATE_LINE);
  lines.push('Rewrite the whole answer: keep the supported sentences, correct or remove the others, use only the evidence, and end every sentence with its [n] citation.');
  return lines.join('\n');
}

/**
 * The evidence to quote for a failing sentence: the checker's deciding or closest passage; when
 * it names none, the sentence of the cited (else any shown) passage sharing the most terms.
 */
export function closestQuote(s: SentenceVerdict, evidence: NumberedEvidence[]): { n: number; quote: string } | undefined {
  for (const ref of [s.evidence, ...s.alternatives]) {
    const n = evidenceNumber(evidence, ref?.passageId);
    if (ref && n !== undefined) return { n, quote: ref.quote };
  }
  const terms = new Set(analyze(s.text.replace(/\[\d+(?:\s*[,;]\s*\d+)*\]/g, '')));
  if (terms.size === 0) return undefined;
  const cited = evidence.filter((e) => s.citations.includes(e.n));
  let best: { n: number; quote: string; overlap: number } | undefined;
  for (const e of cited.length ? cited : evidence) {
    for (const sentence of e.passage.text.split(/(?<=[.!?])\s+|\n+/)) {
      let overlap = 0;
      for (const t of new Set(analyze(sentence))) if (terms.has(t)) overlap++;
      if (overlap > 0 && (!best || overlap > best.overlap)) best = { n: e.n, quote: sentence.trim(), overlap };
    }
  }
  return best && { n: best.n, quote: best.quote };
}
