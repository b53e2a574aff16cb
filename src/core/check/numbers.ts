/**
 * Values in text: numbers in digits and in words ("ninety-nine", "two hundred and fifty", "5 million"),
 * number words joined to their unit ("a twenty-year term"), ordinals, months and weekdays, and the
 * counts "once", "twice", "a" of a period ("after an hour"). The profile (profile.ts) reads them.
 */
import { tokenize } from '../text/analyzer';

export interface Value {
  /** Normalised value: "30", "1.2.0", "2x", "month:3", "day:monday", "clock:1020" (5 p.m.). */
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

/** Value words that, written in capitals, are as often a keyword or an acronym ("SINGLE", "DOUBLE"). */
const KEYWORD_LIKE: ReadonlySet<string> = new Set(['single', 'double', 'triple', 'half', 'once', 'twice', 'thrice', 'dozen']);
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
export function wordValue(word: string, surface: string, prev: string, next: string): string | undefined {
  const v = WORD_VALUES.get(word);
  if (v === undefined) return oneOf(word, prev, next);
  if ((AMBIGUOUS_MONTHS.has(word) || ABBREVIATED.has(word)) && !/^\p{Lu}/u.test(surface)) return undefined;
  // a month or "single" in capitals is an acronym or a keyword ("contact DEC", "MAY", "SINGLE") unless
  // a number stands beside it ("DEC 2020", "12 MAR"); a cardinal in capitals is a number ("STEP ONE")
  if ((v.startsWith('month:') || KEYWORD_LIKE.has(word)) && surface.length > 1 && surface === surface.toUpperCase() && !/^\d/.test(prev) && !/^\d/.test(next)) return undefined;
  if (word === 'once' && !ONCE_NEXT.has(next) && !ONCE_PREV.has(prev)) return undefined;
  if (v.startsWith('ord:') && !DETERMINERS.has(prev)) return undefined;
  // "one" as a pronoun ("one of the best", "one can use", "the one that"), not a count
  if (word === 'one' && (ONE_PRONOUN_NEXT.has(next) || prev === 'the' || prev === 'no' || prev === 'any' || prev === 'each' || prev === 'every')) return undefined;
  // an ordinal that numbers steps or items ("the first step", "the second method") labels them:
  // an answer that orders the steps its own way states no other quantity
  if (v.startsWith('ord:') && ORDINAL_LABELS.has(next)) return undefined;
  return v;
}

/** Words after "one" that make it a pronoun: "one of", "one can", "one another". */
const ONE_PRONOUN_NEXT: ReadonlySet<string> = new Set(['of', 'can', 'could', 'should', 'must', 'may', 'might', 'will', 'would', 'another', 'who', 'that', 'which', "one's", 'needs', 'has', 'is']);
/** Nouns an ordinal labels rather than counts ("the first step", "the second option"). */
const ORDINAL_LABELS: ReadonlySet<string> = new Set(['step', 'steps', 'method', 'methods', 'option', 'options', 'way', 'ways', 'thing', 'things', 'tip', 'tips', 'stage', 'phase', 'part', 'point', 'item', 'passage', 'approach', 'solution']);

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

/**
 * Whether the profile of text with these tokens may hold a value (false: it holds none): a digit,
 * or a word a value is read from — a number word, a month or weekday, a count, an answer ("yes",
 * "no"), "a"/"an" before a period ("after an hour"), a number word joined to its unit or to
 * another number word ("twenty-one").
 */
export function mayStateValue(text: string, tokens: ReturnType<typeof tokenize>): boolean {
  if (/\d/.test(text)) return true;
  for (let k = 0; k < tokens.length; k++) {
    const w = tokens[k]!.word;
    if (VALUE_WORDS.has(w) || w === 'yes' || w === 'no') return true;
    if ((w === 'a' || w === 'an') && PERIODS.has(tokens[k + 1]?.word ?? '')) return true;
    if (hyphenedNumber(w) !== undefined) return true;
    // a number in words joined by hyphens ("twenty-one", "ninety-nine"), one token
    if (numberWords(w) !== undefined) return true;
  }
  return false;
}

/** Normalises a numeric token: "1,000" → "1000", "3.50" → "3.5", "v1.2.0" → "1.2.0". */
export function numericValue(raw: string): string {
  const s = raw.replace(/^v/i, '');
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) return String(Number(s.replace(/,/g, '')));
  if (/^\d+(\.\d+)?$/.test(s)) return String(Number(s));
  return s;
}

/**
 * A time of day ("8:00 a.m.", "5 pm", "17:30"): one value in minutes after midnight, `clock:1020`.
 * Written without a.m. or p.m. and with an hour from 1 to 12 ("8:00") it may be either half of
 * the day: `clock:?480`, which states 8:00 a.m. and 8:00 p.m. alike (see sameClock).
 */
const CLOCK = /(?<![\p{L}\p{N}:.,])(\d{1,2})(?::([0-5]\d))?(?:\s?([ap])(?:\.\s?m\.?|m)(?![\p{L}\p{N}])|(?<=:\d\d)(?![\p{N}:]))/giu;

/** The times of day written in `text`, in order. */
export function clockTimes(text: string): Value[] {
  const out: Value[] = [];
  for (const m of text.matchAll(CLOCK)) {
    const h = Number(m[1]);
    const min = Number(m[2] ?? 0);
    const half = m[3]?.toLowerCase();
    let v: string;
    if (half) {
      if (h < 1 || h > 12) continue;
      v = `clock:${((h % 12) + (half === 'p' ? 12 : 0)) * 60 + min}`;
    } else {
      if (h > 23) continue;
      v = h >= 1 && h <= 12 ? `clock:?${h * 60 + min}` : `clock:${h * 60 + min}`;
    }
    const surface = m[0];
    out.push({ v, surface, unit: '', unitSurface: '', start: m.index!, end: m.index! + surface.length, unitEnd: m.index! + surface.length });
  }
  return out;
}

/** Minutes after midnight of a time of day, and whether the half of the day is unwritten. */
function clockOf(v: string): { min: number; either: boolean } | undefined {
  if (!v.startsWith('clock:')) return undefined;
  const either = v[6] === '?';
  return { min: Number(v.slice(either ? 7 : 6)), either };
}

/**
 * Whether value `w` states the time `c` says, or `c` is not a time: the same minutes, 12 hours
 * apart when one side leaves the half of the day unwritten ("8:00" / "8:00 p.m."), and a bare
 * hour for a time on the hour ("open from 8 to 5" / "8:00 a.m. to 5:00 p.m."). Undefined when
 * neither is a time.
 */
export function sameClock(w: string, c: string): boolean | undefined {
  const cw = clockOf(w);
  const cc = clockOf(c);
  if (!cw && !cc) return undefined;
  const hour = (x: string): number | undefined => (/^\d{1,2}$/.test(x) && Number(x) >= 1 && Number(x) <= 12 ? Number(x) * 60 : undefined);
  if (cw && cc) return cw.either || cc.either ? cw.min % 720 === cc.min % 720 : cw.min === cc.min;
  const t = (cw ?? cc)!;
  const bare = hour(cw ? c : w);
  return bare !== undefined && t.min % 720 === bare % 720;
}

// commas only group thousands ("1,500"); "1,2,3" is a list of three numbers
export const NUMBER = /(?<![\p{L}\p{N}])v?\d+(?:,\d{3}(?![\p{N}]))*(?:\.\d+)*(?![\p{N}])/gu;
/** A reference to a numbered source right before a number ("passage 3", "Passages 1 and"). */
export const REFERENCE_BEFORE = /\b(passages?|documents?|sources?)\s+(\d+\s*(,|and|&)\s*)*$/i;

/** Cardinal number words and what they add (units, teens, tens) or multiply by (scales). */
const CARDINALS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11,
  twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1e3, million: 1e6, billion: 1e9 };
const NUMBER_WORD: ReadonlySet<string> = new Set([...Object.keys(CARDINALS), ...Object.keys(SCALES)]);
const NUMBER_INITIAL: ReadonlySet<number> = new Set([...NUMBER_WORD].map((w) => w.charCodeAt(0)));
/**
 * Every word a value may start from or take in: number words, months, weekdays, ordinals, counts
 * and scales (what {@link wordValue}, {@link numberPhrase} and {@link scaleDigits} read). A word
 * outside it, with no digit and no hyphen, is never part of a value.
 */
export const VALUE_WORDS: ReadonlySet<string> = new Set([...WORD_VALUES.keys(), ...NUMBER_WORD]);

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
export function numberPhrase(tokens: ReturnType<typeof tokenize>, k: number, text: string): { value: number; last: number } | undefined {
  // most words are no number word: nothing to collect (this runs for every word profiled)
  if (!numberWords(tokens[k]!.word)) return undefined;
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
export function hyphenedNumber(word: string): { value: number; length: number } | undefined {
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
export function scaleDigits(values: Value[], tokens: ReturnType<typeof tokenize>, text: string, valueTokens: Set<number>): void {
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
