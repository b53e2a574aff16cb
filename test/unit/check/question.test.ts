import { test } from 'node:test';
import assert from 'node:assert/strict';
import { passageProfile } from '../../../src/core/check/passages';
import { DEFAULT_CALIBRATION } from '../../../src/core/check/calibration';
import { createChecker } from '../../../src/core/check/checker';
import { profile } from '../../../src/core/check/profile';
import { novelCoverage } from '../../../src/core/check/question';
import type { Passage } from '../../../src/core/types';

const passage = (id: string, text: string): Passage => ({
  id, path: `kb/${id}.md`, kind: 'md', headings: [], startLine: 1, endLine: 1, text, hash: id,
});
// scraped knowledge, sentences glued together as in HaluEval
const KNOWLEDGE = passage(
  'oberoi',
  'The Oberoi family is an Indian family that is famous for its involvement in hotels, namely through The Oberoi Group.The Oberoi Group is a hotel company with its head office in Delhi.',
);
const QUESTION = 'The Oberoi family is part of a hotel company that has a head office in what city?';

test('glued sentences become separate evidence units', () => {
  const pp = passageProfile(KNOWLEDGE);
  const units = pp.units.map((u) => KNOWLEDGE.text.slice(u.start, u.end));
  assert.deepEqual(units, [
    'The Oberoi family is an Indian family that is famous for its involvement in hotels, namely through The Oberoi Group.',
    'The Oberoi Group is a hotel company with its head office in Delhi.',
  ]);
});

test('novel coverage counts only what the answer adds to the question', () => {
  const pp = [passageProfile(KNOWLEDGE)];
  const idf = (): number => 1;
  const q = profile(QUESTION);
  assert.equal(novelCoverage(profile('Delhi'), q, idf, pp), 1);
  // "Mumbai", "financial", "capital" are new and absent; "India" is absent too (the text says "Indian")
  assert.equal(novelCoverage(profile('Mumbai, the financial capital of India.'), q, idf, pp), 0);
  // repeating the question adds nothing, so nothing is missing
  assert.equal(novelCoverage(profile('The Oberoi family hotel company.'), q, idf, pp), 1);
  // without a question every term is novel: a half-covered claim
  assert.equal(novelCoverage(profile('Oberoi Mumbai'), undefined, idf, pp), 0.5);
});

test('an answer checked with its question is decided by the question-answer model', () => {
  assert.ok(DEFAULT_CALIBRATION.qa, 'the shipped calibration has a question-answer model');
  const checker = createChecker(undefined);
  const right = checker.checkSentence('Delhi', [KNOWLEDGE], { question: QUESTION });
  assert.equal(right.features?.withQuestion, 1);
  assert.equal(right.verdict, 'supported');
  const wrong = checker.checkSentence('Mumbai, the financial capital of India.', [KNOWLEDGE], { question: QUESTION });
  assert.notEqual(wrong.verdict, 'supported');
  assert.match(wrong.reason, /(no passage mentions|does not mention) .*'(Mumbai|India)'/);
  // without the question the main model decides
  assert.equal(checker.checkSentence('Delhi', [KNOWLEDGE]).features?.withQuestion, 0);
});

test('the question-answer model gives no weight to the length features', () => {
  const qa = DEFAULT_CALIBRATION.qa!;
  assert.equal(qa.weights.termCount, 0);
  assert.equal(qa.weights.unseenCount, 0);
  assert.ok(qa.threshold > 0 && qa.threshold < 1);
});

test('a word glued to the next piece by a full stop is still stated ("infants.ine out of")', () => {
  // scraped passages repeat a truncated copy of themselves straight after a full stop
  const amino = passage('amino', 'The ninth amino acid -- histidine -- is only essential for infants.ine out of the 20 amino acids are essential.');
  const checker = createChecker(undefined);
  const v = checker.checkSentence('For infants, histidine is also considered essential.', [amino]);
  assert.equal(v.verdict, 'supported');
  assert.match(v.evidence?.quote ?? '', /histidine/);
  // "infants" counts as stated: the window covers more than with a word the passage never writes
  const toddlers = checker.checkSentence('For toddlers, histidine is also considered essential.', [amino]);
  const stated = v.features?.['recallWin'] ?? 0;
  const unstated = toddlers.features?.['recallWin'] ?? 0;
  assert.ok(stated > unstated, `${stated} vs ${unstated}`);
});
