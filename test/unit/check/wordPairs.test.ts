/** Word-pair answers remembered by pair give the answer of the test itself, in either order and after a level is cleared. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WordPairMemo } from '../../../src/core/check/wordPairs';
import { antonymous, lemmasOf, opposed, shareSynset, sortedSynsetsOf, synsetsOf } from '../../../src/core/check/lexicon';
import lexicon from '../../../src/core/check/lexicon.json';

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

test('every lemma of the table has a synset, so a shared lemma is a shared synset', () => {
  const words = lexicon.words as Record<string, string>;
  for (const [w, v] of Object.entries(words)) assert.ok(v.split(',').filter(Boolean).length > 0, w);
});

test('two words share a synset by the sorted lists exactly when they share a lemma or a synset', () => {
  const words = ['Configured', 'configure', 'settings', 'setting', 'set', 'required', 'mandatory', 'Backstage', 'plugins', 'plugin', 'stopped', 'stop', 'larger', 'large', 'big', 'RHDH', 'run', 'running', 'ran', 'operate', 'x', 'the', 'policies', 'policy', 'insurance', 'quickly', 'fast'];
  for (const a of words) {
    for (const b of words) {
      const la = lemmasOf(a);
      const lb = lemmasOf(b);
      const old = la.some((l) => lb.includes(l)) || synsetsOf(a).some((x) => synsetsOf(b).includes(x));
      assert.equal(shareSynset(sortedSynsetsOf(a), sortedSynsetsOf(b)), old, `${a} ${b}`);
    }
  }
});
