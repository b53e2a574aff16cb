/**
 * Search CPU per query on a saved store: opens it with a checkout's index (`--src`, default this
 * one), runs the scale benchmark's history queries once untimed, then `--passes` timed passes,
 * and prints the CPU time of each search (process.cpuUsage around it, so time spent waiting for
 * a core on a loaded machine is left out) as p50 / p95 / p99 and mean, beside the wall time.
 * `--answers <file>` writes every answer of the last pass (ids, scores and snippets, one query a
 * line), so two checkouts can be compared with `cmp`. searchProbe.ts prints the wall figures
 * and the share of postings scored; this one the CPU percentiles.
 *
 *   searchCpu.ts <store dir> [--src <src folder>] [--passes 2] [--limit 200] [--answers <file>]
 */
import { writeFileSync } from 'node:fs';
import { opt, openStore, passes, pct } from './probeArgs';

interface Hit {
  passage: { id: string };
  score: number;
  snippet: string;
}
interface Index {
  search(q: string, o?: Record<string, unknown>): Hit[];
}

async function main(): Promise<void> {
  const { queries, index } = await openStore<Index>();
  for (const q of queries) index.search(q, { k: 10 });
  const cpu: number[] = [];
  const wall: number[] = [];
  const answers: string[] = [];
  for (let p = 0; p < passes; p++)
    for (const q of queries) {
      const c = process.cpuUsage();
      const t = performance.now();
      const hits = index.search(q, { k: 10 });
      wall.push(performance.now() - t);
      const u = process.cpuUsage(c);
      cpu.push((u.user + u.system) / 1000);
      if (p === passes - 1) answers.push(JSON.stringify(hits.map((h) => [h.passage.id, h.score, h.snippet])));
    }
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const f = (xs: number[]): string => `p50 ${pct(xs, 50).toFixed(1)} / p95 ${pct(xs, 95).toFixed(1)} / p99 ${pct(xs, 99).toFixed(1)} ms, mean ${mean(xs).toFixed(1)} ms`;
  console.log(`${cpu.length} queries: CPU ${f(cpu)}; wall ${f(wall)}`);
  const out = opt('--answers');
  if (out) {
    writeFileSync(out, `${answers.join('\n')}\n`);
    console.log(`answers of ${answers.length} queries written to ${out}`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
