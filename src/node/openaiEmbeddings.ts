/**
 * EmbeddingPort over an OpenAI-compatible `/embeddings` endpoint. Always asks for
 * `encoding_format: 'float'`: openai 6.x otherwise requests base64 and decodes float replies
 * from some servers into `[0]`.
 */
import OpenAI from 'openai';
import { VerityError, throwIfCancelled } from '../core/errors';
import type { EmbeddingPort } from '../core/ports';
import { resolveApiKey, toModelError } from './modelErrors';

export interface OpenAIEmbeddingsConfig {
  baseURL: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
  /** Texts per request (default 64). */
  batchSize?: number;
  maxRetries?: number;
}

/** Creates an EmbeddingPort for an OpenAI-compatible endpoint. */
export function createOpenAIEmbeddings(cfg: OpenAIEmbeddingsConfig): EmbeddingPort {
  const client = new OpenAI({
    baseURL: cfg.baseURL,
    apiKey: resolveApiKey(cfg.apiKey),
    maxRetries: cfg.maxRetries ?? 2,
    timeout: cfg.timeoutMs ?? 60_000,
  });
  const ep = { baseURL: cfg.baseURL, model: cfg.model };
  const batchSize = Math.max(1, cfg.batchSize ?? 64);

  async function embed(texts: string[], options: { signal?: AbortSignal } = {}): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += batchSize) {
      throwIfCancelled(options.signal);
      const batch = texts.slice(i, i + batchSize);
      let res;
      try {
        res = await client.embeddings.create({ model: cfg.model, input: batch, encoding_format: 'float' }, { signal: options.signal });
      } catch (e) {
        throw toModelError(e, ep, options.signal);
      }
      const data = [...(res.data ?? [])].sort((a, b) => a.index - b.index);
      if (data.length !== batch.length || data.some((d) => !Array.isArray(d.embedding) || d.embedding.length === 0)) {
        throw new VerityError('MODEL_BAD_RESPONSE', `The embedding model ${cfg.model} at ${cfg.baseURL} returned ${data.length} vectors for ${batch.length} texts.`);
      }
      for (const d of data) out.push(d.embedding);
    }
    return out;
  }

  return { id: `${cfg.model} @ ${cfg.baseURL}`, embed };
}
