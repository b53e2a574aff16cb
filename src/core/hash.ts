/**
 * Content hashing without node:crypto (the core runs anywhere). Two independent 32-bit
 * multiply-xorshift lanes give a 64-bit digest: ample for change detection and stable ids,
 * not meant for security.
 */
export function hashString(s: string): string {
  const [hi, lo] = hashLanes(s);
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

/** The digest of {@link hashString} as two unsigned 32-bit numbers (high, low): no string built. */
export function hashLanes(s: string): [number, number] {
  let h1 = 0xdeadbeef ^ s.length;
  let h2 = 0x41c6ce57 ^ s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h2 >>> 0, h1 >>> 0];
}

/** Hash of raw bytes (files): same digest family as {@link hashString}. */
export function hashBytes(b: Uint8Array): string {
  let h1 = 0xdeadbeef ^ b.length;
  let h2 = 0x41c6ce57 ^ b.length;
  for (let i = 0; i < b.length; i++) {
    const c = b[i]!;
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}
