/** Word-pair answers remembered by pair give the answer of the test itself, in either order and after a level is cleared. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WordPairMemo } from '../../../src/core/check/wordPairs';
import { antonymous, opposed } from '../../../src/core/check/lexicon';

test('a remembered pair answers as the test does, asking it once per pair', () => {
  let asked = 0;
  const memo = new WordPairMemo((a, b) => {
    asked++;
    return a.length < b.length;
  }, 3);
  const words = ['a', 'bb', 'ccc', 'dddd', 'eeeee'];
  for (let round = 0; round < 2; round++) for (const a of words) for (const b of words) assert.equal(memo.get(a, b), a.length < b.length, `${a} ${b}`);
  // five left words with a limit of three: rows are cleared, and an answer is then asked again
  assert.ok(asked > 25 && asked <= 50, String(asked));
});

test('the opposite tests answer the same remembered as the first time (order kept)', () => {
  const pairs: Array<[string, string]> = [['upload', 'download'], ['download', 'upload'], ['enable', 'disable'], ['create', 'delete'], ['include', 'exclude'], ['red', 'blue'], ['earlier', 'later']];
  const first = pairs.map(([a, b]) => [opposed(a, b), antonymous(a, b)]);
  const again = pairs.map(([a, b]) => [opposed(a, b), antonymous(a, b)]);
  assert.deepEqual(again, first);
  assert.equal(opposed('upload', 'download'), true);
  assert.equal(antonymous('enable', 'disable'), true);
  assert.equal(opposed('red', 'blue'), false);
});
