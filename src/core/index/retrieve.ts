/**
 * Top-k retrieval over the segments and the buffer. A skipping pass (maxScore.ts) finds the
 * best P passages by BM25F (the candidate pool); the file-level share (RankingParams.docWeight:
 * each passage gains the best passage score of its file) is then computed on that pool, with the
 * files whose other passages could still matter scored in full. The result is exact, not an
 * approximation: when the pool cannot prove that nothing outside it reaches the top, P grows
 * and the pass runs again. `exhaustive` scores every posting instead (the reference).
 *
 * Equal scores rank by passage id (idKey.ts), in the skipping search, the exhaustive one and the
 * final order alike, so both agree on ties and the order does not depend on segment layout.
 */
import type { RankingParams } from './ranking';
import type { MemorySegment } from './memorySegment';
import { addressOf, docOf, ordinalOf, scoreBuffer, scoreRanges, scoreSegment, scoreSegmentExhaustive, type Accept, type QueryPlan, type ScanCounters } from './maxScore';
import type { PathRange, Segment } from './segment';
import { rankOrder, TopHeap, type TieOrder } from './topHeap';

/** What retrieval reads: the segments (ordinals 0…n-1), the buffers (n…) and path lookups. */
export interface RetrieveSource {
  readonly segments: readonly Segment[];
  readonly buffers: readonly MemorySegment[];
  /** Ranges of global path `pathId` in segment `ord`. */
  rangesOf(ord: number, pathId: number): readonly PathRange[];
  /** Documents of global path `pathId` in buffer `index`. */
  bufferDocsOf(index: number, pathId: number): readonly number[];
  /** Order of two addresses of equal score. */
  readonly tie: TieOrder;
}


interface FileScore {
  best: number;
  second: number;
  /** Every passage of the file has an exact score among the candidates. */
  complete: boolean;
}

/** The best `need` passages by final score (BM25F + file share), best first, exact. */
export function retrieve(src: RetrieveSource, plan: QueryPlan, params: RankingParams, need: number, accept: Accept | undefined, counters: ScanCounters, exhaustive = false): Array<[number, number]> {
  const bufOrd = src.segments.length;
  const pathIdOf = (addr: number): number => {
    const ord = ordinalOf(addr);
    return ord >= bufOrd ? src.buffers[ord - bufOrd]!.pathOf[docOf(addr)]! : src.segments[ord]!.pathOf[docOf(addr)]!;
  };
  const bufAcc = src.buffers.map((b) => scoreBuffer(b, plan, counters));
  const bufferCandidates = (emit: (addr: number, s: number) => void): void => {
    src.buffers.forEach((buf, i) => {
      const acc = bufAcc[i]!;
      for (let d = 0; d < buf.docs; d++) if (acc[d]! > 0 && buf.live[d] === 1 && (!accept || accept(bufOrd + i, d, buf.pathOf[d]!))) emit(addressOf(bufOrd + i, d), Math.fround(acc[d]!));
    });
  };
  const w = params.docWeight;
  const w2 = params.docSecond;

  if (exhaustive) {
    const scores = new Map<number, number>();
    src.segments.forEach((seg, ord) => scoreSegmentExhaustive(seg, ord, plan, accept, counters, (a, s) => scores.set(a, s)));
    bufferCandidates((a, s) => scores.set(a, s));
    const files = fileScores(scores, pathIdOf, -Infinity, w2);
    return finals(scores, files, pathIdOf, w, w2, src.tie).slice(0, need);
  }

  const live = [...src.segments, ...src.buffers].reduce((n, s) => n + s.liveCount, 0);
  for (let P = need; ; P *= 4) {
    const heap = new TopHeap(Math.min(P, Math.max(live, 1)), src.tie);
    src.segments.forEach((seg, ord) => scoreSegment(seg, ord, plan, heap, accept, counters));
    bufferCandidates((a, s) => heap.offer(s, a));
    const scores = new Map<number, number>();
    for (let i = 0; i < heap.n; i++) scores.set(heap.addrs[i]!, heap.scores[i]!);
    // not full: every passage with a score is in the pool, so everything below is exact
    const theta = heap.full && heap.n < live ? heap.threshold : -Infinity;
    const files = fileScores(scores, pathIdOf, theta, w2);
    if (w === 0 || theta === -Infinity) return finals(scores, files, pathIdOf, w, w2, src.tie).slice(0, need);
    let ranked = finals(scores, files, pathIdOf, w, w2, src.tie);
    // An unseen passage scores at most theta and, on a tie with theta, lost to every pool passage
    // scoring theta (it has a higher address): so it cannot take the place of a passage ranked
    // `need` that scores theta itself, even at an equal final score.
    const tieSafe = (): boolean => scores.get(ranked[need - 1]?.[0] ?? -1) === theta;
    const T0 = ranked[need - 1]?.[1] ?? -Infinity;
    const safe0 = tieSafe();
    // A file whose share is not known exactly, or whose unseen passages could reach the top
    // with it, is scored in full. For the others the test still holds afterwards: adding
    // candidates only raises the score ranked `need`.
    const expand: number[] = [];
    for (const [pathId, f] of files) {
      const potential = theta + w * (f.best + w2 * Math.max(f.second, theta));
      if (!f.complete || potential > T0 || (potential === T0 && !safe0)) expand.push(pathId);
    }
    if (expand.length > 0) {
      addFiles(src, expand, plan, accept, bufAcc, scores);
      const again = fileScores(scores, pathIdOf, theta, w2, new Set(expand));
      for (const [pathId, f] of again) files.set(pathId, f);
      ranked = finals(scores, files, pathIdOf, w, w2, src.tie);
    }
    // a passage of a file with nothing in the pool scores at most theta, and so does its file
    // (the bound has the very shape of a final score, so rounding cannot cross it)
    const T = ranked[need - 1]?.[1] ?? -Infinity;
    const bound = theta + w * (theta + w2 * theta);
    if (T > bound || (T === bound && tieSafe())) return ranked.slice(0, need);
    counters.passes++;
  }
}

/** Scores every passage of some files exactly and adds those with a score to `scores`. */
function addFiles(src: RetrieveSource, pathIds: readonly number[], plan: QueryPlan, accept: Accept | undefined, bufAcc: Float64Array[], scores: Map<number, number>): void {
  src.segments.forEach((seg, ord) => {
    const ranges = pathIds.flatMap((p) => src.rangesOf(ord, p));
    if (ranges.length === 0) return;
    scoreRanges(seg, plan, ranges).forEach((acc, i) => {
      const first = ranges[i]!.first;
      for (let k = 0; k < acc.length; k++) {
        const d = first + k;
        if (acc[k]! > 0 && seg.live[d] === 1 && (!accept || accept(ord, d, seg.pathOf[d]!))) scores.set(addressOf(ord, d), Math.fround(acc[k]!));
      }
    });
  });
  src.buffers.forEach((buf, i) => {
    const ord = src.segments.length + i;
    for (const p of pathIds) for (const d of src.bufferDocsOf(i, p)) if (bufAcc[i]![d]! > 0 && buf.live[d] === 1 && (!accept || accept(ord, d, p))) scores.set(addressOf(ord, d), Math.fround(bufAcc[i]![d]!));
  });
}

/**
 * Best and second-best score per file among `scores` (only the files in `only`, when given). A
 * file's figures are complete when it was scored in full (`only`) or when the ones that count
 * are above `theta`: nothing unseen can beat them.
 */
function fileScores(scores: Map<number, number>, pathIdOf: (addr: number) => number, theta: number, w2: number, only?: Set<number>): Map<number, FileScore> {
  const files = new Map<number, FileScore>();
  for (const [addr, s] of scores) {
    const p = pathIdOf(addr);
    if (only && !only.has(p)) continue;
    let f = files.get(p);
    if (!f) files.set(p, (f = { best: 0, second: 0, complete: false }));
    if (s > f.best) {
      f.second = f.best;
      f.best = s;
    } else if (s > f.second) f.second = s;
  }
  for (const f of files.values()) f.complete = only !== undefined || (f.best > theta && (w2 === 0 || f.second > theta));
  return files;
}

/** Final scores (BM25F + docWeight × (best + docSecond × second of the file)), best first. */
function finals(scores: Map<number, number>, files: Map<number, FileScore>, pathIdOf: (addr: number) => number, w: number, w2: number, tie: TieOrder): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [addr, s] of scores) {
    const f = files.get(pathIdOf(addr));
    out.push([addr, w > 0 && f ? s + w * (f.best + w2 * f.second) : s]);
  }
  return out.sort(rankOrder(tie));
}
