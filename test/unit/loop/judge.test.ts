// The LLM judge as a second opinion, and who wins when it disagrees with the offline checker
// (rules in src/core/loop/judge.ts): the stricter opinion wins; the judge can lift an offline
// "unsupported" only with a verbatim quote from the evidence; an offline contradiction stands.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { runTurn } from '../../../src/core/loop/runTurn';
import { parseClaimsReply } from '../../../src/core/loop/judge';
import { createOpenAIModel } from '../../../src/node/openaiModel';
import { startMockServer, type MockServer, type ChatRequestBody } from '../../support/mockServer';
import { deps, numberOf, OPTIONS, isJudge } from './fixture';
import type { VerityOptions } from '../../../src/core/api';

const servers: MockServer[] = [];
after(async () => {
  for (const s of servers) await s.close();
});

const REFUND = 'Customers can request a refund within 30 days of purchase';

/** One round: the model writes `draft(req)`, the judge answers `judge(req)`. */
async function judged(draft: (req: ChatRequestBody) => string, judge: (req: ChatRequestBody) => string, opts: Partial<VerityOptions> = {}) {
  const server = await startMockServer({ chat: (req) => ({ text: isJudge(req) ? judge(req) : draft(req) }) });
  servers.push(server);
  const model = createOpenAIModel({ baseURL: server.url, model: 'mock-model' });
  const turn = await runTurn(await deps(model), 'How long do I have to ask for a refund?', { options: { ...OPTIONS, judge: 'claims', maxRounds: 1, ...opts } });
  return { turn, server };
}

const claims = (label: string, quote: string) => JSON.stringify({ sentences: [{ id: 1, claims: [{ claim: 'c', label, quote }] }] });

test('offline supported, judge neutral → unsupported (the stricter opinion wins)', async () => {
  const { turn, server } = await judged((r) => `${REFUND} [${numberOf(r, REFUND)}].`, () => claims('neutral', ''));
  const s = turn.sentences[0]!;
  assert.equal(s.verdict, 'unsupported');
  assert.equal(s.judge?.label, 'neutral');
  assert.equal(s.judge?.decisive, true);
  assert.equal(server.chatCalls(), 2);
  assert.equal(turn.modelCalls, 2);
});

test('offline supported, judge contradiction with a real quote → contradicted', async () => {
  const { turn } = await judged((r) => `${REFUND} [${numberOf(r, REFUND)}].`, () => claims('contradiction', 'within 5 business days'));
  assert.equal(turn.sentences[0]!.verdict, 'contradicted');
  assert.equal(turn.sentences[0]!.evidence?.quote, 'within 5 business days');
});

test('offline unsupported paraphrase, judge entailment with a verbatim quote → supported', async () => {
  const { turn } = await judged((r) => `You can get your money back during the first month after buying [${numberOf(r, REFUND)}].`, () => claims('entailment', 'request a refund within 30 days of purchase'));
  const s = turn.sentences[0]!;
  assert.equal(s.verdict, 'supported');
  assert.equal(s.judge?.decisive, true);
  assert.equal(s.evidence?.path, 'billing/refunds.md');
  assert.equal(turn.status, 'answered');
});

test('offline unsupported, judge entailment with an invented quote → stays unsupported', async () => {
  const { turn } = await judged((r) => `You can get your money back during the first month after buying [${numberOf(r, REFUND)}].`, () => claims('entailment', 'money back guaranteed during the first month'));
  assert.equal(turn.sentences[0]!.verdict, 'unsupported');
  assert.equal(turn.sentences[0]!.judge?.decisive, false);
});

test('offline contradicted, judge entailment → stays contradicted', async () => {
  const { turn } = await judged((r) => `Customers can request a refund within 90 days of purchase [${numberOf(r, REFUND)}].`, () => claims('entailment', 'request a refund within 30 days of purchase'));
  assert.equal(turn.sentences[0]!.verdict, 'contradicted');
  assert.equal(turn.sentences[0]!.judge?.label, 'entailment');
  assert.equal(turn.sentences[0]!.judge?.decisive, false);
});

test('an unparsable judge reply leaves the offline verdict alone', async () => {
  const { turn } = await judged((r) => `${REFUND} [${numberOf(r, REFUND)}].`, () => 'I think it is fine.');
  assert.equal(turn.sentences[0]!.verdict, 'supported');
  assert.equal(turn.sentences[0]!.judge, undefined);
});

test('MiniCheck mode: one "Document: … Claim: …" call per claim; "No" overrules', async () => {
  const seen: string[] = [];
  const { turn, server } = await judged(
    (r) => `${REFUND} [${numberOf(r, REFUND)}]. Refunds are paid back to the original payment method within 5 business days [${numberOf(r, REFUND)}].`,
    (r) => {
      const c = r.messages![0]!.content;
      seen.push(c);
      return /Claim: Refunds are paid back/.test(c) ? 'No' : 'Yes';
    },
    { judge: 'minicheck' },
  );
  assert.equal(server.chatCalls(), 3, 'draft + one judge call per sentence');
  assert.equal(turn.modelCalls, 3);
  assert.ok(seen.every((c) => c.startsWith('Document: ') && /\nClaim: [^[]+$/.test(c)), 'citations stripped from the claim');
  assert.deepEqual(turn.sentences.map((s) => s.verdict), ['supported', 'unsupported']);
  assert.equal(turn.sentences[1]!.judge?.label, 'neutral');
});

test('parseClaimsReply: tolerates prose around JSON and takes the worst claim label', () => {
  const m = parseClaimsReply('Here you go:\n```json\n{"sentences":[{"id":1,"claims":[{"label":"entailment","quote":"a"},{"label":"Contradiction","quote":"b"}]},{"id":2,"claims":[{"label":"maybe"}]}]}\n```', 'm');
  assert.equal(m.get(1)?.label, 'contradiction');
  assert.equal(m.get(1)?.quote, 'b');
  assert.equal(m.has(2), false);
  assert.equal(parseClaimsReply('not json {', 'm').size, 0);
});
