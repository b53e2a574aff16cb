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

const WORD = /[\p{L}\p{N}]+(?:['’.\-][\p{L}\p{N}]+)*/gu;

const stemmerHost = oramaTokenizer.createTokenizer({ language: 'english', stemming: true });
const stemCache = new Map<string, string>();
const STEM_CACHE_MAX = 200_000;

/** Stems one lower-case word with the English stemmer (cached). */
export function stem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = word.length <= 2 || /[\d.]/.test(word) ? word : stemmerHost.normalizeToken('', word, false);
    if (stemCache.size >= STEM_CACHE_MAX) stemCache.clear();
    stemCache.set(word, s);
  }
  return s;
}

/** All word tokens of `text` with offsets; stop words get term ''. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    let word = m[0].toLowerCase().replace(/’/g, "'");
    // a trailing dot belongs to the sentence, not the word ("v1.2." is matched as "v1.2")
    if (word.endsWith('.')) word = word.slice(0, -1);
    const start = m.index!;
    const term = STOP_WORDS.has(word) ? '' : stem(word.replace(/'s$/, ''));
    out.push({ word, term, start, end: start + m[0].length });
  }
  return out;
}

const WORD_SCAN = new RegExp(WORD.source, WORD.flags);

/** Index/query terms of `text`, in order, with repeats (stop words removed, stemmed). */
export function analyze(text: string): string[] {
  // same rules as tokenize, without building Token objects: this runs over every indexed passage
  const out: string[] = [];
  WORD_SCAN.lastIndex = 0;
  for (let m = WORD_SCAN.exec(text); m !== null; m = WORD_SCAN.exec(text)) {
    let word = m[0].toLowerCase();
    if (word.includes('’')) word = word.replace(/’/g, "'");
    if (word.endsWith('.')) word = word.slice(0, -1);
    if (STOP_WORDS.has(word)) continue;
    const term = stem(word.endsWith("'s") ? word.slice(0, -2) : word);
    if (term) out.push(term);
  }
  return out;
}
