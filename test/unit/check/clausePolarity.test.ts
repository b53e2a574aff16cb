/**
 * Polarity is compared clause by clause: a negation put into each of two coordinated clauses
 * ("The token never expires and the client does not have to request a new token") does not
 * cancel the other, as an even count over the whole sentence would say; a negation moved inside
 * its own clause ("does not require any effort" / "requires no effort") still says the same.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

const one = firstVerdictOver([
  passage('cp-token', 'The access token expires after one hour and the client has to request a new token from the identity provider.'),
  passage('cp-backup', 'The nightly backup copies every volume to the archive bucket and the operator keeps the last seven copies.'),
  passage('cp-form', 'The renewal form requires no effort from the applicant and the office mails the new card within two weeks.'),
  ...releaseNotes(),
]);

test('a negation put into each of two clauses is not cancelled by the other', () => {
  for (const claim of [
    'The access token never expires and the client does not have to request a new token from the identity provider.',
    'The nightly backup does not copy every volume to the archive bucket and the operator never keeps the last seven copies.',
  ]) {
    const v = one(claim);
    assert.notEqual(v.verdict, 'supported', `${claim}: ${v.reason}`);
    // what decides is the negation, shown as the conflict or asked about as one
    assert.equal(v.features?.contra_negation, 1, `${claim}: ${v.reason}`);
  }
});

test('the same negation written at another word of its clause still says the same', () => {
  for (const claim of [
    'The renewal form does not require any effort from the applicant and the office mails the new card within two weeks.',
    'The access token expires after one hour and the client has to request a new token from the identity provider.',
  ]) {
    const v = one(claim);
    assert.equal(v.verdict, 'supported', `${claim}: ${v.reason}`);
  }
});
