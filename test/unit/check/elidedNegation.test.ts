/**
 * A negation whose verb is left out or is a function word ("If it is not, we go to Step 4", "but
 * you do not, your coverage may be delayed") governs no word the alignment can hold in place. A
 * copy of the sentence altered by that negation alone is the opposite; a sentence that says more
 * than the copy is not read this way. And a second source must state the claim in order, not
 * gather its words across a window, against a negation, a quantifier or an opposite.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

const one = firstVerdictOver([
  passage('en-step', 'We check whether your condition is on the list of impairments. If it is not, we then go to Step 4.'),
  passage('en-medicare', 'If you need to sign up for Medicare but you do not, your Medicare coverage may be delayed and cost more.'),
  passage('en-story', 'She was there before them, and Mr. Brownlow heard her story over again from her own lips.'),
  passage('en-court', 'You may not be able to purchase or sell assets such as real estate. Your wages may be garnished. Your loan holder can take you to court. You may be charged court costs.'),
  passage('en-settle', 'The settlement agreement is approved by the court. After that your loan holder will not take any further action on the debt.'),
  passage('en-school', 'If you do not need the money after all, you may cancel it, and banks will give you a card. We open an account for you on the same day.'),
  passage('en-banks', 'Bank card with your name printed on it. Some banks will give you a card the same day you open an account. Online bills. You can print all of them at home.'),
  ...releaseNotes(),
]);

test('a copy altered by an elided negation alone is the opposite, either way round', () => {
  for (const claim of [
    'If it is, we then go to Step 4.',
    'If you need to sign up for Medicare but you do, your Medicare coverage may be delayed and cost more.',
    'She was not there before them, and Mr. Brownlow heard her story over again from her own lips.',
    "She wasn't there before them, and Mr. Brownlow heard her story over again from her own lips.",
  ]) {
    const v = one(claim);
    assert.equal(v.verdict, 'contradicted', `${claim}: ${v.reason}`);
    assert.equal(v.certainty, 'clear', `${claim}: ${v.reason}`);
  }
});

test('the same sentences as written, and an elided negation beside a written-out one, are supported', () => {
  for (const claim of [
    'If it is not, we then go to Step 4.',
    "If it isn't, we then go to Step 4.",
    'If you need to sign up for Medicare but you do not, your Medicare coverage may be delayed and cost more.',
    'She was there before them, and Mr. Brownlow heard her story over again from her own lips.',
  ]) {
    const v = one(claim);
    assert.equal(v.verdict, 'supported', `${claim}: ${v.reason}`);
  }
});

test('a negation is not read as elided where the sentence says more than the copy', () => {
  // "not" here governs nothing either, but the claim adds a case the source does not state: no one-word edit
  const v = one('If it is not on the list, we then go to Step 4.');
  assert.notEqual(v.verdict, 'contradicted', v.reason);
});

test('a window whose words are gathered out of order is no second source', () => {
  const v = one('Your loan holder cannot take you to court.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.match(v.reason ?? '', /Your loan holder can take you to court/);
  // the same for a quantifier: "all" later in the window does not say "all banks"
  const q = one('All banks will give you a card the same day you open an account.');
  assert.equal(q.verdict, 'contradicted', q.reason);
  assert.match(q.reason ?? '', /some/i);
});
