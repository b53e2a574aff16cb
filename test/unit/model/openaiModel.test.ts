// The OpenAI-compatible adapter against a scripted server over real HTTP, with the real client.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAIModel } from '../../../src/node/openaiModel';
import { createOpenAIEmbeddings } from '../../../src/node/openaiEmbeddings';
import { isVerityError } from '../../../src/core/errors';
import { startMockServer, type MockServer } from '../../support/mockServer';

const servers: MockServer[] = [];
after(async () => {
  for (const s of servers) await s.close();
});
async function server(...args: Parameters<typeof startMockServer>): Promise<MockServer> {
  const s = await startMockServer(...args);
  servers.push(s);
  return s;
}

async function rejectsWithCode(p: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(isVerityError(e), `expected a VerityError, got ${String(e)}`);
    assert.equal(e.code, code, e.message);
    assert.ok(!e.message.includes('\n'), 'message is one line');
    return true;
  });
}

test('streams text with usage and sends stream_options.include_usage', async () => {
  const s = await server({ chat: [{ text: 'Refunds take 30 days [1].', usage: { prompt: 11, completion: 7 } }] });
  const model = createOpenAIModel({ baseURL: s.url, model: 'mock-model' });
  const pieces: string[] = [];
  const r = await model.chat([{ role: 'user', content: 'hi' }], { onText: (p) => pieces.push(p) });
  assert.equal(r.text, 'Refunds take 30 days [1].');
  assert.ok(pieces.length > 1, 'streamed in several fragments');
  assert.deepEqual(r.usage, { prompt: 11, completion: 7 });
  const body = s.chatRequests()[0]!;
  assert.equal(body.stream, true);
  assert.deepEqual(body.stream_options, { include_usage: true });
});

test('non-streaming mode returns text and usage', async () => {
  const s = await server({ chat: [{ text: 'Plain answer.', usage: { prompt: 3, completion: 2 } }] });
  const model = createOpenAIModel({ baseURL: s.url, model: 'mock-model', stream: false });
  const r = await model.chat([{ role: 'user', content: 'hi' }]);
  assert.equal(r.text, 'Plain answer.');
  assert.deepEqual(r.usage, { prompt: 3, completion: 2 });
  assert.equal(s.chatRequests()[0]!.stream, false);
});

test('429 with retry-after-ms is retried and then succeeds (2 requests)', async () => {
  const s = await server({ chat: [{ status: 429, headers: { 'retry-after-ms': '30', 'retry-after': '0' } }, { text: 'Recovered.' }] });
  const model = createOpenAIModel({ baseURL: s.url, model: 'mock-model' });
  const r = await model.chat([{ role: 'user', content: 'hi' }]);
  assert.equal(r.text, 'Recovered.');
  assert.equal(s.chatCalls(), 2);
});

test('429 that persists becomes MODEL_RATE_LIMITED after maxRetries + 1 requests', async () => {
  const s = await server({ chat: [{ status: 429, headers: { 'retry-after-ms': '10' } }] });
  const model = createOpenAIModel({ baseURL: s.url, model: 'mock-model', maxRetries: 2 });
  await rejectsWithCode(model.chat([{ role: 'user', content: 'hi' }]), 'MODEL_RATE_LIMITED');
  assert.equal(s.chatCalls(), 3);
});

test('500 then success recovers; 500 forever is MODEL_UNREACHABLE', async () => {
  const s = await server({ chat: [{ status: 500, headers: { 'retry-after-ms': '10' } }, { text: 'Fine now.' }] });
  const model = createOpenAIModel({ baseURL: s.url, model: 'mock-model' });
  assert.equal((await model.chat([{ role: 'user', content: 'hi' }])).text, 'Fine now.');
  assert.equal(s.chatCalls(), 2);
  s.setChat([{ status: 503, headers: { 'retry-after-ms': '10' } }]);
  s.reset();
  await rejectsWithCode(createOpenAIModel({ baseURL: s.url, model: 'mock-model', maxRetries: 1 }).chat([{ role: 'user', content: 'hi' }]), 'MODEL_UNREACHABLE');
  assert.equal(s.chatCalls(), 2);
});

test('a server slower than the timeout gives MODEL_TIMEOUT', async () => {
  const s = await server({ chat: [{ text: 'late', delayMs: 2000 }] });
  const model = createOpenAIModel({ baseURL: s.url, model: 'mock-model', timeoutMs: 150, maxRetries: 0 });
  await rejectsWithCode(model.chat([{ role: 'user', content: 'hi' }]), 'MODEL_TIMEOUT');
});

test('connection refused gives MODEL_UNREACHABLE', async () => {
  // Find a port nothing listens on: open and close a server.
  const tmp = http.createServer();
  await new Promise<void>((r) => tmp.listen(0, '127.0.0.1', r));
  const port = (tmp.address() as AddressInfo).port;
  await new Promise<void>((r) => tmp.close(() => r()));
  const model = createOpenAIModel({ baseURL: `http://127.0.0.1:${port}/v1`, model: 'm', maxRetries: 1 });
  await rejectsWithCode(model.chat([{ role: 'user', content: 'hi' }]), 'MODEL_UNREACHABLE');
});

test('malformed JSON gives MODEL_BAD_RESPONSE', async () => {
  const s = await server({ chat: [{ malformed: true }] });
  const model = createOpenAIModel({ baseURL: s.url, model: 'mock-model', stream: false, maxRetries: 0 });
  await rejectsWithCode(model.chat([{ role: 'user', content: 'hi' }]), 'MODEL_BAD_RESPONSE');
});

test('a stream cut mid-answer gives MODEL_BAD_RESPONSE, not a partial answer', async () => {
  const s = await server({ chat: [{ text: 'The first part arrives and then the connection is cut off.', cutAfterChars: 20 }] });
  const model = createOpenAIModel({ baseURL: s.url, model: 'mock-model' });
  const pieces: string[] = [];
  await rejectsWithCode(model.chat([{ role: 'user', content: 'hi' }], { onText: (p) => pieces.push(p) }), 'MODEL_BAD_RESPONSE');
  assert.ok(pieces.join('').length > 0 && pieces.join('').length <= 20);
});

test('cancellation mid-stream throws CANCELLED and stops the request', async () => {
  const s = await server({ chat: [{ hang: true }] });
  const model = createOpenAIModel({ baseURL: s.url, model: 'mock-model' });
  const ctl = new AbortController();
  const p = model.chat([{ role: 'user', content: 'hi' }], { signal: ctl.signal });
  // abort once the request is in flight (a loaded machine may take longer than any fixed delay to send it)
  for (const deadline = Date.now() + 10_000; s.chatCalls() === 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 10));
  ctl.abort();
  await rejectsWithCode(p, 'CANCELLED');
  assert.equal(s.chatCalls(), 1, 'no retry after a cancel');
});

test('cancellation after streaming started throws CANCELLED (SDK would end quietly)', async () => {
  const s = await server({ chat: [{ text: 'word '.repeat(400), delayMs: 0 }] });
  const model = createOpenAIModel({ baseURL: s.url, model: 'mock-model' });
  const ctl = new AbortController();
  let got = 0;
  const p = model.chat([{ role: 'user', content: 'hi' }], {
    signal: ctl.signal,
    onText: () => {
      if (++got === 3) ctl.abort();
    },
  });
  await rejectsWithCode(p, 'CANCELLED');
});

test('an already-aborted signal makes no request', async () => {
  const s = await server({ chat: [{ text: 'x' }] });
  const model = createOpenAIModel({ baseURL: s.url, model: 'mock-model' });
  await rejectsWithCode(model.chat([{ role: 'user', content: 'hi' }], { signal: AbortSignal.abort() }), 'CANCELLED');
  assert.equal(s.chatCalls(), 0);
});

test('wrong API key gives MODEL_AUTH; unknown model gives MODEL_NOT_FOUND', async () => {
  const s = await server({ apiKey: 'sekret', chat: [{ text: 'x' }] });
  await rejectsWithCode(createOpenAIModel({ baseURL: s.url, model: 'mock-model', apiKey: 'wrong' }).chat([{ role: 'user', content: 'hi' }]), 'MODEL_AUTH');
  await rejectsWithCode(createOpenAIModel({ baseURL: s.url, model: 'nope', apiKey: 'sekret' }).chat([{ role: 'user', content: 'hi' }]), 'MODEL_NOT_FOUND');
  const ok = await createOpenAIModel({ baseURL: s.url, model: 'mock-model', apiKey: 'sekret' }).chat([{ role: 'user', content: 'hi' }]);
  assert.equal(ok.text, 'x');
});

test('embeddings: float vectors in order, batched, deterministic', async () => {
  const s = await server({ embeddingDim: 8 });
  const emb = createOpenAIEmbeddings({ baseURL: s.url, model: 'mock-model', batchSize: 2 });
  const v = await emb.embed(['alpha', 'beta', 'gamma']);
  assert.equal(v.length, 3);
  assert.equal(v[0]!.length, 8);
  const again = await emb.embed(['gamma']);
  assert.deepEqual(again[0], v[2]);
  const embReqs = s.requests.filter((r) => r.path.endsWith('/embeddings'));
  assert.equal(embReqs.length, 3, 'two batches, then one');
  assert.equal(embReqs[0]!.body!.encoding_format, 'float');
});

test('API key: caller first, then VERITY_API_KEY, then OPENAI_API_KEY', async () => {
  const { resolveApiKey } = await import('../../../src/node/modelErrors');
  assert.equal(resolveApiKey('a', { VERITY_API_KEY: 'b', OPENAI_API_KEY: 'c' }), 'a');
  assert.equal(resolveApiKey(undefined, { VERITY_API_KEY: 'b', OPENAI_API_KEY: 'c' }), 'b');
  assert.equal(resolveApiKey(undefined, { OPENAI_API_KEY: 'c' }), 'c');
  assert.ok(resolveApiKey(undefined, {}).length > 0, 'local servers get a placeholder the SDK accepts');
});

test('embedding errors are coded too (wrong key → MODEL_AUTH, nothing listening → MODEL_UNREACHABLE)', async () => {
  const s = await server({ apiKey: 'sekret' });
  await rejectsWithCode(createOpenAIEmbeddings({ baseURL: s.url, model: 'mock-model', apiKey: 'wrong' }).embed(['a']), 'MODEL_AUTH');
  await rejectsWithCode(createOpenAIEmbeddings({ baseURL: 'http://127.0.0.1:9/v1', model: 'm', maxRetries: 0 }).embed(['a']), 'MODEL_UNREACHABLE');
});
