/**
 * A map that holds at most a fixed number of entries: when full, the least recently used
 * quarter is dropped at once (walking a Map's oldest entries is cheap; doing it on every insert
 * is not). For values computed from their key alone, so nothing in it goes stale.
 */
export class BoundedCache<K, V> {
  private readonly map = new Map<K, V>();

  /** `max` entries at most (at least 4). */
  constructor(readonly max: number) {
    if (!(max >= 4)) throw new RangeError(`a bounded cache holds at least 4 entries, not ${max}`);
  }

  get size(): number {
    return this.map.size;
  }

  /** The value for `key`, now the most recently used, or undefined. */
  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    if (this.map.size >= this.max) {
      let drop = this.max >> 2;
      for (const k of this.map.keys()) {
        if (drop-- <= 0) break;
        this.map.delete(k);
      }
    }
    this.map.set(key, value);
  }

  /** The cached value for `key`, computed by `make` (and kept) when absent. */
  getOrSet(key: K, make: (key: K) => V): V {
    let v = this.get(key);
    if (v === undefined) this.set(key, (v = make(key)));
    return v;
  }

  clear(): void {
    this.map.clear();
  }
}
