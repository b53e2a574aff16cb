/**
 * A negation both sides state in the same place ("Prevent …", "… resolves to nothing") is common
 * to both: it cancels nothing, so a negation put in or taken out beside it is still one clear edit.
 * And "not exceeded" with no amount after it denies; "not to exceed 30 days" states a bound.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

const one = firstVerdictOver([
  passage('sn-include', 'Prevent re-including a file if a parent directory of that file is excluded.'),
  passage('sn-nothing', 'A pattern that does not find any matches simply resolves to nothing.'),
  passage('sn-limit', 'If you want to throw an error whenever the array limit is exceeded, set the throwOnLimit option to true.'),
  passage('sn-leave', 'Your unpaid leave must not exceed 30 days in a calendar year.'),
  ...releaseNotes(),
]);

test('a negation put in or taken out beside a negation both sides state is the opposite', () => {
  for (const claim of [
    'Prevent re-including a file if a parent directory of that file is not excluded.',
    'A pattern that does find any matches simply resolves to nothing.',
  ]) {
    const v = one(claim);
    assert.equal(v.verdict, 'contradicted', `${claim}: ${v.reason}`);
  }
  for (const claim of ['Prevent re-including a file if a parent directory of that file is excluded.', 'A pattern that does not find any matches simply resolves to nothing.']) {
    assert.equal(one(claim).verdict, 'supported', claim);
  }
});

test('"not exceeded" with no amount after it is a denial, "not exceed 30 days" a bound', () => {
  const v = one('If you want to throw an error whenever the array limit is not exceeded, set the throwOnLimit option to true.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  const bound = one('Your unpaid leave must not exceed 30 days in a calendar year.');
  assert.equal(bound.verdict, 'supported', bound.reason);
});
