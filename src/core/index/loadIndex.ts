/**
 * Opening a saved passage index. The manifest and every segment's main file are checked (size,
 * content hash, structure) and deletes files applied; postings and stored fields stay on disk
 * and are read by offset. Every way a store can be unusable (missing, half-written, corrupt,
 * crafted, from another format) ends in `undefined` and one log line, never an exception: the
 * caller then rebuilds from the workspace. A store of the sharded format before segments is
 * read once and converted. A file that vanished because a writer committed meanwhile makes the
 * open start over from the new manifest.
 */
import type { Logger, StoragePort } from '../ports';
import { contentHash, FormatError } from './bytes';
import { filesOf, sweep } from './commit';
import { applyDeletes } from './deletes';
import { LEGACY_FORMAT, readLegacyStore } from './legacyStore';
import { INDEX_FORMAT_VERSION, MANIFEST_NAME, parseManifest, type Manifest } from './manifest';
import { SegmentIndex, type PassageIndex, type PassageIndexOptions } from './passageIndex';
import type { Segment } from './segment';
import { openSegment } from './segmentFiles';
import { SegmentSet } from './segmentSet';

export interface LoadedIndex {
  index: PassageIndex;
  meta: unknown;
  /** The store was in the format before segments and was converted in memory (save to keep it). */
  converted?: boolean;
}

/** Raised inside the loader when a named file is gone (a writer may have committed meanwhile). */
class Vanished extends Error {}

const ATTEMPTS = 3;

/** Loads the index saved in `storage`, or returns undefined (with a log line) when it cannot be used. */
export async function loadPassageIndex(storage: StoragePort, opts: PassageIndexOptions | undefined, logger: Logger): Promise<LoadedIndex | undefined> {
  let vanished = '';
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let raw: Uint8Array | undefined;
    try {
      raw = await storage.read(MANIFEST_NAME);
    } catch (e) {
      logger.warn(`index snapshot unreadable (${(e as Error).message}); rebuilding`);
      return undefined;
    }
    if (!raw) {
      logger.info('no index snapshot; building the index');
      return undefined;
    }
    let parsed: { format?: unknown };
    try {
      parsed = JSON.parse(new TextDecoder().decode(raw)) as typeof parsed;
      if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
    } catch (e) {
      logger.warn(`index snapshot manifest is corrupt (${(e as Error).message}); rebuilding`);
      return undefined;
    }
    if (parsed.format === LEGACY_FORMAT) return convert(storage, parsed as never, opts, logger);
    if (parsed.format !== INDEX_FORMAT_VERSION) {
      logger.info(`index snapshot has format ${String(parsed.format)}, this version uses ${INDEX_FORMAT_VERSION}; rebuilding`);
      return undefined;
    }
    try {
      return await open(storage, parseManifest(parsed), opts, logger);
    } catch (e) {
      if (e instanceof Vanished) {
        vanished = e.message;
        continue;
      }
      const why = e instanceof FormatError ? e.message : `unexpected: ${(e as Error).message}`;
      logger.warn(`STORE_CORRUPT: the index store is damaged or crafted and is refused (${why}); rebuilding from the documents`);
      return undefined;
    }
  }
  logger.warn(`index snapshot is incomplete (${vanished} missing: a save was interrupted?); rebuilding`);
  return undefined;
}

async function open(storage: StoragePort, manifest: Manifest, opts: PassageIndexOptions | undefined, logger: Logger): Promise<LoadedIndex> {
  const set = new SegmentSet();
  set.counter = manifest.counter;
  const opened: Segment[] = [];
  try {
    for (const entry of manifest.segments) {
      const seg = await openSegment(storage, entry.name, undefined, entry.seg);
      if (!seg) throw new Vanished(`${entry.name} files`);
      opened.push(seg);
      if (seg.docs !== entry.docs || seg.postings.size !== entry.postingsBytes || seg.storedFile.size !== entry.storedBytes || seg.dictFile.size !== entry.dictBytes) throw new FormatError(`segment ${entry.name} does not match its manifest`);
      if (entry.del) {
        const bytes = await storage.read(entry.del.file);
        if (!bytes) throw new Vanished(entry.del.file);
        if (bytes.length !== entry.del.bytes || contentHash(bytes) !== entry.del.hash) throw new FormatError(`${entry.del.file} does not match its manifest`);
        applyDeletes(seg, bytes);
        seg.delIn.set(storage, entry.del);
        seg.delGen = Number(entry.del.file.slice(entry.name.length + 1, -4));
      }
    }
  } catch (e) {
    for (const s of opened) s.close();
    throw e;
  }
  for (const seg of opened) {
    set.attach(seg);
    set.claimFiles(seg);
  }
  // a writer clears what an interrupted save left behind
  if (!storage.readOnly) await sweep(storage, filesOf(manifest), new Set());
  const index = new SegmentIndex({ ...opts, storage }, set);
  logger.info(`index opened: ${index.size} passages in ${opened.length} segment${opened.length === 1 ? '' : 's'}`);
  return { index, meta: manifest.meta };
}

async function convert(storage: StoragePort, manifest: never, opts: PassageIndexOptions | undefined, logger: Logger): Promise<LoadedIndex | undefined> {
  const legacy = await readLegacyStore(storage, manifest, logger);
  if (!legacy) return undefined;
  logger.info(`converting the index snapshot of format ${LEGACY_FORMAT} (shards) to segments: ${legacy.passages.length} passages, read once`);
  const index = new SegmentIndex({ ...opts, storage });
  await index.add(legacy.passages, { vectors: legacy.vectors });
  return { index, meta: legacy.meta, converted: true };
}
