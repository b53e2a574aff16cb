/**
 * Small passage fixtures shared by the checker's unit tests: a passage from its text, and filler
 * release notes so a test corpus has the term statistics of more than a few passages.
 */
import type { Passage } from '../../../src/core/types';

/** A markdown passage `docs/<id>.md` holding `text`. */
export const passage = (id: string, text: string): Passage => ({
  id, path: `docs/${id}.md`, kind: 'md', headings: [id], startLine: 1, endLine: text.split('\n').length, text, hash: id,
});

/** `n` release notes that share no words with the documents under test. */
export const releaseNotes = (n = 40): Passage[] => Array.from({ length: n }, (_, i) =>
  passage(`filler${i}`, `Release note ${i}: the dashboard layout was adjusted and several labels in the navigation menu were renamed for clarity.`));
