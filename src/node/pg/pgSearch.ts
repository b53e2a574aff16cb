/**
 * BM25F over posting blocks, scored in the client with the segment index's formula
 * (queryPlan.ts, impacts.ts, maxScore.ts): per query term W = weight × ln(1 + (N − df + 0.5) /
 * (df + 0.5)) × (k1 + 1); per posting x = Σ boost_f × tf_f / ((1 − b_f) + b_f × len_f / avglen_f)
 * and W × x / (k1 + x), summed per passage; the file share (docWeight × the best passage score
 * of the file). Statistics, block numbers, dead passages, the blocks not cached yet and the
 * bodies of the pool are read in one REPEATABLE READ transaction: one snapshot, so a reader
 * never mixes two versions of a file. The pool is re-ranked by core/search/rerank.ts.
 *
 * Scoring in SQL over a row per posting was measured first: 53 ms for one query's 16k postings
 * at 10k passages (per-row executor cost), 201 ms p95, so the postings travel packed instead.
 */
import type { PoolClient } from 'pg';
import type { RankingParams, WeightedTerm } from '../../core/index/ranking';
import { TopHeap } from '../../core/index/topHeap';
import type { Candidate } from '../../core/search/rerank';
import type { Passage, SearchOptions } from '../../core/types';
import type { BlockCache } from './blockCache';
import { decodeBlock, type Block } from './pgBlocks';

/** The pool of the best `size` passages by BM25F + file share for `terms` (the caller holds the transaction). */
export async function searchPool(c: PoolClient, corpus: number, terms: readonly WeightedTerm[], params: RankingParams, opts: SearchOptions, size: number, cache: BlockCache): Promise<Candidate[]> {
  const head = await c.query<{ n: string; len0: number; len1: number; len2: number; dead: number[] | null }>(
    'SELECT passages AS n, len0, len1, len2, (SELECT array_agg(pno) FROM verity_dead d WHERE d.corpus = $1) AS dead FROM verity_corpus WHERE id = $1',
    [corpus],
  );
  const h = head.rows[0];
  if (!h) return [];
  const N = Number(h.n);
  const stats = await c.query<{ tid: number; term: string; df: number; bnos: string[] }>(
    'SELECT t.tid, t.term, t.df, array(SELECT b.bno FROM verity_block b WHERE b.tid = t.tid) AS bnos FROM verity_term t WHERE t.corpus = $1 AND t.term = ANY($2::text[]) AND t.df > 0',
    [corpus, terms.map((t) => t.term)],
  );
  if (stats.rows.length === 0) return [];
  const weightOf = new Map(terms.map((t) => [t.term, t.weight]));
  const { k1, b, boosts } = params;
  const sums = [h.len0, h.len1, h.len2];
  const c0 = new Float64Array(3);
  const c1 = new Float64Array(3);
  for (let f = 0; f < 3; f++) {
    const avg = N > 0 ? Math.max(sums[f]! / N, 1e-9) : 1;
    c0[f] = 1 - b[f]!;
    c1[f] = b[f]! / avg;
  }
  // the blocks of the query's terms: from the cache, the rest in one round trip
  const lanes: Array<{ W: number; blocks: Block[] }> = [];
  const missing: string[] = [];
  const wanted = new Map<string, Block[]>();
  for (const r of stats.rows) {
    const blocks: Block[] = [];
    lanes.push({ W: weightOf.get(r.term)! * Math.log(1 + (N - r.df + 0.5) / (r.df + 0.5)) * (k1 + 1), blocks });
    for (const bno of r.bnos) {
      const hit = cache.get(bno);
      if (hit) blocks.push(hit);
      else {
        missing.push(bno);
        wanted.set(bno, blocks);
      }
    }
  }
  if (missing.length) {
    // base64 text: a third of the hex form's overhead (pg's binary results need a binary-mode connection)
    const rows = await c.query<{ bno: string; data: string }>("SELECT bno, encode(data, 'base64') AS data FROM verity_block WHERE tid = ANY($1::int[]) AND bno = ANY($2::bigint[])", [stats.rows.map((r) => r.tid), missing]);
    for (const r of rows.rows) {
      const block = decodeBlock(Buffer.from(r.data, 'base64'));
      cache.set(r.bno, block);
      wanted.get(r.bno)!.push(block);
    }
  }
  let accept: Set<number> | undefined;
  if (opts.pathPrefix !== undefined || opts.kind !== undefined) {
    const rows = await c.query<{ pno: number }>('SELECT pno FROM verity_passage WHERE corpus = $1 AND ($2::text IS NULL OR starts_with(path, $2)) AND ($3::smallint IS NULL OR kind = $3)', [
      corpus,
      opts.pathPrefix ?? null,
      opts.kind === undefined ? null : opts.kind === 'pdf' ? 1 : 0,
    ]);
    accept = new Set(rows.rows.map((r) => r.pno));
  }
  const dead = new Set(h.dead ?? []);
  // scores accumulate in a dense array over the span of passage numbers the blocks hold
  // (and file bests over the span of file numbers): typed arrays, not maps, in the loops below
  let lo = Infinity;
  let hi = -Infinity;
  let flo = Infinity;
  let fhi = -Infinity;
  for (const l of lanes)
    for (const bl of l.blocks)
      if (bl.n) {
        lo = Math.min(lo, bl.pnos[0]!);
        hi = Math.max(hi, bl.pnos[bl.n - 1]!);
        for (let i = 0; i < bl.n; i++) {
          const f = bl.fnos[i]!;
          if (f < flo) flo = f;
          if (f > fhi) fhi = f;
        }
      }
  if (lo > hi) return [];
  const score = new Float64Array(hi - lo + 1);
  const fileOf = new Int32Array(hi - lo + 1);
  // passages not to score: dead ones, and those outside a filter
  const skip = new Uint8Array(hi - lo + 1);
  for (const pno of dead) if (pno >= lo && pno <= hi) skip[pno - lo] = 1;
  if (accept) for (let at = 0; at < skip.length; at++) if (!accept.has(at + lo)) skip[at] = 1;
  const touched: number[] = [];
  const bo0 = boosts[0]!, bo1 = boosts[1]!, bo2 = boosts[2]!;
  for (const { W, blocks } of lanes) {
    for (const bl of blocks) {
      const { pnos, fnos, lens, tfs } = bl;
      for (let i = 0; i < bl.n; i++) {
        const at = pnos[i]! - lo;
        if (skip[at]) continue;
        let x = 0;
        const t0 = tfs[3 * i]!, t1 = tfs[3 * i + 1]!, t2 = tfs[3 * i + 2]!;
        if (t0) x += (bo0 * t0) / (c0[0]! + c1[0]! * lens[3 * i]!);
        if (t1) x += (bo1 * t1) / (c0[1]! + c1[1]! * lens[3 * i + 1]!);
        if (t2) x += (bo2 * t2) / (c0[2]! + c1[2]! * lens[3 * i + 2]!);
        if (score[at] === 0) {
          touched.push(at);
          fileOf[at] = fnos[i]!;
        }
        score[at]! += (W * x) / (k1 + x);
      }
    }
  }
  const best = new Float64Array(fhi - flo + 1);
  for (const at of touched) {
    const r = Math.fround(score[at]!);
    const f = fileOf[at]! - flo;
    if (r > best[f]!) best[f] = r;
  }
  const dw = params.docWeight;
  const heap = new TopHeap(Math.max(1, size), (x, y) => x - y);
  for (const at of touched) {
    const s = Math.fround(score[at]!);
    heap.offer(dw > 0 ? s + dw * best[fileOf[at]! - flo]! : s, at + lo);
  }
  const pool: number[] = [];
  for (let i = 0; i < heap.n; i++) pool.push(heap.addrs[i]!);
  if (pool.length === 0) return [];
  const bodies = await c.query<{ pno: number; body: Passage }>('SELECT pno, body FROM verity_passage WHERE pno = ANY($1::int[])', [pool]);
  return bodies.rows.map((r) => ({ passage: r.body, score: score[r.pno - lo]!, fileBest: best[fileOf[r.pno - lo]! - flo]! }));
}
