/**
 * A reader's cache of passage bodies by passage number. A passage row is immutable (inserted
 * once with a number that is never reused, deleted by a rewrite, never updated), so a body cached
 * by its number is the body of that number in any snapshot that still holds it: a search whose
 * pool is cached reads nothing but its first statement, as a segment reader keeps the passages
 * it opened (passageIndex.ts, PASSAGE_CACHE_MAX). Least recently used first out.
 */
import type { Passage } from '../../core/types';

export class PassageCache {
  private readonly map = new Map<number, Passage>();

  constructor(private readonly max: number) {}

  get(pno: number): Passage | undefined {
    const p = this.map.get(pno);
    if (p) {
      this.map.delete(pno);
      this.map.set(pno, p);
    }
    return p;
  }

  set(pno: number, p: Passage): void {
    if (this.max <= 0) return;
    this.map.delete(pno);
    this.map.set(pno, p);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }

  get size(): number {
    return this.map.size;
  }
}
