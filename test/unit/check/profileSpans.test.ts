/**
 * A profile's `spans` (where each term is first written) is read from its occurrences when asked:
 * the first occurrence of the term, the same place its `surface` was taken from.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { profile } from '../../../src/core/check/profile';

test('spans give where each term is first written, and nothing for a term the text lacks', () => {
  const texts = [
    'The Warranty covers the lamp; the warranty lasts 2 years, and the lamp ships in 3 days.',
    'Enable the plugin, then enable it again: Plugins enabled twice stay enabled.',
    'Red Hat Developer Hub (RHDH) runs on OpenShift. RHDH needs a PostgreSQL database.',
    'Do not restart the pod until the pod reports ready; the Pod restarts itself.',
    '',
  ];
  for (const text of texts) {
    const p = profile(text);
    for (const term of new Set(p.terms)) {
      const first = p.occurrences.find((o) => o.term === term)!;
      const span = p.spans.get(term);
      assert.deepEqual(span, [first.start, first.end], `${term} in ${text}`);
      assert.equal(p.text.slice(span![0], span![1]), p.surface.get(term), `${term} in ${text}`);
      // later occurrences of a repeated term are not where it is first written
      for (const o of p.occurrences) if (o.term === term && o !== first) assert.ok(o.start > span![0]);
    }
    assert.equal(p.spans.get('zzzz-not-a-term'), undefined);
  }
  const repeated = profile('The lamp and the lamp.');
  assert.equal(repeated.occurrences.filter((o) => o.term === repeated.terms[0]).length, 2);
});

test('bigrams are the adjacent term pairs, in order, whenever first read', () => {
  const eager = (terms: readonly string[]): string[] => [...new Set(terms.slice(1).map((t, i) => `${terms[i]} ${t}`))];
  for (const text of ['Enable the plugin, then enable the plugin again.', 'RHDH runs on OpenShift 4.14 with PostgreSQL.', 'Lamp.', '']) {
    // read first by has, by size, by iteration: the same set each way
    const byHas = profile(text);
    const pairs = eager(byHas.terms);
    assert.equal(byHas.bigrams.has(pairs[0] ?? 'x y'), pairs.length > 0);
    assert.deepEqual([...byHas.bigrams], pairs);
    assert.equal(profile(text).bigrams.size, pairs.length);
    assert.deepEqual([...profile(text).bigrams.keys()], pairs);
    const seen: string[] = [];
    profile(text).bigrams.forEach((v, k) => seen.push(`${v}|${k}`));
    assert.deepEqual(seen, pairs.map((p) => `${p}|${p}`));
    assert.equal(byHas.bigrams.has('not a pair'), false);
  }
});
