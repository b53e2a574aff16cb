/**
 * A read-only set of strings whose members are made only when first read in full: a subclass says
 * how to answer `has` (perhaps without making them) and how to make them all (`all`); the rest of
 * ReadonlySet is read from that.
 */
export abstract class LazyStringSet implements ReadonlySet<string> {
  /** Every member (made on the first call and kept, as the subclass decides). */
  protected abstract all(): ReadonlySet<string>;
  abstract has(x: string): boolean;
  get size(): number {
    return this.all().size;
  }
  forEach(f: (value: string, key: string, set: ReadonlySet<string>) => void, thisArg?: unknown): void {
    for (const x of this.all()) f.call(thisArg, x, x, this);
  }
  entries(): SetIterator<[string, string]> {
    return this.all().entries();
  }
  keys(): SetIterator<string> {
    return this.all().keys();
  }
  values(): SetIterator<string> {
    return this.all().values();
  }
  [Symbol.iterator](): SetIterator<string> {
    return this.all()[Symbol.iterator]();
  }
}
