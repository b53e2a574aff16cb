/**
 * Comparison retrievers for the evaluation and the benchmarks, over the same passages:
 * a textbook BM25 (k1 1.2, b 0.75, one field: heading path + text, the product's analysis),
 * MiniSearch with the same analysis, and stock Orama (its default English tokenizer: the "before").
 */
import { create, insertMultiple, search, type AnyOrama, type Results } from '@orama/orama';
import MiniSearch from 'minisearch';
import { analyze } from '../../src/core/text/analyzer';
import type { Passage } from '../../src/core/types';

export interface Retriever {
  name: string;
  /** Passage ids, best first. */
  search(query: string, k: number): string[];
}

const flat = (p: Passage): string => `${p.headings.join(' ')}\n${p.text}`;

/** Okapi BM25 exactly as in the textbook: idf = ln(1 + (N - df + .5) / (df + .5)). */
export function textbookBm25(passages: Passage[], k1 = 1.2, b = 0.75): Retriever {
  const post = new Map<string, Array<[number, number]>>();
  const lens = new Float64Array(passages.length);
  passages.forEach((p, i) => {
    const terms = analyze(flat(p));
    lens[i] = terms.length;
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, c] of tf) {
      let l = post.get(t);
      if (!l) post.set(t, (l = []));
      l.push([i, c]);
    }
  });
  const N = passages.length;
  const avg = lens.reduce((a, x) => a + x, 0) / Math.max(1, N);
  const acc = new Float64Array(N);
  return {
    name: 'textbook BM25',
    search(query, k) {
      const touched: number[] = [];
      for (const t of new Set(analyze(query))) {
        const l = post.get(t);
        if (!l) continue;
        const idf = Math.log(1 + (N - l.length + 0.5) / (l.length + 0.5));
        for (const [i, c] of l) {
          if (acc[i] === 0) touched.push(i);
          acc[i]! += (idf * c * (k1 + 1)) / (c + k1 * (1 - b + (b * lens[i]!) / avg));
        }
      }
      const ranked = touched.map((i) => [i, acc[i]!] as const).sort((x, y) => y[1] - x[1] || x[0] - y[0]);
      for (const i of touched) acc[i] = 0;
      return ranked.slice(0, k).map(([i]) => passages[i]!.id);
    },
  };
}

/** MiniSearch over the same text with the product's analysis (no prefix, no fuzzy). */
export function miniSearch(passages: Passage[]): Retriever & { engine: MiniSearch } {
  const engine = new MiniSearch({ fields: ['text'], idField: 'id', tokenize: (s: string) => analyze(s), processTerm: (t: string) => t });
  engine.addAll(passages.map((p) => ({ id: p.id, text: flat(p) })));
  return {
    name: 'MiniSearch',
    engine,
    search: (query, k) => engine.search(query).slice(0, k).map((r) => String(r.id)),
  };
}

/** Orama out of the box (default index and tokenizer): the starting point. */
export function stockOrama(passages: Passage[]): Retriever {
  const db: AnyOrama = create({ schema: { text: 'string' } as const });
  insertMultiple(db, passages.map((p) => ({ id: p.id, text: flat(p) })) as never);
  return {
    name: 'stock Orama',
    search: (query, k) => (search(db, { term: query, limit: k }) as Results<{ id: string }>).hits.map((h) => h.id),
  };
}
