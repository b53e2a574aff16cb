/**
 * A query prepared against the corpus statistics of the moment: each term's weight × idf ×
 * (k1 + 1), the fields' length normalisation, and which passages the query may return.
 */
import { FIELD_COUNT } from './corpusStats';
import { addressOf, type Accept, type QueryPlan } from './maxScore';
import type { QueryContext, RankingParams } from './ranking';
import type { SegmentSet } from './segmentSet';

/** The plan of `ctx` over `set` (BM25F with its document count, average lengths and frequencies). */
export function planQuery(set: SegmentSet, params: RankingParams, ctx: QueryContext): QueryPlan {
  const { k1, b, boosts } = params;
  const N = set.docCount;
  const sums = set.lengthSums();
  const norms = { c0: new Float64Array(FIELD_COUNT), c1: new Float64Array(FIELD_COUNT), boosts: Float64Array.from(boosts) };
  for (let f = 0; f < FIELD_COUNT; f++) {
    const avg = N > 0 ? Math.max(sums[f]! / N, 1e-9) : 1;
    norms.c0[f] = 1 - b[f]!;
    norms.c1[f] = b[f]! / avg;
  }
  const W = Float64Array.from(ctx.terms, ({ term, weight }) => {
    const df = set.df(term);
    return weight * Math.log(1 + (N - df + 0.5) / (df + 0.5)) * (k1 + 1);
  });
  return { terms: ctx.terms.map((t) => t.term), W, norms, k1 };
}

/**
 * The filter of a query: passages under the path prefix, of the kind, among the addresses in
 * `where` (Orama's where clause); undefined when nothing is filtered.
 */
export function acceptFor(set: SegmentSet, ctx: Pick<QueryContext, 'pathPrefix' | 'kind'>, where?: Set<number>): Accept | undefined {
  const prefix = ctx.pathPrefix;
  const kind = ctx.kind === 'pdf' ? 1 : ctx.kind === 'md' ? 0 : ctx.kind === undefined ? -1 : -2;
  if (!prefix && kind === -1 && !where) return undefined;
  let pathOk: Uint8Array | undefined;
  if (prefix) {
    pathOk = new Uint8Array(set.paths.length);
    set.paths.forEach((p, i) => (pathOk![i] = p.startsWith(prefix) ? 1 : 0));
  }
  const nSeg = set.segments.length;
  return (ord, doc, pathId) => {
    if (pathOk && !pathOk[pathId]) return false;
    if (kind !== -1 && (ord < nSeg ? set.segments[ord]!.kinds[doc] : set.buffers[ord - nSeg]!.kinds[doc]) !== kind) return false;
    return !where || where.has(addressOf(ord, doc));
  };
}
