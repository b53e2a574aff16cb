/**
 * The writer's analyzer (PassageAnalyzer, a word table over the analyzer) gives each passage the
 * postings passagePostings gives it: the same terms, counts (capped at 255) and field lengths,
 * whatever words met before. Plain Node.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassageAnalyzer, passagePostings } from '../../../src/core/search/passageTerms';
import type { Passage } from '../../../src/core/types';
import { passage, rng, syntheticCorpus, VOCABULARY } from './helpers';

const asMap = (a: PassageAnalyzer, p: ReturnType<PassageAnalyzer['analyse']>): Map<string, [number, number, number]> =>
  new Map(Array.from(p.ids, (id, i) => [a.term(id), [p.tfs[3 * i]!, p.tfs[3 * i + 1]!, p.tfs[3 * i + 2]!]]));

test('the analyzer with a word table gives the postings of passagePostings, passage after passage', () => {
  const random = rng(11);
  const odd: Passage[] = [
    passage('a.md', 0, "The Driver's licence. Renew it at the DMV; the DMV's office is open. Café, naïve, Ünïcödé words and don’t or won't.", { title: 'Licences', headings: ['Renewal', 'Fees and costs'] }),
    passage('a.md', 1, `${'fee '.repeat(300)}end.`, { title: 'Licences', headings: ['Renewal'] }),
    passage('b.md', 0, 'the a an of to', { headings: [] }),
    passage('b.md', 1, 'U.S. e.g. etc. 3.5 mm 2026-11-26 v1.2.3 C++ node.js', { title: 'Odd', headings: ['Odd. Headings.'] }),
    passage('c.md', 0, '', {}),
  ];
  const made = Array.from({ length: 300 }, (_, i) => {
    const words = Array.from({ length: 5 + Math.floor(random() * 80) }, () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]!);
    // variants: capitals, a full stop, a possessive, a suffix that makes a new word
    const caps = words.map((w, k) => (k % 7 === 0 ? w.toUpperCase() : k % 5 === 0 ? `${w}.` : k % 11 === 0 ? `${w}'s` : k % 3 === 0 ? `${w}${k % 13}ing` : w));
    return passage(`gen/${i % 17}.md`, i, caps.join(' '), { title: `Title ${i % 4}`, headings: [`Heading ${VOCABULARY[i % VOCABULARY.length]}`] });
  });
  const a = new PassageAnalyzer();
  for (const p of [...odd, ...syntheticCorpus(20, 10), ...made, ...odd]) {
    const want = passagePostings(p);
    const got = a.analyse(p);
    assert.deepEqual(got.lens, want.lens, p.id);
    assert.deepEqual(asMap(a, got), want.terms, p.id);
    assert.equal(new Set(got.ids).size, got.ids.length, 'each term once');
    for (const id of got.ids) assert.equal(a.numberOf(a.term(id)), id);
  }
  assert.ok(a.size > 50, `${a.size} terms`);
});
