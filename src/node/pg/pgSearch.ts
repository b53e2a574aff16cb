/**
 * BM25F over posting blocks, scored in the client with the segment index's formula
 * (queryPlan.ts, impacts.ts): per query term W = weight × ln(1 + (N − df + 0.5) / (df + 0.5)) ×
 * (k1 + 1); per posting x = Σ boost_f × tf_f / ((1 − b_f) + b_f × len_f / avglen_f) and
 * W × x / (k1 + x), summed per passage; the file share (docWeight × the best passage score of
 * the file). The pool is scored with MaxScore (pgScore.ts) and re-ranked by
 * core/search/rerank.ts.
 *
 * Round trips: the statistics, the block numbers of the query's terms and the dead passages come
 * in one statement (one snapshot); the blocks and the bodies not cached (ReadCaches) follow in
 * plain statements on the same connection, outside any transaction: a block row and a passage row are immutable (inserted
 * once, deleted by a compaction or a rewrite, never updated), so what they return is what the
 * first statement's snapshot held, unless a row has gone since. Then, and only then, the search
 * runs again inside one REPEATABLE READ transaction (`snapshot`), so a reader still never mixes
 * two versions of a file. Statements are prepared (named) once per connection.
 *
 * Scoring in SQL over a row per posting was measured first: 53 ms for one query's 16k postings
 * at 10k passages (per-row executor cost), 201 ms p95, so the postings travel packed instead.
 */
import type { PoolClient } from 'pg';
import type { RankingParams, WeightedTerm } from '../../core/index/ranking';
import type { Candidate } from '../../core/search/rerank';
import type { Passage, SearchOptions } from '../../core/types';
import type { BlockCache } from './blockCache';
import type { BoundedCache } from '../../core/boundedCache';
import { decodeBlock, type Block } from './pgBlocks';
import { poolMaxScore, type Lane, type PoolCounters, type PoolEntry } from './pgScore';

/** What a search reads with: a pool (a statement each) or a client inside a transaction. */
export interface Queryable {
  query: PoolClient['query'];
}

/** A row read by number has gone since the first statement: search again in one snapshot. */
export class RowsMoved extends Error {}

// one row: the corpus's statistics, its dead passages, and per query term its document frequency
// and block numbers (a lateral subquery per term: the block index is used per term, where a join
// over all the terms let the planner scan the whole block table)
const HEAD = {
  name: 'verity-search-head-2',
  text: `SELECT c.passages AS n, c.len0, c.len1, c.len2,
                (SELECT array_agg(d.pno) FROM verity_dead d WHERE d.corpus = c.id) AS dead,
                t.terms, t.dfs, t.tids, t.bnos
         FROM verity_corpus c LEFT JOIN LATERAL (
           SELECT array_agg(x.term) AS terms, array_agg(x.df) AS dfs, array_agg(x.tid) AS tids,
                  array_agg(array_to_string(array(SELECT b.bno FROM verity_block b WHERE b.tid = x.tid), ',')) AS bnos
           FROM verity_term x WHERE x.corpus = c.id AND x.term = ANY($2::text[]) AND x.df > 0) t ON true
         WHERE c.id = $1`,
};
const BLOCKS = { name: 'verity-search-blocks-1', text: "SELECT bno, encode(data, 'base64') AS data FROM verity_block WHERE tid = ANY($1::int[]) AND bno = ANY($2::bigint[])" };
const BODIES = { name: 'verity-search-bodies-1', text: 'SELECT pno, body FROM verity_passage WHERE pno = ANY($1::int[])' };
const FILTER = {
  name: 'verity-search-filter-1',
  text: 'SELECT pno FROM verity_passage WHERE corpus = $1 AND ($2::text IS NULL OR starts_with(path, $2)) AND ($3::smallint IS NULL OR kind = $3)',
};

/** What a search reads through: the reader's caches of immutable rows. */
export interface ReadCaches {
  blocks: BlockCache;
  passages: BoundedCache<number, Passage>;
}

/**
 * The candidates of the best `size` passages by BM25F + file share for `terms`: those of the pool
 * that can be among the first `need` once ties are ordered by passage id (rerank.ts), each with
 * its body, and no others (a body is read only where the ranking can show it). With `snapshot`
 * false, `q` is a pool and RowsMoved is thrown when the rows read by number changed meanwhile;
 * with `snapshot` true, `q` holds a REPEATABLE READ transaction.
 */
export async function searchPool(q: Queryable, corpus: number, terms: readonly WeightedTerm[], params: RankingParams, opts: SearchOptions, size: number, need: number, caches: ReadCaches, snapshot: boolean, counters?: PoolCounters): Promise<Candidate[]> {
  const cache = caches.blocks;
  const head = await q.query<{ n: string; len0: number; len1: number; len2: number; dead: number[] | null; terms: string[] | null; dfs: number[] | null; tids: number[] | null; bnos: string[] | null }>({
    ...HEAD,
    values: [corpus, terms.map((t) => t.term)],
  });
  const h = head.rows[0];
  if (!h || !h.terms) return [];
  const N = Number(h.n);
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
  const laneOf = new Map<number, Lane>();
  const lanes: Lane[] = [];
  h.terms.forEach((term, i) => {
    const df = h.dfs![i]!;
    const lane: Lane = { W: weightOf.get(term)! * Math.log(1 + (N - df + 0.5) / (df + 0.5)) * (k1 + 1), blocks: [] };
    lanes.push(lane);
    laneOf.set(h.tids![i]!, lane);
  });
  const missing: string[] = [];
  const wanted = new Map<string, Block[]>();
  (h.bnos ?? []).forEach((list, i) => {
    const blocks = laneOf.get(h.tids![i]!)!.blocks;
    for (const bno of list ? list.split(',') : []) {
      const hit = cache.get(bno);
      if (hit) blocks.push(hit);
      else {
        missing.push(bno);
        wanted.set(bno, blocks);
      }
    }
  });
  if (missing.length) {
    // base64 text: a third of the hex form's overhead (pg's binary results need a binary-mode connection)
    const rows = await q.query<{ bno: string; data: string }>({ ...BLOCKS, values: [[...laneOf.keys()], missing] });
    if (rows.rows.length !== missing.length) throw new RowsMoved('posting blocks were compacted meanwhile');
    for (const r of rows.rows) {
      const block = decodeBlock(Buffer.from(r.data, 'base64'));
      cache.set(r.bno, block);
      wanted.get(r.bno)!.push(block);
    }
  }
  let accept: Set<number> | undefined;
  if (opts.pathPrefix !== undefined || opts.kind !== undefined) {
    // a filter's passage list must come from the same snapshot as the statistics
    if (!snapshot) throw new RowsMoved('a filtered search reads in one snapshot');
    const rows = await q.query<{ pno: number }>({ ...FILTER, values: [corpus, opts.pathPrefix ?? null, opts.kind === undefined ? null : opts.kind === 'pdf' ? 1 : 0] });
    accept = new Set(rows.rows.map((r) => r.pno));
  }
  const dead = h.dead && h.dead.length > 0 ? new Set(h.dead) : undefined;
  const excluded = dead || accept ? (pno: number): boolean => (dead?.has(pno) ?? false) || (accept !== undefined && !accept.has(pno)) : undefined;
  const pool = poolMaxScore({ lanes, c0, c1, boosts, k1, docWeight: params.docWeight, ...(excluded ? { excluded } : {}) }, size, counters);
  const shown = rankable(pool, need, params.docWeight);
  if (shown.length === 0) return [];
  const bodyOf = new Map<number, Passage>();
  const absent: number[] = [];
  for (const e of shown) {
    const p = caches.passages.get(e.pno);
    if (p) bodyOf.set(e.pno, p);
    else absent.push(e.pno);
  }
  if (absent.length > 0) {
    const bodies = await q.query<{ pno: number; body: Passage }>({ ...BODIES, values: [absent] });
    if (bodies.rows.length !== absent.length) throw new RowsMoved('passages were rewritten meanwhile');
    for (const r of bodies.rows) {
      caches.passages.set(r.pno, r.body);
      bodyOf.set(r.pno, r.body);
    }
  }
  return shown.map((e) => ({ passage: bodyOf.get(e.pno)!, score: e.score, fileBest: e.fileBest }));
}

/**
 * The entries of `pool` (best first by final score, ties by passage number) that can rank among
 * the first `need` when ties go by passage id instead: every entry whose final score, computed as
 * rankCandidates computes it, reaches the `need`-th's.
 */
export function rankable(pool: readonly PoolEntry[], need: number, docWeight: number): PoolEntry[] {
  if (pool.length <= need) return [...pool];
  const finalOf = (e: PoolEntry): number => (docWeight > 0 ? Math.fround(e.score) + docWeight * Math.fround(e.fileBest) : Math.fround(e.score));
  const bar = Math.min(...pool.slice(0, need).map(finalOf));
  return pool.filter((e) => finalOf(e) >= bar);
}
