import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EvidenceRef, SentenceVerdict } from '../../../src/core/types';
import { checkStatusLine, cleanText, diagnosticMessage, relevantEvidence, verdictHeadline } from '../../../src/vscode/verdictWords';

const ev = (id: string, score: number): EvidenceRef => ({ passageId: id, path: `docs/${id}.md`, kind: 'md', heading: '', startLine: 1, endLine: 2, quote: 'q', score });
const verdict = (over: Partial<SentenceVerdict>): SentenceVerdict => ({
  index: 0, text: 'Support answers within two hours.', start: 0, end: 33, line: 1, col: 1, endLine: 1, endCol: 33,
  verdict: 'contradicted', score: 0.8, reason: 'the source says one hour, not two hours', alternatives: [], citations: [], ...over,
});

test('a clear contradiction with a conflict says what the source says; an uncertain one only points at the closest passage', () => {
  const conflict = { kind: 'number' as const, claimText: 'two hours', sourceText: 'one hour', start: 24, end: 33 };
  assert.equal(diagnosticMessage(verdict({ certainty: 'clear', confidence: 0.9, conflict })), 'Contradicted — the source says “one hour”, not “two hours”');
  const unsure = diagnosticMessage(verdict({ certainty: 'uncertain', confidence: 0.55, conflict }));
  assert.match(unsure, /^Possibly contradicted — compare with the closest passage/);
  assert.doesNotMatch(unsure, /source says/);
  assert.match(unsure, /the closest passage says one hour/);
  // Before the checker gives certainty: a contradiction keeps its standing (its support score is low by nature).
  assert.equal(diagnosticMessage(verdict({ score: 0.29 })), 'Contradicted — the source says one hour, not two hours');
  // A calibrated toss-up without certainty is a possible contradiction, worded as such.
  assert.match(diagnosticMessage(verdict({ confidence: 0.5 })), /^Possibly contradicted — compare with the closest passage: the closest passage says one hour/);
});

test('two words swapped are named as the other way round, not as one word replacing the other', () => {
  const conflict = { kind: 'order' as const, rule: 'swaps' as const, claimText: 'production', sourceText: 'staging', start: 22, end: 32 };
  const reason = 'the source has \'staging\' and \'production\' the other way round: "Data is copied from the staging cluster to the production cluster."';
  const m = diagnosticMessage(verdict({ text: 'Data is copied from the production cluster to the staging cluster.', certainty: 'clear', confidence: 0.9, conflict, reason }));
  assert.match(m, /^Contradicted — the source has 'staging' and 'production' the other way round/);
  assert.doesNotMatch(m, /not “production”/);
});

test('an unsupported sentence is named with the vocabulary\'s word, with or without a reason', () => {
  assert.equal(diagnosticMessage(verdict({ verdict: 'unsupported', reason: 'no passage mentions drones' })), 'Unsupported — no passage mentions drones');
  assert.equal(diagnosticMessage(verdict({ verdict: 'unsupported', reason: '' })), 'Unsupported — no indexed passage says this');
});

test('the hover names the verdict with the vocabulary, and how well a supporting passage matches in words', () => {
  assert.equal(verdictHeadline(verdict({ verdict: 'supported', evidence: ev('a', 0.95) })), 'supported (close match)');
  assert.equal(verdictHeadline(verdict({ verdict: 'supported', evidence: ev('a', 0.4) })), 'supported (weak match)');
  assert.equal(verdictHeadline(verdict({ certainty: 'uncertain' })), 'possibly contradicted');
  assert.equal(verdictHeadline(verdict({ certainty: 'clear' })), 'contradicted');
});

test('related information keeps the deciding passage and drops weak alternatives', () => {
  const v = verdict({ evidence: ev('a', 0.8), alternatives: [ev('a', 0.8), ev('b', 0.7), ev('c', 0.17), ev('d', 0.4)] });
  assert.deepEqual(relevantEvidence(v).map((r) => r.passageId), ['a', 'b']);
});

test('quotes lose markdown markup: emphasis, table pipes, headings, links', () => {
  assert.equal(cleanText('**Express** renewal | 150 euros | 10 days |'), 'Express renewal · 150 euros · 10 days');
  assert.equal(cleanText('| Service | Fee |\n| --- | --- |\n| Express | **150** |'), 'Service · Fee · Express · 150');
  assert.equal(cleanText('## Fees\nSee [the table](fees.md) for `details`.'), 'Fees See the table for details.');
});

test('the status line after a check counts clear and possible contradictions apart, in the vocabulary\'s words', () => {
  const line = checkStatusLine({ sentences: [verdict({ verdict: 'supported' }), verdict({ certainty: 'clear' }), verdict({ certainty: 'uncertain' }), verdict({ verdict: 'unsupported' })] });
  assert.equal(line, 'Verity: 1 supported, 1 unsupported, 1 contradicted, 1 possibly contradicted — Show Report for details');
  // the same words the diagnostics start with
  assert.match(diagnosticMessage(verdict({ certainty: 'uncertain' })), /^Possibly contradicted/);
  assert.match(diagnosticMessage(verdict({ certainty: 'clear' })), /^Contradicted/);
});
