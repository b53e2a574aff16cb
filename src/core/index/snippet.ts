/**
 * Snippets: the window of a passage that holds the most distinct query terms, so a person sees
 * why it matched.
 */
import { tokenize } from '../text/analyzer';

const WINDOW = 28;

/** A text's words in order: [start, end) offsets in `spans` (two per word) and each word's term ('' for a stop word). */
export interface SnippetWords {
  n: number;
  spans: Int32Array;
  terms: string[];
}

/** The words of `text` as {@link tokenize} finds them (what a caller without a word table reads). */
function tokenWords(text: string): SnippetWords {
  const tokens = tokenize(text);
  const spans = new Int32Array(2 * tokens.length);
  tokens.forEach((t, i) => {
    spans[2 * i] = t.start;
    spans[2 * i + 1] = t.end;
  });
  return { n: tokens.length, spans, terms: tokens.map((t) => t.term) };
}

/**
 * A short excerpt of `text` around the best-matching query terms (whole text when short).
 * `words` reads the text's words and terms: it must give what {@link tokenize} gives (a reader's
 * word table does, without building a string or stemming per word).
 */
export function makeSnippet(text: string, queryTerms: ReadonlySet<string>, window = WINDOW, words: (text: string) => SnippetWords = tokenWords): string {
  const src = text.length > 20_000 ? text.slice(0, 20_000) : text;
  const { n, spans, terms } = words(src);
  if (n <= window) return text.replace(/\s+/g, ' ').trim();
  let bestStart = 0;
  let bestScore = -1;
  const inWindow = new Map<string, number>();
  const hit = (i: number): string | undefined => {
    const t = terms[i]!;
    return t && queryTerms.has(t) ? t : undefined;
  };
  for (let i = 0; i < n; i++) {
    const t = hit(i);
    if (t) inWindow.set(t, (inWindow.get(t) ?? 0) + 1);
    const out = i - window;
    if (out >= 0) {
      const o = hit(out);
      if (o) {
        const c = inWindow.get(o)! - 1;
        if (c === 0) inWindow.delete(o);
        else inWindow.set(o, c);
      }
    }
    if (i >= window - 1 && inWindow.size > bestScore) {
      bestScore = inWindow.size;
      bestStart = i - window + 1;
    }
  }
  // start a little before the first match so the excerpt reads as a phrase
  let first = bestStart;
  while (first < bestStart + window - 1 && !hit(first)) first++;
  const start = Math.max(0, Math.min(first - 4, n - window));
  const end = Math.min(n, start + window) - 1;
  const body = text.slice(spans[2 * start]!, spans[2 * end + 1]!).replace(/\s+/g, ' ').trim();
  return (start > 0 ? '… ' : '') + body + (end < n - 1 ? ' …' : '');
}
