/**
 * A bare "Yes." or "No." answering a yes/no question claims something: the question as a
 * statement, or that statement denied. Without a yes/no question it stays an acknowledgement.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createChecker } from '../../../src/core/check/checker';
import { createMemorySource } from '../../../src/core/check/memorySource';
import { polarClaim, polarQuestion } from '../../../src/core/check/question';
import { passage } from './corpus';
import { runCli, tree } from '../../support/cliRun';

const checker = createChecker(createMemorySource([
  passage('renew', 'Members can renew their library card online up to sixty days before expiry.'),
  passage('sunday', 'The main branch is not open on Sundays.'),
]));
const verdict = (answer: string, question?: string) => checker.check(answer, question ? { question } : {}).sentences[0]!;

test('yes and no take their meaning from the question, and a negated fact flips them', () => {
  const renew = 'Can members renew their library card online?';
  assert.equal(verdict('Yes.', renew).verdict, 'supported');
  assert.equal(verdict('No.', renew).verdict, 'contradicted');
  assert.equal(verdict('No, they cannot.', renew).verdict, 'contradicted');
  const sunday = 'Is the main branch open on Sundays?';
  assert.equal(verdict('No.', sunday).verdict, 'supported');
  const yes = verdict('Yes, it is.', sunday);
  assert.equal(yes.verdict, 'contradicted');
  assert.match(yes.reason, /^a yes to "Is the main branch open on Sundays\?"/);
});

test('without a yes/no question a bare yes is no claim, and an answer that says more is checked as written', () => {
  assert.equal(verdict('Yes.').verdict, 'not_claim');
  assert.equal(verdict('Yes.', 'When can members renew their library card?').verdict, 'not_claim');
  assert.equal(polarQuestion('When can members renew?'), undefined);
  const p = polarQuestion('Does the fee cover postage?');
  assert.deepEqual(p && [p.yes, p.no], ['Does the fee cover postage', 'Does not the fee cover postage']);
  assert.equal(polarClaim('No, but the east branch is open.', p), undefined);
});

test('verity check --question: "No." is checked against the documents', async (t) => {
  const dir = tree(t, { 'docs/renew.md': '# Renewal\n\nMembers can renew their library card online up to sixty days before expiry.\n' });
  const r = await runCli(dir, ['check', '--text', 'No.', '--question', 'Can members renew their library card online?', '--docs', 'docs', '--format', 'json']);
  assert.equal(r.code, 1, r.err);
  assert.equal(JSON.parse(r.out).files[0].sentences[0].verdict, 'contradicted');
});
