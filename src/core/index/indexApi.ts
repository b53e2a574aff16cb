/**
 * The passage index as the rest of Verity sees it. This is the surface a search port is meant
 * to wrap (issue 30: the segment store by default, PostgreSQL for a team): a file's passages and
 * record in and out, search, passages by id, corpus statistics for the checker, status, save.
 */
import type { StoragePort } from '../ports';
import type { FileRecord, Passage, SearchHit, SearchOptions } from '../types';
import type { FieldAnalyzer } from './fieldAnalysis';
import type { ScanCounters } from './maxScore';
import type { MergePolicy } from './mergePolicy';
import type { RankingParams } from './ranking';

export interface TermStats {
  docCount: number;
  avgLength: number;
  df(term: string): number;
}

export interface PassageIndexOptions {
  ranking?: Partial<RankingParams>;
  /** Passages inserted between yields to the event loop (default 200). */
  batchSize?: number;
  /** Where new segments are written as they are flushed (and saved by default). */
  storage?: StoragePort;
  /** Postings held in the buffer before it is flushed into a segment (default 12 million). */
  flushPostings?: number;
  mergePolicy?: Partial<MergePolicy>;
  /**
   * Where passages are analysed (default: on the index's own thread). A worker thread's analyser
   * (src/node/workerAnalyzer.ts) lets a build use a second core; the index inverts what it gets.
   */
  analyzer?: FieldAnalyzer;
  /** With an analyser: every k-th slice of passages is analysed on the index's own thread (0: none). */
  analyzeLocallyEvery?: number;
}

export type IndexSearchOptions = SearchOptions & { vector?: number[]; hybridWeight?: number; exhaustive?: boolean };

/** What an index holds, for status lines and benchmarks. */
export interface IndexStatus {
  passages: number;
  deletedPassages: number;
  files: number;
  segments: number;
  buffered: number;
  /** Postings scored and postings the terms of the last query hold, and passes over the pool. */
  lastQuery?: ScanCounters;
}

export interface PassageIndex {
  readonly size: number;
  /** Adds passages; a passage with the id of one already indexed replaces it. */
  add(passages: Passage[], opts?: { signal?: AbortSignal; vectors?: Map<string, number[]> }): Promise<void>;
  removeByPath(path: string): Promise<number>;
  passagesOf(path: string): Passage[];
  get(id: string): Passage | undefined;
  all(): Iterable<Passage>;
  search(query: string, opts?: IndexSearchOptions): SearchHit[];
  termStats(): TermStats;
  hasVectors(): boolean;
  /** Sets the record of a file (kept with the passages; persisted by `save`). */
  setFile(record: FileRecord): void;
  dropFile(path: string): void;
  fileRecords(): FileRecord[];
  /** Commits to `storage` (atomic), then runs the merges that are due. */
  save(storage: StoragePort, meta: unknown, signal?: AbortSignal): Promise<void>;
  status(): IndexStatus;
  /** Waits for running work and releases the segment files. */
  close(): Promise<void>;
}
