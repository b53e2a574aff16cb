/**
 * Snippets: the window of a passage that holds the most distinct query terms, so a person sees
 * why it matched.
 */
import { tokenize } from '../text/analyzer';

const WINDOW = 28;

/** A short excerpt of `text` around the best-matching query terms (whole text when short). */
export function makeSnippet(text: string, queryTerms: ReadonlySet<string>, window = WINDOW): string {
  const tokens = tokenize(text.length > 20_000 ? text.slice(0, 20_000) : text);
  if (tokens.length <= window) return text.replace(/\s+/g, ' ').trim();
  let bestStart = 0;
  let bestScore = -1;
  const inWindow = new Map<string, number>();
  const hit = (i: number): string | undefined => {
    const t = tokens[i]!.term;
    return t && queryTerms.has(t) ? t : undefined;
  };
  for (let i = 0; i < tokens.length; i++) {
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
  const start = Math.max(0, Math.min(first - 4, tokens.length - window));
  const end = Math.min(tokens.length, start + window) - 1;
  const body = text.slice(tokens[start]!.start, tokens[end]!.end).replace(/\s+/g, ' ').trim();
  return (start > 0 ? '… ' : '') + body + (end < tokens.length - 1 ? ' …' : '');
}
