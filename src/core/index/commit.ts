/**
 * Committing the index to a storage: the buffers are flushed into segments, segments not yet in
 * that storage are copied there, changed deletions get a new deletes file, and then the manifest
 * is swapped in (the commit point). Files no committed manifest names any more are removed
 * afterwards; one that cannot be removed yet (a reader holds it open on Windows) is tried again
 * at the next commit.
 */
import type { StoragePort } from '../ports';
import { contentHash } from './bytes';
import { encodeDeletes } from './deletes';
import { flushAll } from './flush';
import { INDEX_FORMAT_VERSION, isStoreFile, MANIFEST_NAME, type Manifest, type SegmentEntry } from './manifest';
import type { Segment } from './segment';
import { copySegment, DELETES_FILE, DICT_FILE, POSTINGS_FILE, SEG_FILE, STORED_FILE } from './segmentFiles';
import type { SegmentSet } from './segmentSet';

/** Writes what `seg`'s deletions are now to `storage` when its deletes file there is stale. */
async function saveDeletes(seg: Segment, storage: StoragePort): Promise<void> {
  if (seg.deletesDirty) {
    seg.delIn.clear();
    seg.deletesDirty = false;
  }
  if (seg.delIn.has(storage)) return;
  const dead = seg.docs - seg.liveCount + seg.deadFiles.reduce((a, b) => a + b, 0);
  if (dead === 0) return;
  const { bytes, docs, files } = encodeDeletes(seg);
  const file = DELETES_FILE(seg.name, ++seg.delGen);
  try {
    await storage.write(file, bytes);
  } catch (e) {
    seg.deletesDirty = true;
    throw e;
  }
  seg.delIn.set(storage, { file, bytes: bytes.length, hash: contentHash(bytes), docs, files });
}

/** The manifest entry of a segment saved in `storage`. */
function entryOf(seg: Segment, storage: StoragePort): SegmentEntry {
  const del = seg.delIn.get(storage);
  return {
    name: seg.name,
    docs: seg.docs,
    seg: { bytes: seg.main.length, hash: (seg.mainHash ??= contentHash(seg.main)) },
    postingsBytes: seg.postings.size,
    storedBytes: seg.storedFile.size,
    dictBytes: seg.dictFile.size,
    ...(del ? { del } : {}),
  };
}

/** Every file a manifest refers to. */
export function filesOf(m: Pick<Manifest, 'segments'>): Set<string> {
  const out = new Set<string>();
  for (const e of m.segments) {
    out.add(SEG_FILE(e.name));
    out.add(POSTINGS_FILE(e.name));
    out.add(STORED_FILE(e.name));
    out.add(DICT_FILE(e.name));
    if (e.del) out.add(e.del.file);
  }
  return out;
}

/**
 * Commits `set` to `storage` with `meta`. `keep` names segments being written (a running
 * merge) whose files must survive the clean-up. Callers hold the index's write lock.
 */
export async function commit(set: SegmentSet, storage: StoragePort, meta: unknown, keep: ReadonlySet<string>): Promise<Manifest> {
  // new segments and the deletes files of the existing ones are written side by side (the
  // manifest, written after all of them, is what makes any of them count)
  const existing = [...set.segments];
  await Promise.all([flushAll(set, storage), ...existing.map((seg) => saveDeletes(seg, storage))]);
  for (const seg of set.segments) if (!seg.savedIn.has(storage)) await copySegment(seg, storage);
  await Promise.all(set.segments.map((seg) => saveDeletes(seg, storage)));
  const manifest: Manifest = { format: INDEX_FORMAT_VERSION, counter: set.counter, segments: set.segments.map((s) => entryOf(s, storage)), meta, savedAt: new Date().toISOString() };
  await storage.write(MANIFEST_NAME, new TextEncoder().encode(JSON.stringify(manifest)));
  await sweep(storage, filesOf(manifest), keep);
  return manifest;
}

/** Removes store files that `referenced` does not name (and no running merge writes). */
export async function sweep(storage: StoragePort, referenced: ReadonlySet<string>, keep: ReadonlySet<string>): Promise<void> {
  for (const name of await storage.list()) {
    if (!isStoreFile(name) || referenced.has(name) || keep.has(name.replace(/(\.(seg|pst|fdt|dic)|-\d+\.del)$/, ''))) continue;
    // a file another process still holds open may refuse (Windows): the next commit tries again
    await storage.remove(name).catch(() => undefined);
  }
}
