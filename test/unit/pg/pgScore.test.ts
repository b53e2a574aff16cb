/**
 * The PostgreSQL reader's MaxScore pool against the exhaustive one (pgScore.ts): on random
 * corpora of posting blocks (Zipf-ish term frequencies, files of several passages, terms split
 * over several blocks as uncompacted writes leave them, dead passages), both must return the same
 * passages, scores and file bests in the same order, with and without the file share; and the
 * MaxScore pool, all its passes together, must score fewer postings than the exhaustive one.
 * Plain Node: no server needed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeBlock, encodeBlock, type Block, type Posting } from '../../../src/node/pg/pgBlocks';
import { rng } from '../index/helpers';
import { poolExhaustive, poolMaxScore, type Lane, type PoolCounters, type ScoreInput } from '../../../src/node/pg/pgScore';

interface Corpus {
  lanes: Map<number, Block[]>;
  passages: number;
  sums: [number, number, number];
  first: number;
}

/**
 * `n` passages in files of 1–8, `terms` terms with a falling document frequency, each term's
 * postings in `split` blocks. With `renumber`, file numbers no longer rise with passage numbers
 * (as after rewrites: a rewritten file keeps its number and gets new passage numbers).
 */
function makeCorpus(seed: number, n: number, terms: number, split: number, renumber = false): Corpus {
  const r = rng(seed);
  const first = 1000 + Math.floor(r() * 5000);
  const postings = new Map<number, Posting[]>();
  const sums: [number, number, number] = [0, 0, 0];
  let fno = 1;
  let left = 0;
  let pno = first;
  for (let i = 0; i < n; i++) {
    if (left === 0) {
      fno += 1 + Math.floor(r() * 3);
      left = 1 + Math.floor(r() * 8);
      if (renumber && r() < 0.5) fno = 1 + Math.floor(r() * fno);
    }
    left--;
    // passage numbers rise with gaps (other corpora's passages, deleted ones)
    pno += 1 + Math.floor(r() * 2);
    const lens: [number, number, number] = [1 + Math.floor(r() * 8), Math.floor(r() * 12), 20 + Math.floor(r() * 380)];
    for (let f = 0; f < 3; f++) sums[f]! += lens[f]!;
    for (let t = 0; t < terms; t++) {
      // term t is in about 1 / (t + 1.5) of the passages
      if (r() > 1 / (t + 1.5)) continue;
      const tf: [number, number, number] = [r() < 0.1 ? 1 : 0, r() < 0.2 ? 1 + Math.floor(r() * 2) : 0, 1 + Math.floor(r() * r() * 12)];
      let list = postings.get(t);
      if (!list) postings.set(t, (list = []));
      list.push({ pno, fno, lens, tf });
    }
  }
  const lanes = new Map<number, Block[]>();
  for (const [t, list] of postings) {
    // blocks as several write transactions leave them: interleaved stretches of passage numbers
    const parts: Posting[][] = Array.from({ length: split }, () => []);
    list.forEach((p, i) => parts[i % split]!.push(p));
    lanes.set(t, parts.filter((p) => p.length > 0).map((p) => decodeBlock(encodeBlock(p))));
  }
  return { lanes, passages: n, sums, first };
}

function inputOf(c: Corpus, query: Array<[number, number]>, docWeight: number, dead?: Set<number>): ScoreInput {
  const b = [0.3, 0.5, 0.75];
  const k1 = 1.2;
  const c0 = new Float64Array(3);
  const c1 = new Float64Array(3);
  for (let f = 0; f < 3; f++) {
    c0[f] = 1 - b[f]!;
    c1[f] = b[f]! / Math.max(c.sums[f]! / c.passages, 1e-9);
  }
  const lanes: Lane[] = [];
  for (const [t, weight] of query) {
    const blocks = c.lanes.get(t);
    if (!blocks) continue;
    const df = blocks.reduce((s, bl) => s + bl.n, 0);
    lanes.push({ W: weight * Math.log(1 + (c.passages - df + 0.5) / (df + 0.5)) * (k1 + 1), blocks });
  }
  return { lanes, c0, c1, boosts: [3, 2, 1], k1, docWeight, ...(dead ? { excluded: (p: number) => dead.has(p) } : {}) };
}

test('the MaxScore pool equals the exhaustive pool (passages, scores, file bests, order)', () => {
  let compared = 0;
  for (const [seed, split, renumber] of [
    [1, 1, false],
    [2, 3, false],
    [3, 1, true],
    [4, 5, true],
  ] as const) {
    const c = makeCorpus(seed, 6000, 40, split, renumber);
    const r = rng(seed * 7);
    for (let q = 0; q < 25; q++) {
      const query: Array<[number, number]> = [];
      const nt = 1 + Math.floor(r() * 25);
      for (let i = 0; i < nt; i++) query.push([Math.floor(r() * 40), r() < 0.3 ? 0.7 : 1]);
      const dead = q % 3 === 0 ? new Set(Array.from({ length: 300 }, () => c.first + Math.floor(r() * 9000))) : undefined;
      for (const w of [1, 0]) {
        for (const size of [1, 50]) {
          const want = poolExhaustive(inputOf(c, query, w, dead), size);
          const got = poolMaxScore(inputOf(c, query, w, dead), size);
          assert.deepEqual(got, want, `seed ${seed}, query ${q}, docWeight ${w}, size ${size}`);
          if (dead) for (const e of got) assert.ok(!dead.has(e.pno), 'a dead passage was returned');
          compared++;
        }
      }
    }
  }
  assert.equal(compared, 4 * 25 * 4);
});

test('MaxScore scores a fraction of the postings of common terms', () => {
  const c = makeCorpus(11, 20000, 30, 1);
  // a rare, heavy term and many common ones: the common ones' lists are mostly skipped
  const query: Array<[number, number]> = [[29, 1], [0, 1], [1, 1], [2, 1], [3, 1], [4, 1], [5, 1]];
  const ex: PoolCounters = { postings: 0, scored: 0, passes: 0 };
  const ms: PoolCounters = { postings: 0, scored: 0, passes: 0 };
  const want = poolExhaustive(inputOf(c, query, 1), 50, ex);
  const got = poolMaxScore(inputOf(c, query, 1), 50, ms);
  assert.deepEqual(got, want);
  assert.equal(ex.scored, ex.postings);
  // all passes together (P grows when the file share is not settled) score fewer postings than one exhaustive pass
  assert.ok(ms.scored < ex.postings, `scored ${ms.scored} postings in ${ms.passes} passes; the exhaustive pass scored ${ex.postings}`);
});

test('a pool larger than the passages with a score holds them all', () => {
  const c = makeCorpus(5, 200, 10, 2);
  const input = inputOf(c, [[9, 1]], 1);
  const all = poolExhaustive(input, 10_000);
  assert.ok(all.length > 0 && all.length < 200);
  assert.deepEqual(poolMaxScore(input, 10_000), all);
  assert.deepEqual(poolMaxScore(inputOf(c, [], 1), 10), []);
});

test('a block scored under statistics that moved (a write between searches) gives the new statistics\' pool', () => {
  const c = makeCorpus(21, 4000, 20, 2);
  const query: Array<[number, number]> = [[0, 1], [3, 1], [7, 0.7], [12, 1], [19, 1]];
  // the same decoded blocks, as a reader's cache keeps them, under average lengths that shrink and grow
  for (const scale of [1, 0.8, 1.3, 1, 2]) {
    const moved = { ...c, sums: c.sums.map((s) => s * scale) as [number, number, number] };
    assert.deepEqual(poolMaxScore(inputOf(moved, query, 1), 50), poolExhaustive(inputOf(moved, query, 1), 50), `average lengths × ${scale}`);
  }
});
