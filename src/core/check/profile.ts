/**
 * The lexical profile of a piece of text that the checker compares: content terms (shared
 * analyzer), values (numbers, number words, months, weekdays), names, and negations.
 */
import { BoundedCache } from '../boundedCache';
import { NEGATIONS, stem, tokenize } from '../text/analyzer';
import { defaultPrior } from './backgroundStats';
import { clockTimes, hyphenedNumber, numberPhrase, numericValue, NUMBER, REFERENCE_BEFORE, scaleDigits, wordValue, type Value } from './numbers';
import { imperativeAt, isProperNoun } from './properNouns';
import { AMOUNT, ANSWER_AFTER, ANSWER_BEFORE, boundaryBetween, BOUND_WORDS, codePrefixes, FAIL_WORDS, GERUND, isolatedCapitals, isPolar, NEGATING_VERBS, NEGATION_REACH, NOT_A_DENIAL, profileText, REFRAIN, TermPairs } from './profileWords';

export type { Value } from './numbers';

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
  bigrams: ReadonlySet<string>;
  /** Where each term is first written, [start, end) in the profiled text (read from `occurrences`). */
  spans: FirstSpans;
  /** Negation cues in order: where the cue is written and the term it negates ('' when none follows). */
  cues: NegationCue[];
  /** Function words with an opposite ("before", "all", "more"): stemmed, with where they are written. */
  polar: Map<string, [number, number]>;
  /** Every occurrence of a content term, in order (`terms` with where each is written). */
  occurrences: TermOccurrence[];
  /**
   * Every occurrence of a logical function word (quantifiers, "only", "also", opposable
   * prepositions: see LOGIC_WORDS), lower case, in order: the alignment compares them in place.
   */
  logic: TermOccurrence[];
}

/**
 * Where each term of a profile is first written: its first entry in `occurrences`, found when
 * asked (two phrase tests ask, for a few claim terms), instead of a map and a pair per term built
 * for every unit profiled.
 */
export class FirstSpans {
  constructor(private readonly occurrences: readonly TermOccurrence[]) {}
  get(term: string): [number, number] | undefined {
    for (const o of this.occurrences) if (o.term === term) return [o.start, o.end];
    return undefined;
  }
}

/** One written occurrence of a term or word: [start, end) in the profiled text. */
export interface TermOccurrence {
  term: string;
  start: number;
  end: number;
}

/**
 * Function words whose substitution changes what a sentence says: quantifiers and their adverbs,
 * restrictors ("only", "also", "just", "even"), and prepositions with an opposite. Stop words for
 * retrieval; atoms for the alignment.
 */
export const LOGIC_WORDS: ReadonlySet<string> = new Set([
  'all', 'every', 'each', 'both', 'some', 'any', 'most', 'many', 'much', 'few', 'several', 'more', 'less', 'fewer', 'least',
  'always', 'usually', 'often', 'sometimes', 'rarely', 'seldom', 'occasionally', 'frequently', 'generally', 'typically', 'normally',
  'only', 'also', 'just', 'even', 'either', 'except', 'unless', 'same',
  'before', 'after', 'above', 'below', 'over', 'under', 'inside', 'outside', 'up', 'down', 'in', 'out', 'on', 'off',
]);

export interface NegationCue {
  start: number;
  end: number;
  term: string;
}

/** Claim profiles by text: `profile` reads the text alone, and a profile is never changed once made. */
const claimProfiles = new BoundedCache<string, Profile>(256);
/** The profile of a claim, shared by every look at that text while remembered (a second look, a check after an edit elsewhere). */
export const claimProfile = (text: string): Profile => claimProfiles.getOrSet(text, profile);

/** Profiles `text` (already cleaned of markdown). */
export function profile(raw: string): Profile {
  const text = profileText(raw);
  const terms: string[] = [];
  const surface = new Map<string, string>();
  const names = new Set<string>();
  const openers = new Set<string>();
  const values: Value[] = [];
  let negations = 0;
  const negated: string[] = [];
  const cues: NegationCue[] = [];
  const polar = new Map<string, [number, number]>();
  const occurrences: TermOccurrence[] = [];
  const logic: TermOccurrence[] = [];
  let negReach = 0;
  const numberRanges: Array<[number, number]> = [];
  // a time of day is one value with its a.m. or p.m.: no number of it, no word of it
  const clocks = clockTimes(text);
  for (const c of clocks) {
    values.push(c);
    numberRanges.push([c.start, c.end]);
  }
  for (const m of text.matchAll(NUMBER)) {
    const start = m.index!;
    if (clocks.some((c) => start >= c.start && start < c.end)) continue;
    // "passage 3", "Document 2": which source an answer cites, not a value it states
    if (REFERENCE_BEFORE.test(text.slice(Math.max(0, start - 12), start))) continue;
    const raw = m[0].replace(/[.,]$/, '');
    numberRanges.push([start, start + raw.length]);
    values.push({ v: numericValue(raw), surface: raw, unit: '', unitSurface: '', start, end: start + raw.length, unitEnd: start + raw.length });
  }
  numberRanges.sort((a, b) => a[0] - b[0]);
  const tokens = codePrefixes(tokenize(text), numberRanges, text);
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
    // "the answer is no", "set it to yes": an answer or a setting, a value rather than a negation
    if ((t.word === 'yes' || t.word === 'no') && ANSWER_BEFORE.test(text.slice(Math.max(0, t.start - 16), t.start)) && ANSWER_AFTER.test(text.slice(t.end, t.end + 8))) {
      values.push({ v: `answer:${t.word}`, surface: raw, unit: '', unitSurface: '', start: t.start, end: t.end, unitEnd: t.end });
      valueTokens.add(k);
      continue;
    }
    const failTo = FAIL_WORDS.has(t.word) && tokens[k + 1]?.word === 'to';
    // "refrain from using" says "do not use"; "free of charge", "free from defects" say "no charge", "no defects"
    const fromWord = tokens[k + 1]?.word;
    const refrain = fromWord === 'from' && REFRAIN.test(t.word);
    const freeOf = t.word === 'free' && (fromWord === 'of' || fromWord === 'from') && tokens[k + 2] !== undefined;
    // scraped text often loses the apostrophe: "don t", "can t" are still negations
    const split = tokens[k + 1]?.word === 't' && tokens[k + 1]!.start === t.end + 1 && NEGATIONS.has(`${t.word}'t`);
    // "not only … but also", "not just", "not necessarily", "no matter", "whether or not": these
    // add or hedge, they do not deny
    // "no more than 30 days", "not later than …", "not to exceed $500" state a bound ("up to",
    // "by"), as "within" does; "not exceeded" with no amount after it denies ("if the limit is
    // not exceeded")
    const ex = tokens[k + 1]?.word === 'to' ? k + 2 : k + 1;
    const exceeds = /^exceed/.test(tokens[ex]?.word ?? '') && tokens.slice(ex + 1, ex + 6).some((x) => AMOUNT.test(x.word));
    const bound = (t.word === 'no' || t.word === 'not') && ((BOUND_WORDS.has(tokens[k + 1]?.word ?? '') && tokens[k + 2]?.word === 'than') || exceeds);
    const notDenial = bound || (t.word === 'not' && NOT_A_DENIAL.has(tokens[k + 1]?.word ?? '')) || (t.word === 'no' && tokens[k + 1]?.word === 'matter') || (t.word === 'not' && tokens[k - 1]?.word === 'or' && tokens[k - 2]?.word === 'whether');
    if (!notDenial && (NEGATIONS.has(t.word) || t.word.endsWith("n't") || failTo || split || refrain || freeOf || (NEGATING_VERBS.has(t.word) && GERUND.test(tokens[k + 1]?.word ?? '')))) {
      negations++;
      negReach = NEGATION_REACH;
      cues.push({ start: t.start, end: t.end, term: '' });
      // "no longer supported" negates "supported"; "fails to start" negates "start"
      if ((t.word === 'no' && tokens[k + 1]?.word === 'longer') || failTo || split || refrain || freeOf) {
        cues[cues.length - 1]!.end = tokens[k + 1]!.end;
        k++;
      }
      continue;
    }
    if (!t.term && isPolar(t.word) && !polar.has(stem(t.word))) polar.set(stem(t.word), [t.start, t.end]);
    if (!t.term && LOGIC_WORDS.has(t.word)) logic.push({ term: t.word, start: t.start, end: t.end });
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
    // "two and a half hours", "3 and a half days": one number, 2.5 and 3.5
    if (wv === '0.5' && tokens[k - 1]?.word === 'a' && tokens[k - 2]?.word === 'and' && k >= 3) {
      const whole = values.find((v) => v.end === tokens[k - 3]!.end && /^\d+$/.test(v.v));
      if (whole) {
        whole.v = String(Number(whole.v) + 0.5);
        whole.surface = text.slice(whole.start, t.end);
        whole.end = whole.unitEnd = t.end;
        valueTokens.add(k);
        continue;
      }
    }
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
    occurrences.push({ term, start: t.start, end: t.end });
    if (!surface.has(term)) {
      surface.set(term, raw);
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
    // an imperative opens a step ("Pat the jewelry dry", "Rub the stain"): a verb before its
    // object is no name, even one that is also a first name
    if (capital && first && imperativeAt(tokens, k, raw)) {
      // a verb, not a name
    } else if (capital && first && isProperNoun(raw.replace(/['’]s$/, ''))) names.add(term);
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
    // a time of day has no unit ("8:00 a.m. ET")
    if (val.v.startsWith('clock:')) continue;
    let j = ti;
    while (j < tokens.length && (!tokens[j]!.term || /^\d/.test(tokens[j]!.term) || valueTokens.has(j))) j++;
    const next = tokens[j];
    // a unit joined by a hyphen is the unit, whatever follows ("a 10-year period", "60-day")
    const joined = /^-(\p{L}+)/u.exec(text.slice(val.end, val.end + 24));
    // a percentage counts per hundred, whatever follows ("60% of voters", "60 percent of voters")
    const percent = /^\s?(%|percent\b|per cent\b)/iu.exec(text.slice(val.end, val.end + 10));
    if (percent) {
      val.unit = 'percent';
      val.unitSurface = percent[1]!;
      val.unitEnd = val.end + percent[0].length;
    } else if (joined) {
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
  return { text, terms, surface, names, openers, values, negations, negated, bigrams: new TermPairs(terms), spans: new FirstSpans(occurrences), cues, polar, occurrences, logic };
}
