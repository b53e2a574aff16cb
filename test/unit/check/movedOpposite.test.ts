/**
 * An opposite the source writes in another place: a claim that turns the source sentence around
 * and aligns with it in every content word but one each, where the two exclude each other
 * ("You have uninstalled and configured Node.js" / "Node.js is installed and configured"), is the
 * opposite. A condition on one side only, or a second unaligned word, leaves it undecided.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

const one = firstVerdictOver([
  passage('mo-node', 'Node.js and NPM are installed and configured on the build host.'),
  passage('mo-cache', 'The image cache is enabled and cleared by the nightly job.'),
  ...releaseNotes(),
]);

test('a sentence turned around with one word for its opposite is contradicted', () => {
  const v = one('On the build host you have uninstalled and configured Node.js and NPM.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.match(v.reason, /installed/);
});

test('the sentence turned around with its word kept is supported', () => {
  const v = one('On the build host you have installed and configured Node.js and NPM.');
  assert.notEqual(v.verdict, 'contradicted', v.reason);
});

test('a condition on one side only leaves the opposite undecided', () => {
  const v = one('When cleared by the nightly job, the image cache is disabled.');
  assert.notEqual(v.verdict, 'contradicted', v.reason);
});
