/**
 * What a query is scored with: the ranking parameters (BM25F over title, heading path and body,
 * a file-level share and a phrase bonus), the query's weighted terms, and the per-query context
 * that Orama's search signature cannot carry.
 */
import { analyze } from '../text/analyzer';

/** Ranking parameters (tuned on the doc2dial and rhdh dev sets, see scripts/evalRetrieval.ts). */
export interface RankingParams {
  k1: number;
  /** Length normalisation per field (title, headings, body). */
  b: [number, number, number];
  /** Field weights (title, headings, body). */
  boosts: [number, number, number];
  /** Share of the best passage score of the same file added to each passage's score. */
  docWeight: number;
  /** Weight of a file's second-best passage in that file-level score (0: best passage only). */
  docSecond: number;
  /**
   * Phrase bonus: each bigram of the question (first query line) found as adjacent terms in a
   * candidate passage adds this share of the best candidate's score (re-ranks the top pool).
   */
  phraseWeight: number;
  /**
   * Weight of terms that occur only in the context lines of a multi-line query (every line
   * after the first: the dialogue history that buildQuery appends) relative to the first line.
   */
  contextWeight: number;
}

/**
 * Defaults chosen on the doc2dial and rhdh dev sets (scripts/evalRetrieval.ts, --ranking to try
 * others). Title and heading matches weigh 3 and 2 body matches; adding the file's best passage
 * score (docWeight 1) keeps the top passages on the best file (+8 gold-passage recall@5 on
 * doc2dial, document recall unchanged); history-only terms at 0.7 (+1 doc recall@1). k1, b and a
 * second-best-passage term moved nothing beyond noise and stay textbook-like. The phrase bonus
 * (question bigrams adjacent in the passage, 0.1 of the top score each) added +1.3 document
 * recall@1 and +2 gold-passage recall@5 on doc2dial and +1.8 passage recall@5 on rhdh.
 */
export const DEFAULT_RANKING: RankingParams = { k1: 1.2, b: [0.3, 0.5, 0.75], boosts: [3, 2, 1], docWeight: 1, docSecond: 0, contextWeight: 0.7, phraseWeight: 0.1 };

export interface WeightedTerm {
  term: string;
  weight: number;
}

/** One query as the index component runs it. */
export interface QueryContext {
  terms: WeightedTerm[];
  /** Results wanted. */
  limit: number;
  /** The question (first query line) whose word pairs earn the phrase bonus; none: no bonus. */
  phrase?: string;
  pathPrefix?: string;
  kind?: string;
  /** Score every posting instead of skipping (the reference the skipping search is tested against). */
  exhaustive?: boolean;
}

/**
 * Query terms with weights: each distinct term once, repeats add a little (1 + ln count). In a
 * multi-line query the first line is the question and later lines are context: terms found
 * only in the context get `contextWeight`.
 */
export function weightTerms(text: string, contextWeight = 1): WeightedTerm[] {
  const nl = text.indexOf('\n');
  const head = new Set(nl < 0 ? [] : analyze(text.slice(0, nl)));
  const counts = new Map<string, number>();
  for (const t of analyze(text)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([term, c]) => ({ term, weight: (1 + Math.log(c)) * (nl < 0 || head.has(term) ? 1 : contextWeight) }));
}
