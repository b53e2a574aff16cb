/**
 * Optional embeddings for hybrid search. Vectors are cached by passage content hash, so
 * re-indexing a workspace re-embeds only passages whose text changed. A failing embedding
 * endpoint degrades search to BM25 with a log line; it never fails indexing.
 */
import type { EmbeddingPort, Logger, StoragePort } from './ports';
import type { Passage } from './types';
import { isVerityError } from './errors';

const CACHE_FILE = 'embeddings.json';
const BATCH = 64;

export class EmbeddingIndexer {
  private readonly cache = new Map<string, number[]>();
  private failedAt = 0;
  private dirty = false;

  constructor(
    private readonly port: EmbeddingPort,
    private readonly log: Logger,
  ) {}

  /** Number of cached vectors (for status and tests). */
  get size(): number {
    return this.cache.size;
  }

  /** Vectors for the passages keyed by passage id; missing ones are embedded in batches. */
  async vectorsFor(passages: Passage[], signal?: AbortSignal): Promise<Map<string, number[]> | undefined> {
    const missing = passages.filter((p) => !this.cache.has(p.hash));
    if (missing.length && !this.coolingDown()) {
      try {
        for (let i = 0; i < missing.length; i += BATCH) {
          const batch = missing.slice(i, i + BATCH);
          const vectors = await this.port.embed(batch.map((p) => embeddingText(p)), { signal });
          batch.forEach((p, j) => {
            const v = vectors[j];
            if (v && v.length) this.cache.set(p.hash, v);
          });
          this.dirty = true;
        }
      } catch (e) {
        if (isVerityError(e) && e.code === 'CANCELLED') throw e;
        this.failedAt = Date.now();
        this.log.warn(`Embeddings unavailable (${e instanceof Error ? e.message : String(e)}); searching with BM25 only.`);
      }
    }
    const out = new Map<string, number[]>();
    for (const p of passages) {
      const v = this.cache.get(p.hash);
      if (v) out.set(p.id, v);
    }
    return out.size ? out : undefined;
  }

  /** The query's vector, or undefined when the endpoint fails (search falls back to BM25). */
  async queryVector(query: string, signal?: AbortSignal): Promise<number[] | undefined> {
    if (this.coolingDown()) return undefined;
    try {
      const [v] = await this.port.embed([query], { signal });
      return v && v.length ? v : undefined;
    } catch (e) {
      if (isVerityError(e) && e.code === 'CANCELLED') throw e;
      this.failedAt = Date.now();
      this.log.warn(`Query embedding failed (${e instanceof Error ? e.message : String(e)}); using BM25 only.`);
      return undefined;
    }
  }

  async load(storage: StoragePort): Promise<void> {
    const raw = await storage.read(CACHE_FILE);
    if (!raw) return;
    try {
      const parsed = JSON.parse(new TextDecoder().decode(raw)) as { model?: string; vectors?: Record<string, number[]> };
      if (parsed.model !== this.port.id || !parsed.vectors) return; // another model's vectors are useless
      for (const [hash, v] of Object.entries(parsed.vectors)) if (Array.isArray(v)) this.cache.set(hash, v);
    } catch {
      this.log.warn('Embedding cache is corrupt; it will be rebuilt.');
    }
  }

  async save(storage: StoragePort): Promise<void> {
    if (!this.dirty) return;
    const body = JSON.stringify({ model: this.port.id, vectors: Object.fromEntries(this.cache) });
    await storage.write(CACHE_FILE, new TextEncoder().encode(body));
    this.dirty = false;
  }

  /** After a failure, wait a minute before calling the endpoint again (no retry storm per file). */
  private coolingDown(): boolean {
    return this.failedAt > 0 && Date.now() - this.failedAt < 60_000;
  }
}

function embeddingText(p: Passage): string {
  const head = [p.title, ...p.headings].filter(Boolean).join(' > ');
  return head ? `${head}\n${p.text}` : p.text;
}
