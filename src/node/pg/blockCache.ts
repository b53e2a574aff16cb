/**
 * A reader's cache of decoded posting blocks. Blocks are immutable (a row is inserted once and
 * deleted by a compaction, never updated), so a block cached by its number is valid for as long
 * as a snapshot still lists that number: the reader asks which blocks its terms have (small rows)
 * and fetches only those it does not hold, as a segment reader keeps the segments it opened.
 */
import { blockBytes, type Block } from './pgBlocks';

export class BlockCache {
  private readonly map = new Map<string, Block>();
  private bytes = 0;

  constructor(private readonly budget: number) {}

  get(bno: string): Block | undefined {
    const b = this.map.get(bno);
    if (b) {
      // most recently used last
      this.map.delete(bno);
      this.map.set(bno, b);
    }
    return b;
  }

  set(bno: string, block: Block): void {
    const size = blockBytes(block);
    if (size > this.budget) return;
    this.map.set(bno, block);
    this.bytes += size;
    while (this.bytes > this.budget) {
      const [k, old] = this.map.entries().next().value as [string, Block];
      this.map.delete(k);
      this.bytes -= blockBytes(old);
    }
  }
}
