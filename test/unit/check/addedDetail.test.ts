/**
 * A claim that restates a source sentence in full and goes on with words its document never holds
 * says more than the source: the added detail is unsupported, and the reason names it. Words the
 * document holds elsewhere (a claim joining two of its sentences) and one added word are no such
 * detail.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

const doc = (id: string, text: string) => ({ ...passage(id, text), path: 'docs/parking.md' });
const one = firstVerdictOver([
  doc('ad-permit', 'Residents can renew a parking permit online before it expires.'),
  doc('ad-office', 'Permits are also renewed at the city records office during opening hours.'),
  doc('ad-desk', 'The help desk supports residents who have no internet access.'),
  passage('ad-other', 'The annual premium of a policy is due on the first day of the policy year.'),
  ...releaseNotes(),
]);

test('a restated sentence with words of no candidate of its document added is unsupported', () => {
  const v = one('Residents can renew a parking permit online before it expires through the annual premium.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason, /annual premium/);
});

test('the sentence as written is supported', () => {
  const v = one('Residents can renew a parking permit online before it expires.');
  assert.equal(v.verdict, 'supported', v.reason);
});

test('words the document holds in another passage are no added detail', () => {
  const v = one('Residents can renew a parking permit online before it expires at the city records office.');
  assert.notEqual(v.verdict, 'unsupported', v.reason);
});

test('one added word is no added detail', () => {
  const v = one('Residents can quickly renew a parking permit online before it expires.');
  assert.equal(v.verdict, 'supported', v.reason);
});

test('words before the restated sentence are a frame, not an added detail', () => {
  const v = one('According to the municipal handbook, residents can renew a parking permit online before it expires.');
  assert.equal(v.verdict, 'supported', v.reason);
});

test('an added run counts when half its words are held nowhere in the document', () => {
  // "supports" is the document's, "materials" is not
  const v = one('Residents can renew a parking permit online before it expires through the supporting materials.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason, /supporting materials/);
});
