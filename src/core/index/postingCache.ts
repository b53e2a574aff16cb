/**
 * Posting lists decoded recently, across segments (least recently used dropped first, bounded
 * in bytes): the common words of a workspace come back in most queries, and reading and
 * decoding a list costs more than scoring it. Lists are immutable, so nothing here goes stale.
 * A list grows as its cursors decode blocks (postingList.ts); it tells the cache, which counts
 * what its lists hold now, not what they held when they came in.
 */
import type { PostingList } from './postingList';

/** The cache, keyed by segment identity and dictionary index. */
export class PostingCache {
  private readonly lists = new Map<string, PostingList>();
  private readonly keysOf = new Map<number, Set<string>>();
  private bytes = 0;
  constructor(private readonly budget: number) {}

  /** Bytes the cached lists hold. */
  get held(): number {
    return this.bytes;
  }

  get(uid: number, i: number): PostingList | undefined {
    const key = `${uid}:${i}`;
    const b = this.lists.get(key);
    if (b !== undefined) {
      this.lists.delete(key);
      this.lists.set(key, b);
    }
    return b;
  }

  put(uid: number, i: number, list: PostingList): void {
    const size = list.bytesHeld;
    if (size > this.budget / 4) return;
    const key = `${uid}:${i}`;
    this.lists.set(key, list);
    let keys = this.keysOf.get(uid);
    if (!keys) this.keysOf.set(uid, (keys = new Set()));
    keys.add(key);
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
    // evict down to three quarters at once: walking the map's oldest entries costs as much as
    // the holes deletions leave there, so it is done seldom
    for (const [k, v] of this.lists) {
      if (this.bytes <= this.budget * 0.75) break;
      this.drop(k, v);
      this.keysOf.get(Number(k.slice(0, k.indexOf(':'))))?.delete(k);
    }
  }

  private drop(key: string, list: PostingList): void {
    this.lists.delete(key);
    list.onGrow = undefined;
    this.bytes -= list.bytesHeld;
  }

  forget(uid: number): void {
    for (const k of this.keysOf.get(uid) ?? []) {
      const v = this.lists.get(k);
      if (v) this.drop(k, v);
    }
    this.keysOf.delete(uid);
  }
}

/**
 * The one cache of this process: 512 MB of posting lists (their bytes, skip data and the blocks
 * decoded so far). On the 1M benchmark store the lists of its 200 history queries hold 346 MB;
 * with 256 MB they did not fit, and each pass over the queries read, parsed and decoded 7% of
 * their blocks again (docs/performance.md). A small workspace never comes near the budget.
 */
export const postingCache = new PostingCache(512 * 1024 * 1024);
