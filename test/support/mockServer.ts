/**
 * A scripted OpenAI-compatible server on 127.0.0.1 (random port) for tests, benchmarks and the
 * `npm run mock-model` demo. Real HTTP, so the real `openai` client is exercised end to end.
 *
 * Chat replies come from a script: a queue of replies (one per request, the last one repeats)
 * or a function of the request. Replies can inject faults: an HTTP error status with headers
 * (429 + retry-after), a delay, a malformed JSON body, a stream cut mid-answer, or a hang that
 * lasts until the client goes away. Every request is recorded so tests can count model calls.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON body (undefined when there was none or it did not parse). */
  body: ChatRequestBody | undefined;
}

export interface ChatRequestBody {
  model?: string;
  stream?: boolean;
  messages?: Array<{ role: string; content: string }>;
  input?: string | string[];
  [key: string]: unknown;
}

/** One scripted reply to a chat request. */
export type MockReply =
  | {
      text: string;
      /** Force streaming on/off; default follows the request's `stream` flag. */
      stream?: boolean;
      usage?: { prompt: number; completion: number };
      /** Wait this long before sending headers. */
      delayMs?: number;
      /** Streaming only: send this many characters, then destroy the socket. */
      cutAfterChars?: number;
      /** Streaming only: wait this long between word-sized pieces (a slow model); stops when the client goes away. */
      pieceDelayMs?: number;
    }
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { malformed: true }
  | { hang: true };

export interface StreamRecord {
  pieces: number;
  sent: number;
  /** The client closed the connection before the last piece was sent. */
  abortedByClient: boolean;
}

export type ChatScript = MockReply[] | ((req: ChatRequestBody, callIndex: number) => MockReply | Promise<MockReply>);

export interface MockServer {
  /** Base URL including `/v1`, for `baseURL`. */
  readonly url: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  /** Number of chat-completion requests received so far. */
  chatCalls(): number;
  /** Chat requests received so far (bodies). */
  chatRequests(): ChatRequestBody[];
  /** Streamed replies so far: pieces sent of all pieces, and whether the client hung up first. */
  streams(): StreamRecord[];
  setChat(script: ChatScript): void;
  /** Forget recorded requests and restart the script's call index. */
  reset(): void;
  close(): Promise<void>;
}

export interface MockServerOptions {
  chat?: ChatScript;
  embeddingDim?: number;
  models?: string[];
  /** Require `Authorization: Bearer <key>`; otherwise 401. */
  apiKey?: string;
  /** Port to listen on (default: a random free port). */
  port?: number;
}

/** Deterministic unit vector from a hash of the text (same text → same vector). */
export function hashVector(text: string, dim: number): number[] {
  const v: number[] = [];
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  for (let i = 0; i < dim; i++) {
    h = Math.imul(h ^ (h >>> 15), 2246822519);
    h = Math.imul(h ^ (h >>> 13), 3266489917);
    v.push(((h >>> 0) / 4294967295) * 2 - 1);
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

/** Starts the server; resolves once it listens. */
export async function startMockServer(opts: MockServerOptions = {}): Promise<MockServer> {
  let script: ChatScript = opts.chat ?? [{ text: 'OK.' }];
  let chatIndex = 0;
  const requests: RecordedRequest[] = [];
  const streamRecords: StreamRecord[] = [];
  const sockets = new Set<Socket>();
  const dim = opts.embeddingDim ?? 16;
  const models = opts.models ?? ['mock-model'];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: ChatRequestBody | undefined;
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequestBody) : undefined;
      } catch {
        body = undefined;
      }
      const path = (req.url ?? '/').split('?')[0]!;
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      handle(req, res, path, body).catch((e: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: { message: String(e) } });
        else res.destroy();
      });
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, path: string, body: ChatRequestBody | undefined): Promise<void> {
    if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      sendJson(res, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
      return;
    }
    if (path.endsWith('/models') && req.method === 'GET') {
      sendJson(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'mock' })) });
      return;
    }
    if (path.endsWith('/embeddings')) {
      const input = body?.input;
      const texts = Array.isArray(input) ? input : typeof input === 'string' ? [input] : [];
      sendJson(res, 200, {
        object: 'list',
        model: body?.model ?? models[0],
        data: texts.map((t, index) => ({ object: 'embedding', index, embedding: hashVector(String(t), dim) })),
        usage: { prompt_tokens: texts.join(' ').split(/\s+/).length, total_tokens: texts.join(' ').split(/\s+/).length },
      });
      return;
    }
    if (path.endsWith('/chat/completions')) {
      if (body?.model !== undefined && !models.includes(body.model)) {
        sendJson(res, 404, { error: { message: `The model '${body.model}' does not exist`, type: 'invalid_request_error', code: 'model_not_found' } });
        return;
      }
      const idx = chatIndex++;
      const reply = typeof script === 'function' ? await script(body ?? {}, idx) : script[Math.min(idx, script.length - 1)];
      await sendChat(req, res, body ?? {}, reply ?? { text: '' }, streamRecords);
      return;
    }
    sendJson(res, 404, { error: { message: `no route ${path}` } });
  }

  // a busy port rejects (EADDRINUSE) instead of crashing the process from an unhandled 'error' event
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    chatCalls: () => requests.filter((r) => r.path.endsWith('/chat/completions')).length,
    chatRequests: () => requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.body ?? {}),
    streams: () => streamRecords.map((r) => ({ ...r })),
    setChat(s) {
      script = s;
      chatIndex = 0;
    },
    reset() {
      requests.length = 0;
      streamRecords.length = 0;
      chatIndex = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function approxTokens(s: string): number {
  return Math.max(1, Math.ceil(s.length / 4));
}

async function sendChat(req: http.IncomingMessage, res: http.ServerResponse, body: ChatRequestBody, reply: MockReply, records: StreamRecord[]): Promise<void> {
  if ('hang' in reply) {
    // Never answer; the socket is released when the client aborts or the server closes.
    await new Promise<void>((resolve) => req.socket.once('close', () => resolve()));
    return;
  }
  if ('malformed' in reply) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"id": "chatcmpl-broken", "choices": [ {"message": ');
    return;
  }
  if ('status' in reply) {
    sendJson(res, reply.status, reply.body ?? { error: { message: `scripted status ${reply.status}` } }, reply.headers);
    return;
  }
  if (reply.delayMs) await sleep(reply.delayMs);
  if (res.destroyed || req.socket.destroyed) return;
  const model = body.model ?? 'mock-model';
  const promptText = (body.messages ?? []).map((m) => m.content).join('\n');
  const usage = reply.usage ?? { prompt: approxTokens(promptText), completion: approxTokens(reply.text) };
  const usageJson = { prompt_tokens: usage.prompt, completion_tokens: usage.completion, total_tokens: usage.prompt + usage.completion };
  const stream = reply.stream ?? body.stream === true;
  if (!stream) {
    sendJson(res, 200, {
      id: 'chatcmpl-mock',
      object: 'chat.completion',
      created: 0,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: reply.text }, finish_reason: 'stop' }],
      usage: usageJson,
    });
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  res.write(chunk({ role: 'assistant', content: '' }, null));
  // Send in word-sized pieces so clients see a real stream.
  const pieces = reply.text.match(/\S+\s*|\s+/g) ?? [];
  const record: StreamRecord = { pieces: pieces.length, sent: 0, abortedByClient: false };
  records.push(record);
  let sent = 0;
  for (const p of pieces) {
    if (reply.pieceDelayMs) {
      await sleep(reply.pieceDelayMs);
      if (res.destroyed || req.socket.destroyed || res.writableEnded) {
        record.abortedByClient = true;
        return;
      }
    }
    if (reply.cutAfterChars !== undefined && sent + p.length > reply.cutAfterChars) {
      await sleep(5);
      res.socket?.destroy();
      return;
    }
    res.write(chunk({ content: p }, null));
    sent += p.length;
    record.sent++;
  }
  res.write(chunk({}, 'stop'));
  const wantsUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
  if (wantsUsage) res.write(`data: ${JSON.stringify({ id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: 0, model, choices: [], usage: usageJson })}\n\n`);
  res.end('data: [DONE]\n\n');
}
