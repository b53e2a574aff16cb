/**
 * Two versions of the index build, interleaved in one process: the same scale-corpus passages go
 * in slices of `--slice` (default 10,000) to an index of version A, then to one of version B,
 * then A again, …, each slice's add timed (wall and process CPU) for its version; then each
 * saves. On a machine shared with other work, a load that comes and goes falls on both versions
 * alike, which separate runs minutes apart cannot promise. (Both heaps share one garbage
 * collector: a collection started by one version's allocation is charged to it, though it also
 * walks the other's objects; the order A, B alternates so neither is always second.)
 *
 *   buildPair.ts <n> <dir A> <dir B> --src-a <src folder> --src-b <src folder> [--slice 10000]
 */
import path from 'node:path';
import type { Passage } from '../../src/core/types';
import { loadScaleCorpus } from './corpus';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const [nArg, dirA, dirB] = args as [string, string, string];
const n = Number(nArg);
const slice = Number(opt('--slice') ?? 10_000);

interface Index {
  add(ps: Passage[]): Promise<void>;
  save(storage: unknown, meta: unknown): Promise<void>;
}

async function open(src: string, dir: string): Promise<{ index: Index; storage: unknown }> {
  const api = (await import(path.join(src, 'core/index/index.ts'))) as { createPassageIndex(o: Record<string, unknown>): Index };
  const fs = (await import(path.join(src, 'node/fsStorage.ts'))) as { createFsStorage(d: string): unknown };
  const storage = fs.createFsStorage(dir);
  return { index: api.createPassageIndex({ storage }), storage };
}

async function main(): Promise<void> {
  const corpus = loadScaleCorpus(path.resolve(__dirname, '../../../shared'));
  const a = await open(path.resolve(opt('--src-a')!), dirA);
  const b = await open(path.resolve(opt('--src-b')!), dirB);
  const cpu = [0, 0];
  const wall = [0, 0];
  const timed = async (v: number, work: () => Promise<void>): Promise<void> => {
    const c = process.cpuUsage();
    const t = performance.now();
    await work();
    wall[v]! += performance.now() - t;
    const d = process.cpuUsage(c);
    cpu[v]! += (d.user + d.system) / 1000;
  };
  let batch: Passage[] = [];
  let round = 0;
  const both = async (): Promise<void> => {
    const ps = batch;
    batch = [];
    const order = round++ % 2 === 0 ? [0, 1] : [1, 0];
    for (const v of order) await timed(v, () => [a, b][v]!.index.add(ps));
  };
  for (const p of corpus.passages(n)) {
    batch.push(p);
    if (batch.length === slice) await both();
  }
  if (batch.length > 0) await both();
  await timed(0, () => a.index.save(a.storage, { bench: true }));
  await timed(1, () => b.index.save(b.storage, { bench: true }));
  console.log(JSON.stringify({ n, slice, aCpuS: cpu[0]! / 1000, bCpuS: cpu[1]! / 1000, aWallS: wall[0]! / 1000, bWallS: wall[1]! / 1000 }));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
