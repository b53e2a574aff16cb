/**
 * Reading the store format before segments (format 4: `index-manifest.json` listing
 * `index-shard-*.bin` files, each a JSON header holding the passages followed by typed arrays),
 * once, to convert it: the passages and the snapshot's metadata come back, and the caller adds
 * them to a new segment index. Anything that does not decode is refused (the caller rebuilds).
 */
import type { Logger, StoragePort } from '../ports';
import type { Passage } from '../types';
import { contentHash, FormatError } from './bytes';
import { passageProblem } from './storeValidation';

export const LEGACY_FORMAT = 4;
const MAGIC = 0x48535256; // "VRSH"
const FIELDS = 3;

interface LegacyManifest {
  format: number;
  shards: Array<{ file: string; hash: string; bytes: number }>;
  meta: unknown;
}

/** The passages (with vectors) of a format-4 snapshot, or undefined with a log line. */
export async function readLegacyStore(storage: StoragePort, manifest: LegacyManifest, logger: Logger): Promise<{ passages: Passage[]; vectors: Map<string, number[]>; meta: unknown } | undefined> {
  const passages: Passage[] = [];
  const vectors = new Map<string, number[]>();
  try {
    if (!Array.isArray(manifest.shards)) throw new FormatError('no shard list');
    for (const entry of manifest.shards) {
      if (typeof entry?.file !== 'string' || !/^index-shard-[\w.-]+$/.test(entry.file)) throw new FormatError('a shard is named badly');
      const bytes = await storage.read(entry.file);
      if (!bytes) throw new FormatError(`${entry.file} is missing`);
      if (bytes.length !== entry.bytes || contentHash(bytes) !== entry.hash) throw new FormatError(`${entry.file} does not match its manifest`);
      decodeShard(bytes, passages, vectors);
    }
  } catch (e) {
    logger.warn(`STORE_CORRUPT: the old index snapshot cannot be converted (${(e as Error).message}); rebuilding from the documents`);
    return undefined;
  }
  return { passages, vectors, meta: manifest.meta };
}

function decodeShard(bytes: Uint8Array, passages: Passage[], vectors: Map<string, number[]>): void {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || dv.getUint32(0, true) !== MAGIC || dv.getUint32(4, true) !== LEGACY_FORMAT) throw new FormatError('not a shard file');
  const jsonLen = dv.getUint32(8, true);
  if (12 + jsonLen > bytes.length) throw new FormatError('shard header truncated');
  let h: { n?: unknown; passages?: unknown; terms?: unknown; total?: unknown; dim?: unknown; vectorIds?: unknown };
  try {
    h = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + jsonLen))) as typeof h;
  } catch {
    throw new FormatError('shard header is not readable');
  }
  const uint = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 2 ** 31;
  if (!Array.isArray(h.passages) || !Array.isArray(h.terms) || !Array.isArray(h.vectorIds) || !uint(h.n) || !uint(h.total) || !uint(h.dim)) throw new FormatError('shard header malformed');
  for (const p of h.passages) {
    const problem = passageProblem(p);
    if (problem !== undefined) throw new FormatError(problem);
    passages.push(p as Passage);
  }
  // the vectors come last, after the field lengths and the postings
  const pad4 = (x: number): number => (x + 3) & ~3;
  const postings = 4 * FIELDS * (h.n + 1) + 4 * h.terms.length + 4 * h.total + FIELDS * h.total;
  const start = pad4(pad4(12 + jsonLen) + postings);
  const dim = h.dim;
  if (start + 4 * dim * h.vectorIds.length !== bytes.length) throw new FormatError('shard size mismatch');
  const vecs = new Float32Array(bytes.slice(start).buffer);
  h.vectorIds.forEach((id, i) => typeof id === 'string' && vectors.set(id, Array.from(vecs.subarray(i * dim, (i + 1) * dim))));
}
