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
 */
export function phraseRerank(question: string, pool: Array<[number, number]>, weight: number, termsOf: (addr: number) => string[], tie: TieOrder, keep = pool.length): Array<[number, number]> {
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
  const out: Array<[number, number]> = [];
  // the keep-th best final score so far (a min-heap would do; keep is small)
  const finals: number[] = [];
  for (const [addr, score] of pool) {
    if (finals.length >= keep && score + bonus * bigrams < finals[keep - 1]!) break;
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
    let i = finals.length;
    finals.push(final);
    while (i > 0 && finals[i - 1]! < final) {
      finals[i] = finals[i - 1]!;
      i--;
    }
    finals[i] = final;
  }
  return out.sort(rankOrder(tie)).slice(0, keep);
}
