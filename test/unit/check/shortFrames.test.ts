/**
 * A claim that restates only two words around another name ("Log in with a GitHub account" / "You
 * are logged in to your AWS account as an administrator") shares a short frame with many
 * sentences: the name may be of another thing, so it is at most possibly contradicted.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstVerdictOver, passage, releaseNotes } from './corpus';
import type { Passage } from '../../../src/core/types';

const inFile = (file: string, id: string, text: string): Passage => ({ ...passage(id, text), path: `docs/${file}.md` });

const one = firstVerdictOver([
  inFile('techdocs', 't1', 'You are logged in to your AWS account as an administrator.'),
  inFile('techdocs', 't2', 'TechDocs can publish the documentation of a GitHub repository to an S3 bucket.'),
  ...releaseNotes(),
]);

test('a name changed in a frame of two words is possibly contradicted, not clearly', () => {
  const v = one('Log in with a GitHub account.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.equal(v.certainty, 'uncertain', v.reason);
  assert.match(v.reason, /names AWS where this says GitHub — is it about the same thing\?/);
  // restating more of the sentence around it, the same edit is clear
  const w = one('You are logged in to your GitHub account as an administrator.');
  assert.equal(w.verdict, 'contradicted', w.reason);
  assert.equal(w.certainty, 'clear', w.reason);
});
