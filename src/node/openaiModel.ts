/**
 * ModelPort over any OpenAI-compatible chat endpoint (OpenAI, Azure, Ollama, LM Studio, vLLM,
 * llama.cpp server) through the `openai` package.
 *
 * - Retries: the SDK retries 408/409/429/5xx and connection failures with exponential backoff
 *   and honours `retry-after-ms` / `retry-after`; `maxRetries` (default 2) bounds it.
 * - Deadline: `timeoutMs` bounds the WHOLE call — connecting, waiting for headers, every retry
 *   and the stream — so a server that never sends headers, trickles empty chunks or streams
 *   forever ends in MODEL_TIMEOUT after that long, never later.
 * - Output cap: a response body over `maxResponseBytes` is cut off (MODEL_BAD_RESPONSE), and
 *   `max_tokens` is always sent. A 200 answer that is neither JSON nor an event stream (an HTML
 *   login page, a proxy's error page) is refused at once with a message naming its type.
 * - Cancellation: the SDK ends an aborted stream silently, so the signal is checked after the
 *   stream and CANCELLED is thrown; an abort also stops the HTTP request itself.
 */
import OpenAI from 'openai';
import { VerityError } from '../core/errors';
import type { ChatMessage, ChatOptions, ChatResult, ModelPort } from '../core/ports';
import type { TokenUsage } from '../core/types';
import { resolveApiKey, toModelError } from './modelErrors';

export interface OpenAIModelConfig {
  baseURL: string;
  model: string;
  apiKey?: string;
  /** Deadline for one whole model call in ms, retries and streaming included (default 120 s). */
  timeoutMs?: number;
  /** Retries after the first attempt (default 2). */
  maxRetries?: number;
  /** Stream answers (default true). */
  stream?: boolean;
  /** `max_tokens` when the caller gives none (default 1024). */
  maxTokens?: number;
  /** Largest response body accepted, in bytes (default 8 MB). */
  maxResponseBytes?: number;
}

/** Creates a chat ModelPort for an OpenAI-compatible endpoint. */
export function createOpenAIModel(cfg: OpenAIModelConfig): ModelPort {
  const timeoutMs = cfg.timeoutMs ?? 120_000;
  const maxResponseBytes = cfg.maxResponseBytes ?? 8 * 1024 * 1024;
  const ep = { baseURL: cfg.baseURL, model: cfg.model };
  const where = `${cfg.model} at ${cfg.baseURL}`;
  const streaming = cfg.stream ?? true;

  async function chat(messages: ChatMessage[], options: ChatOptions = {}): Promise<ChatResult> {
    const userSignal = options.signal;
    if (userSignal?.aborted) throw new VerityError('CANCELLED', 'Cancelled.');
    // One controller per call: the caller's signal, the deadline and the response guards abort it.
    const ctl = new AbortController();
    let refused: VerityError | undefined;
    const refuse = (e: VerityError): void => {
      refused ??= e;
      ctl.abort();
    };
    const onAbort = () => ctl.abort();
    userSignal?.addEventListener('abort', onAbort, { once: true });
    const deadline = setTimeout(() => refuse(timeoutError(cfg, timeoutMs)), timeoutMs);
    const client = new OpenAI({
      baseURL: cfg.baseURL,
      apiKey: resolveApiKey(cfg.apiKey),
      maxRetries: cfg.maxRetries ?? 2,
      timeout: timeoutMs,
      fetch: guardedFetch(maxResponseBytes, where, refuse),
    });
    const base = {
      model: cfg.model,
      messages: messages.map((m) => ({ role: m.role, content: m.content })),
      max_tokens: options.maxTokens ?? cfg.maxTokens ?? 1024,
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    };
    try {
      if (!streaming) {
        const res = await client.chat.completions.create({ ...base, stream: false }, { signal: ctl.signal });
        if (refused) throw refused;
        const choice = res.choices?.[0];
        if (!choice || typeof choice.message?.content !== 'string') {
          throw new VerityError('MODEL_BAD_RESPONSE', `The model ${where} returned no answer text.`);
        }
        const text = choice.message.content;
        if (text) options.onText?.(text);
        return { text, usage: toUsage(res.usage) };
      }
      const stream = await client.chat.completions.create(
        { ...base, stream: true, stream_options: { include_usage: true } },
        { signal: ctl.signal },
      );
      let text = '';
      let finished = false;
      let usage: TokenUsage | undefined;
      for await (const chunk of stream) {
        if (chunk.usage) usage = toUsage(chunk.usage);
        const choice = chunk.choices?.[0];
        if (!choice) continue;
        const piece = choice.delta?.content;
        if (piece) {
          text += piece;
          options.onText?.(piece);
        }
        if (choice.finish_reason) finished = true;
      }
      if (refused) throw refused;
      if (userSignal?.aborted) throw new VerityError('CANCELLED', 'Cancelled.');
      if (!finished) {
        throw new VerityError('MODEL_BAD_RESPONSE', `The answer stream from ${where} ended before the answer finished; try again.`);
      }
      return { text, usage };
    } catch (e) {
      if (refused) throw refused;
      throw toModelError(e, ep, userSignal);
    } finally {
      clearTimeout(deadline);
      userSignal?.removeEventListener('abort', onAbort);
    }
  }

  return { id: `${cfg.model} @ ${cfg.baseURL}`, chat };
}

/**
 * fetch with two guards on a successful answer: its type must be JSON or an event stream, and
 * its body may not exceed `maxBytes`. Either breach calls `refuse` (which aborts the request).
 */
function guardedFetch(maxBytes: number, where: string, refuse: (e: VerityError) => void): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    if (!res.ok || res.body === null) return res;
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    if (type !== '' && !/json|event-stream/.test(type)) {
      refuse(new VerityError('MODEL_BAD_RESPONSE', `${where} answered with ${oneLine(type.split(';')[0]!)}, not an OpenAI-compatible API response; check the base URL (it usually ends in /v1).`));
      await res.body.cancel().catch(() => undefined);
      return res;
    }
    let seen = 0;
    const capped = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, out) {
          seen += chunk.byteLength;
          if (seen > maxBytes) {
            const e = new VerityError('MODEL_BAD_RESPONSE', `${where} sent more than ${Math.round(maxBytes / 1048576)} MB without finishing an answer; stopped reading.`);
            refuse(e);
            out.error(e);
            return;
          }
          out.enqueue(chunk);
        },
      }),
    );
    return new Response(capped, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

function oneLine(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '').slice(0, 60);
}

function timeoutError(cfg: OpenAIModelConfig, ms: number): VerityError {
  return new VerityError('MODEL_TIMEOUT', `The model ${cfg.model} at ${cfg.baseURL} gave no complete answer within ${ms < 10_000 ? (ms / 1000).toFixed(1) : Math.round(ms / 1000)} s; raise the limit (--timeout, setting verity.model.timeoutSeconds) or use a faster model.`);
}

function toUsage(u: { prompt_tokens?: number; completion_tokens?: number } | null | undefined): TokenUsage | undefined {
  if (!u) return undefined;
  return { prompt: u.prompt_tokens ?? 0, completion: u.completion_tokens ?? 0 };
}
