/**
 * The posting cache's ceiling from this machine's memory: its budgets grow with the store
 * (core/index/postingCache.ts), and a quarter of the machine's memory is the most they take
 * together, so a large store on a small machine does not grow the cache past what it can hold.
 */
import os from 'node:os';
import { postingCache } from '../core/index/postingCache';

/** Share of the machine's memory the posting cache may take at most. */
export const CACHE_MEMORY_SHARE = 0.25;

/** Sets the posting cache's ceiling from `totalBytes` (the machine's memory by default). */
export function limitCacheToMachine(totalBytes = os.totalmem()): void {
  postingCache.ceiling = CACHE_MEMORY_SHARE * totalBytes;
}
