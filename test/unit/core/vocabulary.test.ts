import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SentenceVerdict } from '../../../src/core/types';
import { claimCount, countFindings, countsText, FINDINGS, findingLabel, findingOf, isClear, isProblem } from '../../../src/core/vocabulary';

type J = Pick<SentenceVerdict, 'verdict'> & Partial<Pick<SentenceVerdict, 'certainty' | 'confidence' | 'disagreement'>>;
const s = (verdict: SentenceVerdict['verdict'], certainty?: 'clear' | 'uncertain', confidence?: number): J => ({ verdict, ...(certainty ? { certainty } : {}), ...(confidence !== undefined ? { confidence } : {}) });

test('three verdicts and one qualifier: only a contradiction is split by certainty', () => {
  assert.equal(findingOf(s('contradicted', 'clear')), 'contradicted');
  assert.equal(findingOf(s('contradicted', 'uncertain')), 'possibly_contradicted');
  // uncertain support or lack of support keeps its verdict: the qualifier belongs to contradictions only
  assert.equal(findingOf(s('supported', 'uncertain')), 'supported');
  assert.equal(findingOf(s('unsupported', 'uncertain')), 'unsupported');
  assert.deepEqual(
    [s('supported'), s('unsupported'), s('contradicted', 'clear'), s('contradicted', 'uncertain'), s('not_claim')].map(findingLabel),
    ['supported', 'unsupported', 'contradicted', 'possibly contradicted', 'not a claim'],
  );
});

test('certainty decides; without it a calibrated toss-up is uncertain and anything else is clear', () => {
  assert.equal(isClear(s('contradicted', 'uncertain', 0.99)), false);
  assert.equal(isClear(s('contradicted', 'clear', 0.1)), true);
  assert.equal(isClear(s('contradicted', undefined, 0.5)), false);
  assert.equal(isClear(s('contradicted', undefined, 0.8)), true);
  assert.equal(isClear(s('contradicted')), true);
});

test('counts keep clear and possible contradictions apart, and the text names each with its label', () => {
  const c = countFindings([s('supported'), s('supported'), s('unsupported'), s('contradicted', 'clear'), s('contradicted', 'uncertain'), s('not_claim')]);
  assert.deepEqual(c, { supported: 2, unsupported: 1, contradicted: 1, possibly_contradicted: 1, disputed: 0, not_claim: 1 });
  assert.equal(claimCount(c), 5);
  assert.equal(countsText(c), '2 supported, 1 unsupported, 1 contradicted, 1 possibly contradicted');
  const clean = countFindings([s('supported')]);
  assert.equal(countsText(clean), '1 supported');
  assert.equal(countsText(clean, { all: true }), '1 supported, 0 unsupported, 0 contradicted, 0 possibly contradicted');
  assert.equal(countsText(c, { problems: true }), '1 unsupported, 1 contradicted, 1 possibly contradicted');
  assert.equal(countsText(clean, { problems: true }), '');
});

test('problems are the findings with a rule; each problem has a default severity and a description', () => {
  assert.deepEqual([s('supported'), s('unsupported'), s('contradicted', 'clear'), s('contradicted', 'uncertain'), s('not_claim')].map(isProblem), [false, true, true, true, false]);
  assert.equal(FINDINGS.contradicted.severity, 'error');
  assert.equal(FINDINGS.possibly_contradicted.severity, 'information');
  assert.equal(FINDINGS.unsupported.severity, 'warning');
  for (const f of Object.values(FINDINGS)) {
    assert.ok(f.description.endsWith('.'), f.description);
    assert.equal(f.title.toLowerCase(), f.label);
  }
});

test('a supported sentence that another source contradicts is no plain support: sources disagree, a warning', () => {
  const against = { passageId: 'b', path: 'b.md', kind: 'md', startLine: 9, endLine: 9, quote: 'two years', score: 0.9 } as const;
  const disputed: J = { ...s('supported', 'uncertain'), disagreement: { evidence: against, conflict: { claimText: '7 months', sourceText: '2 years' } } as never };
  assert.equal(findingOf(disputed), 'disputed');
  assert.equal(isProblem(disputed), true);
  assert.equal(FINDINGS.disputed.severity, 'warning');
  assert.equal(findingLabel(disputed), 'sources disagree');
  const c = countFindings([disputed, s('supported')]);
  assert.equal(claimCount(c), 2);
  assert.equal(countsText(c), '1 supported, 1 sources disagree');
});
