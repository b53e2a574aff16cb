/**
 * Answers about two words remembered by the pair, for tests that are pure functions of the two
 * words (they read only the fixed word lists): the checker asks them for every pair of words a
 * claim and a source sentence set against each other, and the same pairs recur from claim to claim.
 * Two levels of maps, so a look-up builds no key string.
 */
export class WordPairMemo {
  private readonly rows = new Map<string, Map<string, boolean>>();

  constructor(
    private readonly answer: (a: string, b: string) => boolean,
    /** Words remembered on the left, and pairs per left word, before a level is cleared. */
    private readonly max = 20_000,
  ) {}

  /** `answer(a, b)`, computed once per pair while it is remembered. */
  get(a: string, b: string): boolean {
    let row = this.rows.get(a);
    if (row === undefined) {
      if (this.rows.size >= this.max) this.rows.clear();
      this.rows.set(a, (row = new Map()));
    }
    let v = row.get(b);
    if (v === undefined) {
      if (row.size >= this.max) row.clear();
      row.set(b, (v = this.answer(a, b)));
    }
    return v;
  }
}
