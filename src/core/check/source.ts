/**
 * What the checker reads from an index: search hits and term statistics. The index (core/index) and
 * the in-memory source (memorySource.ts) implement it; the background prior blends into its statistics.
 */
import type { SearchHit, SearchOptions } from '../types';

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
