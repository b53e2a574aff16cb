/**
 * Posting lists decoded recently, across segments (least recently used dropped first, bounded
 * in bytes): the common words of a workspace come back in most queries, and reading and
 * decoding a list costs more than scoring it. Lists are immutable, so nothing here goes stale.
 * A list grows as its cursors decode blocks (postingList.ts); it tells the cache, which counts
 * what its lists hold now, not what they held when they came in. The lists' cached xs (each
 * posting's BM25F x for the norms of the moment, PostingList.chunkX) have a budget of their own:
 * the lists whose xs were used least recently lose them first, and keep their postings. (The xs
 * depend on the corpus statistics; a list clears its own when they change, see xUse.)
 *
 * The budgets grow with the store: what a set of queries touches grows with the postings it
 * searches (the 200 history queries' lists held 346 MB at 1M passages and 1,659 MB at 5M, their
 * xs 1,294 MB at 5M), and a cache smaller than that reads, parses and decodes lists again on
 * every pass (at 5M with the 1M budgets: 18% of the query terms' blocks per warm query, 5× the
 * CPU; docs/performance.md). So the product's cache counts the postings files of the segments
 * whose lists it holds, and its budgets are at least LIST_PER_POSTING_BYTE and XS_PER_POSTING_BYTE
 * times that (unless set: the probes try fixed budgets).
 */
import { BLOCK } from './postingCodec';
import { CHUNK_SHIFT, type PostingList } from './postingList';

/** Postings of a whole chunk of a list's decoded storage (the length of most xs arrays). */
const XS_CHUNK = (1 << CHUNK_SHIFT) * BLOCK;

/** Bytes of the lists' cached xs (see PostingList.chunkX), beside the lists' own budget (at least). */
export const XS_BUDGET = 320 * 1024 * 1024;

/** The lists' budget of a scaled cache, at least (see postingCache). */
export const LIST_BUDGET = 512 * 1024 * 1024;

/**
 * A scaled cache's budgets per byte of the postings files of the segments it holds lists of (at
 * 5M passages, 1.04 GB of postings: the lists of the 200 history queries hold 1.6× that, their
 * xs 1.25×, and a trim evicts down to three quarters of a budget; at 1M, ≈ 220 MB of postings,
 * the floors above are still the larger, so the budgets there are what they were).
 */
export const LIST_PER_POSTING_BYTE = 2;
export const XS_PER_POSTING_BYTE = 1.4;

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
  /** Lists holding xs (their xUsed tells which were used least recently), and the bytes their xs hold. */
  private readonly xLists = new Set<PostingList>();
  private xBytes = 0;
  /**
   * Arrays of dropped xs, of a whole chunk's length, kept for new xs (at most a quarter of the
   * budget, what a trim frees; counted in it): when the xs of a query mix do not fit, lists lose and gain xs
   * all the time, and new arrays each time made the garbage collector run again and again (on
   * the 1M benchmark store with a 64 MB budget: 55 full collections in 600 queries, p95 ×5).
   */
  private readonly spare: Float64Array[] = [];
  /** Postings file bytes of each segment whose lists came in (put), until it is forgotten. */
  private readonly segBytes = new Map<number, number>();
  private postingBytes = 0;
  /**
   * `scaled`: the budgets given are floors, raised with the postings bytes of the segments held
   * (see put's `postingBytes`) until a budget is set (limit, xLimit).
   */
  constructor(
    private budget: number,
    private xBudget = 0,
    private scaled = { lists: false, xs: false },
  ) {
    this.floor = budget;
    this.xFloor = xBudget;
  }
  private readonly floor: number;
  private readonly xFloor: number;

  /** Postings file bytes of the segments the budgets scale with. */
  get storePostingBytes(): number {
    return this.postingBytes;
  }

  /** The most the scaled budgets take together (see ceiling). */
  private most = Infinity;

  /**
   * The most the scaled budgets may take together, lists and xs, however large the store: the
   * process's host sets it from the machine's memory (a 5M store would otherwise let the cache
   * grow to ≈ 3.4 GB on any machine). Both shrink in proportion; neither below its floor.
   */
  get ceiling(): number {
    return this.most;
  }

  set ceiling(bytes: number) {
    this.most = bytes;
    this.rescale();
  }

  /** The budgets for the postings bytes of the moment (scaled ones only); evicts when they shrink. */
  private rescale(): void {
    const lists = LIST_PER_POSTING_BYTE * this.postingBytes;
    const xs = XS_PER_POSTING_BYTE * this.postingBytes;
    const share = lists + xs > this.most ? this.most / (lists + xs) : 1;
    if (this.scaled.lists) {
      this.budget = Math.max(this.floor, lists * share);
      this.trim();
    }
    if (this.scaled.xs) {
      this.xBudget = Math.max(this.xFloor, xs * share);
      this.trimX(undefined);
    }
  }

  /** Bytes the cached lists' xs hold, and the spare arrays kept for new ones. */
  get xHeld(): number {
    return this.xBytes + this.xSpare;
  }

  /** Bytes of the spare arrays (in xHeld). */
  get xSpare(): number {
    return this.spare.length * XS_CHUNK * 8;
  }

  /** The xs' budget in bytes; a smaller one drops xs at once. */
  get xLimit(): number {
    return this.xBudget;
  }

  set xLimit(bytes: number) {
    this.scaled = { ...this.scaled, xs: false };
    this.xBudget = bytes;
    this.trimX(undefined);
  }

  /** Bytes the cached lists hold. */
  get held(): number {
    return this.bytes;
  }

  /** The budget in bytes; a smaller one evicts at once (the probes try budgets on one store). */
  get limit(): number {
    return this.budget;
  }

  set limit(bytes: number) {
    this.scaled = { ...this.scaled, lists: false };
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

  /**
   * Keeps `list`, entry `i` of segment `uid`; `postingBytes`: the size of that segment's postings
   * file, counted once per segment (until forget) in what scaled budgets grow with.
   */
  put(uid: number, i: number, list: PostingList, postingBytes = 0): void {
    if (postingBytes > 0 && !this.segBytes.has(uid)) {
      this.segBytes.set(uid, postingBytes);
      this.postingBytes += postingBytes;
      this.rescale();
    }
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
    list.onXGrow = (grown) => {
      this.xBytes += grown;
      this.xLists.add(list);
      this.trimX(list);
    };
    list.xAlloc = (length) => {
      if (length !== XS_CHUNK) return undefined;
      const a = this.spare.pop();
      return a?.fill(0);
    };
    this.trim();
  }

  /** Drops the xs of the lists that used them least recently when they hold more than their budget (not those of `growing`). */
  private trimX(growing: PostingList | undefined): void {
    // the spare arrays count: the xs and the spares together stay within the budget
    if (this.xBytes + this.xSpare <= this.xBudget) return;
    while (this.xSpare > this.xBudget / 4) this.spare.pop();
    // sorted here, seldom (a trim frees a quarter of the budget), not kept in order on every use
    for (const l of [...this.xLists].sort((a, b) => a.xUsed - b.xUsed)) {
      if (this.xBytes <= this.xBudget * 0.75) break;
      if (l === growing) continue;
      this.dropXs(l);
    }
  }

  /** Drops the xs of `l`, keeping their arrays for others while the spares hold less than a quarter of the budget. */
  private dropXs(l: PostingList): void {
    this.xBytes -= l.xHeld;
    this.xLists.delete(l);
    for (const a of l.dropX()) if (a?.length === XS_CHUNK && this.xSpare + XS_CHUNK * 8 <= this.xBudget / 4) this.spare.push(a);
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
    e.list.onXGrow = undefined;
    e.list.xAlloc = undefined;
    this.bytes -= e.list.bytesHeld;
    if (this.xLists.has(e.list)) this.dropXs(e.list);
  }

  forget(uid: number): void {
    for (const e of this.bySeg.get(uid)?.values() ?? []) this.drop(e);
    this.bySeg.delete(uid);
    const bytes = this.segBytes.get(uid);
    if (bytes !== undefined) {
      this.segBytes.delete(uid);
      this.postingBytes -= bytes;
      this.rescale();
    }
  }
}

/**
 * The one cache of this process: 512 MB of posting lists (their bytes, skip data and the blocks
 * decoded so far), or LIST_PER_POSTING_BYTE × the postings files of the segments searched when
 * that is more. On the 1M benchmark store the lists of its 200 history queries hold 346 MB;
 * with 256 MB they did not fit, and each pass over the queries read, parsed and decoded 7% of
 * their blocks again (docs/performance.md). A small workspace never comes near the budget.
 * Their xs (8 bytes per decoded posting) have XS_BUDGET more, or XS_PER_POSTING_BYTE × the
 * postings files.
 */
export const postingCache = new PostingCache(LIST_BUDGET, XS_BUDGET, { lists: true, xs: true });
