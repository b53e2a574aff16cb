/**
 * A table row whose cells hold several sentences is read as those sentences, and a long unit the
 * claim restates a small part of is no second opinion: as one unit, a long
 * row (and a window of two rows) holds nearly every word of any claim about the product, and so
 * "stated the claim as written" beside the sentence that says the opposite. A claim that drops a
 * negation was then "supported, uncertain" with a dispute between a passage and itself.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

// the README's feature table as it stood (each cell a paragraph of several sentences)
const ROWS = readFileSync(path.join(__dirname, '../../fixtures/check/feature-table.md'), 'utf8');
const DOCS = [
  passage('tc-table', ROWS),
  passage('tc-log', '- Sources and drafts: `verity.drafts` (globs; default `drafts/` folders and draft-named files) and\n  **Verity: Mark as Draft**. Drafts are listed (skip code `DRAFT`) but never indexed and never\n  evidence, in the editor and the CLI (`verity check --drafts`); the checked document is never its\n  own evidence.'),
];
const one = firstVerdictOver([...DOCS, ...releaseNotes()]);

test('a claim that drops a negation is contradicted, not outweighed by a long table row that holds its words', () => {
  const v = one('Drafts are listed (skip code DRAFT) but indexed and never evidence, in the editor and the CLI (verity check --drafts); the checked document is never its own evidence.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.doesNotMatch(v.reason, /supported by .*contradicted by/);
  // the sentence as written is supported
  assert.equal(one('Drafts are listed (skip code DRAFT) but never indexed and never evidence, in the editor and the CLI (verity check --drafts); the checked document is never its own evidence.').verdict, 'supported');
});

test('a sentence inside a table cell is evidence on its own', () => {
  // as part of a whole row, the sentence was "supported, uncertain" and its opposite only
  // "possibly contradicted": the row states much else besides
  const same = one('Globs and folders are both accepted (answers/, ./answers, as in .gitignore).');
  assert.equal(same.verdict, 'supported', same.reason);
  assert.equal(same.certainty, 'clear', same.reason);
  const flipped = one('Globs and folders are both rejected (answers/, ./answers, as in .gitignore).');
  assert.equal(flipped.verdict, 'contradicted', flipped.reason);
  assert.equal(flipped.certainty, 'clear', flipped.reason);
});

test('a long run of text with no sentence end is no second opinion against a sentence the claim restates closely', () => {
  // the same table as one unpunctuated run (as scraped or extracted text often comes): it holds
  // the claim's words, but the claim restates a small part of it, so it cannot outweigh the
  // sentence that says the opposite
  const run = ROWS.split('\n').filter((l) => l.startsWith('| **')).map((l) => l.replace(/\||\*\*/g, ' ')).join('\n').replace(/[.;]/g, ',');
  const over = firstVerdictOver([passage('tc-run', run), DOCS[1]!, ...releaseNotes()]);
  const v = over('Drafts are listed (skip code DRAFT) but indexed and never evidence, in the editor and the CLI (verity check --drafts); the checked document is never its own evidence.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.doesNotMatch(v.reason, /supported by .*contradicted by/);
});
