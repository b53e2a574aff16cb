/**
 * Posting lists decoded recently, across segments (least recently used dropped first, bounded
 * in bytes): the common words of a workspace come back in most queries, and reading and
 * decoding a list costs more than scoring it. Lists are immutable, so nothing here goes stale.
 * A list grows as its cursors decode blocks (postingList.ts); it tells the cache, which counts
 * what its lists hold now, not what they held when they came in.
 */
import type { PostingList } from './postingList';

/** A cached list, where it belongs, and when it last moved to the young end of the order. */
interface Entry {
  uid: number;
  i: number;
  list: PostingList;
  gen: number;
}

/**
 * The cache, keyed by segment identity and dictionary index (numbers, one map per segment: a
 * query asks for a list per term and segment, several times). Least recently used first out, a
 * little loosely: a list read while in the younger half of the order stays where it is (moving
 * it on every read cost a map deletion and insertion each time), one read in the older half moves
 * to the young end.
 */
export class PostingCache {
  private readonly bySeg = new Map<number, Map<number, Entry>>();
  /** Oldest first. */
  private readonly order = new Set<Entry>();
  private clock = 0;
  private bytes = 0;
  constructor(private budget: number) {}

  /** Bytes the cached lists hold. */
  get held(): number {
    return this.bytes;
  }

  /** The budget in bytes; a smaller one evicts at once (the probes try budgets on one store). */
  get limit(): number {
    return this.budget;
  }

  set limit(bytes: number) {
    this.budget = bytes;
    this.trim();
  }

  get(uid: number, i: number): PostingList | undefined {
    const e = this.bySeg.get(uid)?.get(i);
    if (e === undefined) return undefined;
    if (this.clock - e.gen > this.order.size >> 1) {
      this.order.delete(e);
      this.order.add(e);
      e.gen = ++this.clock;
    }
    return e.list;
  }

  put(uid: number, i: number, list: PostingList): void {
    const size = list.bytesHeld;
    if (size > this.budget / 4) return;
    let seg = this.bySeg.get(uid);
    if (!seg) this.bySeg.set(uid, (seg = new Map()));
    const old = seg.get(i);
    if (old) this.drop(old);
    const e: Entry = { uid, i, list, gen: ++this.clock };
    seg.set(i, e);
    this.order.add(e);
    this.bytes += size;
    list.onGrow = (grown) => {
      this.bytes += grown;
      this.trim();
    };
    this.trim();
  }

  /** Drops the oldest lists when the cache holds more than its budget. */
  private trim(): void {
    if (this.bytes <= this.budget) return;
    // evict down to three quarters at once: walking the oldest entries costs as much as the
    // holes deletions leave there, so it is done seldom
    for (const e of this.order) {
      if (this.bytes <= this.budget * 0.75) break;
      this.drop(e);
    }
  }

  private drop(e: Entry): void {
    this.order.delete(e);
    this.bySeg.get(e.uid)?.delete(e.i);
    e.list.onGrow = undefined;
    this.bytes -= e.list.bytesHeld;
  }

  forget(uid: number): void {
    for (const e of this.bySeg.get(uid)?.values() ?? []) this.drop(e);
    this.bySeg.delete(uid);
  }
}

/**
 * The one cache of this process: 512 MB of posting lists (their bytes, skip data and the blocks
 * decoded so far). On the 1M benchmark store the lists of its 200 history queries hold 346 MB;
 * with 256 MB they did not fit, and each pass over the queries read, parsed and decoded 7% of
 * their blocks again (docs/performance.md). A small workspace never comes near the budget.
 */
export const postingCache = new PostingCache(512 * 1024 * 1024);
