import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CALIBRATION, scoreFeatures } from '../../../src/core/check/calibration';
import { FEATURE_NAMES } from '../../../src/core/check/features';
import { profile } from '../../../src/core/check/profile';
import generic from '../../../src/core/check/generic-words.json';

test('the shipped calibration is the fitted JSON, naming its script and data', () => {
  const file = JSON.parse(readFileSync(path.join(__dirname, '../../../src/core/check/calibration.json'), 'utf8'));
  assert.deepEqual(DEFAULT_CALIBRATION, file);
  assert.equal(DEFAULT_CALIBRATION.script, 'scripts/calibrate.ts');
  assert.ok(DEFAULT_CALIBRATION.data.some((d) => d.includes('ragtruth-qa/response.dev.jsonl')));
  for (const f of FEATURE_NAMES) assert.equal(typeof DEFAULT_CALIBRATION.weights[f], 'number', `weight for ${f}`);
  assert.ok(DEFAULT_CALIBRATION.threshold > 0 && DEFAULT_CALIBRATION.threshold < 1);
});

test('scores follow the calibration weights', () => {
  const zero = Object.fromEntries(FEATURE_NAMES.map((f) => [f, 0])) as Record<(typeof FEATURE_NAMES)[number], number>;
  const cal = { ...DEFAULT_CALIBRATION, bias: 0, weights: { recall: 2 } };
  assert.equal(scoreFeatures(zero, cal), 0.5);
  assert.ok(Math.abs(scoreFeatures({ ...zero, recall: 1 }, cal) - 1 / (1 + Math.exp(-2))) < 1e-12);
});

test('the generic-word list names its script and data and holds analysed terms of everyday words only', () => {
  assert.equal(generic.script, 'scripts/genericWords.ts');
  assert.match(generic.data, /halueval\/data\/general_data\.json/);
  assert.deepEqual(generic.words, [...new Set(generic.words)].sort());
  const words = new Set(generic.words);
  for (const t of profile('It is important to experience nature and enjoy a healthy life.').terms) assert.ok(words.has(t), t);
  for (const t of profile('Kessler observatory in Rotterdam').terms) assert.ok(!words.has(t), t);
  // a word a few answers use is no routine wording: an unseen 'drone' is a specific detail
  for (const t of profile('delivered by drone').terms) assert.ok(!words.has(t), t);
});
