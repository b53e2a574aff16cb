/**
 * Top-k selection over scored ids without sorting every candidate: a bounded min-heap finds the
 * k-th best score, then everything at or above it (ties included, so merging shards cannot drop
 * a passage that a single index would keep) is sorted.
 */
import type { TokenScore } from '@orama/orama';

/** The first `count` of `ids` with the `limit` highest scores in `acc` (plus ties at the cut), best first. */
export function selectTop(ids: Int32Array, count: number, acc: Float64Array, limit: number): TokenScore[] {
  let cut = -Infinity;
  if (count > limit) {
    const heap = new Float64Array(limit);
    let n = 0;
    for (let k = 0; k < count; k++) {
      const v = acc[ids[k]!]!;
      if (n < limit) {
        let i = n++;
        heap[i] = v;
        while (i > 0) {
          const p = (i - 1) >> 1;
          if (heap[p]! <= heap[i]!) break;
          const t = heap[p]!;
          heap[p] = heap[i]!;
          heap[i] = t;
          i = p;
        }
      } else if (v > heap[0]!) {
        heap[0] = v;
        let i = 0;
        for (;;) {
          const l = 2 * i + 1;
          const r = l + 1;
          let m = i;
          if (l < n && heap[l]! < heap[m]!) m = l;
          if (r < n && heap[r]! < heap[m]!) m = r;
          if (m === i) break;
          const t = heap[m]!;
          heap[m] = heap[i]!;
          heap[i] = t;
          i = m;
        }
      }
    }
    cut = limit > 0 ? heap[0]! : Infinity;
  }
  const out: TokenScore[] = [];
  for (let k = 0; k < count; k++) {
    const id = ids[k]!;
    if (acc[id]! >= cut) out.push([id, acc[id]!]);
  }
  out.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return out;
}
