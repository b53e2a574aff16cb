/**
 * The phrase bonus (RankingParams.phraseWeight): each adjacent word pair of the question found
 * as adjacent terms in a candidate passage adds a share of the best candidate's score. It reads
 * the text of the candidates, so it runs on the small pool the retrieval returns.
 */
import { analyze } from '../text/analyzer';
import { rankOrder, type TieOrder } from './topHeap';

/**
 * Re-ranks `pool` ([address, score], best first) by the bigrams of `question` and returns its
 * best `keep`, exactly ranked. A passage can gain at most one bonus per question bigram, so once
 * the pool's next score plus that much cannot reach the `keep`-th score found so far, neither
 * can any passage after it, and their text is never read.
 *
 * `present`, when given, tells which of the bigrams' terms each pool passage holds (its index
 * postings, read for the pool alone): a passage can only find the bigrams whose two terms it
 * holds, so one that holds none keeps its score unread, and one whose score plus the bigrams it
 * could find cannot reach the `keep`-th final score so far is not read either (it cannot enter
 * the best `keep`, and those are all that is returned).
 */
export function phraseRerank(question: string, pool: Array<[number, number]>, weight: number, termsOf: (addr: number) => string[], tie: TieOrder, keep = pool.length, present?: Presence): Array<[number, number]> {
  if (weight <= 0 || pool.length < 2) return pool.slice(0, keep);
  const q = analyze(question);
  // question bigrams as first term -> second terms, so the scan below builds no strings
  const follows = new Map<string, Set<string>>();
  let bigrams = 0;
  for (let i = 1; i < q.length; i++) {
    let next = follows.get(q[i - 1]!);
    if (!next) follows.set(q[i - 1]!, (next = new Set()));
    if (!next.has(q[i]!)) {
      next.add(q[i]!);
      bigrams++;
    }
  }
  if (bigrams === 0) return pool.slice(0, keep);
  const bonus = weight * pool[0]![1];
  const can = present && keep < pool.length ? findable(follows, pool, present) : undefined;
  const out: Array<[number, number]> = [];
  // the keep-th best final score so far (a min-heap would do; keep is small)
  const finals: number[] = [];
  for (let p = 0; p < pool.length; p++) {
    const [addr, score] = pool[p]!;
    const kth = finals.length >= keep ? finals[keep - 1]! : -Infinity;
    if (score + bonus * bigrams < kth) break;
    if (can && can[p] !== bigrams) {
      if (score + bonus * can[p]! < kth) {
        // cannot reach the best `keep` (below them in the order, whatever it found)
        out.push([addr, score]);
        continue;
      }
      if (can[p] === 0) {
        insert(finals, score);
        out.push([addr, score]);
        continue;
      }
    }
    const t = termsOf(addr);
    let found = 0;
    const seen = new Set<string>();
    for (let i = 1; i < t.length; i++) {
      const next = follows.get(t[i - 1]!);
      if (next?.has(t[i]!)) {
        const key = `${t[i - 1]!} ${t[i]!}`;
        if (!seen.has(key)) {
          seen.add(key);
          found++;
        }
      }
    }
    const final = score + bonus * found;
    out.push([addr, final]);
    insert(finals, final);
  }
  return out.sort(rankOrder(tie)).slice(0, keep);
}

/** Adds `v` to `finals`, kept in descending order. */
function insert(finals: number[], v: number): void {
  let i = finals.length;
  finals.push(v);
  while (i > 0 && finals[i - 1]! < v) {
    finals[i] = finals[i - 1]!;
    i--;
  }
  finals[i] = v;
}

/**
 * For each pool entry, which of its terms' passages hold (bit i: `terms[i]` is in the passage's
 * headings or text). A bit may be set for a term that is not there, never cleared for one that is.
 */
export type Presence = (terms: readonly string[], addrs: readonly number[]) => Uint32Array;

/** Per pool entry, how many of the question's distinct bigrams it can find (both terms held). */
function findable(follows: Map<string, Set<string>>, pool: ReadonlyArray<[number, number]>, present: Presence): Uint8Array | undefined {
  const terms: string[] = [];
  const bit = new Map<string, number>();
  const bitOf = (t: string): number => {
    let b = bit.get(t);
    if (b === undefined) bit.set(t, (b = terms.push(t) - 1));
    return b;
  };
  const pairs: number[] = [];
  for (const [a, next] of follows) for (const b of next) pairs.push(bitOf(a), bitOf(b));
  if (terms.length > 32 || pairs.length / 2 > 255) return undefined;
  const masks = present(terms, pool.map((e) => e[0]));
  const can = new Uint8Array(pool.length);
  for (let p = 0; p < pool.length; p++) {
    const m = masks[p]!;
    let n = 0;
    for (let i = 0; i < pairs.length; i += 2) if ((m >>> pairs[i]!) & (m >>> pairs[i + 1]!) & 1) n++;
    can[p] = n;
  }
  return can;
}
