/**
 * The layout of a segment's main file (`<segment>.seg`), the part read into memory when a
 * segment is opened: header, path table, file records and per-document tables. The term
 * dictionary is a file of its own, read by offset (termDictionary.ts). Sections are 8-byte
 * aligned so they are used in place as typed arrays.
 *
 *   header (88 bytes): "VSEG" | version | docs | terms | ranges | file records | vector dim |
 *                      vectors | length sums (3 × f64) | postings bytes | stored bytes |
 *                      total postings | section count | 9 × (offset u32, length u32)
 *   META        JSON { paths: [path…], files: FileRecord[] }
 *   RANGES      u32 × 3 per range: path index, first document, document count (in order)
 *   KINDS       u8 per document (0 md, 1 pdf)
 *   LENS        varints: title, headings and body length (terms) of each document
 *   ID_HASH     u32 × 2 per document: 64-bit hash of the passage id
 *   ID_ORDER    u32 per document: documents ordered by id hash (binary search by id)
 *   STORED      f64 × (docs + 1): start of each record in the stored-fields file
 *   VEC_DOCS    u32 per vector: the document it belongs to
 *   VEC_DATA    f32 × dim per vector
 */
import { ByteWriter } from './bytes';

export const SEGMENT_MAGIC = 0x47455356; // "VSEG" little-endian
/** 2: the term dictionary moved out of the main file into `<segment>.dic`. */
export const SEGMENT_VERSION = 2;

/** Section numbers, in file order. */
export const Section = {
  META: 0,
  RANGES: 1,
  KINDS: 2,
  LENS: 3,
  ID_HASH: 4,
  ID_ORDER: 5,
  STORED: 6,
  VEC_DOCS: 7,
  VEC_DATA: 8,
} as const;
export type Section = (typeof Section)[keyof typeof Section];
export const SECTION_COUNT = 9;
export const HEADER_BYTES = 88 + SECTION_COUNT * 8;

export interface SegmentHeader {
  docs: number;
  terms: number;
  ranges: number;
  files: number;
  vectorDim: number;
  vectors: number;
  lengthSum: [number, number, number];
  postingsBytes: number;
  storedBytes: number;
  totalPostings: number;
}

/** Writes the header and the sections (in Section order) into one byte array. */
export function layoutSegment(h: SegmentHeader, sections: Uint8Array[]): Uint8Array {
  if (sections.length !== SECTION_COUNT) throw new Error('segment sections missing');
  const { offsets, size } = sectionOffsets(HEADER_BYTES, sections);
  const w = new ByteWriter(size + 8);
  w.u32(SEGMENT_MAGIC);
  w.u32(SEGMENT_VERSION);
  for (const v of [h.docs, h.terms, h.ranges, h.files, h.vectorDim, h.vectors]) w.u32(v);
  for (const v of h.lengthSum) w.f64(v);
  w.f64(h.postingsBytes);
  w.f64(h.storedBytes);
  w.f64(h.totalPostings);
  w.u32(SECTION_COUNT);
  w.u32(0);
  sections.forEach((s, i) => {
    w.u32(offsets[i]!);
    w.u32(s.length);
  });
  sections.forEach((s, i) => {
    w.align(8);
    if (w.pos !== offsets[i]) throw new Error('segment layout misaligned');
    w.bytes(s);
  });
  return w.take();
}

/** Where sections laid out after a header of `headerBytes` start (each on 8 bytes), and the total size. */
export function sectionOffsets(headerBytes: number, sections: readonly Uint8Array[]): { offsets: number[]; size: number } {
  let size = headerBytes;
  const offsets: number[] = [];
  for (const s of sections) {
    size = (size + 7) & ~7;
    offsets.push(size);
    size += s.length;
  }
  return { offsets, size };
}

/** The bytes of a typed array (for a section). */
export function bytesOf(a: ArrayBufferView): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}
