/**
 * Bytes of a text document → string. Markdown comes in whatever encoding its editor used: a
 * UTF-16 file (with a BOM, or plain ASCII-range UTF-16 without one) is full of zero bytes and
 * must not be mistaken for binary; a Latin-1 / Windows-1252 file is not valid UTF-8 and must not
 * be indexed as mojibake.
 */

/** The detected encoding and the text, or undefined for binary content. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: string } | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: decode('utf-8', bytes.subarray(3)), encoding: 'utf-8' };
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { text: decode('utf-16le', bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { text: decode('utf-16be', bytes.subarray(2)), encoding: 'utf-16be' };
  const bomless = utf16WithoutBom(bytes);
  if (bomless !== undefined) return { text: decode(bomless, bytes), encoding: bomless };
  if (hasNul(bytes)) return undefined;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not UTF-8 and not binary: the single-byte encoding of most legacy western text.
    return { text: decode('windows-1252', bytes), encoding: 'windows-1252' };
  }
}

function decode(encoding: string, bytes: Uint8Array): string {
  return new TextDecoder(encoding).decode(bytes);
}

/**
 * UTF-16 without a BOM: in a sample of mostly-ASCII text every other byte is zero, on the odd
 * offsets for little-endian and the even ones for big-endian; binary files do not look like that.
 */
function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 8) return undefined;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  if (oddZero > pairs * 0.9 && evenZero === 0) return 'utf-16le';
  if (evenZero > pairs * 0.9 && oddZero === 0) return 'utf-16be';
  return undefined;
}

function hasNul(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 8192);
  for (let i = 0; i < n; i++) if (bytes[i] === 0) return true;
  return false;
}
