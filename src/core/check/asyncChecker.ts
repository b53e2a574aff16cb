/**
 * The checker over an index reached asynchronously (a team index on a database server): the same
 * pipeline as createChecker, fed in three passes. The first pass runs the checker to learn which
 * terms it weighs, one round trip fetches their statistics; the second learns the index queries it
 * asks, one round trip per query (concurrently) fetches the hits; the third checks with everything
 * at hand. Verdicts are exactly those of a synchronous source holding the same passages.
 *
 * Statistics fetched once are kept for the checker's life (the corpus size and each term's
 * document frequency), so a checker is made per check or per question, not kept across index runs.
 */
import { createChecker, type CheckerOptions, type CheckOpts } from './checker';
import type { EvidenceSource, TermStats } from './source';
import type { CheckResult, Passage, SearchHit, SearchOptions, SentenceVerdict } from '../types';

/** An index reached asynchronously: search hits (with passage text) and statistics for given terms. */
export interface AsyncEvidenceSource {
  search(query: string, opts?: SearchOptions): Promise<SearchHit[]>;
  /** Passage count, average length, and the document frequency of each of `terms`. */
  termStats(terms: readonly string[]): Promise<{ docCount: number; avgLength: number; df: Map<string, number> }>;
}

export interface AsyncChecker {
  check(text: string, opts?: CheckOpts): Promise<CheckResult>;
  /** One sentence against given passages (the loop's citation verification). */
  checkSentence(sentence: string, evidence: Passage[], opts?: Omit<CheckOpts, 'evidence'>): Promise<SentenceVerdict>;
}

/**
 * Passes after the hits that answer what the evidence led to: new terms to weigh, corpus lookups
 * for a swapped word. Two settle every claim seen.
 */
const FOLLOW_UP_PASSES = 2;

// every option that changes the hits is part of the key (the signal is not)
const queryKey = (q: string, o?: SearchOptions): string => JSON.stringify([q, o?.k, o?.pathPrefix, o?.kind, o?.phrase, o?.snippet]);

/** Creates a checker over `source` (see the file comment). */
export function createAsyncChecker(source: AsyncEvidenceSource, opts: CheckerOptions = {}): AsyncChecker {
  const df = new Map<string, number>();
  let base: { docCount: number; avgLength: number } | undefined;
  const wanted = new Set<string>();
  const stats = (): TermStats => ({
    ...base!,
    df: (t) => {
      const d = df.get(t);
      if (d === undefined) wanted.add(t);
      return d ?? 0;
    },
  });
  const fetchTerms = async (): Promise<boolean> => {
    if (wanted.size === 0) return false;
    const asked = [...wanted];
    wanted.clear();
    const s = await source.termStats(asked);
    for (const t of asked) df.set(t, s.df.get(t) ?? 0);
    return true;
  };
  /** Runs `run` (a synchronous check) over a recording source until it has everything it asks for. */
  const passes = async <T>(run: (recording: EvidenceSource) => T, signal?: AbortSignal): Promise<T> => {
    const hits = new Map<string, SearchHit[]>();
    const queries = new Map<string, [string, SearchOptions | undefined]>();
    const recording: EvidenceSource = {
      termStats: stats,
      search: (q, so) => {
        const k = queryKey(q, so);
        const h = hits.get(k);
        if (h) return h;
        queries.set(k, [q, so]);
        return [];
      },
    };
    // pass 1: the terms weighed (the corpus size first, so weights are computed as they will be)
    if (!base) {
      const first = await source.termStats([]);
      base = { docCount: first.docCount, avgLength: first.avgLength };
    }
    let result = run(recording);
    // pass 2: the queries asked with those weights (pass 1 asked with none unless all were known)
    if (await fetchTerms()) {
      queries.clear();
      result = run(recording);
    }
    // pass 3: the hits; then what they led to: terms only the hits brought in (their passages'
    // words), and lookups the evidence asked for (two words a claim swaps, searched in the whole
    // corpus), each pass answering all the one before asked
    for (let pass = 0; pass <= FOLLOW_UP_PASSES && (queries.size > 0 || wanted.size > 0); pass++) {
      const asked = [...queries];
      queries.clear();
      await Promise.all([fetchTerms(), ...asked.map(async ([k, [q, so]]) => hits.set(k, await source.search(q, { ...so, signal })))]);
      result = run(recording);
    }
    return result;
  };
  return {
    check: (text, o = {}) => passes((s) => createChecker(s, opts).check(text, o), o.signal),
    checkSentence: (sentence, evidence, o = {}) => passes((s) => createChecker(s, opts).checkSentence(sentence, evidence, o), o.signal),
  };
}
