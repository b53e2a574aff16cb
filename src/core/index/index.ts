/**
 * The passage index: immutable segments behind Orama's component interfaces, searched with
 * MaxScore and re-ranked by file and phrase, saved with atomic manifest swaps.
 */
export { createPassageIndex } from './passageIndex';
export type { IndexSearchOptions, IndexStatus, PassageIndex, PassageIndexOptions, TermStats } from './indexApi';
export { DEFAULT_RANKING } from './ranking';
export type { RankingParams } from './ranking';
export { loadPassageIndex } from './loadIndex';
export type { LoadedIndex } from './loadIndex';
export { INDEX_FORMAT_VERSION } from './manifest';
export { buildQuery } from './query';
