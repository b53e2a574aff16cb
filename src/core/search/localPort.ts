/**
 * The default adapter of the search port: the in-process segment store (src/core/index), saved
 * to a StoragePort when one is given. Writes of one file are applied in one synchronous step of
 * the index (remove, add, record), so a search never runs between them.
 */
import { createPassageIndex, type PassageIndex, type PassageIndexOptions } from '../index';
import type { StoragePort } from '../ports';
import type { FileRecord, Passage, SearchHit, SearchOptions } from '../types';
import type { PortStatus, PortTermStats, SearchPort } from './port';

export interface LocalPortOptions extends PassageIndexOptions {
  /** Where the segments are saved by `flush` (none: memory only). */
  storage?: StoragePort;
  /** An index to wrap instead of a new empty one. */
  index?: PassageIndex;
}

/** A search port over a segment index. */
export function createLocalPort(opts: LocalPortOptions = {}): SearchPort & { readonly index: PassageIndex } {
  const index = opts.index ?? createPassageIndex(opts);
  return {
    index,
    async writeFile(record: FileRecord, passages: readonly Passage[], signal?: AbortSignal) {
      await index.removeByPath(record.path);
      if (passages.length > 0) await index.add([...passages], { signal });
      index.setFile(record);
    },
    async removeFile(path: string) {
      await index.removeByPath(path);
      index.dropFile(path);
    },
    async search(query: string, so?: SearchOptions): Promise<SearchHit[]> {
      return index.search(query, so);
    },
    async filePassages(path: string) {
      return index.passagesOf(path);
    },
    async passages(ids: readonly string[]) {
      return ids.map((id) => index.get(id)).filter((p): p is Passage => p !== undefined);
    },
    async termStats(terms: readonly string[]): Promise<PortTermStats> {
      const s = index.termStats();
      return { docCount: s.docCount, avgLength: s.avgLength, df: new Map(terms.map((t) => [t, s.df(t)])) };
    },
    async fileRecords() {
      return index.fileRecords();
    },
    async status(): Promise<PortStatus> {
      const s = index.status();
      return { kind: 'local', location: opts.storage ? 'workspace store' : 'memory', corpus: 'default', files: s.files, passages: s.passages };
    },
    async flush(signal?: AbortSignal) {
      if (opts.storage) await index.save(opts.storage, { port: 'local' }, signal);
    },
    close: () => index.close(),
  };
}
