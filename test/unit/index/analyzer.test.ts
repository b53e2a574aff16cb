import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, tokenize } from '../../../src/core/text/analyzer';

test('analyze (the fast path used for indexing) yields exactly the terms of tokenize', () => {
  const samples = [
    "It’s John's cat's licence: renew v1.2.0 of the U.S. e-mail plug-in, don't wait 3.5. days!",
    'Renewing renewed renewals — naïve ÉCOLE café; 日本語 text; x.y.z.',
    "The driver's license isn't valid; they'll need a NEW one.",
  ];
  for (const s of samples) assert.deepEqual(analyze(s), tokenize(s).filter((t) => t.term).map((t) => t.term));
  assert.deepEqual(analyze('the and of'), []);
  assert.deepEqual(analyze('Renewing renewals'), analyze('renew renewal'));
});
