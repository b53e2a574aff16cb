/**
 * A claim's profile is shared by every look at the same text (claimProfile), and a token alignment
 * is remembered per pair of profiles (alignTokens): the second look at a claim aligns it with the
 * sentences the first look aligned, and neither recomputes. Neither may answer for another text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alignTokens } from '../../../src/core/check/alignment';
import { claimProfile, profile } from '../../../src/core/check/profile';

test('claimProfile gives one profile per text, equal to a fresh one', () => {
  const text = 'The desk lamp has a 2 year warranty.';
  const a = claimProfile(text);
  assert.equal(claimProfile(text), a);
  assert.deepEqual(a, profile(text));
  const other = claimProfile('The desk lamp has a 5 year warranty.');
  assert.notEqual(other, a);
  assert.deepEqual(other, profile('The desk lamp has a 5 year warranty.'));
  assert.deepEqual(other.values.map((v) => v.v), ['5']);
});

test('alignTokens remembers an alignment per pair of profiles, and a changed source text gets its own', () => {
  const claim = claimProfile('The desk lamp has a 2 year warranty.');
  const s1 = profile('Every desk lamp has a 2 year warranty from the day of purchase.');
  const s2 = profile('Every desk lamp has a 3 year warranty from the day of purchase.');
  const a1 = alignTokens(claim, s1);
  assert.equal(alignTokens(claim, s1), a1);
  // the same as computed on profiles never seen before
  const fresh = alignTokens(profile(claim.text), profile(s1.text));
  assert.notEqual(fresh, a1);
  assert.deepEqual(fresh, a1);
  // the source written differently is aligned anew: the value is matched in one and not the other
  const a2 = alignTokens(claim, s2);
  assert.notEqual(a2, a1);
  assert.deepEqual(a2, alignTokens(profile(claim.text), profile(s2.text)));
  const valueAt = a1.claim.findIndex((x) => x.type === 'value');
  assert.ok(valueAt >= 0);
  assert.equal(a1.matched[valueAt], true);
  assert.equal(a2.matched[valueAt], false);
});
