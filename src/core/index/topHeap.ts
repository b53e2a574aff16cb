/** Orders two addresses of equal score: negative when the first ranks higher. */
export type TieOrder = (a: number, b: number) => number;

/**
 * The best `size` (score, address) pairs seen so far, in a binary min-heap whose root is the
 * weakest kept entry. Order: higher score first; equal scores by `tie` (passage id order, see
 * idKey.ts).
 */
export class TopHeap {
  readonly scores: Float64Array;
  readonly addrs: Float64Array;
  n = 0;

  constructor(
    readonly size: number,
    private readonly tie: TieOrder,
  ) {
    this.scores = new Float64Array(size);
    this.addrs = new Float64Array(size);
  }

  get full(): boolean {
    return this.n === this.size;
  }

  /** The score an entry must beat to get in (-Infinity while not full). */
  get threshold(): number {
    return this.n === this.size ? this.scores[0]! : -Infinity;
  }

  /** a is weaker than b. */
  private weaker(sa: number, aa: number, sb: number, ab: number): boolean {
    return sa < sb || (sa === sb && this.tie(aa, ab) > 0);
  }

  /** Offers an entry; true when it was kept. */
  offer(score: number, addr: number): boolean {
    const s = this.scores;
    const a = this.addrs;
    if (this.n < this.size) {
      let i = this.n++;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!this.weaker(score, addr, s[p]!, a[p]!)) break;
        s[i] = s[p]!;
        a[i] = a[p]!;
        i = p;
      }
      s[i] = score;
      a[i] = addr;
      return true;
    }
    if (this.size === 0 || !this.weaker(s[0]!, a[0]!, score, addr)) return false;
    let i = 0;
    const n = this.n;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const m = r < n && this.weaker(s[r]!, a[r]!, s[l]!, a[l]!) ? r : l;
      if (!this.weaker(s[m]!, a[m]!, score, addr)) break;
      s[i] = s[m]!;
      a[i] = a[m]!;
      i = m;
    }
    s[i] = score;
    a[i] = addr;
    return true;
  }

  /** The kept entries, best first. */
  sorted(): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    for (let i = 0; i < this.n; i++) out.push([this.addrs[i]!, this.scores[i]!]);
    return out.sort(rankOrder(this.tie));
  }
}

/** Sort order of [address, score] lists: higher score first, ties by `tie`. */
export function rankOrder(tie: TieOrder): (a: [number, number], b: [number, number]) => number {
  return (a, b) => b[1] - a[1] || tie(a[0], b[0]);
}
