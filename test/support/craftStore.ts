/**
 * Crafting a saved store the way an attacker would: rewrite the passages in every shard's JSON
 * header (and optionally the manifest's meta) while keeping the manifest's hashes valid, so only
 * validation and trust — not a broken checksum — stand between the bytes and a reader.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentHash, MANIFEST_NAME } from '../../src/core/index/snapshot';

export function craftShards(
  dir: string,
  mutate: (passages: Array<Record<string, unknown>>) => void,
  mutateMeta?: (meta: { files: Array<{ path: string }> }) => void,
): void {
  const manifestPath = path.join(dir, MANIFEST_NAME);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { shards: Array<{ file: string; hash: string; bytes: number }>; meta: { files: Array<{ path: string }> } };
  for (const entry of manifest.shards) {
    const bytes = readFileSync(path.join(dir, entry.file));
    const len = bytes.readUInt32LE(8);
    const header = JSON.parse(bytes.subarray(12, 12 + len).toString('utf8')) as { passages: Array<Record<string, unknown>> };
    mutate(header.passages);
    const json = Buffer.from(JSON.stringify(header));
    const pad4 = (x: number) => (x + 3) & ~3;
    const head = Buffer.alloc(pad4(12 + json.length));
    bytes.copy(head, 0, 0, 8);
    head.writeUInt32LE(json.length, 8);
    json.copy(head, 12);
    const out = Buffer.concat([head, bytes.subarray(pad4(12 + len))]);
    writeFileSync(path.join(dir, entry.file), out);
    entry.hash = contentHash(new Uint8Array(out));
    entry.bytes = out.length;
  }
  mutateMeta?.(manifest.meta);
  writeFileSync(manifestPath, JSON.stringify(manifest));
}
