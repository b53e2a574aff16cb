/**
 * The arguments the store probes share (searchProbe.ts, searchCpu.ts): a saved store's folder,
 * the checkout whose index opens it (`--src`), the number of timed passes and of queries.
 */
import path from 'node:path';

const args = process.argv.slice(2);
/** The value after `--name`, if given. */
export const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i > 0 ? args[i + 1] : undefined;
};
export const flag = (name: string): boolean => args.includes(name);
export const dir = path.resolve(args[0] ?? '.');
export const src = path.resolve(opt('--src') ?? path.join(__dirname, '../../src'));
export const passes = Number(opt('--passes') ?? 2);
export const limit = Number(opt('--limit') ?? 200);

/** The p-th percentile (nearest rank) of `xs`. */
export const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
