/**
 * The manifest (`index-manifest.json`): the one file that says which segment files and which
 * deletes files make up the committed index. It is written last, by temp file + rename, so a
 * commit is atomic: a crash before the rename leaves the previous manifest, naming files that
 * are all still there (nothing a manifest names is ever rewritten); a crash after it leaves the
 * new one. Everything in it is checked before it is used: a store folder is untrusted data.
 */
import { FormatError } from './bytes';

/**
 * Version of the store format (manifest + segment files). Format 4 was the sharded snapshot;
 * 5 kept each segment's term dictionary in its main file (6: in a `.dic` file read by offset).
 */
export const INDEX_FORMAT_VERSION = 6;
export const MANIFEST_NAME = 'index-manifest.json';

export interface SegmentEntry {
  name: string;
  docs: number;
  /** Main file: its size and content hash (checked when opened). */
  seg: { bytes: number; hash: string };
  /** Sizes of the postings, stored-fields and dictionary files (checked when opened; read by offset). */
  postingsBytes: number;
  storedBytes: number;
  dictBytes: number;
  del?: { file: string; bytes: number; hash: string; docs: number; files: number };
}

export interface Manifest {
  format: number;
  /** Number for the next segment name. */
  counter: number;
  segments: SegmentEntry[];
  meta: unknown;
  savedAt: string;
}

const NAME = /^seg-[0-9a-z]{1,12}$/;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 2 ** 53;

/** Parses and checks a manifest of the current format; throws FormatError when it is not one. */
export function parseManifest(raw: unknown): Manifest {
  if (typeof raw !== 'object' || raw === null) throw new FormatError('manifest is not an object');
  const m = raw as Partial<Manifest>;
  if (!isCount(m.counter) || !Array.isArray(m.segments)) throw new FormatError('manifest has no segment list');
  const seen = new Set<string>();
  for (const e of m.segments as unknown[]) {
    if (typeof e !== 'object' || e === null) throw new FormatError('manifest entry is not an object');
    const s = e as Partial<SegmentEntry>;
    if (typeof s.name !== 'string' || !NAME.test(s.name) || seen.has(s.name)) throw new FormatError('manifest names a segment badly');
    seen.add(s.name);
    if (parseInt(s.name.slice(4), 36) >= m.counter) throw new FormatError('manifest segment counter is behind its segments');
    if (!isCount(s.docs) || !isCount(s.postingsBytes) || !isCount(s.storedBytes) || !isCount(s.dictBytes) || typeof s.seg !== 'object' || s.seg === null || !isCount(s.seg.bytes) || typeof s.seg.hash !== 'string') {
      throw new FormatError(`manifest entry ${s.name} is malformed`);
    }
    if (s.del !== undefined) {
      const d = s.del;
      if (typeof d !== 'object' || d === null || typeof d.file !== 'string' || !new RegExp(`^${s.name}-\\d{1,9}\\.del$`).test(d.file) || !isCount(d.bytes) || typeof d.hash !== 'string' || !isCount(d.docs) || !isCount(d.files)) {
        throw new FormatError(`manifest deletes of ${s.name} are malformed`);
      }
    }
  }
  return m as Manifest;
}

/** True for the names of files the segment store writes (the rest of a store folder is not ours). */
export function isStoreFile(name: string): boolean {
  return /^seg-[0-9a-z]{1,12}(\.(seg|pst|fdt|dic)|-\d{1,9}\.del)$/.test(name) || /^index-shard-/.test(name);
}
