/**
 * The doc2dial perturbation set: true sentences from the doc2dial passages with one fact changed,
 * in every common kind of contradiction — numbers in digits and in words, units, dates, ranges,
 * negation added and removed (not, never, no longer, cannot, without, fail to, none), antonyms
 * (WordNet's direct antonyms), swapped names (a capitalised name, an organisation's acronym, a
 * place, a form or version code) and quantifiers; and one kind that contradicts nothing: an
 * invented detail (a phrase from another document appended to a true sentence, "… through the
 * annual premium."), which must come back unsupported. Deterministic for a seed; each kind takes
 * at most `perKind` sentences, one item per sentence and kind.
 */
import { cleanClaim } from '../../src/core/check/clean';
import { filterClaim } from '../../src/core/check/claimFilter';
import { segmentSentences } from '../../src/core/check/segment';
import { STOP_WORDS } from '../../src/core/text/analyzer';
import { partsOfSpeech } from '../../src/core/check/lexicon';
import type { Passage } from '../../src/core/types';
import { wordnetAntonyms } from './wordnetAntonyms';

export const PERTURB_KINDS = [
  'number', 'number-word', 'unit', 'date', 'range', 'negation-added', 'negation-removed', 'antonym',
  'name', 'name-org', 'name-place', 'name-code', 'quantifier', 'invented-detail', 'name-swap',
  'opposite-verb', 'opposite-adjective', 'setting-value', 'only',
  // added in issue 26's thirteenth round (after every kind above, so their items are unchanged)
  'code-value', 'code-line', 'only-widened', 'word-swap', 'frequency', 'negation-twice',
] as const;
/**
 * The flipped-meaning kinds: one word changed to a word that excludes it, the rest verbatim. Their
 * opposites come from lists written for this evaluation alone (below), never from the checker's
 * lexicon: the checker must catch them through general mechanisms (an aligned substitution of a
 * word with no known relation, WordNet, the corpus's own value sets), not through the same list.
 */
export const FLIP_KINDS: ReadonlySet<string> = new Set(['opposite-verb', 'opposite-adjective', 'setting-value', 'only', 'code-value', 'code-line', 'only-widened', 'word-swap', 'frequency', 'negation-twice']);
/**
 * Kinds built from the sentences as written (markdown kept): code spans and the lines of fenced
 * blocks. Every other kind reads the sentence as the checker cleans it.
 */
export const RAW_KINDS: ReadonlySet<string> = new Set(['code-value', 'code-line']);
/**
 * Kinds whose right verdict is "unsupported", not "contradicted": nothing in the claim conflicts
 * with the source; it adds what the source does not say.
 */
export const UNSUPPORTED_KINDS: ReadonlySet<string> = new Set(['invented-detail']);
export type PerturbKind = (typeof PERTURB_KINDS)[number];

export interface PerturbItem { original: string; perturbed: string; type: PerturbKind; doc: string }

/** A small deterministic PRNG (mulberry32), so the perturbation set is the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const STATES = [
  'Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'Florida', 'Georgia', 'Hawaii', 'Idaho',
  'Illinois', 'Indiana', 'Iowa', 'Kansas', 'Kentucky', 'Louisiana', 'Maine', 'Maryland', 'Massachusetts', 'Michigan', 'Minnesota',
  'Mississippi', 'Missouri', 'Montana', 'Nebraska', 'Nevada', 'New Hampshire', 'New Jersey', 'New Mexico', 'New York', 'North Carolina',
  'North Dakota', 'Ohio', 'Oklahoma', 'Oregon', 'Pennsylvania', 'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee', 'Texas',
  'Utah', 'Vermont', 'Virginia', 'Washington', 'West Virginia', 'Wisconsin', 'Wyoming', 'Puerto Rico', 'Guam',
];
const WORD_NUMBERS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
/** Unit families: a unit is swapped for another of its family (same singular/plural form). */
const UNIT_FAMILIES = [
  ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'],
  ['KB', 'MB', 'GB', 'TB'],
  ['mile', 'kilometer'],
  ['ounce', 'pound'],
];
const QUANTIFIERS: Record<string, string> = {
  all: 'some', some: 'all', always: 'sometimes', sometimes: 'always', usually: 'rarely', often: 'rarely', many: 'few', every: 'no',
};
/** Negation removed, most specific first: each pattern and what the sentence says without it. */
const NEG_REMOVE: Array<[RegExp, string]> = [
  [/\bno longer\b/, 'still'],
  [/\b(can) ?not\b/, 'can'],
  [/\b(is|are|was|were|must|should|will|may|do|does|did|could|would|has|have|had) not\b/, '$1'],
  [/\b(is|are|was|were|do|does|did|could|would|should|has|have|had)n't\b/, '$1'],
  [/\bwon't\b/, 'will'],
  [/\bnever\b ?/, ''],
  [/\bwithout\b/, 'with'],
  [/\bfail to\b ?/, ''],
  [/\bnone of\b/, 'all of'],
];
const NEG_ADD: Array<[RegExp, string]> = [[/\b(is|are|was|were|must|should|will|may|could|would)\b(?! not)/, '$1 not'], [/\bcan\b(?! not)/, 'cannot']];
/** Words too vague or too grammatical for a faithful antonym swap. */
const NO_ANTONYM = new Set(['have', 'has', 'be', 'do', 'get', 'give', 'take', 'make', 'go', 'come', 'need', 'use', 'want', 'keep', 'let', 'see', 'more', 'less', 'most', 'least', 'other', 'same', 'well', 'much', 'there', 'here', 'still', 'even', 'right', 'hearing', 'federal',
  'medical', 'applied', 'covered', 'like', 'live', 'back', 'some', 'many', 'local']);

/**
 * Opposite verbs and adjectives for the flipped-meaning kinds, both directions, in the forms written
 * (a probe list of this evaluation; the checker never reads it). Verbs in their -s, -ed and -ing
 * forms are listed beside the base form so a swap keeps the inflection.
 */
const OPPOSITE_VERBS: Array<[string, string]> = [
  ['create', 'delete'], ['add', 'remove'], ['enable', 'disable'], ['grant', 'revoke'], ['allow', 'block'], ['start', 'stop'],
  ['increase', 'decrease'], ['include', 'exclude'], ['accept', 'reject'], ['open', 'close'], ['install', 'uninstall'],
  ['show', 'hide'], ['upload', 'download'], ['import', 'export'], ['encrypt', 'decrypt'], ['approve', 'deny'], ['expand', 'collapse'],
  ['lock', 'unlock'], ['mount', 'unmount'], ['connect', 'disconnect'], ['require', 'forbid'], ['raise', 'lower'], ['gain', 'lose'],
  ['overwrite', 'preserve'], ['restart', 'shut down'], ['pass', 'fail'], ['receive', 'send'], ['begin', 'end'], ['extend', 'shorten'],
];
const OPPOSITE_ADJECTIVES: Array<[string, string]> = [
  ['local', 'remote'], ['single', 'multiple'], ['internal', 'external'], ['public', 'private'], ['required', 'optional'],
  ['mandatory', 'optional'], ['static', 'dynamic'], ['primary', 'secondary'], ['synchronous', 'asynchronous'], ['manual', 'automatic'],
  ['manually', 'automatically'], ['inbound', 'outbound'], ['upstream', 'downstream'], ['read-only', 'writable'], ['stable', 'experimental'],
  ['minimum', 'maximum'], ['higher', 'lower'], ['earlier', 'later'], ['before', 'after'], ['first', 'last'], ['new', 'old'],
  ['full', 'partial'], ['temporary', 'permanent'], ['free', 'paid'], ['online', 'offline'], ['physical', 'virtual'], ['eligible', 'ineligible'],
];
/**
 * Enumerated values of one setting (a probe list of this evaluation): each value is replaced by
 * another of its set, written as the source writes it (in code or not).
 */
const SETTING_VALUES: string[][] = [
  ['true', 'false'], ['enabled', 'disabled'], ['Always', 'IfNotPresent', 'Never'], ['HTTP', 'HTTPS'], ['TCP', 'UDP'],
  ['GET', 'POST', 'PUT', 'DELETE'], ['ReadWriteOnce', 'ReadWriteMany', 'ReadOnlyMany'], ['yes', 'no'], ['on', 'off'],
  ['ClusterIP', 'NodePort', 'LoadBalancer'], ['debug', 'info', 'warn', 'error'], ['Deployment', 'StatefulSet', 'DaemonSet'],
  ['json', 'yaml'], ['Recreate', 'RollingUpdate'], ['online', 'by mail', 'in person'],
];

/** Forms of a verb lemma: base, -s, -ed, -ing (regular English spelling). */
function verbForms(lemma: string): string[] {
  if (lemma.includes(' ')) {
    const [head, ...rest] = lemma.split(' ');
    return verbForms(head!).map((f) => [f, ...rest].join(' '));
  }
  const e = lemma.endsWith('e');
  const y = /[^aeiou]y$/.test(lemma);
  const double = /^(?:[^aeiou]*[aeiou][^aeiouwxy])$/.test(lemma) && !/^(open|gain|lower|raise|show|pass|send|end|add)$/.test(lemma);
  const stemmed = double ? lemma + lemma.slice(-1) : lemma;
  return [lemma, y ? lemma.slice(0, -1) + 'ies' : /(s|sh|ch|x)$/.test(lemma) ? lemma + 'es' : lemma + 's', e ? lemma + 'd' : y ? lemma.slice(0, -1) + 'ied' : stemmed + 'ed', e && lemma !== 'free' ? lemma.slice(0, -1) + 'ing' : stemmed + 'ing'];
}

/** The first word of `text` found in a pair list (as a whole word, in any of `forms`), swapped for its opposite in the same form. */
function pairSwap(text: string, pairs: Array<[string, string]>, forms: (w: string) => string[]): string | undefined {
  const options: Array<{ at: number; len: number; by: string }> = [];
  for (const [a, b] of pairs) {
    for (const [x, y] of [[a, b], [b, a]] as const) {
      const fx = forms(x);
      const fy = forms(y);
      fx.forEach((f, i) => {
        const m = new RegExp(`(?<![\\w-])${f.replace(/[-]/g, '\\-')}(?![\\w-])`, 'i').exec(text);
        if (m) options.push({ at: m.index, len: m[0].length, by: capitalLike(m[0], fy[i] ?? fy[0]!) });
      });
    }
  }
  if (options.length === 0) return undefined;
  const o = options.sort((p, q) => p.at - q.at)[0]!;
  return replaceAt(text, o.at, o.len, o.by);
}

/** How often (a probe list of this evaluation): each replaced by another. */
const FREQUENCIES = ['hourly', 'daily', 'nightly', 'weekly', 'monthly', 'quarterly', 'yearly', 'annually'];

/** How an invented detail joins the sentence. */
const INVENTED_LINKS = ['through', 'by', 'with', 'at', 'for', 'under'];

interface Ctx {
  rand: () => number;
  /** Words written in code spans and blocks of the corpus (letters, digits, '-' and '_'), sorted. */
  codeWords: string[];
  /** Plural nouns the corpus writes after "all" ("all users", "all plugins"), sorted. */
  allNouns: string[];
  /** Capitalised names, acronyms and codes of the sentence's document (never swapped in). */
  docNames: Set<string>;
  names: string[];
  acronyms: string[];
  codes: string[];
  /** Lower-case words of the sentence's document (an invented detail uses none of them). */
  docWords: Set<string>;
  /** Two-word phrases of the corpus ("annual premium"), sorted. */
  phrases: string[];
}

const pickOther = (xs: readonly string[], not: Set<string> | string, rand: () => number): string | undefined => {
  const pool = xs.filter((x) => (typeof not === 'string' ? x !== not : !not.has(x)));
  return pool.length ? pool[Math.floor(rand() * pool.length)] : undefined;
};
const replaceAt = (text: string, at: number, len: number, by: string): string => text.slice(0, at) + by + text.slice(at + len);
const capitalLike = (model: string, w: string): string => (/^[A-Z]/.test(model) ? w[0]!.toUpperCase() + w.slice(1) : w);

/** One perturbation of `text` of `kind`, or undefined when the sentence has nothing of that kind. */
function perturbOne(text: string, kind: PerturbKind, c: Ctx): string | undefined {
  switch (kind) {
    case 'number': {
      // a count or amount in digits, not a year, a phone number or part of a code
      for (const m of text.matchAll(/(?<![\w-])\d+(?:,\d{3})*(?:\.\d+)?(?![\w-])/g)) {
        if (/^(19|20)\d\d$/.test(m[0])) continue;
        const n = Number(m[0].replace(/,/g, ''));
        return replaceAt(text, m.index!, m[0].length, String(n + 1 + Math.floor(c.rand() * Math.max(9, n))));
      }
      return undefined;
    }
    case 'number-word': {
      // not "one": mostly a pronoun ("one of", "this one"), and its noun is singular ("one year")
      const m = new RegExp(`\\b(${[...WORD_NUMBERS.slice(1), ...TENS].join('|')})\\b(?! of\\b)`, 'i').exec(text);
      if (!m) return undefined;
      const family = TENS.includes(m[0].toLowerCase()) ? TENS : WORD_NUMBERS.slice(1);
      const other = pickOther(family, m[0].toLowerCase(), c.rand);
      return other ? replaceAt(text, m.index, m[0].length, capitalLike(m[0], other)) : undefined;
    }
    case 'unit': {
      const units = UNIT_FAMILIES.flat().join('|');
      const m = new RegExp(`\\b(\\d+(?:\\.\\d+)?|${[...WORD_NUMBERS, ...TENS].join('|')})([ -])(${units})(s?)\\b`, 'i').exec(text);
      if (!m) return undefined;
      const family = UNIT_FAMILIES.find((f) => f.some((u) => u.toLowerCase() === m[3]!.toLowerCase()))!;
      const other = pickOther(family, family.find((u) => u.toLowerCase() === m[3]!.toLowerCase())!, c.rand)!;
      return replaceAt(text, m.index, m[0].length, `${m[1]}${m[2]}${other}${m[4]}`);
    }
    case 'date': {
      const month = new RegExp(`\\b(${MONTHS.join('|')})\\b`).exec(text);
      if (month) return replaceAt(text, month.index, month[0].length, pickOther(MONTHS, month[0], c.rand)!);
      const day = new RegExp(`\\b(${WEEKDAYS.join('|')})\\b`).exec(text);
      if (day) return replaceAt(text, day.index, day[0].length, pickOther(WEEKDAYS, day[0], c.rand)!);
      // a year, not the number of a form ("Form 22 - 1995")
      const year = /(?<![\w-]|- )(19|20)\d\d(?![\w-]| -)/.exec(text);
      if (!year) return undefined;
      return replaceAt(text, year.index, 4, String(Number(year[0]) + 1 + Math.floor(c.rand() * 5)));
    }
    case 'range': {
      // "between 18 and 65", "18 to 65", "18 through 65" (hyphens are left alone: in this corpus
      // "800 - 827 - 1000" and "Form 22 - 1995" are phone numbers and codes, not ranges)
      const m = /(?<![\w-]|- )(\d+(?:\.\d+)?)( (?:to|and|through) )(\d+(?:\.\d+)?)(?![\w-]| -)/.exec(text);
      if (!m || Number(m[3]) <= Number(m[1])) return undefined;
      if (m[2]!.trim() === 'and' && !/\bbetween $/.test(text.slice(0, m.index))) return undefined;
      const hi = Number(m[3]);
      const next = hi + 1 + Math.floor(c.rand() * Math.max(4, hi / 2));
      return replaceAt(text, m.index, m[0].length, `${m[1]}${m[2]}${next}`);
    }
    case 'negation-removed': {
      const hit = NEG_REMOVE.find(([re]) => re.test(text));
      return hit ? text.replace(hit[0], hit[1]) : undefined;
    }
    case 'negation-added': {
      if (NEG_REMOVE.some(([re]) => re.test(text))) return undefined; // already negative: that is the other kind
      const hit = NEG_ADD.find(([re]) => re.test(text));
      return hit ? text.replace(hit[0], hit[1]) : undefined;
    }
    case 'antonym':
      return antonymSwap(text);
    case 'quantifier': {
      // not before a number ("all three programs")
      const m = new RegExp(`\\b(${Object.keys(QUANTIFIERS).join('|')})\\b(?! (?:\\d|${[...WORD_NUMBERS, ...TENS].join('|')})\\b)`, 'i').exec(text);
      return m ? replaceAt(text, m.index, m[0].length, capitalLike(m[0], QUANTIFIERS[m[0].toLowerCase()]!)) : undefined;
    }
    case 'name': {
      // only words the corpus uses as names (see buildPerturbationSet)
      const names = [...text.matchAll(/(?<=[a-z,] )[A-Z][a-z]{3,}\b/g)].filter((m) => c.names.includes(m[0]));
      if (names.length === 0) return undefined;
      const m = names[Math.floor(c.rand() * names.length)]!;
      const other = pickOther(c.names, c.docNames, c.rand);
      return other ? replaceAt(text, m.index!, m[0].length, other) : undefined;
    }
    case 'name-org': {
      const m = /(?<![\w-])[A-Z]{2,6}(?![\w-])/.exec(text);
      if (!m) return undefined;
      const other = pickOther(c.acronyms, c.docNames, c.rand);
      return other ? replaceAt(text, m.index, m[0].length, other) : undefined;
    }
    case 'name-place': {
      const m = new RegExp(`\\b(${STATES.join('|')})\\b(?! City)`).exec(text);
      return m ? replaceAt(text, m.index, m[0].length, pickOther(STATES, m[0], c.rand)!) : undefined;
    }
    case 'invented-detail': {
      // a true sentence that goes on with what its document never says
      if (!/[a-z]\.$/.test(text)) return undefined;
      const pool = c.phrases.filter((ph) => ph.split(' ').every((w) => !c.docWords.has(w)));
      if (pool.length === 0) return undefined;
      const phrase = pool[Math.floor(c.rand() * pool.length)]!;
      const prep = INVENTED_LINKS[Math.floor(c.rand() * INVENTED_LINKS.length)]!;
      return `${text.slice(0, -1)} ${prep} the ${phrase}.`;
    }
    case 'name-swap': {
      // two different names of the sentence, each put in the other's place; names in a list ("Grafana
      // and Prometheus", "the SSA and the IRS") would only change their order, so a content word
      // must stand between them
      // a whole sentence (scraped fragments swap labels of a menu), and a name of one word written
      // once, between words that are not capitalised (not a part of "New York State")
      if (!/^[A-Z][^]*[a-z)][.!?]$/.test(text)) return undefined;
      const names = [...text.matchAll(/(?<=\b[a-z]+,? )(?:[A-Z][a-z]{2,}|[A-Z]{2,6})(?=[\s,;:!?)]|\.(?!\w)|$)(?! [A-Z])/g)]
        // not a function word glued in from the next sentence ("… the form You can …") nor a date (its own kind)
        .filter((m) => text.split(m[0]).length === 2 && !STOP_WORDS.has(m[0].toLowerCase()) && !MONTHS.includes(m[0]) && !WEEKDAYS.includes(m[0]));
      for (let i = 0; i < names.length; i++) {
        for (let j = i + 1; j < names.length; j++) {
          const a = names[i]!;
          const b = names[j]!;
          if (a[0] === b[0]) continue;
          const between = text.slice(a.index! + a[0].length, b.index!);
          if (!(between.match(/\b[a-z]{3,}\b/g) ?? []).some((w) => !STOP_WORDS.has(w))) continue;
          return text.slice(0, a.index!) + b[0] + between + a[0] + text.slice(b.index! + b[0].length);
        }
      }
      return undefined;
    }
    case 'opposite-verb':
      return pairSwap(text, OPPOSITE_VERBS, verbForms);
    case 'opposite-adjective':
      return pairSwap(text, OPPOSITE_ADJECTIVES, (w) => [w]);
    case 'setting-value': {
      // a value of a set written as a whole word; the replacement is another of its set, in the same case
      for (const set of SETTING_VALUES) {
        for (const v of set) {
          const m = new RegExp(`(?<![\\w-])${v}(?![\\w-])`).exec(text);
          if (!m) continue;
          // lower-case words ("on", "no", "info") only where written as a value: in code or quotes, or after "to"/"is"/"="
          if (/^[a-z]/.test(v) && !/[`'"=:]\s*$|\b(to|is|as|of)\s+[`'"]?$/.test(text.slice(0, m.index))) continue;
          const other = pickOther(set, v, c.rand);
          if (other) return replaceAt(text, m.index, v.length, other);
        }
      }
      return undefined;
    }
    case 'only': {
      // "only" that restricts ("only administrators can", "is only available"), never "not only"
      const m = /(?<!\bnot )\b(only)\b(?! (?:if|when|after|before|once|because)\b)/i.exec(text);
      return m ? replaceAt(text, m.index, 4, capitalLike(m[0], 'also')) : undefined;
    }
    case 'code-value': {
      // one word of an inline code span (not its first: the command) changed for another word
      // the corpus writes in code; the rest of the sentence as written
      if (text.startsWith('```')) return undefined;
      for (const m of text.matchAll(/`([^`\n]+)`/g)) {
        const words = [...m[1]!.matchAll(/[\p{L}\p{N}][\p{L}\p{N}_-]*/gu)];
        if (words.length < 2) continue;
        const w = words[1 + Math.floor(c.rand() * (words.length - 1))]!;
        const other = pickOther(c.codeWords, w[0], c.rand);
        if (!other) return undefined;
        return replaceAt(text, m.index! + 1 + w.index!, w[0].length, other);
      }
      return undefined;
    }
    case 'code-line': {
      // a line of a fenced block (the item is that line alone, fenced), one word but its first changed
      if (!text.startsWith('```')) return undefined;
      const words = [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}_-]*/gu)];
      if (words.length < 3) return undefined;
      const w = words[1 + Math.floor(c.rand() * (words.length - 1))]!;
      const other = pickOther(c.codeWords, w[0], c.rand);
      return other ? replaceAt(text, w.index!, w[0].length, other) : undefined;
    }
    case 'only-widened': {
      // "only administrators" → "all users": the restriction lifted onto another set the corpus names
      const m = /\b(only) ([a-z]{4,}s)\b/i.exec(text);
      // a plural noun, not a verb ("only provides")
      if (!m || STOP_WORDS.has(m[2]!) || partsOfSpeech(m[2]!).has('v')) return undefined;
      const other = pickOther(c.allNouns, m[2]!, c.rand);
      return other ? replaceAt(text, m.index, m[0].length, `${capitalLike(m[1]!, 'all')} ${other}`) : undefined;
    }
    case 'word-swap': {
      // two common nouns, each once in the sentence, with a content word and no punctuation between
      // them, each put in the other's place
      const words = [...text.matchAll(/(?<![\w-])[a-z]{4,}(?![\w-])/g)].filter((m) => !STOP_WORDS.has(m[0]) && !/(ly|ing|ed)$/.test(m[0]) && text.split(m[0]).length === 2);
      for (let i = 0; i < words.length; i++) {
        for (let j = i + 1; j < words.length; j++) {
          const a = words[i]!;
          const b = words[j]!;
          const between = text.slice(a.index! + a[0].length, b.index!);
          if (/[,;:.()]/.test(between) || !(between.match(/\b[a-z]{3,}\b/g) ?? []).some((w) => !STOP_WORDS.has(w))) continue;
          return text.slice(0, a.index!) + b[0] + between + a[0] + text.slice(b.index! + b[0].length);
        }
      }
      return undefined;
    }
    case 'frequency': {
      const m = new RegExp(`\\b(${FREQUENCIES.join('|')})\\b`, 'i').exec(text);
      if (!m) return undefined;
      const other = pickOther(FREQUENCIES, m[0].toLowerCase(), c.rand)!;
      return replaceAt(text, m.index, m[0].length, capitalLike(m[0], other));
    }
    case 'negation-twice': {
      // two clauses joined by "and" before a new subject, each with a verb a negation can be put
      // into: both negated (the count over the sentence is even; each clause is flipped)
      if (NEG_REMOVE.some(([re]) => re.test(text)) || /\b(not|no|never|cannot)\b|n't\b/i.test(text)) return undefined;
      const join = / and (?=(?:the|you|it|they|we|this|your|their|he|she) )/i.exec(text);
      if (!join) return undefined;
      const first = text.slice(0, join.index);
      const second = text.slice(join.index);
      const hit = (part: string): string | undefined => {
        const h = NEG_ADD.find(([re]) => re.test(part));
        return h ? part.replace(h[0], h[1]) : undefined;
      };
      const a = hit(first);
      const b = hit(second);
      return a && b ? a + b : undefined;
    }
    case 'name-code': {
      const m = /(?<![\w-])[A-Z]{1,5}-\d[\dA-Z-]*(?![\w-])/.exec(text);
      if (!m) return undefined;
      const other = pickOther(c.codes, c.docNames, c.rand);
      return other ? replaceAt(text, m.index, m[0].length, other) : undefined;
    }
  }
}

/** Regular inflections of a lemma: base, -s, -ed, -ing. */
function inflections(lemma: string): string[] {
  const e = lemma.endsWith('e');
  return [lemma, lemma + 's', e ? lemma + 'd' : lemma + 'ed', e ? lemma.slice(0, -1) + 'ing' : lemma + 'ing'];
}

/** The first word of `text` with a WordNet antonym, replaced by it (in the same inflection). */
function antonymSwap(text: string): string | undefined {
  const table = wordnetAntonyms();
  for (const m of text.matchAll(/\b[a-z]{4,}\b/g)) {
    const w = m[0];
    if (NO_ANTONYM.has(w)) continue;
    const adj = table.adj.get(w) ?? table.adv.get(w);
    if (adj?.length) return replaceAt(text, m.index!, w.length, adj[0]!);
    for (const [lemma, ants] of table.verb) {
      if (NO_ANTONYM.has(lemma) || !w.startsWith(lemma.slice(0, -1))) continue;
      const i = inflections(lemma).indexOf(w);
      // a base form is a verb only after "to", a modal or a subject ("notice" is mostly a noun)
      // "-s" forms may be plural nouns ("charges"): only verbs that are never nouns
      if (i === 1 && table.nouns.has(lemma)) continue;
      if (i === 0 && !/\b(to|can|cannot|will|must|may|should|could|would|you|we|they|i|not)\s+$/i.test(text.slice(0, m.index))) continue;
      if (i >= 0) return replaceAt(text, m.index!, w.length, inflections(ants[0]!)[i]!);
    }
  }
  return undefined;
}

/**
 * Sentences of a passage as written, for the kinds that read markdown (RAW_KINDS): sentences and
 * bullets of 8–40 words with an inline code span, and the lines of fenced blocks with three words
 * or more (each as a fenced block of its own).
 */
function rawSentences(p: Passage): string[] {
  const out: string[] = [];
  for (const s of segmentSentences(p.text)) {
    if (s.kind === 'code') {
      for (const line of s.text.split('\n')) {
        if (/^\s*(```|~~~)/.test(line) || (line.match(/[\p{L}\p{N}][\p{L}\p{N}_-]*/gu) ?? []).length < 3 || line.length > 160) continue;
        out.push('```\n' + line.trim() + '\n```');
      }
      continue;
    }
    if ((s.kind !== 'sentence' && s.kind !== 'bullet') || !/`[^`\n]+`/.test(s.text)) continue;
    const words = cleanClaim(s.text).split(' ').length;
    if (words >= 8 && words <= 40) out.push(s.text.trim());
  }
  return out;
}

/** Claim sentences of 8–40 words of a passage (as the checker cleans them). */
function claimSentences(p: Passage): string[] {
  return segmentSentences(p.text)
    .filter((s) => {
      if (s.kind !== 'sentence' && s.kind !== 'bullet') return false;
      const cl = cleanClaim(s.text);
      const words = cl.split(' ').length;
      return words >= 8 && words <= 40 && filterClaim(cl, s.kind).claim === cl;
    })
    .map((s) => cleanClaim(s.text));
}

/**
 * Builds the perturbation set over `passages`: for each kind, sentences in a seeded order, each
 * perturbed in that kind when it has something of that kind, up to `perKind` items.
 */
export function buildPerturbationSet(passages: Passage[], perKind = 120, seed = 3): PerturbItem[] {
  const rand = rng(seed);
  const docNames = new Map<string, Set<string>>();
  const docWords = new Map<string, Set<string>>();
  const phrases = new Set<string>();
  const names = new Set<string>(), acronyms = new Set<string>(), codes = new Set<string>();
  for (const p of passages) {
    const set = docNames.get(p.path) ?? new Set<string>();
    const collect = (re: RegExp, into: Set<string>): void => {
      for (const m of p.text.matchAll(re)) {
        set.add(m[0]);
        into.add(m[0]);
      }
    };
    collect(/(?<=[a-z,] )[A-Z][a-z]{3,}\b/g, names);
    collect(/(?<![\w-])[A-Z]{2,6}(?![\w-])/g, acronyms);
    collect(/(?<![\w-])[A-Z]{1,5}-\d[\dA-Z-]*(?![\w-])/g, codes);
    docNames.set(p.path, set);
    const words = docWords.get(p.path) ?? new Set<string>();
    for (const m of p.text.toLowerCase().matchAll(/\p{L}+/gu)) words.add(m[0]);
    docWords.set(p.path, words);
    // two long lower-case words in a row, within one clause: "annual premium", "dental clinic"
    for (const m of p.text.matchAll(/(?<![\p{L}-])([a-z]{5,}) ([a-z]{5,})(?![\p{L}-])/gu)) {
      // a noun last: no function word, and not an adverb, participle or adjective ending
      if (STOP_WORDS.has(m[1]!) || STOP_WORDS.has(m[2]!) || /(ly|ed|ing|ible|able|al|ous|ive)$/.test(m[2]!)) continue;
      phrases.add(m[0]);
    }
  }
  // a capitalised word is a name only when the corpus never writes it in lower case ("Medicare",
  // not "Manage" at the start of a run-in heading)
  const lower = new Set<string>();
  for (const p of passages) for (const m of p.text.matchAll(/\b[a-z]{4,}\b/g)) lower.add(m[0]);
  const isName = (n: string): boolean => !lower.has(n.toLowerCase());
  const notDate = (n: string): boolean => isName(n) && !MONTHS.includes(n) && !WEEKDAYS.includes(n) && !STATES.includes(n);
  const codeWords = new Set<string>();
  const allNouns = new Set<string>();
  for (const p of passages) {
    for (const m of p.text.matchAll(/`([^`\n]+)`|```[^\n]*\n([^]*?)```/g)) for (const w of (m[1] ?? m[2] ?? '').matchAll(/[\p{L}\p{N}][\p{L}\p{N}_-]*/gu)) if (w[0].length >= 2) codeWords.add(w[0]);
    for (const m of p.text.matchAll(/\ball ([a-z]{4,}s)\b/g)) if (!STOP_WORDS.has(m[1]!)) allNouns.add(m[1]!);
  }
  const pools = { names: [...names].filter(notDate).sort(), acronyms: [...acronyms].sort(), codes: [...codes].sort(), phrases: [...phrases].sort(), codeWords: [...codeWords].sort(), allNouns: [...allNouns].sort() };
  const sentences: Array<{ text: string; doc: string }> = [];
  for (const p of passages) for (const text of claimSentences(p)) sentences.push({ text, doc: p.path });
  const raw: Array<{ text: string; doc: string }> = [];
  for (const p of passages) for (const text of rawSentences(p)) raw.push({ text, doc: p.path });
  // (a draw of its own: the kinds before these take the same draws as before they existed)
  const rawRand = rng(seed + 1);
  const rawOrder = raw.map((_, i) => i);
  for (let i = rawOrder.length - 1; i > 0; i--) {
    const j = Math.floor(rawRand() * (i + 1));
    [rawOrder[i], rawOrder[j]] = [rawOrder[j]!, rawOrder[i]!];
  }
  const order = sentences.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const out: PerturbItem[] = [];
  for (const kind of PERTURB_KINDS) {
    let n = 0;
    const pool = RAW_KINDS.has(kind) ? raw : sentences;
    for (const i of RAW_KINDS.has(kind) ? rawOrder : order) {
      if (n >= perKind) break;
      const s = pool[i]!;
      const perturbed = perturbOne(s.text, kind, { rand, docNames: docNames.get(s.doc) ?? new Set(), docWords: docWords.get(s.doc) ?? new Set(), ...pools });
      if (!perturbed || perturbed === s.text) continue;
      out.push({ original: s.text, perturbed, type: kind, doc: s.doc });
      n++;
    }
  }
  return out;
}
