/**
 * Surface word → term id, for one in-memory buffer: what analysis plus the term map give for a
 * word, remembered per word, so a word seen before costs one hash probe over its characters in
 * the text (no string built, no stemming, no second lookup). Indexing meets the same words over
 * and over; only a word's first occurrence in a buffer goes through the analyzer.
 *
 * A word of ASCII characters is looked up straight from its span of the text (upper case folded
 * as the analyzer's lower-casing does); any other word is normalised first (normalizeWord) and
 * looked up by its string. Both hash the normalised characters, so they meet in one table.
 */

/** The span's word is not in the table (the caller normalises it and {@link WordTable.add}s it). */
export const MISS = -2;
/** The span holds a character the fast path does not fold: look it up by its normalised string. */
export const SLOW = -3;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;

function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h | 0;
}

/** The hash of a normalised word (ASCII capitals folded, as {@link WordTable.spanId} does). */
function hashWord(w: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < w.length; i++) {
    let c = w.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    h = Math.imul(h ^ c, FNV_PRIME);
  }
  return finish(h);
}

export class WordTable {
  /** Open addressing: entry + 1 per slot, 0 when empty. */
  private slots = new Int32Array(4096);
  private hashes = new Int32Array(2048);
  private ids = new Int32Array(2048);
  private readonly words: string[] = [];

  get size(): number {
    return this.words.length;
  }

  /**
   * The id stored for the word of `text` in [start, end), {@link MISS} when there is none, or
   * {@link SLOW} when the span is not plain ASCII (or ends with a full stop, which normalising
   * drops): then look the normalised word up with {@link wordId}.
   */
  spanId(text: string, start: number, end: number): number {
    let h = FNV_OFFSET;
    for (let i = start; i < end; i++) {
      let c = text.charCodeAt(i);
      if (c >= 128) return SLOW;
      if (c >= 65 && c <= 90) c += 32;
      h = Math.imul(h ^ c, FNV_PRIME);
    }
    if (text.charCodeAt(end - 1) === 46) return SLOW;
    h = finish(h);
    const len = end - start;
    const mask = this.slots.length - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const e = this.slots[s]! - 1;
      if (e < 0) return MISS;
      if (this.hashes[e] !== h) continue;
      const w = this.words[e]!;
      if (w.length !== len) continue;
      let i = 0;
      for (; i < len; i++) {
        let c = text.charCodeAt(start + i);
        if (c >= 65 && c <= 90) c += 32;
        if (c !== w.charCodeAt(i)) break;
      }
      if (i === len) return this.ids[e]!;
    }
  }

  /** The id stored for the normalised word `word`, or {@link MISS}. */
  wordId(word: string): number {
    const h = hashWord(word);
    const mask = this.slots.length - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const e = this.slots[s]! - 1;
      if (e < 0) return MISS;
      if (this.hashes[e] === h && this.words[e] === word) return this.ids[e]!;
    }
  }

  /** Stores `id` for the normalised word `word` (not yet in the table). */
  add(word: string, id: number): void {
    const e = this.words.length;
    if (e === this.ids.length) {
      this.ids = grown(this.ids);
      this.hashes = grown(this.hashes);
    }
    if (2 * (e + 1) > this.slots.length) this.rehash(this.slots.length * 2);
    const h = hashWord(word);
    this.words.push(word);
    this.hashes[e] = h;
    this.ids[e] = id;
    this.place(e, h);
  }

  private place(e: number, h: number): void {
    const mask = this.slots.length - 1;
    let s = h & mask;
    while (this.slots[s] !== 0) s = (s + 1) & mask;
    this.slots[s] = e + 1;
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    for (let e = 0; e < this.words.length; e++) this.place(e, this.hashes[e]!);
  }
}

function grown(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
