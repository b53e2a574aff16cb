/**
 * Inversion probe: feeds `n` scale-corpus passages (copies from `--from`) into a fresh in-memory
 * buffer (MemorySegment.add: analysis and inversion, what dominates a build) and prints CPU and
 * wall time plus a fingerprint of the buffer's terms and postings, so two versions can be
 * compared for speed and for identical output (`--src <other checkout>/src`). No disk writes.
 *
 * `--reps k` fills k fresh buffers in turn and prints each one's CPU and wall time (the machine
 * is shared: the least of them is the figure to compare).
 *
 *   invertProbe.ts [--n 50000] [--from 1] [--reps 1] [--src <src folder>]
 */
import path from 'node:path';
import { createHash } from 'node:crypto';
import { PerformanceObserver } from 'node:perf_hooks';
import type { Passage } from '../../src/core/types';
import { loadScaleCorpus } from './corpus';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const n = Number(opt('--n') ?? 50_000);
const from = Number(opt('--from') ?? 1);
const reps = Number(opt('--reps') ?? 1);
const src = path.resolve(opt('--src') ?? path.join(__dirname, '../../src'));

interface Buffer {
  add(p: Passage, pathId: number): number;
  terms: string[];
  lists: Array<{ docs: Int32Array; tf: Uint8Array; n: number }>;
  postingCount: number;
}

async function main(): Promise<void> {
  const corpus = loadScaleCorpus(path.resolve(__dirname, '../../../shared'));
  const { MemorySegment } = (await import(path.join(src, 'core/index/memorySegment.ts'))) as { MemorySegment: new () => Buffer };
  const passages: Passage[] = [];
  for (let copy = from; passages.length < n; copy++) for (const p of corpus.copyOf(copy)) if (passages.length < n) passages.push(p);
  let buf = new MemorySegment();
  // garbage collection while the buffers fill (the corpus was made before)
  let gcMs = 0;
  const gcWatch = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcMs += e.duration;
  });
  gcWatch.observe({ entryTypes: ['gc'] });
  const cpuMs: number[] = [];
  const wallMs: number[] = [];
  for (let r = 0; r < reps; r++) {
    buf = new MemorySegment();
    const paths = new Map<string, number>();
    const cpu = process.cpuUsage();
    const t = performance.now();
    for (const p of passages) {
      let id = paths.get(p.path);
      if (id === undefined) paths.set(p.path, (id = paths.size));
      buf.add(p, id);
    }
    wallMs.push(Math.round(performance.now() - t));
    const c = process.cpuUsage(cpu);
    cpuMs.push(Math.round((c.user + c.system) / 1000));
  }
  await new Promise((resolve) => setTimeout(resolve, 100)); // gc entries arrive on a later tick
  gcWatch.disconnect();
  const h = createHash('sha256');
  const order = buf.terms.map((_, i) => i).sort((a, b) => (buf.terms[a]! < buf.terms[b]! ? -1 : 1));
  for (const i of order) {
    const l = buf.lists[i]!;
    h.update(buf.terms[i]!).update('\0');
    h.update(new Uint8Array(l.docs.buffer, l.docs.byteOffset, l.n * 4));
    h.update(l.tf.subarray(0, l.n * 3));
  }
  console.log(JSON.stringify({ n, from, terms: buf.terms.length, postings: buf.postingCount, wallMs, cpuMs, gcMs: Math.round(gcMs), fingerprint: h.digest('hex').slice(0, 16) }));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
