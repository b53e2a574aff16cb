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

import { normalizeWord, termOfWord } from '../text/analyzer';

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
  /** Open addressing, two Int32 per slot: the word's hash and its entry + 1 (0: empty). */
  private slots = new Int32Array(2 * 4096);
  /** The words' characters end to end; entry e spans starts[e]..starts[e + 1]. */
  private chars = new Uint16Array(1 << 14);
  private starts = new Int32Array(2048 + 1);
  private ids = new Int32Array(2048);
  private count = 0;

  get size(): number {
    return this.count;
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
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const e = slots[2 * s + 1]! - 1;
      if (e < 0) return MISS;
      if (slots[2 * s] !== h) continue;
      const from = this.starts[e]!;
      if (this.starts[e + 1]! - from !== len) continue;
      const chars = this.chars;
      let i = 0;
      for (; i < len; i++) {
        let c = text.charCodeAt(start + i);
        if (c >= 65 && c <= 90) c += 32;
        if (c !== chars[from + i]) break;
      }
      if (i === len) return this.ids[e]!;
    }
  }

  /** The id stored for the normalised word `word`, or {@link MISS}. */
  wordId(word: string): number {
    const h = hashWord(word);
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const e = slots[2 * s + 1]! - 1;
      if (e < 0) return MISS;
      if (slots[2 * s] !== h) continue;
      const from = this.starts[e]!;
      if (this.starts[e + 1]! - from !== word.length) continue;
      let i = 0;
      while (i < word.length && word.charCodeAt(i) === this.chars[from + i]) i++;
      if (i === word.length) return this.ids[e]!;
    }
  }

  /** Stores `id` for the normalised word `word` (not yet in the table). */
  add(word: string, id: number): void {
    const e = this.count;
    if (e + 1 === this.ids.length) {
      this.ids = grown(this.ids, 2 * this.ids.length);
      this.starts = grown(this.starts, 2 * this.starts.length);
    }
    if (2 * (e + 1) > this.slots.length >> 1) this.rehash(this.slots.length * 2);
    const from = this.starts[e]!;
    if (from + word.length > this.chars.length) {
      const c = new Uint16Array(Math.max(2 * this.chars.length, from + word.length));
      c.set(this.chars);
      this.chars = c;
    }
    for (let i = 0; i < word.length; i++) this.chars[from + i] = word.charCodeAt(i);
    this.starts[e + 1] = from + word.length;
    this.ids[e] = id;
    this.count++;
    this.place(e, hashWord(word));
  }

  private place(e: number, h: number): void {
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    let s = h & mask;
    while (slots[2 * s + 1] !== 0) s = (s + 1) & mask;
    slots[2 * s] = h;
    slots[2 * s + 1] = e + 1;
  }

  private rehash(length: number): void {
    const old = this.slots;
    this.slots = new Int32Array(length);
    for (let s = 0; s < old.length; s += 2) if (old[s + 1] !== 0) this.place(old[s + 1]! - 1, old[s]!);
  }
}

/** A copy of `a` in a new array of `length` entries. */
export function grown(a: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(length);
  b.set(a);
  return b;
}

/**
 * Term numbers for the words of texts: each surface word goes through the analyzer once (a
 * {@link WordTable}), and each term gets the next number the first time it is met. What the
 * segment index's buffer and the server store's writer both number their terms with.
 */
export class TermNumbers {
  private readonly words = new WordTable();
  /** The terms, by number. */
  readonly terms: string[] = [];
  /** The number of each term met. */
  readonly ids = new Map<string, number>();

  /** Words learnt so far. */
  get size(): number {
    return this.words.size;
  }

  /** @param onNewTerm called with each new term's number, before it is returned */
  constructor(private readonly onNewTerm: (id: number) => void = () => {}) {}

  /** The term number of the word [start, end) of `text`; -1 for a word without a term (a stop word). */
  ofSpan(text: string, start: number, end: number): number {
    const id = this.words.spanId(text, start, end);
    if (id === MISS) return this.learn(normalizeWord(text, start, end));
    if (id !== SLOW) return id;
    const word = normalizeWord(text, start, end);
    const known = this.words.wordId(word);
    return known === MISS ? this.learn(word) : known;
  }

  /** The number of `term` (an analysed term), numbered now when it is new. */
  ofTerm(term: string): number {
    const known = this.ids.get(term);
    if (known !== undefined) return known;
    const id = this.terms.push(term) - 1;
    this.ids.set(term, id);
    this.onNewTerm(id);
    return id;
  }

  /** Analyses a word met for the first time; returns its term number (-1: none). */
  private learn(word: string): number {
    const term = termOfWord(word);
    let id = -1;
    if (term) {
      const known = this.ids.get(term);
      if (known !== undefined) id = known;
      else {
        id = this.terms.push(term) - 1;
        this.ids.set(term, id);
        this.onNewTerm(id);
      }
    }
    this.words.add(word, id);
    return id;
  }
}
