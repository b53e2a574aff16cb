/**
 * ModelPort over any OpenAI-compatible chat endpoint (OpenAI, Azure, Ollama, LM Studio, vLLM,
 * llama.cpp server) through the `openai` package.
 *
 * - Retries: the SDK retries 408/409/429/5xx and connection failures with exponential backoff
 *   and honours `retry-after-ms` / `retry-after`; `maxRetries` (default 2) bounds it.
 * - Timeouts: the SDK's `timeout` covers connecting and waiting for the response headers (and is
 *   retried); once a stream has started, an idle timer of the same length ends a stalled stream
 *   with MODEL_TIMEOUT.
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
  /** Per-request timeout in ms (default 120 s). */
  timeoutMs?: number;
  /** Retries after the first attempt (default 2). */
  maxRetries?: number;
  /** Stream answers (default true). */
  stream?: boolean;
}

/** Creates a chat ModelPort for an OpenAI-compatible endpoint. */
export function createOpenAIModel(cfg: OpenAIModelConfig): ModelPort {
  const timeoutMs = cfg.timeoutMs ?? 120_000;
  const client = new OpenAI({
    baseURL: cfg.baseURL,
    apiKey: resolveApiKey(cfg.apiKey),
    maxRetries: cfg.maxRetries ?? 2,
    timeout: timeoutMs,
  });
  const ep = { baseURL: cfg.baseURL, model: cfg.model };
  const streaming = cfg.stream ?? true;

  async function chat(messages: ChatMessage[], options: ChatOptions = {}): Promise<ChatResult> {
    const userSignal = options.signal;
    if (userSignal?.aborted) throw new VerityError('CANCELLED', 'Cancelled.');
    // One controller per request: the caller's signal and the stream idle timer both abort it.
    const ctl = new AbortController();
    let timedOut = false;
    const onAbort = () => ctl.abort();
    userSignal?.addEventListener('abort', onAbort, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    const armIdle = () => {
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => {
        timedOut = true;
        ctl.abort();
      }, timeoutMs);
    };
    const base = {
      model: cfg.model,
      messages: messages.map((m) => ({ role: m.role, content: m.content })),
      ...(options.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    };
    try {
      if (!streaming) {
        const res = await client.chat.completions.create({ ...base, stream: false }, { signal: ctl.signal });
        const choice = res.choices?.[0];
        if (!choice || typeof choice.message?.content !== 'string') {
          throw new VerityError('MODEL_BAD_RESPONSE', `The model ${cfg.model} at ${cfg.baseURL} returned no answer text.`);
        }
        const text = choice.message.content;
        if (text) options.onText?.(text);
        return { text, usage: toUsage(res.usage) };
      }
      const stream = await client.chat.completions.create(
        { ...base, stream: true, stream_options: { include_usage: true } },
        { signal: ctl.signal },
      );
      armIdle();
      let text = '';
      let finished = false;
      let usage: TokenUsage | undefined;
      for await (const chunk of stream) {
        armIdle();
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
      if (timedOut) throw timeoutError(cfg, timeoutMs);
      if (userSignal?.aborted) throw new VerityError('CANCELLED', 'Cancelled.');
      if (!finished) {
        throw new VerityError('MODEL_BAD_RESPONSE', `The answer stream from ${cfg.model} at ${cfg.baseURL} ended before the answer finished; try again.`);
      }
      return { text, usage };
    } catch (e) {
      if (timedOut) throw timeoutError(cfg, timeoutMs);
      throw toModelError(e, ep, userSignal);
    } finally {
      if (idle) clearTimeout(idle);
      userSignal?.removeEventListener('abort', onAbort);
    }
  }

  return { id: `${cfg.model} @ ${cfg.baseURL}`, chat };
}

function timeoutError(cfg: OpenAIModelConfig, ms: number): VerityError {
  return new VerityError('MODEL_TIMEOUT', `The model ${cfg.model} at ${cfg.baseURL} stalled for ${Math.round(ms / 1000)} s mid-answer; raise the timeout or use a faster model.`);
}

function toUsage(u: { prompt_tokens?: number; completion_tokens?: number } | null | undefined): TokenUsage | undefined {
  if (!u) return undefined;
  return { prompt: u.prompt_tokens ?? 0, completion: u.completion_tokens ?? 0 };
}
