/**
 * WordNet's adjective clusters: a satellite says what its head says ("huge" / "large"), but two
 * satellites of one head are values side by side ("daily" / "weekly", "red" / "blue"): siblings,
 * so a copy of a source sentence with one changed for the other is not supported.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { relation } from '../../../src/core/check/relation';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

test('a satellite and its head are the same; two satellites of one head are siblings', () => {
  assert.equal(relation('huge', 'large'), 'equivalent');
  assert.equal(relation('required', 'mandatory'), 'equivalent');
  assert.equal(relation('weekly', 'daily'), 'sibling');
  assert.equal(relation('monthly', 'annual'), 'sibling');
  assert.equal(relation('blue', 'red'), 'sibling');
  // an adverb as its adjective: "annually" is "annual", "quickly" is "quick"
  assert.equal(relation('annually', 'monthly'), 'sibling');
  assert.equal(relation('quickly', 'fast'), 'equivalent');
});

const one = firstVerdictOver([
  passage('as-cleanup', 'The cleanup job runs daily and removes every log file that is older than thirty days.'),
  passage('as-cable', 'Connect the red cable to the left terminal of the power supply before you switch it on.'),
  ...releaseNotes(),
]);

test('a copy with one cluster value changed for another is not supported', () => {
  for (const claim of [
    'The cleanup job runs weekly and removes every log file that is older than thirty days.',
    'Connect the blue cable to the left terminal of the power supply before you switch it on.',
  ]) {
    const v = one(claim);
    assert.equal(v.verdict, 'unsupported', `${claim}: ${v.reason}`);
  }
  assert.equal(one('The cleanup job runs daily and removes every log file that is older than thirty days.').verdict, 'supported');
});
