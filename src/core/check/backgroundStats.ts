/**
 * A background English prior for the checker's term weights. A workspace's own statistics say
 * little when it is small: in a 3-file folder a claim's topic words are in every passage and get
 * no weight, while a common word the folder happens to lack weighs as much as a name. The prior
 * (document frequencies counted by scripts/backgroundStats.ts from general English text) is
 * blended in as pseudo-passages: a small folder is weighed like general English, a large
 * workspace mostly by its own counts.
 */
import background from './background-df.json';
import type { TermStats } from './source';

/** A document-frequency table over `docCount` documents. */
export interface BackgroundPrior {
  docCount: number;
  df(term: string): number;
}

/**
 * How many passages the prior counts as (the pseudo-count of the blend): a workspace of this many
 * passages weighs as much as the prior, a 3-file folder almost nothing beside it, a 10k-passage
 * workspace twenty times more. Chosen on `npm run eval:check` (RAGTruth through the CLI, one fold
 * assignment, sum of the four F1 figures of modes a and b): 500 → 2.153, 2,000 → 2.129,
 * 10,466 (the prior's own size) → 2.048, 60,000 → 2.040.
 */
export const PRIOR_PASSAGES = 500;

let shipped: BackgroundPrior | undefined;

/** The prior shipped with the core (parsed once, on first use). */
export function defaultPrior(): BackgroundPrior {
  if (!shipped) {
    const table = new Map<string, number>();
    const parts = background.df.split(' ');
    for (let i = 0; i + 1 < parts.length; i += 2) table.set(parts[i]!, Number(parts[i + 1]));
    shipped = { docCount: background.docCount, df: (t) => table.get(t) ?? 0 };
  }
  return shipped;
}

/**
 * Term statistics blended with a background prior: `weight` pseudo-passages whose document
 * frequencies are the prior's shares. A term the prior lacks counts as in half a prior document
 * (the prior left out terms in fewer than two), so it stays rare without being infinitely rare.
 */
export function withBackground(stats: TermStats, prior: BackgroundPrior = defaultPrior(), weight = PRIOR_PASSAGES): TermStats {
  if (weight <= 0 || prior.docCount <= 0) return stats;
  const scale = weight / prior.docCount;
  return {
    docCount: stats.docCount + weight,
    avgLength: stats.avgLength,
    df: (t) => stats.df(t) + scale * Math.max(prior.df(t), 0.5),
  };
}

/** BM25's IDF over `stats` (the checker's term weight). */
export function idfOf(stats: TermStats): (term: string) => number {
  const n = stats.docCount;
  return (t) => {
    const d = stats.df(t);
    return Math.log(1 + (n - d + 0.5) / (d + 0.5));
  };
}
