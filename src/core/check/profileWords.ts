/**
 * The word-level rules {@link profile} reads a text with: which words negate and how far, bounds
 * ("no more than"), answers ("is no"), words that are never sure to be terms, capitals, sentence
 * boundaries inside a unit, codes written with their number, and glued sentences parted.
 */
import { NEGATIONS, STOP_WORDS, stem, type Token } from '../text/analyzer';
import { antonymsOf } from './antonyms';
import { VALUE_WORDS } from './numbers';
import { LazyStringSet } from './lazySet';

/** Tokens after a negation word within which the term it negates is looked for. */
export const NEGATION_REACH = 3;
/** Verbs that negate the clause they govern when "to" follows ("fails to start", "unable to connect"). */
export const FAIL_WORDS = new Set(['fail', 'fails', 'failed', 'failing', 'unable']);
/**
 * Verbs that negate the verb they govern ("avoid rubbing it" says "do not rub it", "to prevent
 * streaking" what "to avoid streaking" says). Only before a
 * verb in -ing: "avoid physical contact that …" names a thing, and a claim that names the same
 * thing ("Physical contact that …", a list item) does not assert its opposite.
 */
export const NEGATING_VERBS = new Set(['avoid', 'avoids', 'avoided', 'avoiding', 'prevent', 'prevents', 'prevented', 'preventing']);
export const GERUND = /^\p{L}{2,}ing$/u;
/** What comes before and after a "yes" or "no" that is an answer or a setting's value ("The answer is no.", "set to yes"). */
export const ANSWER_BEFORE = /\b(is|was|are|were|be|answer(?:ed)?|says?|said|select|selected|choose|chose|to|enter|check|mark|reply|replied)\s+["'`]?$|[:=]\s*["'`]?$/i;
export const ANSWER_AFTER = /^["'`]?\s*([,.;:!?)]|$|and\b|or\b)/i;
/** "refrain from …" negates what follows, as "do not" does. */
export const REFRAIN = /^refrain(s|ed|ing)?$/;
/** Comparatives that with "no"/"not" and "than" state a bound: "no more than", "not later than". */
export const BOUND_WORDS: ReadonlySet<string> = new Set(['more', 'less', 'fewer', 'greater', 'later', 'earlier', 'sooner', 'higher', 'lower', 'longer', 'shorter']);
/** A word that states an amount: a number, or a number word ("not to exceed five days"). */
export const AMOUNT = /^(\d|one$|two$|three$|four$|five$|six$|seven$|eight$|nine$|ten$|twelve$|fifteen$|twenty$|thirty$|fifty$|hundred$|thousand$)/;
/** Words after "not" that make it no denial: "not only", "not just", "not necessarily". */
export const NOT_A_DENIAL: ReadonlySet<string> = new Set(['only', 'just', 'merely', 'simply', 'necessarily']);
/** Stop words that have an antonym (WordNet's or the closed-class supplement): kept as polar words. */
let polarWords: Set<string> | undefined;
export function isPolar(word: string): boolean {
  polarWords ??= new Set([...STOP_WORDS].filter((w) => antonymsOf(stem(w)) !== undefined));
  return polarWords.has(word);
}


/**
 * Words {@link profile} may read as something other than a content term: negations and the verbs
 * and words that negate ("fail to", "refrain from", "free of", "avoid …ing"), a negation that lost
 * its apostrophe ("don t"), the word a negation takes with it ("no longer"), answers ("is no"),
 * and every word of a value (the "pm" of a time of day included).
 */
const NOT_SURELY_TERMS: ReadonlySet<string> = new Set([
  ...NEGATIONS, ...[...NEGATIONS].filter((n) => n.endsWith("'t")).map((n) => n.slice(0, -2)), ...FAIL_WORDS, ...NEGATING_VERBS,
  'refrain', 'refrains', 'refrained', 'refraining', 'free', 'yes', 'no', 'longer', 't', ...VALUE_WORDS,
  // the half of the day a time is written with ("5 pm", "8:00 a.m.") is part of that value
  'am', 'pm', 'a', 'p', 'm',
]);

/**
 * Whether {@link profile} keeps the term of a token written `word` (lower case, its term not
 * empty) wherever it stands, with no profile: a word of plain letters that no rule reads as a
 * value, a negation or part of one (a number is written with digits, a code or compound with a
 * hyphen or dot; a temperature's unit letter follows a degree sign, which the caller tests). The
 * alignment learns from it which terms a unit holds without profiling the unit (align.ts).
 */
export function keepsTerm(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c < 97 || c > 122) return false;
  }
  return word.length > 0 && !NOT_SURELY_TERMS.has(word);
}

/** A full stop right before a capital: the only text the glued-sentence repairs change. */
const GLUE_HINT = /[\p{L})]\.\p{Lu}/u;
const CAPITALS = /^\p{Lu}{2,}$/u;
/**
 * Whether token `k` is written in capitals (two letters or more) and neither neighbour is, a
 * neighbour joined to it by a slash being part of the same name ("the Tesseract CLI/API": not a
 * phrase shouted in capitals).
 */
export function isolatedCapitals(tokens: readonly Token[], k: number, text: string): boolean {
  const t = tokens[k]!;
  // most words start with a small letter: no slice, no regular expression for them
  const c = text.charCodeAt(t.start);
  if (c >= 97 && c <= 122) return false;
  if (!CAPITALS.test(text.slice(t.start, t.end))) return false;
  const caps = (j: number): boolean => {
    const n = tokens[j];
    if (n === undefined || !CAPITALS.test(text.slice(n.start, n.end))) return false;
    return text.slice(Math.min(n.end, t.end), Math.max(n.start, t.start)) !== '/';
  };
  return !caps(k - 1) && !caps(k + 1);
}

/**
 * Whether a sentence ends between two tokens: a '.', '!', '?' or ':' followed by white space
 * somewhere in text[from, to] (the character at `to` is the next token's first).
 */
export function boundaryBetween(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if ((c === 46 || c === 33 || c === 63 || c === 58) && /\s/.test(text[i + 1] ?? '')) return true;
  }
  return false;
}

/**
 * The capital letters of a code written with its number ("GPT-4", "COVID-19", "W-2") as a token of their
 * own: the number is a value, and without this the letters, in the same token as the number,
 * would be skipped with it, so "BLEU-4" would read as "GPT-4".
 */
export function codePrefixes(tokens: Token[], numberRanges: ReadonlyArray<[number, number]>, text: string): Token[] {
  let r = 0;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    while (r < numberRanges.length && numberRanges[r]![1] <= t.start) r++;
    const range = numberRanges[r];
    if (!range || range[0] >= t.end || range[0] <= t.start) continue;
    const prefix = text.slice(t.start, range[0]);
    // a code is written in capitals; "post-2000", "mid-2020" and "Post-9/11" are words with a number
    if (!/^\p{Lu}+-$/u.test(prefix)) continue;
    const word = prefix.slice(0, -1).toLowerCase();
    tokens[k] = { word, term: STOP_WORDS.has(word) ? '' : stem(word), start: t.start, end: range[0] - 1 };
  }
  return tokens;
}

/** The text {@link profile} reads in `raw` (its offsets are into it): glued sentences parted. */
export function profileText(raw: string): string {
  // scraped text often glues sentences together ("…the label head El-P.Jaime Meline (born …")
  return GLUE_HINT.test(raw) ? raw.replace(/(\p{Ll}{2}|\))\.(\p{Lu})/gu, '$1. $2').replace(/(\p{L})\.(\p{Lu}\p{Ll})/gu, '$1. $2') : raw;
}

/**
 * A profile's adjacent content-term pairs "a b", made into a set only when first read: most units
 * profiled are never asked (a claim's pair is looked for only in units that may hold both words),
 * so most profiles build neither the set nor its strings.
 */
export class TermPairs extends LazyStringSet {
  private set: Set<string> | undefined;
  constructor(private readonly terms: readonly string[]) {
    super();
  }
  protected all(): Set<string> {
    if (this.set === undefined) {
      this.set = new Set();
      for (let i = 1; i < this.terms.length; i++) this.set.add(`${this.terms[i - 1]} ${this.terms[i]}`);
    }
    return this.set;
  }
  has(pair: string): boolean {
    return this.all().has(pair);
  }
}
