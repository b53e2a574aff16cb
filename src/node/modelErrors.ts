/**
 * Maps failures of the `openai` client (and of fetch underneath it) to coded VerityErrors with
 * one line a person can act on. Shared by the chat and embedding adapters.
 */
import OpenAI from 'openai';
import { VerityError, isVerityError } from '../core/errors';

/** Where the request went, for messages. */
export interface Endpoint {
  baseURL: string;
  model: string;
}

/** Turns anything thrown by a model request into a VerityError (CANCELLED when `signal` fired). */
export function toModelError(e: unknown, ep: Endpoint, signal?: AbortSignal): VerityError {
  if (isVerityError(e)) return e;
  if (signal?.aborted || e instanceof OpenAI.APIUserAbortError) return new VerityError('CANCELLED', 'Cancelled.');
  const where = `${ep.model} at ${ep.baseURL}`;
  if (e instanceof OpenAI.APIConnectionTimeoutError) {
    return new VerityError('MODEL_TIMEOUT', `The model ${where} did not answer in time; raise the timeout or use a faster model.`, e);
  }
  if (e instanceof OpenAI.APIConnectionError) {
    return new VerityError('MODEL_UNREACHABLE', `Cannot reach ${ep.baseURL}: is the model server running? Check --base-url / VERITY_BASE_URL.`, e);
  }
  if (e instanceof OpenAI.APIError) {
    const status = e.status ?? 0;
    if (status === 401 || status === 403) {
      return new VerityError('MODEL_AUTH', `${ep.baseURL} refused the API key (HTTP ${status}); set VERITY_API_KEY (or OPENAI_API_KEY).`, e);
    }
    if (status === 404) {
      return new VerityError('MODEL_NOT_FOUND', `Model "${ep.model}" was not found at ${ep.baseURL}; check --model / VERITY_MODEL.`, e);
    }
    if (status === 429) {
      return new VerityError('MODEL_RATE_LIMITED', `${ep.baseURL} is rate-limiting requests (HTTP 429) after retries; wait and try again.`, e);
    }
    if (status >= 500) {
      return new VerityError('MODEL_UNREACHABLE', `The model server ${ep.baseURL} failed (HTTP ${status}) after retries; try again later.`, e);
    }
    if (status > 0) {
      return new VerityError('MODEL_BAD_RESPONSE', `${ep.baseURL} rejected the request (HTTP ${status}): ${firstLine(e.message)}`, e);
    }
    // Status-less APIErrors come from broken streams and unparsable bodies.
    return new VerityError('MODEL_BAD_RESPONSE', `The model ${where} sent a broken response: ${firstLine(e.message)}`, e);
  }
  if (e instanceof SyntaxError) {
    return new VerityError('MODEL_BAD_RESPONSE', `The model ${where} sent a response that is not valid JSON; check that the base URL is an OpenAI-compatible API.`, e);
  }
  // undici reports a connection dropped mid-body as TypeError("terminated") and similar.
  const msg = e instanceof Error ? e.message : String(e);
  return new VerityError('MODEL_BAD_RESPONSE', `The connection to ${where} broke mid-answer (${firstLine(msg)}); try again.`, e);
}

function firstLine(s: string): string {
  const line = s.split('\n')[0] ?? '';
  return line.length > 160 ? line.slice(0, 157) + '...' : line;
}

/** API key from the caller, else VERITY_API_KEY, else OPENAI_API_KEY; local servers need none. */
export function resolveApiKey(apiKey: string | undefined, env: Record<string, string | undefined> = process.env): string {
  return apiKey ?? env.VERITY_API_KEY ?? env.OPENAI_API_KEY ?? 'no-key';
}
