/**
 * A hostile or broken model endpoint cannot hold a call or a turn: an overall deadline and an
 * output cap end every model call with one coded, clear reason; `max_tokens` is always sent;
 * `verity ask --timeout` bounds the whole question. Real HTTP servers on 127.0.0.1.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { createOpenAIModel } from '../../../src/node/openaiModel';
import { isVerityError } from '../../../src/core/errors';
import { ask } from '../../../src/cli/commands/ask';
import { closeAll } from '../../../src/cli/openVerity';
import type { CliIO } from '../../../src/cli/io';

interface Hostile {
  url: string;
  requests: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

const servers: Hostile[] = [];
after(async () => {
  for (const s of servers) await s.close();
  await closeAll();
});

/** A server whose chat endpoint behaves as `behave` says; every request body is recorded. */
async function hostile(behave: (res: http.ServerResponse) => void): Promise<Hostile> {
  const requests: Array<Record<string, unknown>> = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      try {
        requests.push(JSON.parse(body) as Record<string, unknown>);
      } catch {
        requests.push({});
      }
      behave(res);
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const h: Hostile = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
  servers.push(h);
  return h;
}

function every(ms: number, f: () => boolean | void): void {
  const t = setInterval(() => {
    if (f() === false) clearInterval(t);
  }, ms);
  t.unref();
}

function sse(res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
}

const chunk = (content: string) => `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

/** The call's outcome: its error code and message, or 'answered'. Guards against a hang. */
async function outcome(p: Promise<unknown>, guardMs = 15_000): Promise<{ code: string; message: string }> {
  let guard: NodeJS.Timeout | undefined;
  const hang = new Promise<{ code: string; message: string }>((r) => (guard = setTimeout(() => r({ code: 'STILL_RUNNING', message: '' }), guardMs)));
  const done = p.then(
    () => ({ code: 'answered', message: '' }),
    (e: unknown) => (isVerityError(e) ? { code: e.code, message: e.message } : { code: 'UNCODED', message: String(e) }),
  );
  const r = await Promise.race([done, hang]);
  clearTimeout(guard);
  return r;
}

const hi = [{ role: 'user' as const, content: 'hi' }];

test('an endless stream ends at the deadline, or at the output cap, with a coded reason', async () => {
  const s = await hostile((res) => {
    sse(res);
    every(5, () => !res.destroyed && res.write(chunk('more text ')) !== undefined && !res.destroyed);
  });
  const byDeadline = await outcome(createOpenAIModel({ baseURL: s.url, model: 'm', timeoutMs: 1500 }).chat(hi));
  assert.equal(byDeadline.code, 'MODEL_TIMEOUT');
  assert.match(byDeadline.message, /--timeout/);
  const byCap = await outcome(createOpenAIModel({ baseURL: s.url, model: 'm', timeoutMs: 60_000, maxResponseBytes: 64 * 1024 }).chat(hi));
  assert.equal(byCap.code, 'MODEL_BAD_RESPONSE');
  assert.match(byCap.message, /more than/);
});

test('one empty chunk at a time cannot keep a call alive past its deadline', async () => {
  const s = await hostile((res) => {
    sse(res);
    every(300, () => !res.destroyed && res.write(chunk('')) !== undefined && !res.destroyed);
  });
  const r = await outcome(createOpenAIModel({ baseURL: s.url, model: 'm', timeoutMs: 1000 }).chat(hi));
  assert.equal(r.code, 'MODEL_TIMEOUT');
});

test('a server that never sends headers: one deadline for the call, not one per retry', async () => {
  const s = await hostile(() => undefined);
  const r = await outcome(createOpenAIModel({ baseURL: s.url, model: 'm', timeoutMs: 800, maxRetries: 2 }).chat(hi));
  assert.equal(r.code, 'MODEL_TIMEOUT');
  await new Promise((res) => setTimeout(res, 1200)); // a retry would have arrived by now
  assert.equal(s.requests.length, 1);
});

test('an HTML page or megabytes of garbage with status 200 get a clear reason', async () => {
  const html = await hostile((res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<html><body>Please log in</body></html>');
  });
  const r1 = await outcome(createOpenAIModel({ baseURL: html.url, model: 'm' }).chat(hi));
  assert.equal(r1.code, 'MODEL_BAD_RESPONSE');
  assert.match(r1.message, /text\/html, not an OpenAI-compatible API/);
  const garbage = await hostile((res) => {
    sse(res);
    res.end(Buffer.alloc(10 * 1024 * 1024, 'z'));
  });
  const r2 = await outcome(createOpenAIModel({ baseURL: garbage.url, model: 'm', maxResponseBytes: 1024 * 1024 }).chat(hi));
  assert.equal(r2.code, 'MODEL_BAD_RESPONSE');
  assert.match(r2.message, /more than 1 MB/);
});

test('max_tokens is always sent', async () => {
  const s = await hostile((res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'x', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }] }));
  });
  await createOpenAIModel({ baseURL: s.url, model: 'm', stream: false }).chat(hi);
  await createOpenAIModel({ baseURL: s.url, model: 'm', stream: false }).chat(hi, { maxTokens: 7 });
  assert.equal(typeof s.requests[0]!.max_tokens, 'number');
  assert.equal(s.requests[1]!.max_tokens, 7);
});

test('verity ask --timeout bounds the whole question with one clear line', async () => {
  const s = await hostile(() => undefined);
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { stdout: (x) => out.push(x), stderr: (x) => err.push(x), isTTY: false, cwd: path.resolve(__dirname, '../../..'), env: { VERITY_BASE_URL: s.url, VERITY_MODEL: 'm' } };
  let code: number | string = 'STILL_RUNNING';
  const guard = new Promise<void>((r) => setTimeout(r, 20_000).unref());
  await Promise.race([ask(['How long is the warranty?', '--docs', 'examples/workspace', '--timeout', '1'], io).then((c) => void (code = c)), guard]);
  assert.equal(code, 2);
  assert.match(err.join(''), /MODEL_TIMEOUT/);
  assert.equal(err.join('').trim().split('\n').length, 1);
  const bad: string[] = [];
  assert.equal(await ask(['q', '--docs', 'examples/workspace', '--timeout', 'soon'], { ...io, stderr: (x) => bad.push(x) }), 2);
  assert.match(bad.join(''), /--timeout takes a number of seconds/);
});
