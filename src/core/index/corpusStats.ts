/**
 * Corpus-wide statistics shared by every shard of one passage index. BM25 needs the document
 * count, the average field lengths and each term's document frequency of the WHOLE corpus;
 * sharing them is what makes a sharded index score exactly like a single one.
 */

/** The searchable fields of a Passage, in posting order. */
export const FIELDS = ['title', 'headings', 'text'] as const;
export type FieldName = (typeof FIELDS)[number];
export const FIELD_COUNT = FIELDS.length;

export interface CorpusStats {
  docCount: number;
  /** Sum of field lengths (in terms) over live documents, per field. */
  lengthSum: Float64Array;
  /** Documents containing the term in any field (counted once per document). */
  df: Map<string, number>;
  /** Bumped on every change, so shards know when cached length norms are stale. */
  version: number;
}

/** A fresh, empty statistics object. */
export function createCorpusStats(): CorpusStats {
  return { docCount: 0, lengthSum: new Float64Array(FIELD_COUNT), df: new Map(), version: 0 };
}

/** Average length of field `f` over live documents (1 when the corpus is empty, to avoid 0/0). */
export function avgLength(stats: CorpusStats, f: number): number {
  return stats.docCount > 0 ? Math.max(stats.lengthSum[f]! / stats.docCount, 1e-9) : 1;
}
