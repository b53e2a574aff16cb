/**
 * The scale benchmark's corpus: doc2dial and RHDH markdown ingested once with the product's
 * ingest (the base passages), then copied under `copyN/` path prefixes until the wanted size,
 * each copy varied so the vocabulary grows as a real corpus's does: in copy N a word is replaced
 * by a variant with a probability that falls with its frequency (names, numbers and rare words
 * vary, function words do not), and variants are drawn from a family that widens with √N, so new
 * word forms keep appearing, ever more slowly (Heaps' law). Copy 0 is the base corpus as ingested.
 * Queries: the doc2dial dev turns with their history, as the product builds them.
 */
import path from 'node:path';
import { hashLanes } from '../../src/core/hash';
import type { Passage } from '../../src/core/types';
import { loadBenchCorpus, type BenchCorpus } from '../eval/scaledCorpus';

const WORD = /\p{L}[\p{L}'’-]*\p{L}|\p{L}/gu;
const SYLLABLES = ['a', 'an', 'el', 'en', 'er', 'ia', 'ix', 'on', 'or', 'um', 'us', 'yn', 'ast', 'ide', 'ola', 'uin'];

export interface ScaleCorpus {
  base: Passage[];
  queries: string[];
  /** The base passages, varied for copy `copy` (0: unchanged). */
  copyOf(copy: number): Passage[];
  /** `n` passages: copies 0, 1, … cut at n. */
  passages(n: number): Iterable<Passage>;
}

/** A text split into literal runs and words: even indexes literal, odd indexes word ids. */
interface Split {
  parts: string[];
  words: Int32Array;
}

/** Loads the base corpus and prepares the variation. */
export function loadScaleCorpus(sharedDir: string): ScaleCorpus {
  const corpus: BenchCorpus = loadBenchCorpus(path.join(sharedDir, 'data'));
  const ids = new Map<string, number>();
  const freq: number[] = [];
  const lowers: string[] = [];
  const split = (text: string): Split => {
    const parts: string[] = [];
    const words: number[] = [];
    let at = 0;
    for (const m of text.matchAll(WORD)) {
      parts.push(text.slice(at, m.index), m[0]);
      const lower = m[0].toLowerCase();
      let id = ids.get(lower);
      if (id === undefined) {
        id = lowers.push(lower) - 1;
        ids.set(lower, id);
        freq.push(0);
      }
      freq[id]!++;
      words.push(id);
      at = m.index + m[0].length;
    }
    parts.push(text.slice(at));
    return { parts, words: Int32Array.from(words) };
  };
  const splits = corpus.base.map((p) => ({ title: p.title !== undefined ? split(p.title) : undefined, headings: p.headings.map(split), text: split(p.text) }));

  /** Per word id, the suffix of its variant in `copy` ('' when the word stays). */
  const variants = (copy: number): string[] => {
    const family = Math.max(1, Math.ceil(4 * Math.sqrt(copy)));
    return lowers.map((lower, id) => {
      const rate = Math.min(0.6, 2.5 / Math.sqrt(freq[id]!));
      const [h1, h2] = hashLanes(`${lower}\u0000${copy}`);
      if (h1 / 2 ** 32 >= rate) return '';
      const v = h2 % family;
      return SYLLABLES[v % SYLLABLES.length]! + (v >= SYLLABLES.length ? SYLLABLES[Math.floor(v / SYLLABLES.length) % SYLLABLES.length]! : '');
    });
  };
  const join = (s: Split, suffix: string[]): string => {
    const out: string[] = [s.parts[0]!];
    for (let i = 0; i < s.words.length; i++) out.push(s.parts[2 * i + 1]!, suffix[s.words[i]!]!, s.parts[2 * i + 2]!);
    return out.join('');
  };

  const copyOf = (copy: number): Passage[] => {
    if (copy === 0) return corpus.base;
    const suffix = variants(copy);
    return corpus.base.map((p, i) => {
      const s = splits[i]!;
      return { ...p, id: `${p.id}.${copy}`, path: `copy${copy}/${p.path}`, ...(s.title ? { title: join(s.title, suffix) } : {}), headings: s.headings.map((h) => join(h, suffix)), text: join(s.text, suffix) };
    });
  };

  return {
    base: corpus.base,
    queries: corpus.queries,
    copyOf,
    *passages(n: number) {
      let left = n;
      for (let copy = 0; left > 0; copy++) {
        for (const p of copyOf(copy)) {
          if (left-- <= 0) return;
          yield p;
        }
      }
    },
  };
}
