/**
 * Test helper: rewrites the passages of a saved store the way an attacker shipping a `.verity/`
 * folder could, keeping every size and content hash in the manifest consistent, so that only
 * the checks on the data itself can catch it. Passages are handed to `mutate` as plain objects
 * (path included); a changed path lands in the segment's path table, the rest in its stored
 * records. `mutateFiles` edits the file records a segment carries (e.g. drops some, so that
 * passages have no file behind them).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentHash } from '../../src/core/index/bytes';
import { MANIFEST_NAME, type Manifest } from '../../src/core/index/manifest';
import { MemoryBlob } from '../../src/core/index/blob';
import { Segment } from '../../src/core/index/segment';
import { bytesOf, HEADER_BYTES, layoutSegment, Section, SECTION_COUNT } from '../../src/core/index/segmentLayout';

export function craftStore(dir: string, mutate: (passages: Array<Record<string, unknown>>) => void, mutateFiles?: (files: Array<{ path: string }>) => Array<{ path: string }>): void {
  const manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST_NAME), 'utf8')) as Manifest;
  for (const entry of manifest.segments) {
    const main = new Uint8Array(readFileSync(path.join(dir, `${entry.name}.seg`)));
    const fdt = new Uint8Array(readFileSync(path.join(dir, `${entry.name}.fdt`)));
    const pst = new Uint8Array(readFileSync(path.join(dir, `${entry.name}.pst`)));
    const dic = new Uint8Array(readFileSync(path.join(dir, `${entry.name}.dic`)));
    const seg = new Segment(entry.name, main, new MemoryBlob(pst), new MemoryBlob(fdt), new MemoryBlob(dic));
    const passages = Array.from({ length: seg.docs }, (_, d) => ({ ...(JSON.parse(new TextDecoder().decode(seg.recordBytes(d))) as object), path: seg.pathName(d) }) as Record<string, unknown>);
    mutate(passages);
    const records = passages.map((p) => new TextEncoder().encode(JSON.stringify({ ...p, path: undefined })));
    const stored = new Float64Array(seg.docs + 1);
    records.forEach((r, i) => (stored[i + 1] = stored[i]! + r.length));
    const paths = [...seg.paths];
    for (const r of seg.ranges) paths[r.path] = passages[r.first]!.path as string;
    // the other sections as they are
    const view = new DataView(main.buffer, main.byteOffset, main.byteLength);
    const sections: Uint8Array[] = Array.from({ length: SECTION_COUNT }, (_, i) => {
      const off = view.getUint32(HEADER_BYTES - SECTION_COUNT * 8 + i * 8, true);
      const len = view.getUint32(HEADER_BYTES - SECTION_COUNT * 8 + i * 8 + 4, true);
      return main.slice(off, off + len);
    });
    const files = mutateFiles ? mutateFiles([...seg.files]) : seg.files;
    sections[Section.META] = new TextEncoder().encode(JSON.stringify({ paths, files }));
    sections[Section.STORED] = bytesOf(stored);
    const u32 = (at: number) => view.getUint32(at, true);
    const f64 = (at: number) => view.getFloat64(at, true);
    const newMain = layoutSegment(
      { docs: u32(8), terms: u32(12), ranges: u32(16), files: files.length, vectorDim: u32(24), vectors: u32(28), lengthSum: [f64(32), f64(40), f64(48)], postingsBytes: f64(56), storedBytes: stored[seg.docs]!, totalPostings: f64(72) },
      sections,
    );
    const newFdt = new Uint8Array(stored[seg.docs]!);
    records.forEach((r, i) => newFdt.set(r, stored[i]!));
    writeFileSync(path.join(dir, `${entry.name}.seg`), newMain);
    writeFileSync(path.join(dir, `${entry.name}.fdt`), newFdt);
    entry.seg = { bytes: newMain.length, hash: contentHash(newMain) };
    entry.storedBytes = newFdt.length;
  }
  writeFileSync(path.join(dir, MANIFEST_NAME), JSON.stringify(manifest));
}
