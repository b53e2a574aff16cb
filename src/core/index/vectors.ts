/**
 * Brute-force vector scoring for hybrid search (cosine similarity over the passages that pass
 * the filters). Vectors are optional: each segment keeps those of its passages in one
 * Float32Array, the buffers keep them per passage.
 */
import { addressOf, type Accept } from './maxScore';
import type { RetrieveSource } from './retrieve';
import { rankOrder } from './topHeap';

function norm(v: ArrayLike<number>, from = 0, dim = v.length): number {
  let s = 0;
  for (let i = from; i < from + dim; i++) s += v[i]! * v[i]!;
  return Math.sqrt(s);
}

/** Cosine similarity of `query` with every stored vector; the best `limit` as [address, similarity]. */
export function vectorScores(src: RetrieveSource, query: number[], accept: Accept | undefined, limit: number): Array<[number, number]> {
  const qn = norm(query) || 1;
  const dim = query.length;
  const out: Array<[number, number]> = [];
  src.segments.forEach((seg, ord) => {
    if (seg.vectorDim !== dim) return;
    seg.vectorDocs.forEach((d, i) => {
      if (seg.live[d] !== 1 || (accept && !accept(ord, d, seg.pathOf[d]!))) return;
      const from = i * dim;
      let dot = 0;
      for (let j = 0; j < dim; j++) dot += seg.vectorData[from + j]! * query[j]!;
      out.push([addressOf(ord, d), dot / (qn * (norm(seg.vectorData, from, dim) || 1))]);
    });
  });
  src.buffers.forEach((buf, i) => {
    const ord = src.segments.length + i;
    for (const [d, v] of buf.vectors) {
      if (v.length !== dim || buf.live[d] !== 1 || (accept && !accept(ord, d, buf.pathOf[d]!))) continue;
      let dot = 0;
      for (let j = 0; j < dim; j++) dot += v[j]! * query[j]!;
      out.push([addressOf(ord, d), dot / (qn * (norm(v) || 1))]);
    }
  });
  return out.sort(rankOrder(src.tie)).slice(0, limit);
}

/**
 * Scales each list by its best score (negative similarities count as 0) and mixes them:
 * (1 - w) * text + w * vector. Max-scaling keeps the relative strength of weaker hits, which
 * min-max would flatten to 0.
 */
export function combineHybrid(text: Array<[string, number]>, vec: Array<[string, number]>, w: number): Array<[string, number]> {
  const weight = Math.min(1, Math.max(0, w));
  const scale = (list: Array<[string, number]>): Map<string, number> => {
    const m = new Map<string, number>();
    const max = Math.max(0, ...list.map((x) => x[1]));
    for (const [id, s] of list) m.set(id, max > 0 ? Math.max(0, s) / max : 0);
    return m;
  };
  const t = scale(text);
  const v = scale(vec);
  const out: Array<[string, number]> = [];
  for (const id of new Set([...t.keys(), ...v.keys()])) out.push([id, (1 - weight) * (t.get(id) ?? 0) + weight * (v.get(id) ?? 0)]);
  return out.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}
