// Pure pieces of the loop: citation rewriting, strict-mode composition, no-answer detection,
// feedback wording and the policy's decisions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyCitationFixes } from '../../../src/core/loop/citations';
import { composeAnswer } from '../../../src/core/loop/finalAnswer';
import { isNoAnswerSentence, TEMPLATE_LINE } from '../../../src/core/loop/prompts';
import { buildFeedback } from '../../../src/core/loop/feedback';
import { nextStep } from '../../../src/core/loop/policy';
import { createChecker } from '../../../src/core/check/checker';
import { passages } from './fixture';
import type { NumberedEvidence } from '../../../src/core/types';

const checker = createChecker(undefined);
const ev: NumberedEvidence[] = passages().map((p, i) => ({ n: i + 1, passage: p, score: 1 }));
const evidence = ev.map((e) => e.passage);

test('applyCitationFixes rewrites only the fixed sentence, before its final punctuation', () => {
  const text = 'Customers can request a refund within 30 days of purchase [2]. Invoices are emailed on the first day of every month [2].';
  const r = checker.check(text, { evidence, useIndex: false });
  const out = applyCitationFixes(text, r.sentences, [{ index: 0, from: [2], to: [1] }]);
  assert.equal(out, 'Customers can request a refund within 30 days of purchase [1]. Invoices are emailed on the first day of every month [2].');
  const after = 'Customers can request a refund within 30 days of purchase. [2, 3]\nNext line.';
  const r2 = checker.check(after, { evidence, useIndex: false });
  assert.equal(applyCitationFixes(after, r2.sentences, [{ index: 0, from: [2, 3], to: [1] }]).split('\n')[0], 'Customers can request a refund within 30 days of purchase [1].');
});

test('composeAnswer: strict removes failing sentences and says how many; default keeps all', () => {
  const text = 'Customers can request a refund within 30 days of purchase [1]. Refunds are paid in cash in Paris [1]. Backups are taken every six hours [4].';
  const r = checker.check(text, { evidence, useIndex: false });
  assert.deepEqual(r.sentences.map((s) => s.verdict), ['supported', 'unsupported', 'supported']);
  assert.equal(composeAnswer(text, r.sentences, false).answer, text);
  const strict = composeAnswer(text, r.sentences, true);
  assert.equal(strict.answer.split('\n\n')[0], 'Customers can request a refund within 30 days of purchase [1]. Backups are taken every six hours [4].');
  assert.match(strict.answer, /removed 1 sentence /);
  assert.deepEqual(strict.sentences.map((s) => !!s.dropped), [false, true, false]);
  const none = checker.check('Refunds are paid in cash in Paris [1].', { evidence, useIndex: false });
  assert.match(composeAnswer('Refunds are paid in cash in Paris [1].', none.sentences, true).answer, /^Verity removed every claim/);
});

test('isNoAnswerSentence recognises plain refusals, not ordinary claims', () => {
  for (const s of ['The documents do not contain the answer.', "The provided passages don't mention the price [2].", 'There is no information about pricing in the documents.', 'This is not covered by the documents.']) {
    assert.ok(isNoAnswerSentence(s), s);
  }
  for (const s of ['Refunds do not cover shipping costs [1].', 'The export contains every document in its original format [5].']) assert.ok(!isNoAnswerSentence(s), s);
});

test('buildFeedback names each failing sentence, quotes the closest evidence, ends with the template line', () => {
  const r = checker.check('Customers can request a refund within 90 days of purchase [1]. Backups are taken every six hours [4].', { evidence, useIndex: false });
  const fb = buildFeedback(r.sentences, ev)!;
  assert.match(fb, /Sentence 1, "Customers can request a refund within 90 days of purchase \[1\].", contradicts the evidence \(the source says 30( days)?, not 90( days)?\)/);
  assert.match(fb, /closest evidence is \[1\]: "Customers can request a refund within 30 days/);
  assert.ok(!fb.includes('Sentence 2'));
  assert.ok(fb.includes(TEMPLATE_LINE));
  assert.equal(buildFeedback(r.sentences.filter((s) => s.verdict === 'supported'), ev), undefined);
});

test('policy: stop when supported, at the round limit or budget; ReGround only after a weak revision, once', () => {
  const base = { round: 1, maxRounds: 3, tokensUsed: 0, tokenBudget: 0, failing: 1, support: 0, lastKind: 'draft' as const, requeried: false };
  assert.equal(nextStep({ ...base, failing: 0, support: 1 }), 'stop_supported');
  assert.equal(nextStep(base), 'revise');
  assert.equal(nextStep({ ...base, round: 2, lastKind: 'revision' }), 'requery');
  assert.equal(nextStep({ ...base, round: 2, lastKind: 'revision', support: 0.6 }), 'revise');
  assert.equal(nextStep({ ...base, round: 2, lastKind: 'revision', requeried: true }), 'revise');
  assert.equal(nextStep({ ...base, round: 3 }), 'stop_round_limit');
  assert.equal(nextStep({ ...base, tokenBudget: 100, tokensUsed: 100 }), 'stop_budget');
});
