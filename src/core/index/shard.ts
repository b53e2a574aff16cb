/**
 * One shard of the passage index: an Orama instance (with Verity's BM25 index component) holding
 * the passages of the files whose path hashes to it, the passages themselves in a plain map
 * (the one copy of their text; the index component keeps only term ids and counts), and optional
 * vectors in Float32Arrays. Orama's documents store holds the same Passage objects. A file's passages always live in one shard, so re-indexing a file
 * dirties one shard and only that shard's snapshot is rewritten.
 */
import { create, insert, remove, search, type AnyOrama, type Results } from '@orama/orama';
import type { Passage } from '../types';
import { createBm25Component, type Bm25Store, type QueryContext, type RankingParams } from './bm25Component';
import type { CorpusStats } from './corpusStats';

/** Orama indexes the Passage objects as they are (its documents store holds references). */
const SCHEMA = { path: 'enum', kind: 'enum', title: 'string', headings: 'string[]', text: 'string' } as const;

export class Shard {
  readonly db: AnyOrama;
  readonly passages = new Map<string, Passage>();
  readonly byPath = new Map<string, Set<string>>();
  readonly vectors = new Map<string, Float32Array>();
  /** True when the shard changed since its snapshot was written (or it never had one). */
  dirty = true;

  constructor(stats: CorpusStats, params: RankingParams) {
    this.db = create({ schema: SCHEMA, sort: { enabled: false }, components: { index: createBm25Component(stats, params) } }) as AnyOrama;
  }

  get store(): Bm25Store {
    return this.db.data.index as Bm25Store;
  }

  /** Adds (or replaces) one passage. */
  add(p: Passage, vector?: number[] | Float32Array): void {
    if (this.passages.has(p.id)) this.remove(p.id);
    insert(this.db, p as never);
    this.passages.set(p.id, p);
    let set = this.byPath.get(p.path);
    if (!set) this.byPath.set(p.path, (set = new Set()));
    set.add(p.id);
    if (vector) this.vectors.set(p.id, vector instanceof Float32Array ? vector : Float32Array.from(vector));
    this.dirty = true;
  }

  /** Removes one passage; false when it is not here. */
  remove(id: string): boolean {
    const p = this.passages.get(id);
    if (!p) return false;
    remove(this.db, id);
    this.passages.delete(id);
    this.vectors.delete(id);
    const set = this.byPath.get(p.path);
    set?.delete(id);
    if (set && set.size === 0) this.byPath.delete(p.path);
    this.dirty = true;
    return true;
  }

  /** BM25 search through Orama; returns [passage id, score] pairs, best first. */
  search(query: string, ctx: QueryContext): Array<[string, number]> {
    if (this.passages.size === 0) return [];
    const s = this.store;
    s.query = ctx;
    try {
      // ties at the cut come back too; ask Orama for enough rows to hold them
      const res = search(this.db, { term: query, limit: ctx.limit + 64 }) as Results<Passage>;
      return res.hits.map((h) => [h.id, h.score]);
    } finally {
      s.query = undefined;
    }
  }
}
