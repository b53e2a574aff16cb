/**
 * The answer as shown. Default mode keeps every sentence (surfaces mark the unsupported ones from
 * their verdicts); strict mode removes unsupported and contradicted sentences and says so, so a
 * reader never mistakes a shortened answer for a complete one.
 */
import type { FinalSentence, SentenceVerdict } from '../types';

const TRAILING = /^(?:\s*\[\d+(?:\s*[,;]\s*\d+)*\])*[ \t]*/;

/** Composes the shown answer and the final sentences (offsets refer to the full draft). */
export function composeAnswer(draft: string, sentences: SentenceVerdict[], strict: boolean): { answer: string; sentences: FinalSentence[] } {
  if (!strict) return { answer: draft, sentences: sentences.map((s) => ({ ...s })) };
  const finals: FinalSentence[] = sentences.map((s) => (s.verdict === 'unsupported' || s.verdict === 'contradicted' ? { ...s, dropped: true } : { ...s }));
  const dropped = finals.filter((s) => s.dropped);
  if (dropped.length === 0) return { answer: draft, sentences: finals };
  let text = draft;
  for (const s of [...dropped].sort((a, b) => b.start - a.start)) {
    const tail = TRAILING.exec(text.slice(s.end));
    text = text.slice(0, s.start) + text.slice(s.end + (tail ? tail[0].length : 0));
  }
  text = text.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  const n = dropped.length;
  const note = `(Strict mode: Verity removed ${n} sentence${n === 1 ? '' : 's'} the documents do not support.)`;
  const kept = finals.some((s) => !s.dropped && s.verdict === 'supported');
  const answer = kept && text ? `${text}\n\n${note}` : `Verity removed every claim of the answer because the documents do not support them. ${note}`;
  return { answer, sentences: finals };
}
