/**
 * BM25F in SQL, the segment index's formula (queryPlan.ts, impacts.ts, maxScore.ts): per query
 * term W = weight × ln(1 + (N − df + 0.5)/(df + 0.5)) × (k1 + 1); per posting x = Σ boost_f ×
 * tf_f / ((1 − b_f) + b_f × len_f / avglen_f) and W × x / (k1 + x), summed per passage; the file
 * share (docWeight × the best passage score of the file) with a window over the file. One
 * statement, so a reader scores the postings and statistics of one snapshot. The pool it returns
 * is re-ranked in the client (core/search/rerank.ts: rounding, ties, phrase bonus).
 */
import type { Pool } from 'pg';
import type { RankingParams } from '../../core/index/ranking';
import type { WeightedTerm } from '../../core/index/ranking';
import type { Candidate } from '../../core/search/rerank';
import type { Passage, SearchOptions } from '../../core/types';

const SQL = (filtered: boolean): string => `
WITH c AS (SELECT passages::float8 AS n, len0, len1, len2 FROM verity_corpus WHERE id = $1),
q AS (
  SELECT t.tid, u.w * ln(1 + (c.n - t.df + 0.5) / (t.df + 0.5)) * ($4::float8 + 1) AS wt
  FROM unnest($2::text[], $3::float8[]) AS u(term, w)
  JOIN verity_term t ON t.corpus = $1 AND t.term = u.term
  CROSS JOIN c
  WHERE t.df > 0),
nm AS (
  SELECT 1 - $5::float8 AS a0, CASE WHEN c.n > 0 THEN $5::float8 / greatest(c.len0 / c.n, 1e-9) ELSE $5::float8 END AS m0,
         1 - $6::float8 AS a1, CASE WHEN c.n > 0 THEN $6::float8 / greatest(c.len1 / c.n, 1e-9) ELSE $6::float8 END AS m1,
         1 - $7::float8 AS a2, CASE WHEN c.n > 0 THEN $7::float8 / greatest(c.len2 / c.n, 1e-9) ELSE $7::float8 END AS m2
  FROM c),
s AS (
  SELECT p.pno, p.fno, sum(q.wt * x.x / ($4::float8 + x.x)) AS score
  FROM q JOIN verity_posting p ON p.tid = q.tid
  CROSS JOIN nm
  CROSS JOIN LATERAL (SELECT $8::float8 * p.tf0 / (nm.a0 + nm.m0 * p.len0)
                           + $9::float8 * p.tf1 / (nm.a1 + nm.m1 * p.len1)
                           + $10::float8 * p.tf2 / (nm.a2 + nm.m2 * p.len2) AS x) x
  ${filtered ? 'JOIN verity_passage fp ON fp.pno = p.pno AND ($13::text IS NULL OR starts_with(fp.path, $13)) AND ($14::smallint IS NULL OR fp.kind = $14)' : ''}
  GROUP BY p.pno, p.fno),
f AS (SELECT pno, score, max(score) OVER (PARTITION BY fno) AS best FROM s),
top AS (SELECT pno, score, best FROM f ORDER BY score + $11::float8 * best DESC LIMIT $12)
SELECT top.score, top.best, pa.body FROM top JOIN verity_passage pa ON pa.pno = top.pno`;

/** The pool of the best `pool` passages by BM25F + file share for `terms`. */
export async function searchPool(pool: Pool, corpus: number, terms: readonly WeightedTerm[], params: RankingParams, opts: SearchOptions, size: number): Promise<Candidate[]> {
  const filtered = opts.pathPrefix !== undefined || opts.kind !== undefined;
  const args: unknown[] = [
    corpus,
    terms.map((t) => t.term),
    terms.map((t) => t.weight),
    params.k1,
    params.b[0],
    params.b[1],
    params.b[2],
    params.boosts[0],
    params.boosts[1],
    params.boosts[2],
    params.docWeight,
    size,
  ];
  if (filtered) args.push(opts.pathPrefix ?? null, opts.kind === undefined ? null : opts.kind === 'pdf' ? 1 : 0);
  const res = await pool.query<{ score: number; best: number; body: Passage }>({ text: SQL(filtered), values: args });
  return res.rows.map((r) => ({ passage: r.body, score: r.score, fileBest: r.best }));
}
