/**
 * A claim that copies a sentence but for one word, where other passages rank first (here passages
 * holding most of the claim's words, and ones holding the changed word): the copied sentence sits
 * in a further window. It is read there as a one-word edit, as in the first windows ("revoked" for
 * "approved": the claim is not supported), and never when a window states the claim as written.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

// passages that restate most of the claim around other words, and rank above its own sentence
const filler = ['fees', 'hours', 'parking'].map((topic, i) =>
  passage(`ow-filler-${i}`, `Once you receive your permit and badge from the port office, read the rules on ${topic} that the port office sends you.`));
const one = firstVerdictOver([
  passage('ow-badge', 'To trade at the harbour market you must register with the port office. Once your permit is approved you will receive a badge from the port office.'),
  passage('ow-revoked-1', 'A revoked permit must be returned within ten days.'),
  passage('ow-revoked-2', 'Your permit is revoked after two warnings.'),
  passage('ow-revoked-3', 'If your permit was revoked, we will tell you why it was revoked.'),
  passage('ow-revoked-4', 'Revoked permits cannot be renewed online; a revoked permit is listed on the notice board.'),
  ...filler,
  ...releaseNotes(),
]);

test('a copy with its rarest word changed is not supported, though other passages rank above its sentence', () => {
  const v = one('Once your permit is revoked you will receive a badge from the port office.');
  assert.notEqual(v.verdict, 'supported', `${v.verdict}: ${v.reason}`);
  assert.match(v.reason, /approved/, v.reason);
});

test('the sentence as written is still supported', () => {
  const v = one('Once your permit is approved you will receive a badge from the port office.');
  assert.equal(v.verdict, 'supported', v.reason);
});
