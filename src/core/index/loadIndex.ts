/**
 * Loading a saved passage index. Every way a snapshot can be unusable (missing, half-written,
 * corrupt, written by an older format) ends in `undefined` and one log line, never an exception:
 * the caller then rebuilds from the workspace.
 */
import type { Logger, StoragePort } from '../ports';
import { createCorpusStats } from './corpusStats';
import { DEFAULT_RANKING, ShardedPassageIndex, type PassageIndex, type PassageIndexOptions } from './passageIndex';
import type { Shard } from './shard';
import { decodeShard } from './shardCodec';
import { contentHash, INDEX_FORMAT_VERSION, MANIFEST_NAME, markSaved, type Manifest } from './snapshot';

/** Loads the snapshot in `storage`, or returns undefined (with a log line) when it cannot be used. */
export async function loadPassageIndex(
  storage: StoragePort,
  opts: PassageIndexOptions | undefined,
  logger: Logger,
): Promise<{ index: PassageIndex; meta: unknown } | undefined> {
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
  let manifest: Manifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(raw)) as Manifest;
    if (typeof manifest !== 'object' || manifest === null || !Array.isArray(manifest.shards)) throw new Error('no shard list');
  } catch (e) {
    logger.warn(`index snapshot manifest is corrupt (${(e as Error).message}); rebuilding`);
    return undefined;
  }
  if (manifest.format !== INDEX_FORMAT_VERSION) {
    logger.info(`index snapshot has format ${String(manifest.format)}, this version uses ${INDEX_FORMAT_VERSION}; rebuilding`);
    return undefined;
  }
  if (opts?.shards !== undefined && opts.shards !== manifest.shards.length) {
    logger.info(`index snapshot has ${manifest.shards.length} shards, ${opts.shards} configured; rebuilding`);
    return undefined;
  }
  const stats = createCorpusStats();
  const params = { ...DEFAULT_RANKING, ...opts?.ranking };
  const shards: Shard[] = [];
  for (const entry of manifest.shards) {
    let bytes: Uint8Array | undefined;
    try {
      bytes = await storage.read(entry.file);
    } catch {
      bytes = undefined;
    }
    if (!bytes) {
      logger.warn(`index snapshot is incomplete (${entry.file} missing: a save was interrupted?); rebuilding`);
      return undefined;
    }
    if (bytes.length !== entry.bytes || contentHash(bytes) !== entry.hash) {
      logger.warn(`index snapshot shard ${entry.file} does not match its manifest (half-written or damaged); rebuilding`);
      return undefined;
    }
    try {
      const shard = decodeShard(bytes, stats, params);
      markSaved(shard, storage, entry);
      shards.push(shard);
    } catch (e) {
      logger.warn(`STORE_CORRUPT: index snapshot shard ${entry.file} is corrupt and refused (${(e as Error).message}); rebuilding from the documents`);
      return undefined;
    }
  }
  const index = new ShardedPassageIndex({ ...opts, shards: shards.length }, stats, shards, params);
  return { index, meta: manifest.meta };
}
