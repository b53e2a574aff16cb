/**
 * A bound ("no more than", "not higher than") says "at most": against the same comparative stated
 * plainly in place ("higher than") it is the opposite, but it denies nothing else — not a time
 * limit written another way ("within 30 days"), and not a sentence that negates the comparison
 * elsewhere ("more than five users are not allowed").
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

const one = firstVerdictOver([
  passage('bn-earnings', 'If your earnings for the prior year are higher than one of the years we used to compute your retirement benefit, we will recalculate your benefit amount.'),
  passage('bn-wait', 'You must report the change no later than 10 days after you move. Appeals take no more than 60 days to decide.'),
  passage('bn-retry', 'Requests that run longer than the gateway timeout are not retried by the client.'),
  ...releaseNotes(),
]);

test('a bound against the plain comparative in place is the opposite, either way round', () => {
  for (const claim of [
    'If your earnings for the prior year are not higher than one of the years we used to compute your retirement benefit, we will recalculate your benefit amount.',
    'Appeals take more than 60 days to decide.',
  ]) {
    const v = one(claim);
    assert.equal(v.verdict, 'contradicted', `${claim}: ${v.reason}`);
  }
});

test('a bound says what the same bound, a limit written another way, or a negated comparison says', () => {
  for (const claim of [
    'Appeals take no more than 60 days to decide.',
    'You must report the change within 10 days after you move.',
    'Requests that run no longer than the gateway timeout are retried by the client.',
  ]) {
    const v = one(claim);
    assert.equal(v.verdict, 'supported', `${claim}: ${v.reason}`);
  }
});
