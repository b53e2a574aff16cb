import { test } from 'node:test';
import assert from 'node:assert/strict';
import { profile } from '../../../src/core/check/profile';

const values = (s: string): string[] => profile(s).values.map((v) => v.v);

test('"once" is a value where it counts, not where it joins clauses', () => {
  assert.deepEqual(values('Once cooled, the skin comes off easily.'), []);
  assert.deepEqual(values('Remove the lid once the water boils.'), []);
  assert.deepEqual(values('Take one tablet once a day.'), ['1', '1x']);
  assert.deepEqual(values('Water the lawn once per week.'), ['1x']);
  assert.deepEqual(values('The filter was replaced only once.'), ['1x']);
  assert.deepEqual(values('Check the seal at least once.'), ['1x']);
  assert.deepEqual(values('Stir twice during baking.'), ['2x']);
});

test('ordinals are values after a determiner, not as sequence words', () => {
  assert.deepEqual(values('First, wash the potatoes.'), []);
  assert.deepEqual(values('To clean it, first remove the cover.'), []);
  assert.deepEqual(values('Push the second slide along the first slide.'), ['ord:2', 'ord:1']);
  assert.deepEqual(values('It closed in its third year.'), ['ord:3']);
});
