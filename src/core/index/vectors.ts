/**
 * Brute-force vector scoring for hybrid search (cosine similarity over the passages that pass
 * the filters). Vectors are optional and live beside the shards in Float32Arrays.
 */
import type { SearchOptions } from '../types';
import type { Shard } from './shard';

function norm(v: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i]! * v[i]!;
  return Math.sqrt(s);
}

/** Cosine similarity of `query` with every stored vector; the best `limit`, best first. */
export function vectorScores(index: { shards: Shard[] }, query: number[], opts: SearchOptions, limit: number): Array<[string, number]> {
  const qn = norm(query) || 1;
  const out: Array<[string, number]> = [];
  for (const shard of index.shards) {
    for (const [id, v] of shard.vectors) {
      if (v.length !== query.length) continue;
      const p = shard.passages.get(id);
      if (!p || (opts.pathPrefix && !p.path.startsWith(opts.pathPrefix)) || (opts.kind && p.kind !== opts.kind)) continue;
      let dot = 0;
      for (let i = 0; i < v.length; i++) dot += v[i]! * query[i]!;
      out.push([id, dot / (qn * (norm(v) || 1))]);
    }
  }
  out.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return out.slice(0, limit);
}
