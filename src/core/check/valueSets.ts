/**
 * Sets of values that exclude each other, taken from the documents themselves and from the user's
 * glossary: the values a document lists for one setting ("`Always`, `IfNotPresent` or `Never`",
 * "Possible values are local or external", "`true` or `false`"). Two of one set in the same place
 * of an aligned sentence state different things, though no dictionary calls them opposites.
 *
 * The glossary (`verity.glossary.json` beside the documents, see glossary.ts) adds the sets a team
 * knows ("HTTP", "HTTPS") and names that mean the same ("RHDH" = "Red Hat Developer Hub").
 */
import type { Passage } from '../types';
import { stem } from '../text/analyzer';

/** The glossary a workspace may carry: names that mean the same, and values that exclude each other. */
export interface Glossary {
  equivalent: string[][];
  exclusive: string[][];
}

export interface ValueSets {
  /** Whether `a` and `b` are two different values of one set. */
  exclusive(a: string, b: string): boolean;
  /**
   * Whether the documents write `a` and `b` side by side as alternatives ("create, edit, or
   * delete", "local or remote", "grant and revoke"): words that fill one slot. A paraphrase
   * ("uses" / "relies on") is almost never written so. The candidate passages are read first,
   * then the passages the corpus lookup finds for both words (anywhere in the documents).
   */
  alternatives(a: string, b: string): boolean;
  /** Whether the glossary says `a` and `b` name the same thing. */
  equivalent(a: string, b: string): boolean;
}

const norm = (s: string): string => s.replace(/^[`'"“”‘’]+|[`'"“”‘’.,;:]+$/g, '').trim().toLowerCase();

/** Lists of code spans: "`Always`, `IfNotPresent`, or `Never`", "`true` or `false`". */
const CODE_LIST = /`[^`\n]{1,40}`(?:\s*(?:,|\/|\|)?\s*(?:\b(?:or|and)\b\s*)?`[^`\n]{1,40}`)+/g;
/** "Possible values are local or external", "valid options: json, yaml". */
const NAMED_LIST = /\b(?:values?|options?|modes?|settings?|choices?)\s*(?:are|is|include|includes|:)\s+((?:[\w.-]{1,40}(?:\s*,\s*|\s+or\s+|\s+and\s+|\s*\|\s*)){1,8}[\w.-]{1,40})/gi;

const mined = new Map<string, string[][]>();
const MINED_MAX = 20_000;

/** The value sets one passage lists (cached by id and hash). */
function setsOf(p: Passage): string[][] {
  const key = `${p.id}\u0000${p.hash}`;
  let sets = mined.get(key);
  if (sets) return sets;
  sets = [];
  for (const m of p.text.matchAll(CODE_LIST)) {
    const items = [...m[0].matchAll(/`([^`\n]{1,40})`/g)].map((x) => norm(x[1]!)).filter(Boolean);
    if (new Set(items).size >= 2) sets.push([...new Set(items)]);
  }
  for (const m of p.text.matchAll(NAMED_LIST)) {
    const items = m[1]!.split(/\s*,\s*|\s+or\s+|\s+and\s+|\s*\|\s*/).map(norm).filter(Boolean);
    if (new Set(items).size >= 2) sets.push([...new Set(items)]);
  }
  if (mined.size >= MINED_MAX) mined.clear();
  mined.set(key, sets);
  return sets;
}

const tokenCache = new Map<string, Array<{ stem: string; start: number; end: number }>>();

/** A passage's words with their stems and offsets (cached by id and hash). */
function wordsOf(p: Passage): Array<{ stem: string; start: number; end: number }> {
  const key = `${p.id}\u0000${p.hash}`;
  let w = tokenCache.get(key);
  if (!w) {
    w = [...p.text.matchAll(/\p{L}[\p{L}-]*/gu)].map((m) => ({ stem: stem(m[0].toLowerCase()), start: m.index, end: m.index + m[0].length }));
    if (tokenCache.size >= MINED_MAX) tokenCache.clear();
    tokenCache.set(key, w);
  }
  return w;
}

/** Words between two coordinated alternatives at most ("online, by phone, by fax, or by mail"). */
const COORDINATION_GAP = 7;
/**
 * What stands between two alternatives: "or", "and", "/" or a comma ("local or remote"); a word or
 * a short list before "or" / "and" ("create, edit, or delete", "read access and write"); or a list
 * of one-word items, each after a comma and perhaps a preposition ("online, by phone, or in
 * person"). Two words in one clause further apart ("click the button and select …") are no list.
 */
const PREPOSITION = String.raw`(?:(?:by|in|at|on|via|through|with|from|to)\s+)?`;
const COORDINATOR = new RegExp(
  String.raw`^(?:\s*(?:,|\/|\bor\b|\band\b|\bnor\b)\s*${PREPOSITION})+$|^\s*,?\s*(?:\w+\s*,\s*){0,2}\w*\s*,?\s*(?:or|and)\s*${PREPOSITION}$|^\s*(?:,\s*${PREPOSITION}[\w-]+\s*){1,3},?\s*(?:or|and)\s+${PREPOSITION}$`,
  'i',
);

/** Whether words with stems `a` and `b` stand coordinated in passage `p` (see ValueSets.alternatives). */
function coordinated(p: Passage, a: string, b: string): boolean {
  const w = wordsOf(p);
  for (let i = 0; i < w.length; i++) {
    if (w[i]!.stem !== a && w[i]!.stem !== b) continue;
    const other = w[i]!.stem === a ? b : a;
    for (let j = i + 1; j <= i + COORDINATION_GAP + 1 && j < w.length; j++) {
      if (w[j]!.stem !== other) continue;
      if (COORDINATOR.test(p.text.slice(w[i]!.end, w[j]!.start))) return true;
    }
  }
  return false;
}

/**
 * Passages anywhere in the documents that hold both words (a search for the two of them): where
 * the corpus writes two words as alternatives of one slot, wherever that is. Undefined: only the
 * candidate passages are read.
 */
export type CorpusLookup = (a: string, b: string) => readonly Passage[];

/** The value sets of the candidate passages and the glossary; `corpus` widens `alternatives` to the whole corpus. */
export function valueSetsOf(passages: readonly Passage[], glossary?: Glossary, corpus?: CorpusLookup): ValueSets {
  const sets = [...passages.flatMap(setsOf), ...(glossary?.exclusive ?? []).map((s) => s.map(norm))];
  const same = (glossary?.equivalent ?? []).map((s) => s.map(norm));
  return {
    exclusive(a, b) {
      // asked for every pair of atoms a conflict kind sets against each other: no sets, no question
      if (sets.length === 0) return false;
      const x = norm(a);
      const y = norm(b);
      return x !== y && sets.some((s) => s.includes(x) && s.includes(y));
    },
    alternatives(a, b) {
      const x = stem(a.toLowerCase());
      const y = stem(b.toLowerCase());
      if (x === y) return false;
      if (passages.some((p) => coordinated(p, x, y))) return true;
      return corpus !== undefined && corpus(a, b).some((p) => coordinated(p, x, y));
    },
    equivalent(a, b) {
      const x = norm(a);
      const y = norm(b);
      return x === y || same.some((s) => s.includes(x) && s.includes(y));
    },
  };
}
