/**
 * Small passage fixtures shared by the checker's unit tests: a passage from its text, filler
 * release notes so a test corpus has the term statistics of more than a few passages, and a
 * checker over passages held in memory.
 */
import { createChecker } from '../../../src/core/check/checker';
import { createMemorySource } from '../../../src/core/check/memorySource';
import type { Passage, SentenceVerdict } from '../../../src/core/types';

/** A markdown passage `docs/<id>.md` holding `text`. */
export const passage = (id: string, text: string): Passage => ({
  id, path: `docs/${id}.md`, kind: 'md', headings: [id], startLine: 1, endLine: text.split('\n').length, text, hash: id,
});

/** `n` release notes that share no words with the documents under test. */
export const releaseNotes = (n = 40): Passage[] => Array.from({ length: n }, (_, i) =>
  passage(`filler${i}`, `Release note ${i}: the dashboard layout was adjusted and several labels in the navigation menu were renamed for clarity.`));

/** Checks a text against `passages` held in memory and returns its first sentence's verdict. */
export function firstVerdictOver(passages: Passage[]): (text: string) => SentenceVerdict {
  const checker = createChecker(createMemorySource(passages));
  return (text) => checker.check(text).sentences[0]!;
}
