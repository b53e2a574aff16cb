/**
 * What the checker reads from an index: search hits and term statistics (and the statistics of the
 * passages given, when there is no index). The index (core/index) and
 * the in-memory source (memorySource.ts) implement it; the background prior blends into its statistics.
 */
import { analyze } from '../text/analyzer';
import type { Passage, SearchHit, SearchOptions } from '../types';

/** Corpus statistics for IDF, computed with the shared analyzer. */
export interface TermStats {
  docCount: number;
  avgLength: number;
  df(term: string): number;
}

/** What the checker needs from an index. */
export interface EvidenceSource {
  search(query: string, opts?: SearchOptions): SearchHit[];
  termStats(): TermStats;
}

/** Term statistics over the given passages, when there is no index. */
export function localStats(passages: Passage[]): TermStats {
  const df = new Map<string, number>();
  let total = 0;
  for (const p of passages) {
    const terms = analyze(p.text);
    total += terms.length;
    for (const t of new Set(terms)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  return { docCount: passages.length, avgLength: passages.length ? total / passages.length : 0, df: (t) => df.get(t) ?? 0 };
}
