// The verify-and-revise loop end to end: real index, real offline checker, the real openai client
// against a scripted OpenAI-compatible server over HTTP.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { runTurn } from '../../../src/core/loop/runTurn';
import { createOpenAIModel } from '../../../src/node/openaiModel';
import { TEMPLATE_LINE } from '../../../src/core/loop/prompts';
import { startMockServer, type MockServer, type ChatScript } from '../../support/mockServer';
import { deps, numberOf, OPTIONS, isJudge } from './fixture';
import type { VerityOptions } from '../../../src/core/api';

const servers: MockServer[] = [];
after(async () => {
  for (const s of servers) await s.close();
});

async function setup(chat: ChatScript, opts: Partial<VerityOptions> = {}, modelCfg: { maxRetries?: number; timeoutMs?: number } = {}) {
  const server = await startMockServer({ chat });
  servers.push(server);
  const model = createOpenAIModel({ baseURL: server.url, model: 'mock-model', ...modelCfg });
  const d = await deps(model);
  const progress: string[] = [];
  const ask = (question: string, extra: { signal?: AbortSignal; history?: { role: 'user' | 'assistant'; text: string }[] } = {}) =>
    runTurn(d, question, { options: { ...OPTIONS, ...opts }, onProgress: (p) => progress.push(p.message), ...extra });
  return { server, ask, progress };
}

const REFUND = 'Customers can request a refund within 30 days of purchase';
const PAYBACK = 'Refunds are paid back to the original payment method within 5 business days';

test('a first-round draft that passes costs exactly one model call', async () => {
  const { server, ask, progress } = await setup((req) => {
    const n = numberOf(req, REFUND);
    return { text: `${REFUND} [${n}]. ${PAYBACK} [${n}].` };
  });
  const turn = await ask('How long do I have to ask for a refund?');
  assert.equal(turn.status, 'answered');
  assert.equal(turn.stopReason, 'all_supported');
  assert.equal(turn.modelCalls, 1);
  assert.equal(server.chatCalls(), 1);
  assert.equal(turn.rounds.length, 1);
  assert.ok(turn.sentences.length === 2 && turn.sentences.every((s) => s.verdict === 'supported'));
  assert.equal(turn.sentences[0]!.evidence?.path, 'billing/refunds.md');
  assert.ok(turn.tokens.prompt > 0 && turn.tokens.completion > 0, 'usage is counted');
  assert.ok(progress.some((m) => /^Searching 5 passages$/.test(m)), progress.join(' | '));
  assert.ok(progress.some((m) => /^Checking 2 sentences$/.test(m)), progress.join(' | '));
});

test('a hallucinated sentence is fixed by feedback in round 2', async () => {
  const { server, ask, progress } = await setup((req, i) => {
    const n = numberOf(req, REFUND);
    if (i === 0) return { text: `${REFUND} [${n}]. Refunds are also available in cash at any Acme store in Paris [${n}].` };
    return { text: `${REFUND} [${n}]. ${PAYBACK} [${n}].` };
  });
  const turn = await ask('How do refunds work?');
  assert.equal(turn.rounds.length, 2);
  assert.equal(turn.modelCalls, 2);
  assert.equal(server.chatCalls(), 2);
  const r1 = turn.rounds[0]!;
  assert.equal(r1.check.summary.unsupported, 1);
  assert.match(r1.feedback ?? '', /Sentence 2, "Refunds are also available in cash/);
  assert.match(r1.feedback ?? '', /closest evidence is \[\d\]: "/);
  assert.ok(r1.feedback!.includes(TEMPLATE_LINE));
  // The revision request carries the previous draft and the feedback.
  const second = server.chatRequests()[1]!.messages!;
  assert.equal(second.at(-2)!.role, 'assistant');
  assert.match(second.at(-2)!.content, /Paris/);
  assert.ok(second.at(-1)!.content.includes(TEMPLATE_LINE));
  assert.equal(turn.rounds[1]!.kind, 'revision');
  assert.equal(turn.status, 'answered');
  assert.ok(!turn.answer.includes('Paris'));
  assert.ok(progress.includes('Revising 1 sentence'), progress.join(' | '));
});

test('a wrong citation is corrected to the passage that supports the sentence', async () => {
  let cited = 0;
  let right = 0;
  const { ask } = await setup((req) => {
    right = numberOf(req, REFUND);
    cited = numberOf(req, 'Invoices are emailed');
    return { text: `${REFUND} [${cited}].` };
  });
  const turn = await ask('Can I get a refund, and how are invoices sent?');
  assert.notEqual(cited, right);
  assert.equal(turn.modelCalls, 1, 'citation repair needs no model call');
  assert.equal(turn.status, 'answered');
  assert.deepEqual(turn.sentences[0]!.citations, [right]);
  assert.ok(turn.answer.includes(`[${right}]`) && !turn.answer.includes(`[${cited}]`), turn.answer);
  assert.match(turn.sentences[0]!.reason, /citation corrected/);
});

test('a sentence nothing supports stays unsupported whatever it cites', async () => {
  const { ask } = await setup((req) => ({ text: `Refunds are also available in cash at any Acme store in Paris [${numberOf(req, REFUND)}].` }), { maxRounds: 1 });
  const turn = await ask('How do refunds work?');
  assert.equal(turn.sentences[0]!.verdict, 'unsupported');
  assert.equal(turn.status, 'partially_supported');
  assert.equal(turn.stopReason, 'round_limit');
});

test('ReGround: support stays low after a revision, so the loop re-queries and redrafts', async () => {
  // The question alone retrieves billing passages; the claim the model keeps making is about backups.
  const CLAIM = 'Database backups are taken every six hours and kept for 35 days';
  const { server, ask } = await setup((req, i) => {
    const ev = [...(req.messages?.[1]?.content.matchAll(/<<<EVIDENCE (\d+)>>>/g) ?? [])].length;
    assert.ok(ev > 0);
    if (i < 2) return { text: `${CLAIM} [1].` };
    return { text: `${CLAIM} [${numberOf(req, 'Database backups')}].` };
  }, { topK: 2 });
  const turn = await ask('What happens to refunds and invoices?');
  assert.equal(turn.rounds.length, 3);
  assert.deepEqual(turn.rounds.map((r) => r.kind), ['draft', 'revision', 'requery']);
  assert.equal(turn.modelCalls, 3);
  assert.equal(server.chatCalls(), 3);
  assert.match(turn.rounds[1]!.feedback ?? '', /most likely incorrect/);
  assert.ok(turn.rounds[2]!.query && turn.rounds[2]!.query !== turn.query, 'a new query was used');
  assert.notDeepEqual(turn.rounds[2]!.evidenceIds, turn.rounds[0]!.evidenceIds);
  assert.equal(turn.status, 'answered');
  assert.equal(turn.sentences[0]!.evidence?.path, 'security/backups.md');
  assert.ok(turn.evidence.some((e) => e.passage.path === 'security/backups.md'), 'final evidence is the re-queried set');
});

test('strict mode drops unsupported sentences and says so', async () => {
  const { ask } = await setup((req) => {
    const n = numberOf(req, REFUND);
    return { text: `${REFUND} [${n}]. Refunds are also available in cash at any Acme store in Paris [${n}].` };
  }, { strict: true, maxRounds: 2 });
  const turn = await ask('How do refunds work?');
  assert.equal(turn.modelCalls, 2);
  assert.equal(turn.strict, true);
  assert.ok(!turn.answer.includes('Paris'));
  assert.ok(turn.answer.includes(REFUND));
  assert.match(turn.answer, /Strict mode: Verity removed 1 sentence the documents do not support/);
  const dropped = turn.sentences.filter((s) => s.dropped);
  assert.equal(dropped.length, 1);
  assert.equal(dropped[0]!.verdict, 'unsupported');
});

test('default mode keeps and marks the unsupported sentence', async () => {
  const { ask } = await setup((req) => {
    const n = numberOf(req, REFUND);
    return { text: `${REFUND} [${n}]. Refunds are also available in cash at any Acme store in Paris [${n}].` };
  }, { maxRounds: 1 });
  const turn = await ask('How do refunds work?');
  assert.ok(turn.answer.includes('Paris'));
  assert.deepEqual(turn.sentences.map((s) => s.verdict), ['supported', 'unsupported']);
  assert.ok(turn.sentences.every((s) => !s.dropped));
});

test('"not in the documents" is an honest no_answer, not a hallucination', async () => {
  const { server, ask } = await setup([{ text: 'The documents do not contain the answer.' }]);
  const turn = await ask('What is the refund policy for refunds in Mars colonies?');
  assert.equal(turn.status, 'no_answer');
  assert.equal(turn.modelCalls, 1);
  assert.equal(server.chatCalls(), 1);
  assert.equal(turn.sentences[0]!.verdict, 'not_claim');
});

test('no matching passage: no model call at all', async () => {
  const { server, ask } = await setup([{ text: 'should not be asked' }]);
  const turn = await ask('zyxwv qwert');
  assert.equal(turn.status, 'no_answer');
  assert.equal(turn.stopReason, 'no_evidence');
  assert.equal(turn.modelCalls, 0);
  assert.equal(server.chatCalls(), 0);
});

test('token budget stops the loop after the round that exhausts it', async () => {
  const { server, ask } = await setup([{ text: 'Refunds are also available in cash at any Acme store in Paris [1].', usage: { prompt: 500, completion: 20 } }], { tokenBudget: 300 });
  const turn = await ask('How do refunds work?');
  assert.equal(turn.stopReason, 'token_budget');
  assert.equal(server.chatCalls(), 1);
  assert.deepEqual(turn.tokens, { prompt: 500, completion: 20 });
});

test('model rerank: retrieve N, keep K, one extra call', async () => {
  const { server, ask } = await setup((req) => {
    if (/Rank passages/.test(req.messages?.[0]?.content ?? '')) {
      // Pick the export passage first and the refund passage second, whatever the search order.
      const blocks = [...req.messages![1]!.content.matchAll(/<<<PASSAGE (\d+)>>>\n([^\n]*)/g)];
      const pick = (needle: string) => blocks.find((b) => b[2]!.includes(needle))![1];
      return { text: `${pick('Workspace owners can export')}, ${pick(REFUND)}` };
    }
    return { text: `${REFUND} [${numberOf(req, REFUND)}].` };
  }, { rerank: true, topK: 2, rerankCandidates: 4 });
  const turn = await ask('refund invoices support backups export');
  assert.equal(server.chatCalls(), 2);
  assert.equal(turn.modelCalls, 2);
  assert.equal(turn.evidence.length, 2);
  assert.deepEqual(turn.evidence.map((e) => e.passage.path), ['product/export.md', 'billing/refunds.md']);
});

test('faults inside a turn: 429 then success recovers; connection loss is a coded error; cancel mid-stream', async () => {
  const ok = await setup([{ status: 429, headers: { 'retry-after-ms': '20' } }, { text: `${REFUND} [1].` }]);
  const t1 = await ok.ask('How long do I have to ask for a refund?');
  assert.notEqual(t1.status, 'error');
  assert.equal(ok.server.chatCalls(), 2, 'one retry');
  assert.equal(t1.modelCalls, 1, 'a retried request is one model call');

  const bad = await setup([{ malformed: true }], {}, { maxRetries: 0 });
  const t2 = await bad.ask('How long do I have to ask for a refund?');
  assert.equal(t2.status, 'error');
  assert.equal(t2.error?.code, 'MODEL_BAD_RESPONSE');

  const cut = await setup([{ text: `${REFUND} [1]. ${PAYBACK} [1].`, cutAfterChars: 30 }], {}, { maxRetries: 0 });
  const t3 = await cut.ask('How long do I have to ask for a refund?');
  assert.equal(t3.status, 'error');
  assert.equal(t3.error?.code, 'MODEL_BAD_RESPONSE');

  const hang = await setup([{ hang: true }]);
  const ctl = new AbortController();
  setTimeout(() => ctl.abort(), 60);
  const t4 = await hang.ask('How long do I have to ask for a refund?', { signal: ctl.signal });
  assert.equal(t4.status, 'cancelled');
  assert.equal(t4.error?.code, 'CANCELLED');

  const slow = await setup([{ text: 'late', delayMs: 1500 }], {}, { maxRetries: 0, timeoutMs: 100 });
  const t5 = await slow.ask('How long do I have to ask for a refund?');
  assert.equal(t5.error?.code, 'MODEL_TIMEOUT');

  const refused = await runTurn(await deps(createOpenAIModel({ baseURL: 'http://127.0.0.1:9/v1', model: 'm', maxRetries: 1 })), 'How long do I have to ask for a refund?', { options: OPTIONS });
  assert.equal(refused.status, 'error');
  assert.equal(refused.error?.code, 'MODEL_UNREACHABLE');
  assert.equal(refused.rounds.length, 0);
});

test('a failure in round 2 keeps the round-1 answer and reports the error', async () => {
  const { ask } = await setup((req, i) => (i === 0 ? { text: `${REFUND} [${numberOf(req, REFUND)}]. Refunds are also available in cash at any Acme store in Paris [1].` } : { status: 401 }));
  const turn = await ask('How do refunds work?');
  assert.equal(turn.status, 'error');
  assert.equal(turn.error?.code, 'MODEL_AUTH');
  assert.equal(turn.rounds.length, 1);
  assert.ok(turn.answer.includes(REFUND));
});

test('the judge runs once per round in claims mode (draft + judge = 2 calls)', async () => {
  const { server, ask } = await setup((req) => {
    if (isJudge(req)) return { text: '{"sentences":[{"id":1,"claims":[{"claim":"refund within 30 days","label":"entailment","quote":"within 30 days of purchase"}]}]}' };
    return { text: `${REFUND} [${numberOf(req, REFUND)}].` };
  }, { judge: 'claims' });
  const turn = await ask('How long do I have to ask for a refund?');
  assert.equal(turn.status, 'answered');
  assert.equal(turn.modelCalls, 2);
  assert.equal(server.chatCalls(), 2);
  assert.equal(turn.sentences[0]!.judge?.label, 'entailment');
  assert.equal(turn.sentences[0]!.judge?.decisive, false);
});

test('cancelling mid-stream (after the first fragments) ends the turn as cancelled, with no retry', async () => {
  const { server } = await setup([{ text: 'word '.repeat(300) }]);
  const model = createOpenAIModel({ baseURL: server.url, model: 'mock-model' });
  const d = await deps(model);
  const ctl = new AbortController();
  let fragments = 0;
  const turn = await runTurn(d, 'How do refunds work?', { options: OPTIONS, signal: ctl.signal, onText: () => ++fragments === 3 && ctl.abort() });
  assert.equal(turn.status, 'cancelled');
  assert.equal(turn.stopReason, 'cancelled');
  assert.equal(turn.rounds.length, 0);
  assert.equal(server.chatCalls(), 1);
  assert.ok(fragments < 300);
});
