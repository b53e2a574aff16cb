/**
 * The search port (issue 30): the passage index behind one small interface, so the facade, the
 * checker and the CLI do not know whether they talk to the in-process segment store (the default
 * adapter, localPort.ts) or to a team index on a database server (src/node/pg/pgPort.ts).
 *
 * Everything is asynchronous: a server adapter answers over a network. A file is the unit of
 * writing: `writeFile` replaces a file's record and passages at once (a reader sees the old
 * version or the new one, never a mix), and `termStats` has the shape of the async checker's
 * evidence source (src/core/check/asyncChecker.ts), which checks and asks over it.
 */
import type { FileRecord, Passage, SearchHit, SearchOptions } from '../types';

/** Corpus statistics for the checker: passage count, average length, document frequencies of `terms`. */
export interface PortTermStats {
  docCount: number;
  avgLength: number;
  df: Map<string, number>;
}

/** What a port holds, for status lines. */
export interface PortStatus {
  /** 'local' (segment store) or 'postgres'. */
  kind: string;
  /** Where it lives, for a person (credentials never included). */
  location: string;
  /** The corpus name (a server holds several per database). */
  corpus: string;
  files: number;
  passages: number;
  /** Schema version of a server store. */
  schema?: number;
}

export interface SearchPort {
  /** Replaces the record and passages of `record.path` in one step (no passages: record only). */
  writeFile(record: FileRecord, passages: readonly Passage[], signal?: AbortSignal): Promise<void>;
  /** Removes a file's record and passages in one step. */
  removeFile(path: string): Promise<void>;
  /** The best passages for `query` (BM25F with the file share and the phrase bonus). */
  search(query: string, opts?: SearchOptions): Promise<SearchHit[]>;
  /** The passages of one file, in document order (page, then line). */
  filePassages(path: string): Promise<Passage[]>;
  /** Passages by id, in the order asked; unknown ids are left out. */
  passages(ids: readonly string[]): Promise<Passage[]>;
  termStats(terms: readonly string[]): Promise<PortTermStats>;
  fileRecords(): Promise<FileRecord[]>;
  status(): Promise<PortStatus>;
  /** Makes the writes durable where that is a separate step (the local store's save). */
  flush(signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}
