/**
 * One text analysis for indexing, querying and checking: lower-casing, word tokens (unicode
 * letters and digits, with inner apostrophes, dots and hyphens kept for versions like 1.2.0),
 * English stop words dropped, English stemming (Orama's own stemmer, so index and query agree).
 */
import { tokenizer as oramaTokenizer } from '@orama/orama/components';

/** English function words that carry no retrieval signal. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are aren\'t as at be because been before being below ' +
    'between both but by can can\'t cannot could couldn\'t did didn\'t do does doesn\'t doing don\'t down during each ' +
    'few for from further had hadn\'t has hasn\'t have haven\'t having he he\'d he\'ll he\'s her here here\'s hers herself ' +
    'him himself his how how\'s i i\'d i\'ll i\'m i\'ve if in into is isn\'t it it\'s its itself let\'s me more most ' +
    'mustn\'t my myself nor of off on once only or other ought our ours ourselves out over own same shan\'t she ' +
    'she\'d she\'ll she\'s should shouldn\'t so some such than that that\'s the their theirs them themselves then there ' +
    'there\'s these they they\'d they\'ll they\'re they\'ve this those through to too under until up very was wasn\'t we ' +
    'we\'d we\'ll we\'re we\'ve were weren\'t what what\'s when when\'s where where\'s which while who who\'s whom why ' +
    'why\'s with won\'t would wouldn\'t you you\'d you\'ll you\'re you\'ve your yours yourself yourselves also just ' +
    'may might must shall will can could would should us'
  ).split(' '),
);

/** Negation words: never dropped by the checker even though they are function words. */
export const NEGATIONS: ReadonlySet<string> = new Set([
  'not', 'no', 'never', 'none', 'nor', 'neither', 'without', 'cannot', "can't", "don't", "doesn't", "didn't",
  "isn't", "aren't", "wasn't", "weren't", "won't", "wouldn't", "shouldn't", "couldn't", "hasn't", "haven't", "hadn't",
  "mustn't", "shan't", 'nothing', 'nobody', 'nowhere',
]);

export interface Token {
  /** The surface form, lower-cased, apostrophes normalised to '. */
  word: string;
  /** The index term (stemmed), or '' for a stop word. */
  term: string;
  /** 0-based offsets into the analysed string, end exclusive. */
  start: number;
  end: number;
}

/** What a word is; {@link nextWord} scans exactly these matches by hand. */
export const WORD = /[\p{L}\p{N}]+(?:(?:['’\-]|\.(?!(?<=\p{L}\.)\p{Lu}\p{Ll}))[\p{L}\p{N}]+)*/gu;

const stemmerHost = oramaTokenizer.createTokenizer({ language: 'english', stemming: true });
const stemCache = new Map<string, string>();
const STEM_CACHE_MAX = 200_000;

/** Stems one lower-case word with the English stemmer (cached). */
export function stem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    const dash = word.lastIndexOf('-');
    // a compound's suffix belongs to its last word, measured alone ("toll-free" keeps "free", as
    // "free" does on its own; stemmed whole it lost its "e" and no longer met "Toll Free")
    if (dash > 0 && dash < word.length - 1 && !/[\d.]/.test(word)) s = word.slice(0, dash + 1) + stem(word.slice(dash + 1));
    else s = word.length <= 2 || /[\d.]/.test(word) ? word : stemmerHost.normalizeToken('', word, false);
    if (stemCache.size >= STEM_CACHE_MAX) stemCache.clear();
    stemCache.set(word, s);
  }
  return s;
}

/** Letter-or-digit test for code points outside ASCII, cached: the same few recur. */
const WORD_CHAR = /^[\p{L}\p{N}]$/u;
const wideWordChar = new Map<number, boolean>();
function isWideWordChar(cp: number): boolean {
  let v = wideWordChar.get(cp);
  if (v === undefined) {
    v = WORD_CHAR.test(String.fromCodePoint(cp));
    if (wideWordChar.size < 65_536) wideWordChar.set(cp, v);
  }
  return v;
}

/** Code units of the letter or digit at `i`, or 0 when there is none. */
function wordCharAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? 1 : 0;
  if (Number.isNaN(c)) return 0;
  const cp = text.codePointAt(i)!;
  return isWideWordChar(cp) ? (cp > 0xffff ? 2 : 1) : 0;
}

/**
 * Whether the full stop at `i` ends one sentence glued to the next ("in Hawaii.Aulani is …",
 * "label head El-P.Jaime Meline"): a letter before it, a capital and a small letter after it.
 * Versions, domains and acronyms ("v1.2", "example.com", "Node.JS") stay one word. Runs only at a
 * full stop inside a word, so the regular expressions cost nothing on ordinary text.
 */
function gluedSentence(text: string, i: number): boolean {
  return text.charCodeAt(i) === 46 && /\p{L}$/u.test(text.slice(Math.max(0, i - 2), i)) && /^\p{Lu}\p{Ll}/u.test(text.slice(i + 1, i + 5));
}

/**
 * Whether the full stop at `i` ends a word that a footnote number follows ("my colleague Paul
 * Goldstein.7 His view", as PDFs of books extract): a word of three letters or more from `start`,
 * then one to three digits and no more word. "v1.2", "ipv4.1" and "node.js" stay one word.
 */
function footnoteMark(text: string, start: number, i: number): boolean {
  if (text.charCodeAt(i) !== 46 || i - start < 3) return false;
  const m = /^\d{1,3}(?![\p{L}\p{N}]|[.'’-][\p{L}\p{N}])/u.exec(text.slice(i + 1, i + 6));
  return m !== null && /^\p{L}+$/u.test(text.slice(start, i));
}

/** Joiners kept inside a word when a letter or digit follows: ' ’ . - */
const isJoiner = (c: number): boolean => c === 39 || c === 8217 || c === 46 || c === 45;

/**
 * Finds the next word at or after `from`: the same matches as {@link WORD}
 * (`[\p{L}\p{N}]+(?:['’.\-][\p{L}\p{N}]+)*`), scanned by hand because the regex dominated the
 * cost of profiling evidence. Returns the start and sets {@link scanEnd}, or -1 at the end.
 */
let scanEnd = 0;
function nextWord(text: string, from: number): number {
  const n = text.length;
  let i = from;
  let w = 0;
  while (i < n && (w = wordCharAt(text, i)) === 0) i++;
  if (i >= n) return -1;
  const start = i;
  i += w;
  for (;;) {
    while (i < n && (w = wordCharAt(text, i)) !== 0) i += w;
    if (i + 1 < n && isJoiner(text.charCodeAt(i)) && (w = wordCharAt(text, i + 1)) !== 0 && !gluedSentence(text, i) && !footnoteMark(text, start, i)) i += 1 + w;
    else break;
  }
  scanEnd = i;
  return start;
}

/** All word tokens of `text` with offsets; stop words get term ''. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (let start = nextWord(text, 0); start >= 0; start = nextWord(text, scanEnd)) {
    const end = scanEnd;
    let word = text.slice(start, end).toLowerCase();
    if (word.includes('’')) word = word.replace(/’/g, "'");
    // a trailing dot belongs to the sentence, not the word ("v1.2." is matched as "v1.2")
    if (word.endsWith('.')) word = word.slice(0, -1);
    const term = STOP_WORDS.has(word) ? '' : stem(word.endsWith("'s") ? word.slice(0, -2) : word);
    out.push({ word, term, start, end });
  }
  return out;
}

/**
 * Calls `f` with each word token of `text` in order, as {@link tokenize} lists them (the
 * normalised word, its term or '' for a stop word, its start), without building the tokens.
 */
export function forEachToken(text: string, f: (word: string, term: string, start: number) => void): void {
  for (let start = nextWord(text, 0); start >= 0; ) {
    const end = scanEnd;
    let word = text.slice(start, end).toLowerCase();
    if (word.includes('’')) word = word.replace(/’/g, "'");
    if (word.endsWith('.')) word = word.slice(0, -1);
    f(word, STOP_WORDS.has(word) ? '' : stem(word.endsWith("'s") ? word.slice(0, -2) : word), start);
    start = nextWord(text, end);
  }
}

/**
 * The word spans of `text` in order, as [start, end) pairs written into `out` (grown when
 * short); returns the number of words. The same words {@link analyze} reads, stop words
 * included: a word's term is {@link termOfWord} of {@link normalizeWord}. Lets a caller that
 * has seen a word before (the index's term table) skip building its string.
 */
export function wordSpans(text: string, out: { spans: Int32Array }): number {
  let n = 0;
  for (let start = nextWord(text, 0); start >= 0; start = nextWord(text, scanEnd)) {
    if (2 * n + 2 > out.spans.length) {
      const grown = new Int32Array(Math.max(64, 2 * out.spans.length));
      grown.set(out.spans);
      out.spans = grown;
    }
    out.spans[2 * n] = start;
    out.spans[2 * n + 1] = scanEnd;
    n++;
  }
  return n;
}

/** The normalised word of the span [start, end) of `text` (lower-cased, ’ as ', no trailing dot). */
export function normalizeWord(text: string, start: number, end: number): string {
  let word = text.slice(start, end).toLowerCase();
  if (word.includes('’')) word = word.replace(/’/g, "'");
  if (word.endsWith('.')) word = word.slice(0, -1);
  return word;
}

/** The index term of a normalised word, or '' when it has none (a stop word): as {@link analyze}. */
export function termOfWord(word: string): string {
  if (STOP_WORDS.has(word)) return '';
  return stem(word.endsWith("'s") ? word.slice(0, -2) : word);
}

/** Index/query terms of `text`, in order, with repeats (stop words removed, stemmed). */
export function analyze(text: string): string[] {
  // same rules as tokenize, without building Token objects: this runs over every indexed passage
  const out: string[] = [];
  for (let start = nextWord(text, 0); start >= 0; start = nextWord(text, scanEnd)) {
    let word = text.slice(start, scanEnd).toLowerCase();
    if (word.includes('’')) word = word.replace(/’/g, "'");
    if (word.endsWith('.')) word = word.slice(0, -1);
    if (STOP_WORDS.has(word)) continue;
    const term = stem(word.endsWith("'s") ? word.slice(0, -2) : word);
    if (term) out.push(term);
  }
  return out;
}
