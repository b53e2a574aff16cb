/**
 * A negation denies what it governs as written: "do not use a high pressure hose" denies that hose,
 * not every hose, so a claim about the wider thing is not its opposite (natural logic: a negation
 * reverses monotonicity, and a narrower phrase under it gives a weaker denial). The same denial
 * against the same phrase still contradicts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

const one = firstVerdictOver([
  passage('nn-oil', 'Clean the area with oil stains with water from a hose or bucket. Prior to cleaning the pavement wash off any dirt and debris that is in the way of the oil stain on your driveway. However, do not use a high pressure hose to clean off the affected area, because you could push the oil deeper into the concrete.'),
  passage('nn-policy', 'Before this update, the Helm chart would not install network policies when the orchestrator was deployed with the serverless operator disabled.'),
  passage('nn-hair', 'Dry the hair with a towel. Do not rub the hair with the towel.'),
  ...releaseNotes(),
]);

test('a claim about the wider thing is not the opposite of a denial of a narrower one', () => {
  for (const claim of [
    'You can use a hose to clean off the affected area.',
    'Before cleaning, remove any dirt or debris from the area around the oil stain using a hose or bucket of water.',
    'The Helm chart installs network policies when the orchestrator is deployed.',
  ]) {
    const v = one(claim);
    assert.notEqual(v.verdict, 'contradicted', `${claim}: ${v.reason}`);
    assert.doesNotMatch(v.reason, /opposite/, claim);
  }
});

test('the same denial against the same phrase still contradicts', () => {
  assert.equal(one('Rub the hair with the towel.').verdict, 'contradicted');
  assert.equal(one('Use a high pressure hose to clean off the affected area.').verdict, 'contradicted');
});
