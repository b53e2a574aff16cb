/**
 * The lexical profile of a piece of text that the checker compares: content terms (shared
 * analyzer), values (numbers, number words, months, weekdays), names, and negations.
 */
import { NEGATIONS, STOP_WORDS, stem, tokenize } from '../text/analyzer';
import { antonymsOf } from './antonyms';
import { defaultPrior } from './backgroundStats';
import { isProperNoun } from './properNouns';

export interface Value {
  /** Normalised value: "30", "1.2.0", "2x", "month:3", "day:monday". */
  v: string;
  /** As written. */
  surface: string;
  /** The content term right after it ("30 days" → "dai"), '' when none; used to pair values. */
  unit: string;
  /** The unit word as written ("days"), '' when none. */
  unitSurface: string;
  start: number;
  end: number;
  /** End of the unit word when there is one, else `end`: [start, unitEnd) is "30 days". */
  unitEnd: number;
}

export interface Profile {
  /** The text profiled (offsets below are into it). */
  text: string;
  /** Content terms in order (stemmed, no stop words, no values, no negations). */
  terms: string[];
  /** Surface form of each term (first seen). */
  surface: Map<string, string>;
  /** Terms written capitalised mid-sentence or in capitals (names, acronyms). */
  names: Set<string>;
  /**
   * Capitalised sentence openers of letters that general English text almost never uses
   * ("Keycloak provides …"): names to the rule that finds another name in a claim name's place,
   * not to coverage ("Quill lamps come with …" needs no window that repeats "Quill").
   */
  openers: Set<string>;
  values: Value[];
  /** Number of negation words. */
  negations: number;
  /** The content term each negation applies to (the next one within a few words), in order. */
  negated: string[];
  /** Adjacent content-term pairs "a b". */
  bigrams: Set<string>;
  /** Where each term is first written, [start, end) in the profiled text. */
  spans: Map<string, [number, number]>;
  /** Negation cues in order: where the cue is written and the term it negates ('' when none follows). */
  cues: NegationCue[];
  /** Function words with an opposite ("before", "all", "more"): stemmed, with where they are written. */
  polar: Map<string, [number, number]>;
}

export interface NegationCue {
  start: number;
  end: number;
  term: string;
}

const NUMBER_WORDS: Record<string, string> = {
  one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10',
  eleven: '11', twelve: '12', thirteen: '13', fourteen: '14', fifteen: '15', sixteen: '16', seventeen: '17',
  eighteen: '18', nineteen: '19', twenty: '20', thirty: '30', forty: '40', fifty: '50', sixty: '60', seventy: '70',
  eighty: '80', ninety: '90', hundred: '100', thousand: '1000', million: '1000000', billion: '1000000000',
  once: '1x', twice: '2x', thrice: '3x', single: '1', double: '2x', triple: '3x', half: '0.5', dozen: '12',
  first: 'ord:1', second: 'ord:2', third: 'ord:3', fourth: 'ord:4', fifth: 'ord:5',
};
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_ABBR = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = new Set(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);

/** Every word that may be a value, to its normalised value (one lookup per token). */
const WORD_VALUES = new Map<string, string>([
  ...Object.entries(NUMBER_WORDS),
  ...MONTHS.map((m, i): [string, string] => [m, `month:${i + 1}`]),
  ...MONTH_ABBR.filter((m) => !MONTHS.includes(m)).map((m): [string, string] => [m, `month:${MONTH_ABBR.indexOf(m) + 1}`]),
  ...[...WEEKDAYS].map((d): [string, string] => [d, `day:${d}`]),
]);
/** Month names that are also ordinary words ("may", "march", "mar"): months only when capitalised. */
const AMBIGUOUS_MONTHS = new Set(['may', 'march', 'mar']);
/** Abbreviations count as months only when capitalised ("Jan", not "jan"). */
const ABBREVIATED = new Set(MONTH_ABBR.filter((m) => !MONTHS.includes(m)));

/** Words after "once" that make it a frequency ("once a day", "once per week"). */
const ONCE_NEXT = new Set(['a', 'an', 'per', 'every', 'each', 'daily', 'weekly', 'monthly', 'yearly', 'annually']);
/** Words before "once" that make it a count ("only once", "at least once", "more than once"). */
const ONCE_PREV = new Set(['only', 'just', 'least', 'than', 'exactly']);
/** Words before an ordinal that make it one ("the first slide", "its third year"). */
const DETERMINERS = new Set(['the', 'a', 'an', 'its', 'their', 'his', 'her', 'our', 'your', 'my', 'this', 'that', 'each', 'every']);

/**
 * The value a word states, if any. `prev` and `next` are the neighbouring words (lower case, ''
 * at the edges): "once" and the ordinals are values only where they count ("once a day", "the
 * second visit"), not where they join clauses ("Once cooled, …", "first, wash …"); "a"/"an" is
 * one only of a period (see oneOf).
 */
function wordValue(word: string, surface: string, prev: string, next: string): string | undefined {
  const v = WORD_VALUES.get(word);
  if (v === undefined) return oneOf(word, prev, next);
  if ((AMBIGUOUS_MONTHS.has(word) || ABBREVIATED.has(word)) && !/^\p{Lu}/u.test(surface)) return undefined;
  if (word === 'once' && !ONCE_NEXT.has(next) && !ONCE_PREV.has(prev)) return undefined;
  if (v.startsWith('ord:') && !DETERMINERS.has(prev)) return undefined;
  return v;
}

/** Words before "a"/"an" that make it a count of one period ("after an hour", "within a day"). */
const ONE_PERIOD_BEFORE: ReadonlySet<string> = new Set(['after', 'for', 'within', 'in', 'about', 'around', 'over', 'under', 'than', 'least', 'most', 'nearly', 'almost', 'only', 'just']);
const PERIODS: ReadonlySet<string> = new Set(['second', 'minute', 'hour', 'day', 'week', 'month', 'year']);

/**
 * "a"/"an" as the number one of a period ("expires after an hour" states one hour, which "half an
 * hour" does not); not in "twice a day" or "half an hour", where no such word comes before it.
 */
function oneOf(word: string, prev: string, next: string): string | undefined {
  return (word === 'a' || word === 'an') && ONE_PERIOD_BEFORE.has(prev) && PERIODS.has(next) ? '1' : undefined;
}

/** Normalises a numeric token: "1,000" → "1000", "3.50" → "3.5", "v1.2.0" → "1.2.0". */
function numericValue(raw: string): string {
  const s = raw.replace(/^v/i, '');
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) return String(Number(s.replace(/,/g, '')));
  if (/^\d+(\.\d+)?$/.test(s)) return String(Number(s));
  return s;
}

// commas only group thousands ("1,500"); "1,2,3" is a list of three numbers
const NUMBER = /(?<![\p{L}\p{N}])v?\d+(?:,\d{3}(?![\p{N}]))*(?:\.\d+)*(?![\p{N}])/gu;
/** A reference to a numbered source right before a number ("passage 3", "Passages 1 and"). */
const REFERENCE_BEFORE = /\b(passages?|documents?|sources?)\s+(\d+\s*(,|and|&)\s*)*$/i;
/** Tokens after a negation word within which the term it negates is looked for. */
const NEGATION_REACH = 3;
/** Verbs that negate the clause they govern when "to" follows ("fails to start", "unable to connect"). */
const FAIL_WORDS = new Set(['fail', 'fails', 'failed', 'failing', 'unable']);
/**
 * Verbs that negate the verb they govern ("avoid rubbing it" says "do not rub it"). Only before a
 * verb in -ing: "avoid physical contact that …" names a thing, and a claim that names the same
 * thing ("Physical contact that …", a list item) does not assert its opposite.
 */
const NEGATING_VERBS = new Set(['avoid', 'avoids', 'avoided', 'avoiding']);
const GERUND = /^\p{L}{2,}ing$/u;
/** Stop words that have an antonym (WordNet's or the closed-class supplement): kept as polar words. */
let polarWords: Set<string> | undefined;
function isPolar(word: string): boolean {
  polarWords ??= new Set([...STOP_WORDS].filter((w) => antonymsOf(stem(w)) !== undefined));
  return polarWords.has(word);
}

/** Cardinal number words and what they add (units, teens, tens) or multiply by (scales). */
const CARDINALS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11,
  twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1e3, million: 1e6, billion: 1e9 };
const NUMBER_WORD: ReadonlySet<string> = new Set([...Object.keys(CARDINALS), ...Object.keys(SCALES)]);
const NUMBER_INITIAL: ReadonlySet<number> = new Set([...NUMBER_WORD].map((w) => w.charCodeAt(0)));

/** The words of a token that may be a number in words: "ninety-nine" is two, "forty" one. */
function numberWords(word: string): string[] | undefined {
  // most words are no number: one lookup decides, with no split
  if (!word.includes('-')) return NUMBER_WORD.has(word) ? [word] : undefined;
  const ws = word.split('-');
  return ws.every((w) => NUMBER_WORD.has(w)) ? ws : undefined;
}

/**
 * A number written in more than one word starting at token `k` ("ninety-nine", "forty two",
 * "two hundred and fifty", "three thousand"): its value and its last token. Undefined for a single
 * plain number word, which `wordValue` reads, and for word runs that are no one number ("one two").
 */
function numberPhrase(tokens: ReturnType<typeof tokenize>, k: number, text: string): { value: number; last: number } | undefined {
  const words: string[] = [];
  let last = k;
  for (let j = k; j < tokens.length; j++) {
    const ws = numberWords(tokens[j]!.word);
    if (j > k && !/^[ -]$/.test(text.slice(tokens[j - 1]!.end, tokens[j]!.start))) break;
    if (!ws) {
      // "two hundred and fifty": 'and' joins a scale word to the number words after it
      if (tokens[j]!.word === 'and' && SCALES[words[words.length - 1] ?? ''] !== undefined && numberWords(tokens[j + 1]?.word ?? '')) continue;
      break;
    }
    words.push(...ws);
    last = j;
  }
  if (words.length < 2) return undefined;
  const value = wordsValue(words);
  return value === undefined ? undefined : { value, last };
}

/** The number that number words state together ("ninety", "nine" → 99); undefined when they are several numbers. */
function wordsValue(words: readonly string[]): number | undefined {
  let total = 0;
  let current = 0;
  let prev: number | undefined;
  for (const w of words) {
    const scale = SCALES[w];
    if (scale !== undefined) {
      if (scale === 100) current = (current || 1) * 100;
      else {
        total += (current || 1) * scale;
        current = 0;
      }
      prev = scale;
      continue;
    }
    const n = CARDINALS[w]!;
    // "forty two" adds; "one two" and "twenty thirty" are two numbers, not one
    if (prev !== undefined && prev < 100 && !(prev >= 20 && prev % 10 === 0 && n < 10)) return undefined;
    current += n;
    prev = n;
  }
  return total + current;
}

/**
 * A number in words joined by hyphens to the word it measures ("twenty-year", "two-hour",
 * "seventy-five-year", "four-and-a-half-second"): its value and the length of the number part,
 * so the rest is read as its unit. Undefined for a token that does not start with number words
 * or holds nothing after them.
 */
function hyphenedNumber(word: string): { value: number; length: number } | undefined {
  const c = word.charCodeAt(0);
  // the first letter of every number word: most tokens are ruled out by one test
  if (!word.includes('-') || !NUMBER_INITIAL.has(c)) return undefined;
  const parts = word.split('-');
  let n = 0;
  while (n < parts.length && NUMBER_WORD.has(parts[n]!)) n++;
  if (n === 0) return undefined;
  let value = wordsValue(parts.slice(0, n));
  if (value === undefined) return undefined;
  let used = n;
  if (parts[n] === 'and' && parts[n + 1] === 'a' && parts[n + 2] === 'half') {
    value += 0.5;
    used += 3;
  }
  if (used >= parts.length || !/^\p{L}{2,}$/u.test(parts[used]!)) return undefined;
  return { value, length: parts.slice(0, used).join('-').length };
}

/**
 * Digits followed by a scale word ("5 million", "1.5 billion") state one number: the value is
 * multiplied out and its end moved past the word, which is marked as part of a value.
 */
function scaleDigits(values: Value[], tokens: ReturnType<typeof tokenize>, text: string, valueTokens: Set<number>): void {
  // values and tokens are both in text order: one pass finds each value's next token
  let j = 0;
  for (const val of values) {
    if (!/^\d+(\.\d+)?$/.test(val.v)) continue;
    while (j < tokens.length && tokens[j]!.start < val.end) j++;
    const next = tokens[j];
    const scale = next && (next.word === 'thousand' || next.word === 'million' || next.word === 'billion') ? SCALES[next.word] : undefined;
    if (!next || scale === undefined || next.start !== val.end + 1 || text.charCodeAt(val.end) !== 32) continue;
    val.v = String(Math.round(Number(val.v) * scale));
    val.surface = text.slice(val.start, next.end);
    val.end = next.end;
    val.unitEnd = next.end;
    valueTokens.add(j);
  }
}

/** A full stop right before a capital: the only text the glued-sentence repairs change. */
const GLUE_HINT = /[\p{L})]\.\p{Lu}/u;
const CAPITALS = /^\p{Lu}{2,}$/u;
/** Whether token `k` is written in capitals (two letters or more) and neither neighbour is. */
function isolatedCapitals(tokens: ReturnType<typeof tokenize>, k: number, text: string): boolean {
  const t = tokens[k]!;
  // most words start with a small letter: no slice, no regular expression for them
  const c = text.charCodeAt(t.start);
  if (c >= 97 && c <= 122) return false;
  if (!CAPITALS.test(text.slice(t.start, t.end))) return false;
  const caps = (j: number): boolean => {
    const n = tokens[j];
    return n !== undefined && CAPITALS.test(text.slice(n.start, n.end));
  };
  return !caps(k - 1) && !caps(k + 1);
}

/**
 * Whether a sentence ends between two tokens: a '.', '!', '?' or ':' followed by white space
 * somewhere in text[from, to] (the character at `to` is the next token's first).
 */
function boundaryBetween(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if ((c === 46 || c === 33 || c === 63 || c === 58) && /\s/.test(text[i + 1] ?? '')) return true;
  }
  return false;
}

/** Profiles `text` (already cleaned of markdown). */
export function profile(raw: string): Profile {
  // scraped text often glues sentences together ("…the label head El-P.Jaime Meline (born …")
  const text = GLUE_HINT.test(raw) ? raw.replace(/(\p{Ll}{2}|\))\.(\p{Lu})/gu, '$1. $2').replace(/(\p{L})\.(\p{Lu}\p{Ll})/gu, '$1. $2') : raw;
  const terms: string[] = [];
  const surface = new Map<string, string>();
  const names = new Set<string>();
  const openers = new Set<string>();
  const values: Value[] = [];
  let negations = 0;
  const negated: string[] = [];
  const spans = new Map<string, [number, number]>();
  const cues: NegationCue[] = [];
  const polar = new Map<string, [number, number]>();
  let negReach = 0;
  const numberRanges: Array<[number, number]> = [];
  for (const m of text.matchAll(NUMBER)) {
    const start = m.index!;
    // "passage 3", "Document 2": which source an answer cites, not a value it states
    if (REFERENCE_BEFORE.test(text.slice(Math.max(0, start - 12), start))) continue;
    const raw = m[0].replace(/[.,]$/, '');
    numberRanges.push([start, start + raw.length]);
    values.push({ v: numericValue(raw), surface: raw, unit: '', unitSurface: '', start, end: start + raw.length, unitEnd: start + raw.length });
  }
  const tokens = tokenize(text);
  /** Tokens that are (part of) a value, so no value takes another value's word as its unit. */
  const valueTokens = new Set<number>();
  scaleDigits(values, tokens, text, valueTokens);
  let prevEnd = -1;
  let sentenceStart = true;
  let pendingOpener = '';
  let nr = 0;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    // an opener counts as a name only when the very next token is one ("Acme Cloud hosts …"),
    // not across stop words ("Learn about German life": 'learn' is no name)
    const opener = pendingOpener;
    pendingOpener = '';
    // a negation reaches no further than its clause: "If not, you need …" does not negate "need"
    if (negReach > 0 && prevEnd >= 0 && /[,;:.!?()]/.test(text.slice(prevEnd, t.start))) negReach = 0;
    const inNegation = negReach > 0;
    if (negReach > 0) negReach--;
    const raw = text.slice(t.start, t.end);
    // a sentence boundary inside the text (evidence windows hold several sentences)
    if (prevEnd >= 0 && boundaryBetween(text, prevEnd, t.start)) sentenceStart = true;
    prevEnd = t.end;
    const first = sentenceStart;
    sentenceStart = false;
    // the scale word of "5 million" is part of that value
    if (valueTokens.has(k)) continue;
    while (nr < numberRanges.length && numberRanges[nr]![1] <= t.start) nr++;
    const range = numberRanges[nr];
    if (range && t.start < range[1] && t.end > range[0]) continue;
    // the unit letter of a temperature ("175°C") belongs to its number: no term, no name
    if (t.start > 0 && text.charCodeAt(t.start - 1) === 0xb0) continue;
    const failTo = FAIL_WORDS.has(t.word) && tokens[k + 1]?.word === 'to';
    // scraped text often loses the apostrophe: "don t", "can t" are still negations
    const split = tokens[k + 1]?.word === 't' && tokens[k + 1]!.start === t.end + 1 && NEGATIONS.has(`${t.word}'t`);
    if (NEGATIONS.has(t.word) || t.word.endsWith("n't") || failTo || split || (NEGATING_VERBS.has(t.word) && GERUND.test(tokens[k + 1]?.word ?? ''))) {
      negations++;
      negReach = NEGATION_REACH;
      cues.push({ start: t.start, end: t.end, term: '' });
      // "no longer supported" negates "supported"; "fails to start" negates "start"
      if ((t.word === 'no' && tokens[k + 1]?.word === 'longer') || failTo || split) {
        cues[cues.length - 1]!.end = tokens[k + 1]!.end;
        k++;
      }
      continue;
    }
    if (!t.term && isPolar(t.word) && !polar.has(stem(t.word))) polar.set(stem(t.word), [t.start, t.end]);
    // a number in words, however many words it takes ("ninety-nine", "two hundred and fifty")
    const phrase = numberPhrase(tokens, k, text);
    if (phrase) {
      values.push({ v: String(phrase.value), surface: text.slice(t.start, tokens[phrase.last]!.end), unit: '', unitSurface: '', start: t.start, end: tokens[phrase.last]!.end, unitEnd: tokens[phrase.last]!.end });
      for (let j = k; j <= phrase.last; j++) valueTokens.add(j);
      k = phrase.last;
      continue;
    }
    // a number in words joined to its unit ("a twenty-year term"): the unit is paired below
    const hyphened = hyphenedNumber(t.word);
    if (hyphened) {
      const end = t.start + hyphened.length;
      values.push({ v: String(hyphened.value), surface: text.slice(t.start, end), unit: '', unitSurface: '', start: t.start, end, unitEnd: end });
      valueTokens.add(k);
      continue;
    }
    const wv = wordValue(t.word, raw, tokens[k - 1]?.word ?? '', tokens[k + 1]?.word ?? '');
    if (wv) {
      values.push({ v: wv, surface: raw, unit: '', unitSurface: '', start: t.start, end: t.end, unitEnd: t.end });
      valueTokens.add(k);
      continue;
    }
    // a stop word written in capitals between words that are not is an acronym ("disease ALS" →
    // "disease HAVE", "the US government"): a name, not a function word
    const acronym = !t.term && isolatedCapitals(tokens, k, text);
    const term = t.term || (acronym ? t.word : '');
    if (!term) continue;
    if (inNegation) {
      negated.push(term);
      negReach = 0;
      const cue = cues[cues.length - 1];
      if (cue && cue.term === '') cue.term = term;
    }
    terms.push(term);
    if (!surface.has(term)) {
      surface.set(term, raw);
      spans.set(term, [t.start, t.end]);
    }
    // most tokens are written in lower case: no capital-letter tests for them
    const lower = raw === t.word;
    const capital = !lower && /^\p{Lu}/u.test(raw);
    // a word in capitals is a name even first in a sentence ("R is …", "NASA launched …")
    const mixed = (!lower && (/\p{Lu}/u.test(raw.slice(1)) || (raw.length === 1 && raw !== 'A' && raw !== 'I'))) || /\d/.test(raw);
    if ((capital && !first) || mixed || acronym) names.add(term);
    // a sentence opener English writes only as a name ("Maryland was …") is a name; a word of
    // letters general English text almost never uses ("Keycloak provides …"; not a compound such
    // as "Anti-cancer") may be one
    if (capital && first && isProperNoun(raw.replace(/['’]s$/, ''))) names.add(term);
    else if (capital && first) {
      if (defaultPrior().df(term) === 0 && /^\p{L}+$/u.test(raw)) openers.add(term);
      // any other capitalised sentence opener is a name when a name follows it directly
      pendingOpener = term;
    }
    else if (opener && names.has(term)) names.add(opener);
  }
  // pair each value with the next content term after it ("30 days")
  values.sort((a, b) => a.start - b.start);
  let ti = 0;
  for (const val of values) {
    while (ti < tokens.length && tokens[ti]!.start < val.end) ti++;
    let j = ti;
    while (j < tokens.length && (!tokens[j]!.term || /^\d/.test(tokens[j]!.term) || valueTokens.has(j))) j++;
    const next = tokens[j];
    // a unit joined by a hyphen is the unit, whatever follows ("a 10-year period", "60-day")
    const joined = /^-(\p{L}+)/u.exec(text.slice(val.end, val.end + 24));
    if (joined) {
      val.unit = stem(joined[1]!.toLowerCase());
      val.unitSurface = joined[1]!;
      val.unitEnd = val.end + joined[0].length;
    } else if (next && next.start - val.end < 16 && !/[,;()[\]]/.test(text.slice(val.end, next.start))) {
      val.unit = next.term;
      val.unitSurface = text.slice(next.start, next.end);
      val.unitEnd = next.end;
    }
    // "three times a day" says how often, as "twice a day" does: a count of times, per its period
    const per = /^\d+$/.test(val.v) && val.unitSurface.toLowerCase() === 'times' ? /^\s+(?:a|an|per|each|every)\s+(\p{L}+)/u.exec(text.slice(val.unitEnd, val.unitEnd + 24)) : null;
    if (per) {
      val.v = `${val.v}x`;
      val.unit = stem(per[1]!.toLowerCase());
      val.unitSurface = per[1]!;
      val.unitEnd += per[0].length;
    }
  }
  const bigrams = new Set<string>();
  for (let i = 1; i < terms.length; i++) bigrams.add(`${terms[i - 1]} ${terms[i]}`);
  return { text, terms, surface, names, openers, values, negations, negated, bigrams, spans, cues, polar };
}
