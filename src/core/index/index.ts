/**
 * The passage index: Orama shards with Verity's BM25 index component, snapshots, search.
 */
export { createPassageIndex, DEFAULT_RANKING } from './passageIndex';
export type { IndexSearchOptions, PassageIndex, PassageIndexOptions, TermStats } from './passageIndex';
export type { RankingParams } from './bm25Component';
export { loadPassageIndex } from './loadIndex';
export { INDEX_FORMAT_VERSION } from './snapshot';
export { buildQuery } from './query';
