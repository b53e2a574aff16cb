/**
 * The pool of a PostgreSQL search, scored in the client over decoded posting blocks: the best
 * `size` passages by BM25F + file share (score + docWeight × the best score of its file), ties
 * to the lower passage number. Two scorers, which return the same pool:
 *
 * - `poolExhaustive` scores every posting of the query's terms (the reference, and what this
 *   adapter did before);
 * - `poolMaxScore` finds the best P passages by BM25F with MaxScore over windows of passage
 *   numbers and per-128-posting bounds (as the segment index does, maxScore.ts): terms whose
 *   bounds together cannot lift a passage into the current top P only touch the passages the
 *   other terms found. Then the file share, as retrieve.ts does it: a file with a passage in the
 *   pool knows its best score exactly (everything outside scores at most the pool's threshold θ),
 *   so only the files whose unseen passages could still reach the top are scored in full, and a
 *   file with nothing in the pool scores at most (1 + docWeight) θ; when that bound does not
 *   fall below the score ranked `size`, P grows and the pass runs again.
 *
 * Chunk bounds depend on the corpus's average field lengths (BM25's length normalisation), which
 * move with every write; they are computed with the normalisation of a 5% longer average (a
 * smaller c1 gives a larger bound), so they stay valid upper bounds, and are recomputed only once
 * the average has grown past that.
 */
import { keepLiftable } from '../../core/index/maxScore';
import { TopHeap } from '../../core/index/topHeap';
import type { Block } from './pgBlocks';

/** One query term: W = weight × idf × (k1 + 1), and its posting blocks. */
export interface Lane {
  W: number;
  blocks: Block[];
}

export interface ScoreInput {
  lanes: Lane[];
  /** Per field: norm(len) = 1 / (c0 + c1 × len). */
  c0: Float64Array;
  c1: Float64Array;
  boosts: readonly number[];
  k1: number;
  docWeight: number;
  /** Passages not to return (dead ones, and those outside a filter). */
  excluded?: (pno: number) => boolean;
}

/** A pool entry: passage number, its BM25F score (single precision) and its file's best. */
export interface PoolEntry {
  pno: number;
  score: number;
  fileBest: number;
}

/** What a search scored (the benchmark's share-of-postings figure). */
export interface PoolCounters {
  postings: number;
  scored: number;
  passes: number;
}

const CHUNK = 128;
const WINDOW = 4096;
/** As in maxScore.ts: bounds keep a margin above rounding. */
const SLACK = 1 + 1e-6;
/** Bounds are computed as for an average field length this much longer (see the file comment). */
const C1_MARGIN = 0.95;

interface ChunkBounds {
  c0: Float64Array;
  c1: Float64Array;
  boosts: number[];
  /** Largest x (boosted, normalised count) per chunk of 128 postings. */
  x: Float64Array;
  /** Smallest and largest file number per chunk. */
  fmin: Int32Array;
  fmax: Int32Array;
}

const boundsOf = new WeakMap<Block, ChunkBounds>();

/** The chunk bounds of `b` valid for (c0, c1, boosts), computed when missing or stale. */
function chunkBounds(b: Block, c0: Float64Array, c1: Float64Array, boosts: readonly number[]): ChunkBounds {
  const have = boundsOf.get(b);
  if (have && have.c0.every((v, f) => v === c0[f]) && have.boosts.every((v, f) => v === boosts[f]) && have.c1.every((v, f) => v <= c1[f]!)) return have;
  const nc = Math.ceil(b.n / CHUNK);
  const cb: ChunkBounds = { c0: Float64Array.from(c0), c1: c1.map((v) => v * C1_MARGIN), boosts: [...boosts], x: new Float64Array(nc), fmin: new Int32Array(nc), fmax: new Int32Array(nc) };
  const { lens, tfs, fnos } = b;
  const bc0 = cb.c0, bc1 = cb.c1;
  const bo0 = boosts[0]!, bo1 = boosts[1]!, bo2 = boosts[2]!;
  for (let c = 0; c < nc; c++) {
    let best = 0;
    let fmin = 2 ** 31 - 1;
    let fmax = -1;
    for (let i = c * CHUNK, end = Math.min(b.n, i + CHUNK); i < end; i++) {
      let x = 0;
      const t0 = tfs[3 * i]!, t1 = tfs[3 * i + 1]!, t2 = tfs[3 * i + 2]!;
      if (t0) x += (bo0 * t0) / (bc0[0]! + bc1[0]! * lens[3 * i]!);
      if (t1) x += (bo1 * t1) / (bc0[1]! + bc1[1]! * lens[3 * i + 1]!);
      if (t2) x += (bo2 * t2) / (bc0[2]! + bc1[2]! * lens[3 * i + 2]!);
      if (x > best) best = x;
      const f = fnos[i]!;
      if (f < fmin) fmin = f;
      if (f > fmax) fmax = f;
    }
    cb.x[c] = best;
    cb.fmin[c] = fmin;
    cb.fmax[c] = fmax;
  }
  boundsOf.set(b, cb);
  return cb;
}

/** A query's field normalisation and boosts as plain numbers (what the scoring loops read per posting). */
interface Norm {
  a0: number;
  a1: number;
  a2: number;
  m0: number;
  m1: number;
  m2: number;
  bo0: number;
  bo1: number;
  bo2: number;
}

const normOf = (c0: Float64Array, c1: Float64Array, boosts: readonly number[]): Norm => ({ a0: c0[0]!, a1: c0[1]!, a2: c0[2]!, m0: c1[0]!, m1: c1[1]!, m2: c1[2]!, bo0: boosts[0]!, bo1: boosts[1]!, bo2: boosts[2]! });

/** BM25F's x of posting `i` of `b`. */
function xAt(b: Block, i: number, n: Norm): number {
  const { tfs, lens } = b;
  let x = 0;
  const t0 = tfs[3 * i]!, t1 = tfs[3 * i + 1]!, t2 = tfs[3 * i + 2]!;
  if (t0) x += (n.bo0 * t0) / (n.a0 + n.m0 * lens[3 * i]!);
  if (t1) x += (n.bo1 * t1) / (n.a1 + n.m1 * lens[3 * i + 1]!);
  if (t2) x += (n.bo2 * t2) / (n.a2 + n.m2 * lens[3 * i + 2]!);
  return x;
}

const xsOf = new WeakMap<Block, { nm: Norm; x: Float64Array }>();
const sameNorm = (a: Norm, b: Norm): boolean => a.a0 === b.a0 && a.a1 === b.a1 && a.a2 === b.a2 && a.m0 === b.m0 && a.m1 === b.m1 && a.m2 === b.m2 && a.bo0 === b.bo0 && a.bo1 === b.bo1 && a.bo2 === b.bo2;

/**
 * Every posting's x of `b` under `n`, computed once per block while the statistics do not move
 * (the same xAt per posting, so the same bits): a reader's warm searches then score a posting
 * with one product and one division instead of up to three divisions. 8 bytes a posting,
 * counted in the block cache's budget (blockBytes).
 */
function xsAt(b: Block, n: Norm): Float64Array {
  const have = xsOf.get(b);
  if (have && sameNorm(have.nm, n)) return have.x;
  // refilled in place when the statistics moved: scoring is synchronous, so no search is midway through it
  const x = have ? have.x : new Float64Array(b.n);
  for (let i = 0; i < b.n; i++) x[i] = xAt(b, i, n);
  xsOf.set(b, { nm: n, x });
  return x;
}

const byPno = (a: number, b: number): number => a - b;

/** The best `size` of `entries` by final score (score + docWeight × fileBest), ties to the lower passage number. */
function best(entries: Iterable<PoolEntry>, size: number, w: number): PoolEntry[] {
  const all = [...entries].map((e) => ({ e, f: w > 0 ? e.score + w * e.fileBest : e.score }));
  all.sort((a, b) => b.f - a.f || a.e.pno - b.e.pno);
  return all.slice(0, size).map((x) => x.e);
}

/** Every posting scored, lane by lane (the reference). */
export function poolExhaustive(input: ScoreInput, size: number, counters?: PoolCounters): PoolEntry[] {
  const { lanes, c0, c1, boosts, k1, excluded } = input;
  const nm = normOf(c0, c1, boosts);
  const score = new Map<number, number>();
  const fileOf = new Map<number, number>();
  for (const { W, blocks } of lanes)
    for (const bl of blocks) {
      if (counters) counters.postings += bl.n;
      for (let i = 0; i < bl.n; i++) {
        const pno = bl.pnos[i]!;
        if (excluded?.(pno)) continue;
        const x = xAt(bl, i, nm);
        score.set(pno, (score.get(pno) ?? 0) + (W * x) / (k1 + x));
        fileOf.set(pno, bl.fnos[i]!);
      }
    }
  if (counters) counters.scored += counters.postings;
  const fileBest = new Map<number, number>();
  for (const [pno, s] of score) {
    const f = fileOf.get(pno)!;
    const r = Math.fround(s);
    if (r > (fileBest.get(f) ?? 0)) fileBest.set(f, r);
  }
  return best(
    [...score].map(([pno, s]) => ({ pno, score: Math.fround(s), fileBest: fileBest.get(fileOf.get(pno)!)! })),
    size,
    input.docWeight,
  );
}

/** A block's cursor: the next posting to read, and the chunk the window bounds start from. */
interface Cursor {
  b: Block;
  pos: number;
  chunk: number;
  cb: ChunkBounds;
  /** Each posting's x (xsAt). */
  xs: Float64Array;
}

/**
 * A window's accumulators, shared by all searches (scoring is synchronous, one search at a time):
 * 84 KB of typed arrays a search no longer allocates and leaves to the collector.
 */
const scratch = {
  acc: new Float64Array(WINDOW),
  hit: new Uint8Array(WINDOW),
  fno: new Int32Array(WINDOW),
  cand: new Int32Array(WINDOW),
  // the window's positions the strong terms reached, in the order reached
  touched: new Int32Array(WINDOW),
};

/** The best `P` passages by BM25F (single precision), with their file numbers. */
function topByScore(input: ScoreInput, P: number, counters?: PoolCounters): { heap: TopHeap; fileOf: Map<number, number> } {
  const { c0, c1, boosts, k1, excluded } = input;
  const nm = normOf(c0, c1, boosts);
  const heap = new TopHeap(P, byPno);
  const fileOf = new Map<number, number>();
  const lanes = input.lanes.map((l) => ({ W: l.W, cursors: l.blocks.filter((b) => b.n > 0).map((b): Cursor => ({ b, pos: 0, chunk: 0, cb: chunkBounds(b, c0, c1, boosts), xs: xsAt(b, nm) })) })).filter((l) => l.cursors.length > 0);
  const m = lanes.length;
  if (m === 0) return { heap, fileOf };
  let lo = Infinity;
  let hi = -Infinity;
  for (const l of lanes)
    for (const c of l.cursors) {
      lo = Math.min(lo, c.b.pnos[0]!);
      hi = Math.max(hi, c.b.pnos[c.b.n - 1]!);
      if (counters) counters.postings += c.b.n;
    }
  const { acc, hit, fno, cand, touched } = scratch;
  // zero already after a search that ran to its end; cleared should one have thrown midway
  acc.fill(0);
  hit.fill(0);
  const wub = new Float64Array(m);
  const order = Array.from({ length: m }, (_, i) => i);
  const prefix = new Float64Array(m + 1);
  let scored = 0;
  for (let start = lo; start <= hi; start += WINDOW) {
    const end = start + WINDOW;
    const theta = heap.threshold;
    let total = 0;
    for (let i = 0; i < m; i++) {
      const l = lanes[i]!;
      let x = 0;
      for (const c of l.cursors) {
        const { pnos, n } = c.b;
        const { x: cx } = c.cb;
        const nc = cx.length;
        // first chunk whose last posting reaches this window
        while (c.chunk < nc && pnos[Math.min(n, (c.chunk + 1) * CHUNK) - 1]! < start) c.chunk++;
        for (let k = c.chunk; k < nc && pnos[k * CHUNK]! < end; k++) if (cx[k]! > x) x = cx[k]!;
      }
      wub[i] = x > 0 ? ((l.W * x) / (k1 + x)) * SLACK : 0;
      total += wub[i]!;
    }
    if (total <= theta) continue;
    order.sort((a, b) => wub[a]! - wub[b]!);
    for (let i = 0; i < m; i++) prefix[i + 1] = prefix[i]! + wub[order[i]!]!;
    let e = 0;
    while (e < m && prefix[e + 1]! <= theta) e++;
    // the strong terms: every posting in the window
    let nt = 0;
    for (let k = e; k < m; k++) {
      const l = lanes[order[k]!]!;
      if (wub[order[k]!] === 0) continue;
      for (const c of l.cursors) {
        const b = c.b;
        const { pnos, fnos, n } = b;
        const xs = c.xs;
        let i = Math.max(c.pos, c.chunk * CHUNK);
        while (i < n && pnos[i]! < start) i++;
        for (; i < n && pnos[i]! < end; i++) {
          const at = pnos[i]! - start;
          const x = xs[i]!;
          acc[at]! += (l.W * x) / (k1 + x);
          if (hit[at] === 0) {
            hit[at] = 1;
            touched[nt++] = at;
          }
          fno[at] = fnos[i]!;
          scored++;
        }
        c.pos = i;
      }
    }
    // candidates: passages the strong terms found that the weak ones could still lift
    let nc = 0;
    for (let t = 0; t < nt; t++) {
      const j = touched[t]!;
      if (acc[j]! * SLACK + prefix[e]! > theta && !excluded?.(start + j)) cand[nc++] = j;
      else {
        hit[j] = 0;
        acc[j] = 0;
      }
    }
    for (let k = e - 1; k >= 0 && nc > 0; k--) {
      // (the candidates were just chosen against prefix[e]: the first weak term's filter would keep them all)
      if (k < e - 1) nc = keepLiftable(cand, nc, acc, hit, prefix[k + 1]!, theta);
      if (nc === 0) break;
      const l = lanes[order[k]!]!;
      if (wub[order[k]!] === 0) continue;
      for (const c of l.cursors) {
        const b = c.b;
        const { pnos, n } = b;
        let i = Math.max(c.pos, c.chunk * CHUNK);
        while (i < n && pnos[i]! < start) i++;
        // the window's postings of this block: [i, stop)
        let stop = i;
        for (let k2 = Math.floor(i / CHUNK); k2 * CHUNK < n && pnos[k2 * CHUNK]! < end; k2++) stop = Math.min(n, (k2 + 1) * CHUNK);
        stop = lowerBound(pnos, end, i, stop);
        if (stop - i > 8 * nc) {
          // few candidates in a dense stretch: look each one up
          for (let q = 0; q < nc; q++) {
            const target = start + cand[q]!;
            let a = i;
            let z = stop;
            while (a < z) {
              const mid = (a + z) >> 1;
              if (pnos[mid]! < target) a = mid + 1;
              else z = mid;
            }
            if (a < stop && pnos[a] === target) {
              const x = c.xs[a]!;
              acc[cand[q]!]! += (l.W * x) / (k1 + x);
              scored++;
            }
          }
        } else
          for (let p = i; p < stop; p++) {
            const j = pnos[p]! - start;
            if (hit[j] === 0) continue;
            const x = c.xs[p]!;
            acc[j]! += (l.W * x) / (k1 + x);
            scored++;
          }
        c.pos = stop;
      }
    }
    for (let i = 0; i < nc; i++) {
      const j = cand[i]!;
      if (heap.offer(Math.fround(acc[j]!), start + j)) fileOf.set(start + j, fno[j]!);
      hit[j] = 0;
      acc[j] = 0;
    }
  }
  if (counters) counters.scored += scored;
  return { heap, fileOf };
}

/** Per block: whether its file numbers never fall along its postings (see scoreFiles). */
const ascending = new WeakMap<Block, boolean>();

function filesAscend(b: Block): boolean {
  let up = ascending.get(b);
  if (up === undefined) {
    up = true;
    const { fnos, n } = b;
    for (let i = 1; i < n && up; i++) if (fnos[i]! < fnos[i - 1]!) up = false;
    ascending.set(b, up);
  }
  return up;
}

/** The first index in [from, to) of the sorted `xs` whose value is at least `x`. */
function lowerBound(xs: Int32Array, x: number, from: number, to: number): number {
  let a = from;
  let z = to;
  while (a < z) {
    const mid = (a + z) >> 1;
    if (xs[mid]! < x) a = mid + 1;
    else z = mid;
  }
  return a;
}

/**
 * Exact BM25F scores of every passage (not excluded) of the files in `files`. A block whose file
 * numbers rise with its passage numbers (files are numbered as they are written, so a first build
 * and a compaction leave most blocks so) is searched for each file's run of postings; any other
 * block is read by the chunks whose file range holds one of the files.
 */
function scoreFiles(input: ScoreInput, files: Set<number>, counters?: PoolCounters): Map<number, { s: number; fno: number }> {
  const { lanes, c0, c1, boosts, k1, excluded } = input;
  const nm = normOf(c0, c1, boosts);
  const want = Int32Array.from(files).sort();
  const out = new Map<number, { s: number; fno: number }>();
  const add = (W: number, b: Block, xs: Float64Array, i: number, f: number): void => {
    const pno = b.pnos[i]!;
    if (excluded?.(pno)) return;
    const x = xs[i]!;
    const have = out.get(pno);
    if (have) have.s += (W * x) / (k1 + x);
    else out.set(pno, { s: (W * x) / (k1 + x), fno: f });
    if (counters) counters.scored++;
  };
  for (const { W, blocks } of lanes)
    for (const b of blocks) {
      if (b.n === 0) continue;
      const { fnos, n } = b;
      const xs = xsAt(b, nm);
      if (filesAscend(b)) {
        let at = 0;
        for (let w = lowerBound(want, fnos[0]!, 0, want.length); w < want.length && at < n; w++) {
          const f = want[w]!;
          at = lowerBound(fnos, f, at, n);
          for (; at < n && fnos[at] === f; at++) add(W, b, xs, at, f);
        }
        continue;
      }
      const cb = chunkBounds(b, c0, c1, boosts);
      for (let c = 0; c < cb.x.length; c++) {
        const w = lowerBound(want, cb.fmin[c]!, 0, want.length);
        if (w === want.length || want[w]! > cb.fmax[c]!) continue;
        for (let i = c * CHUNK, end = Math.min(n, i + CHUNK); i < end; i++) {
          const f = fnos[i]!;
          if (files.has(f)) add(W, b, xs, i, f);
        }
      }
    }
  return out;
}

/** The same pool as poolExhaustive, without scoring every posting (see the file comment). */
export function poolMaxScore(input: ScoreInput, size: number, counters?: PoolCounters): PoolEntry[] {
  const w = input.docWeight;
  for (let P = 2 * Math.max(1, size); ; P *= 4) {
    if (counters) counters.passes++;
    const { heap, fileOf } = topByScore(input, P, counters);
    const scores = new Map<number, number>();
    for (let i = 0; i < heap.n; i++) scores.set(heap.addrs[i]!, heap.scores[i]!);
    const fileBest = new Map<number, number>();
    const bestOf = (): void => {
      fileBest.clear();
      for (const [pno, s] of scores) {
        const f = fileOf.get(pno)!;
        if (s > (fileBest.get(f) ?? 0)) fileBest.set(f, s);
      }
    };
    bestOf();
    const entries = (): PoolEntry[] => [...scores].map(([pno, score]) => ({ pno, score, fileBest: fileBest.get(fileOf.get(pno)!)! }));
    // not full: every passage with a score is in the heap
    if (!heap.full) return best(entries(), size, w);
    const theta = heap.threshold;
    if (w === 0) return best(entries(), size, w);
    const finalOf = (e: PoolEntry): number => e.score + w * e.fileBest;
    let ranked = best(entries(), size, w);
    const T0 = ranked.length < size ? -Infinity : finalOf(ranked[size - 1]!);
    // a file's unseen passages score at most theta: the files where that could still matter are scored in full
    const expand = new Set<number>();
    for (const [f, b] of fileBest) if (theta + w * b >= T0) expand.add(f);
    if (expand.size > 0) {
      for (const [pno, { s, fno }] of scoreFiles(input, expand, counters)) {
        scores.set(pno, Math.fround(s));
        fileOf.set(pno, fno);
      }
      bestOf();
      ranked = best(entries(), size, w);
    }
    // a passage of a file with nothing in the pool: at most theta, and so is its file's best
    const T = ranked.length < size ? -Infinity : finalOf(ranked[size - 1]!);
    if (theta + w * theta < T) return ranked;
  }
}
