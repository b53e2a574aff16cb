/**
 * Retrieval quality on the dev sets: `npm run eval:retrieval [-- --questions <file>]
 * [--corpus doc2dial|rhdh|all] [--quick] [--flush-postings N] [--min-words N] [--max-words N]
 * [--ranking '<RankingParams JSON>']`. Passage size defaults to the product's (DEFAULT_OPTIONS).
 *
 * Each corpus is ingested with the product's markdown ingest and indexed with the product's
 * passage index. For three query constructions (last user turn; last turn + ~100 history tokens,
 * the product's buildQuery; the full history) it prints document recall@1/@2/@5 (is a gold
 * document among the first k distinct documents of the ranked passages) and gold-passage
 * recall@1/@5 (see scripts/eval/corpora.ts for the gold passage), for the product (its index
 * flushed into several segments, searched with skipping), the same index scored exhaustively
 * (must rank the same: the count of identical top 10s is printed), textbook BM25, MiniSearch and
 * stock Orama.
 * The last line is the JSON summary for the product with the history query.
 */
import path from 'node:path';
import { buildQuery, createPassageIndex, type RankingParams } from '../src/core/index/index';
import { DEFAULT_OPTIONS } from '../src/core/verity';
import type { Passage } from '../src/core/types';
import { miniSearch, stockOrama, textbookBm25, type Retriever } from './eval/baselines';
import { loadDoc2dial, loadRhdh, sharedDataDir, type ChunkOpts, type Corpus, type EvalQuestion } from './eval/corpora';

type Construction = 'last turn' | 'last turn + history' | 'full history';
const CONSTRUCTIONS: Construction[] = ['last turn', 'last turn + history', 'full history'];

interface Scores {
  n: number;
  doc: Record<'1' | '2' | '5', number>;
  psg: Record<'1' | '5', number>;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function queryFor(q: EvalQuestion, c: Construction): string {
  if (c === 'last turn') return q.lastTurn;
  if (c === 'last turn + history') return buildQuery(q.lastTurn, q.history);
  return [q.lastTurn, ...[...q.history].reverse().map((t) => t.text)].join('\n');
}

function evaluate(r: Retriever, qs: EvalQuestion[], c: Construction, pathOf: Map<string, string>): Scores {
  const hits = { d1: 0, d2: 0, d5: 0, p1: 0, p5: 0 };
  for (const q of qs) {
    const ids = r.search(queryFor(q, c), 50);
    const docs: string[] = [];
    for (const id of ids) {
      const d = pathOf.get(id)!;
      if (!docs.includes(d)) docs.push(d);
      if (docs.length >= 5) break;
    }
    const docAt = (k: number): boolean => docs.slice(0, k).some((d) => q.goldDocs.has(d));
    if (docAt(1)) hits.d1++;
    if (docAt(2)) hits.d2++;
    if (docAt(5)) hits.d5++;
    if (ids.slice(0, 1).some((id) => q.goldPassages.has(id))) hits.p1++;
    if (ids.slice(0, 5).some((id) => q.goldPassages.has(id))) hits.p5++;
  }
  const pct = (x: number): number => Math.round((1000 * x) / Math.max(1, qs.length)) / 10;
  return { n: qs.length, doc: { 1: pct(hits.d1), 2: pct(hits.d2), 5: pct(hits.d5) }, psg: { 1: pct(hits.p1), 5: pct(hits.p5) } };
}

async function productRetrievers(passages: Passage[], flushPostings: number, ranking?: Partial<RankingParams>): Promise<{ product: Retriever; exhaustive: Retriever; segments: number }> {
  const index = createPassageIndex({ flushPostings, ranking });
  await index.add(passages);
  return {
    product: { name: 'Verity', search: (query, k) => index.search(query, { k }).map((h) => h.passage.id) },
    exhaustive: { name: 'Verity (exhaustive)', search: (query, k) => index.search(query, { k, exhaustive: true }).map((h) => h.passage.id) },
    segments: index.status().segments,
  };
}

const fmt = (x: number): string => x.toFixed(1).padStart(5);

async function runCorpus(corpus: Corpus, opts: { quick: boolean; flushPostings: number; ranking?: Partial<RankingParams> }): Promise<Scores> {
  const log = (s: string): void => console.log(s);
  let qs = corpus.questions;
  if (opts.quick && qs.length > 400) qs = qs.filter((_, i) => i % Math.ceil(qs.length / 400) === 0);
  const withGold = qs.filter((q) => q.goldPassages.size > 0).length;
  const golds = qs.reduce((a, q) => a + q.goldPassages.size, 0) / Math.max(1, qs.length);
  log(`\n== ${corpus.name}: ${corpus.files.length} files, ${corpus.passages.length} passages, ${qs.length} questions (${withGold} with gold passages, ${golds.toFixed(1)} per question)`);
  const pathOf = new Map(corpus.passages.map((p) => [p.id, p.path]));
  const t0 = performance.now();
  const { product, exhaustive, segments } = await productRetrievers(corpus.passages, opts.flushPostings, opts.ranking);
  const retrievers: Retriever[] = [product, exhaustive, textbookBm25(corpus.passages), miniSearch(corpus.passages), stockOrama(corpus.passages)];
  log(`indexed in ${((performance.now() - t0) / 1000).toFixed(1)} s (Verity: ${segments} segments)`);
  const hasHistory = qs.some((q) => q.history.length > 0);
  const constructions = hasHistory ? CONSTRUCTIONS : (['last turn'] as Construction[]);
  log(`${'query'.padEnd(20)} ${'system'.padEnd(20)} | doc R@1 R@2 R@5 | psg R@1 R@5 | ms/q`);
  let summary: Scores | undefined;
  for (const c of constructions) {
    const same = qs.filter((q) => product.search(queryFor(q, c), 10).join() === exhaustive.search(queryFor(q, c), 10).join()).length;
    log(`${c}: Verity's top 10 equals exhaustive scoring's for ${same} of ${qs.length} questions`);
    for (const r of retrievers) {
      const t = performance.now();
      const s = evaluate(r, qs, c, pathOf);
      const ms = (performance.now() - t) / Math.max(1, qs.length);
      log(`${c.padEnd(20)} ${r.name.padEnd(20)} | ${fmt(s.doc[1])}${fmt(s.doc[2])}${fmt(s.doc[5])} | ${fmt(s.psg[1])}${fmt(s.psg[5])} | ${ms.toFixed(2)}`);
      if (r === product && (c === 'last turn + history' || !hasHistory)) summary = s;
    }
  }
  return summary!;
}

async function main(): Promise<void> {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const data = sharedDataDir(root);
  if (!data) {
    console.log('shared data (../shared/data) not found: nothing to evaluate');
    process.exit(2);
  }
  const quick = process.argv.includes('--quick');
  const questions = arg('questions');
  const which = arg('corpus') ?? (questions ? 'doc2dial' : 'all');
  // small enough that each corpus is searched as several segments
  const flushPostings = Number(arg('flush-postings') ?? 20_000);
  // passage size: the product's defaults unless overridden
  const chunk: ChunkOpts = { minWords: Number(arg('min-words') ?? DEFAULT_OPTIONS.passageMinWords), maxWords: Number(arg('max-words') ?? DEFAULT_OPTIONS.passageMaxWords) };
  const rankingArg = arg('ranking');
  const ranking = rankingArg ? (JSON.parse(rankingArg) as Partial<RankingParams>) : undefined;
  console.log(`passages: product markdown ingest, ${chunk.minWords}-${chunk.maxWords} words${ranking ? `; ranking ${rankingArg}` : ''}`);
  let summary: Scores | undefined;
  if (which === 'doc2dial' || which === 'all') {
    const d = path.join(data, 'doc2dial');
    summary = await runCorpus(loadDoc2dial(d, questions ? path.resolve(questions) : path.join(d, 'questions.dev.jsonl'), chunk), { quick, flushPostings, ranking });
  }
  if (which === 'rhdh' || which === 'all') {
    const d = path.join(data, 'rhdh-docs');
    const s = await runCorpus(loadRhdh(d, path.join(d, 'questions.dev.jsonl'), chunk), { quick, flushPostings, ranking });
    summary ??= s;
  }
  if (!summary) throw new Error(`unknown corpus ${which}`);
  console.log(JSON.stringify({ questions: summary.n, docRecall: summary.doc, passageRecall: summary.psg }));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
