/**
 * Two common words each in the other's place, in the same frame ("from the staging cluster to the
 * production cluster" / "from the production cluster to the staging cluster") say the opposite
 * of the source; a sentence rewritten around its nouns (passive for active) or a list in another
 * order says the same.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lemmasOf } from '../../../src/core/check/lexicon';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

const one = firstVerdictOver([
  passage('ws-copy', 'Data is copied from the staging cluster to the production cluster every night at midnight.'),
  passage('ws-nodes', 'The primary node accepts writes and the replica nodes serve read traffic for the dashboards.'),
  passage('ws-sign', 'The applicant must sign the renewal form before the deadline printed on the notice.'),
  passage('ws-court', 'Your loan holder can take you to court if you stay in default on the loan for a year.'),
  passage('ws-card', 'This card lists the three most commonly used plugins in a table on the dashboard.'),
  passage('ws-cables', 'Red and blue cables connect the control panel to the main breaker box.'),
  ...releaseNotes(),
]);

test('two words swapped in the same frame are the source the other way round', () => {
  for (const [claim, first] of [
    ['Data is copied from the production cluster to the staging cluster every night at midnight.', 'production'],
    ['The replica node accepts writes and the primary nodes serve read traffic for the dashboards.', 'replica'],
    // one of the two kept in place by the alignment, the other moved; a number for a word
    ['Your take holder can loan you to court if you stay in default on the loan for a year.', 'take'],
    ['This three lists the card most commonly used plugins in a table on the dashboard.', 'three'],
  ] as const) {
    const v = one(claim);
    assert.equal(v.verdict, 'contradicted', `${claim}: ${v.reason}`);
    assert.equal(v.conflict?.kind, 'order', claim);
    assert.equal(v.conflict?.claimText, first, claim);
    assert.match(v.reason, /the other way round/, claim);
  }
});

test('a sentence rewritten around its nouns, or a list in another order, is not a swap', () => {
  for (const claim of [
    'The renewal form must be signed by the applicant before the deadline printed on the notice.',
    'Blue and red cables connect the control panel to the main breaker box.',
    'Data is copied from the staging cluster to the production cluster every night at midnight.',
  ]) {
    const v = one(claim);
    assert.notEqual(v.verdict, 'contradicted', `${claim}: ${v.reason}`);
    assert.notEqual(v.conflict?.kind, 'order', claim);
  }
});

test('-er and -est make comparatives of adjectives, not agents of verbs ("holder" is no form of "hold")', () => {
  assert.deepEqual([...lemmasOf('holder')], ['holder']);
  assert.ok(lemmasOf('larger').includes('large'));
  assert.ok(lemmasOf('earlier').includes('early'));
});
