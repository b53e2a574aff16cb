/**
 * What the store probes share (searchProbe.ts, searchCpu.ts): a saved store's folder, the
 * checkout whose index opens it (`--src`), the number of timed passes and of queries, the
 * posting cache's budget (`--cache-mb`, default the product's 512 MB) and its budget for the
 * lists' cached xs (`--xs-mb`), and the opening of the
 * store with that checkout's code.
 */
import path from 'node:path';
import { loadScaleCorpus } from './corpus';

const args = process.argv.slice(2);
/** The value after `--name`, if given. */
export const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i > 0 ? args[i + 1] : undefined;
};
export const flag = (name: string): boolean => args.includes(name);
const dir = path.resolve(args[0] ?? '.');
const src = path.resolve(opt('--src') ?? path.join(__dirname, '../../src'));
export const passes = Number(opt('--passes') ?? 2);
const limit = Number(opt('--limit') ?? 200);

/** The p-th percentile (nearest rank) of `xs`. */
export const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/** The posting cache of the checkout under test (`limit`: absent in versions before it could be set). */
export interface PostingCacheLike {
  readonly held: number;
  limit?: number;
  /** The budget of the lists' cached xs (absent in versions without them). */
  xLimit?: number;
  /** Bytes the lists' cached xs hold (absent in versions without them). */
  readonly xHeld?: number;
}

/**
 * The scale benchmark's first `limit` history queries, and the store at `dir` opened with the
 * index code of `src` (typed by the caller: the probes compare checkouts whose types differ).
 */
export async function openStore<I>(): Promise<{ queries: string[]; index: I; openMs: number; cache: PostingCacheLike }> {
  const queries = loadScaleCorpus(path.resolve(__dirname, '../../../shared')).queries.slice(0, limit);
  const api = (await import(path.join(src, 'core/index/index.ts'))) as { loadPassageIndex(s: unknown, o: unknown, l: unknown): Promise<{ index: I } | undefined> };
  const fsStorage = (await import(path.join(src, 'node/fsStorage.ts'))) as { createFsStorage(d: string): unknown };
  const { postingCache: cache } = (await import(path.join(src, 'core/index/postingCache.ts'))) as { postingCache: PostingCacheLike };
  const xsMB = opt('--xs-mb');
  if (xsMB !== undefined) {
    if (!('xLimit' in cache)) throw new Error(`--xs-mb: the posting cache of ${src} keeps no xs`);
    cache.xLimit = Number(xsMB) * 2 ** 20;
  }
  const cacheMB = opt('--cache-mb');
  if (cacheMB !== undefined) {
    if (!('limit' in cache)) throw new Error(`--cache-mb: the posting cache of ${src} has no settable budget`);
    cache.limit = Number(cacheMB) * 2 ** 20;
  }
  const silent = { info() {}, warn() {}, error() {} };
  const t = performance.now();
  const loaded = await api.loadPassageIndex(fsStorage.createFsStorage(dir), undefined, silent);
  if (!loaded) throw new Error(`no index in ${dir}`);
  return { queries, index: loaded.index, openMs: performance.now() - t, cache };
}
