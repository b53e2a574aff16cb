/**
 * The lexical relation of two words (lexicon.ts), and of two adverbs through the adjectives they
 * are made from: WordNet relates adjectives, hardly adverbs.
 */
import { lexicalRelation, partsOfSpeech, type Relation } from './lexicon';

/**
 * The relation from the source's word to the claim's word: what the claim says about what the
 * source says. `claim` and `source` are words as written (any case, any inflection).
 */
export function relation(claim: string, source: string): Relation {
  const r = lexicalRelation(claim.toLowerCase(), source.toLowerCase());
  if (r !== 'independent') return r;
  // an adverb says what its adjective says of the manner or the time ("annually" / "monthly" as
  // "annual" / "monthly", "locally" / "remotely"): WordNet relates adjectives, hardly adverbs
  const c = adjectiveOf(claim.toLowerCase());
  const s = adjectiveOf(source.toLowerCase());
  return c === claim.toLowerCase() && s === source.toLowerCase() ? r : lexicalRelation(c, s);
}

/** The adjective an adverb in -ly is made from, when WordNet knows it as one ("annually" → "annual", "easily" → "easy"); else the word. */
function adjectiveOf(w: string): string {
  if (!w.endsWith('ly') || w.length < 5) return w;
  for (const base of [w.slice(0, -2), w.slice(0, -3) + 'y', w.slice(0, -2) + 'e', w.slice(0, -1) + 'e']) {
    if (base.length >= 3 && partsOfSpeech(base).has('a')) return base;
  }
  return w;
}
