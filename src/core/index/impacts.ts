/**
 * Score bounds for skipping. A posting's BM25F part grows with its term counts and shrinks with
 * its field lengths, so for each field the postings that can score best are the Pareto frontier
 * of (count, length): no other posting has a higher count and a shorter field. Storing that
 * frontier (capped, and when capped widened so it still bounds every posting) lets a query
 * compute an exact upper bound with the corpus statistics of the moment, which change with every
 * edit, instead of a bound frozen when the segment was written.
 */
import { FIELD_COUNT } from './corpusStats';

/** Frontier pairs of one field: [count, length, count, length, ...], counts descending. */
export type Pairs = number[];

const minLenOf = new Uint32Array(256);
const seen = new Uint8Array(256);
const touched: number[] = [];

/** Notes one (count, length) in the scratch tables. */
function note(c: number, len: number): void {
  if (!seen[c]) {
    seen[c] = 1;
    minLenOf[c] = len;
    touched.push(c);
  } else if (len < minLenOf[c]!) minLenOf[c] = len;
}

/** The frontier of what was noted (counts descending), and the scratch cleared. */
function collect(): Pairs {
  touched.sort((a, b) => b - a);
  const out: Pairs = [];
  let best = Infinity;
  for (const c of touched) {
    seen[c] = 0;
    const len = minLenOf[c]!;
    // kept only when shorter than every higher count's field: otherwise a higher pair dominates
    if (len < best) {
      out.push(c, len);
      best = len;
    }
  }
  touched.length = 0;
  return out;
}

/**
 * The (count, length) frontier of field `f` over postings `from..to` of a list (`docs`, with
 * FIELD_COUNT counts per posting in `tf`; `lens` the field lengths by document), uncapped.
 */
export function frontier(tf: Uint8Array, docs: ArrayLike<number>, lens: Uint32Array, from: number, to: number, f: number): Pairs {
  for (let i = from; i < to; i++) {
    const c = tf[i * FIELD_COUNT + f]!;
    if (c !== 0) note(c, lens[docs[i]!]!);
  }
  return collect();
}

/** The frontier of several frontiers' pairs (a pair off its own frontier is off the union's too). */
export function unionFrontier(parts: readonly Pairs[]): Pairs {
  for (const p of parts) for (let i = 0; i < p.length; i += 2) note(p[i]!, p[i + 1]!);
  return collect();
}

/** At most `cap` pairs; neighbours merge into (highest count, shortest length), which bounds both. */
export function capPairs(pairs: Pairs, cap: number): Pairs {
  const n = pairs.length / 2;
  if (n <= cap) return pairs;
  const out: Pairs = [];
  for (let g = 0; g < cap; g++) {
    const a = Math.floor((g * n) / cap);
    const b = Math.floor(((g + 1) * n) / cap) - 1;
    // counts descend and lengths descend along the frontier: first has the count, last the length
    out.push(pairs[a * 2]!, pairs[b * 2 + 1]!);
  }
  return out;
}

/** Field-length normalisation constants: norm(len) = 1 / (c0 + c1 * len). */
export interface FieldNorms {
  c0: Float64Array;
  c1: Float64Array;
  boosts: Float64Array;
}

/**
 * The largest boosted, length-normalised count any pair of a field allows, computed with the
 * very expression the scorer uses (see fieldPart), so rounding cannot put a posting above it.
 */
export function pairsBound(pairs: ArrayLike<number>, from: number, count: number, f: number, n: FieldNorms): number {
  let best = 0;
  for (let i = 0; i < count; i++) {
    const v = fieldPart(n, f, pairs[from + 2 * i]!, pairs[from + 2 * i + 1]!);
    if (v > best) best = v;
  }
  return best;
}

/** One field's share of a posting's BM25F count: boost × count / (c0 + c1 × length). */
export function fieldPart(n: FieldNorms, f: number, tf: number, len: number): number {
  return (n.boosts[f]! * tf) / (n.c0[f]! + n.c1[f]! * len);
}
