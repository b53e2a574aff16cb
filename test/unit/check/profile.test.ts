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

test('the letter of a temperature unit is neither a term nor a name', () => {
  const p = profile('Bake at 350°F (175°C) for 30 minutes.');
  assert.deepEqual(p.values.map((v) => v.v), ['350', '175', '30']);
  assert.ok(!p.terms.includes('c') && !p.terms.includes('f'), p.terms.join(' '));
  assert.equal(p.names.size, 0);
});
