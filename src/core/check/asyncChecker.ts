/**
 * The checker over an index reached asynchronously (a team index on a database server): the same
 * pipeline as createChecker, fed in three passes. The first pass runs the checker to learn which
 * terms it weighs, one round trip fetches their statistics; the second learns the index queries it
 * asks, one round trip per query (concurrently) fetches the hits; the third checks with everything
 * at hand. Verdicts are exactly those of a synchronous source holding the same passages.
 */
import { createChecker, type CheckerOptions, type CheckOpts } from './checker';
import type { EvidenceSource, TermStats } from './source';
import type { CheckResult, SearchHit, SearchOptions } from '../types';

/** An index reached asynchronously: search hits (with passage text) and statistics for given terms. */
export interface AsyncEvidenceSource {
  search(query: string, opts?: SearchOptions): Promise<SearchHit[]>;
  /** Passage count, average length, and the document frequency of each of `terms`. */
  termStats(terms: readonly string[]): Promise<{ docCount: number; avgLength: number; df: Map<string, number> }>;
}

export interface AsyncChecker {
  check(text: string, opts?: CheckOpts): Promise<CheckResult>;
}

/**
 * Passes after the third that answer what the evidence led to: new terms to weigh, corpus lookups
 * for a swapped word. Each answers all that the one before asked; two settle every claim seen.
 */
const FOLLOW_UP_PASSES = 2;

const queryKey = (q: string, o?: SearchOptions): string => `${q}\u0000${o?.k ?? ''}`;

/** Creates a checker over `source` (see the file comment). */
export function createAsyncChecker(source: AsyncEvidenceSource, opts: CheckerOptions = {}): AsyncChecker {
  return {
    async check(text, o = {}) {
      const df = new Map<string, number>();
      let base = { docCount: 0, avgLength: 0 };
      const wanted = new Set<string>();
      const hits = new Map<string, SearchHit[]>();
      const queries = new Map<string, SearchOptions | undefined>();
      const stats = (): TermStats => ({
        ...base,
        df: (t) => {
          const d = df.get(t);
          if (d === undefined) wanted.add(t);
          return d ?? 0;
        },
      });
      const recording: EvidenceSource = {
        termStats: stats,
        search: (q, so) => {
          const k = queryKey(q, so);
          const h = hits.get(k);
          if (h) return h;
          queries.set(k, so);
          return [];
        },
      };
      const run = (): CheckResult => createChecker(recording, opts).check(text, o);
      // pass 1: the terms weighed (the corpus size first, so weights are computed as they will be)
      const first = await source.termStats([]);
      base = { docCount: first.docCount, avgLength: first.avgLength };
      run();
      if (wanted.size) {
        const s = await source.termStats([...wanted]);
        for (const t of wanted) df.set(t, s.df.get(t) ?? 0);
        wanted.clear();
      }
      // pass 2: the queries asked with those weights (pass 1 asked with none)
      queries.clear();
      run();
      const fetch = async (asked: ReadonlyArray<[string, SearchOptions | undefined]>): Promise<void> => {
        await Promise.all(asked.map(async ([k, so]) => hits.set(k, await source.search(k.slice(0, k.indexOf('\u0000')), so))));
      };
      const asked = [...queries];
      queries.clear();
      await fetch(asked);
      // terms only the hits brought in (their passages' words) are weighed too, and the lookups
      // the evidence led to (two words a claim swaps, searched in the whole corpus) are answered
      let result = run();
      for (let pass = 0; pass < FOLLOW_UP_PASSES && (wanted.size || queries.size); pass++) {
        const terms = [...wanted];
        const more = [...queries];
        wanted.clear();
        queries.clear();
        const [s] = await Promise.all([terms.length ? source.termStats(terms) : undefined, fetch(more)]);
        for (const t of terms) df.set(t, s?.df.get(t) ?? 0);
        result = run();
      }
      return result;
    },
  };
}
