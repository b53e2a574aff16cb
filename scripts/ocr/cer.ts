/** Character error rate for the OCR benchmark: edit distance over the reference length, after normalising typography. */

/** Folds what differs between a text layer and OCR without being an error: ligatures, quotes, dashes, whitespace. */
export function normaliseForCer(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u00ad/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Levenshtein distance (two rows). */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let cur = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1));
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

/** CER of `hypothesis` against `reference` (both normalised), and the reference length. */
export function characterErrorRate(hypothesis: string, reference: string): { cer: number; chars: number } {
  const h = normaliseForCer(hypothesis);
  const r = normaliseForCer(reference);
  return { cer: r.length ? editDistance(h, r) / r.length : h.length ? 1 : 0, chars: r.length };
}
