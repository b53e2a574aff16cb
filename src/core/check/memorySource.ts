/**
 * A small in-memory BM25 evidence source over a fixed passage list, with the shared analyzer.
 * Used to check against given passages (evaluation sets, `evidence` without an index) and for
 * tests; the workspace uses the real PassageIndex.
 */
import { analyze } from '../text/analyzer';
import type { Passage, SearchHit, SearchOptions } from '../types';
import type { EvidenceSource, TermStats } from './source';

/** Okapi BM25's usual constants (structural, not fitted). */
const K1 = 1.2;
const B = 0.75;

/** Builds an {@link EvidenceSource} over `passages`. */
export function createMemorySource(passages: Passage[]): EvidenceSource {
  const postings = new Map<string, Array<[number, number]>>();
  const lengths: number[] = [];
  passages.forEach((p, i) => {
    const terms = analyze(p.text);
    lengths.push(terms.length);
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, n] of tf) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = []));
      list.push([i, n]);
    }
  });
  const docCount = passages.length;
  const avgLength = docCount ? lengths.reduce((a, b) => a + b, 0) / docCount : 0;
  const stats: TermStats = { docCount, avgLength, df: (t) => postings.get(t)?.length ?? 0 };
  return {
    termStats: () => stats,
    search(query: string, opts?: SearchOptions): SearchHit[] {
      const k = opts?.k ?? 10;
      const scores = new Map<number, number>();
      for (const t of new Set(analyze(query))) {
        const list = postings.get(t);
        if (!list) continue;
        const idf = Math.log(1 + (docCount - list.length + 0.5) / (list.length + 0.5));
        for (const [i, n] of list) {
          const norm = n + K1 * (1 - B + (B * lengths[i]!) / (avgLength || 1));
          scores.set(i, (scores.get(i) ?? 0) + (idf * n * (K1 + 1)) / norm);
        }
      }
      const hits: SearchHit[] = [];
      for (const [i, score] of scores) {
        const p = passages[i]!;
        if (opts?.pathPrefix && !p.path.startsWith(opts.pathPrefix)) continue;
        if (opts?.kind && p.kind !== opts.kind) continue;
        hits.push({ passage: p, score, snippet: p.text.slice(0, 160) });
      }
      hits.sort((a, b) => b.score - a.score);
      return hits.slice(0, k);
    },
  };
}
