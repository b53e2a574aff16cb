/**
 * Byte-level building blocks of the segment files: a growable little-endian writer with
 * LEB128 varints (small numbers in one byte: deltas between document numbers, term counts,
 * field lengths), a bounds-checked reader for the same, and a content hash.
 */

const MAX_VARINT = 2 ** 53;
const utf8Encoder = new TextEncoder();

/** A growable byte buffer that writes little-endian numbers and varints. */
export class ByteWriter {
  buf: Uint8Array;
  pos = 0;
  private view: DataView;

  constructor(capacity = 1024) {
    this.buf = new Uint8Array(Math.max(16, capacity));
    this.view = new DataView(this.buf.buffer);
  }

  /** Makes room for `n` more bytes. */
  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.pos + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  u8(v: number): void {
    this.ensure(1);
    this.buf[this.pos++] = v;
  }

  u32(v: number): void {
    this.ensure(4);
    this.view.setUint32(this.pos, v, true);
    this.pos += 4;
  }

  f64(v: number): void {
    this.ensure(8);
    this.view.setFloat64(this.pos, v, true);
    this.pos += 8;
  }

  /** An unsigned integer below 2^53 in 7-bit groups, low first. */
  varint(v: number): void {
    this.ensure(8);
    const b = this.buf;
    let p = this.pos;
    while (v >= 0x80) {
      b[p++] = (v & 0x7f) | 0x80;
      v = v >= 0x80000000 ? Math.floor(v / 128) : v >>> 7;
    }
    b[p++] = v;
    this.pos = p;
  }

  bytes(src: Uint8Array): void {
    this.ensure(src.length);
    this.buf.set(src, this.pos);
    this.pos += src.length;
  }

  /** A string as UTF-8 (written in place, no intermediate array). */
  utf8(text: string): void {
    this.ensure(text.length * 3);
    this.pos += utf8Encoder.encodeInto(text, this.buf.subarray(this.pos)).written;
  }

  /** Pads with zeros to a multiple of `n` (typed-array views need aligned offsets). */
  align(n: number): void {
    const pad = (n - (this.pos % n)) % n;
    this.ensure(pad);
    this.buf.fill(0, this.pos, this.pos + pad);
    this.pos += pad;
  }

  /** The bytes written so far (a view: copy before writing more if it must survive). */
  view8(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }

  /** The bytes written so far as an independent copy, and the writer emptied. */
  take(): Uint8Array {
    const out = this.buf.slice(0, this.pos);
    this.pos = 0;
    return out;
  }
}

/** Thrown by readers when bytes from disk do not decode: the caller treats the file as corrupt. */
export class FormatError extends Error {}

/** A bounds-checked reader over bytes written by {@link ByteWriter}. */
export class ByteReader {
  pos: number;
  readonly end: number;
  private readonly view: DataView;

  constructor(
    readonly buf: Uint8Array,
    start = 0,
    end = buf.length,
  ) {
    this.pos = start;
    this.end = end;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  private need(n: number): void {
    if (this.pos + n > this.end) throw new FormatError('truncated data');
  }

  u8(): number {
    this.need(1);
    return this.buf[this.pos++]!;
  }

  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }

  f64(): number {
    this.need(8);
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }

  varint(): number {
    let v = 0;
    let mul = 1;
    for (;;) {
      if (this.pos >= this.end) throw new FormatError('truncated varint');
      const b = this.buf[this.pos++]!;
      v += (b & 0x7f) * mul;
      if (b < 0x80) break;
      mul *= 128;
      if (mul > MAX_VARINT) throw new FormatError('varint too long');
    }
    return v;
  }

  bytes(n: number): Uint8Array {
    this.need(n);
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
}

/**
 * Content hash of a file: two 32-bit multiply-xorshift lanes (the family of core/hash.ts) fed
 * 32-bit words, 64 bits out as hex. Catches damage, not tampering: a crafted file can carry a
 * matching hash, which is why everything decoded is also checked for range and type.
 */
export function contentHash(b: Uint8Array): string {
  let h1 = 0xdeadbeef ^ b.length;
  let h2 = 0x41c6ce57 ^ b.length;
  const n = b.length >>> 2;
  const words = b.byteOffset % 4 === 0 ? new Uint32Array(b.buffer, b.byteOffset, n) : new Uint32Array(b.slice(0, n * 4).buffer);
  for (let i = 0; i < n; i++) {
    const c = words[i]!;
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  for (let i = n * 4; i < b.length; i++) {
    h1 = Math.imul(h1 ^ b[i]!, 2654435761);
    h2 = Math.imul(h2 ^ b[i]!, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}

/** Joins byte chunks into one array. */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const c of chunks) n += c.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
