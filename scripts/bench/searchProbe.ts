/**
 * Search probe: opens a saved passage index (e.g. the folder a `scaleRun.ts build` left) and
 * runs the scale benchmark's queries against it: an untimed pass, then `--passes` timed passes,
 * printing wall p50/p95/p99, CPU ms per query, the share of postings scored and, with
 * `--check`, how many top 10s equal exhaustive scoring. Meant for profiling one change at a
 * time (`node --cpu-prof --import tsx scripts/bench/searchProbe.ts <store dir>`), not for the
 * printed benchmark table.
 *
 * `--dump <file>` writes each query's top 10 passage ids, one query a line, so the rankings of two
 * versions (or of two stores) can be compared with `cmp`/`diff`; `--answers <file>` every answer
 * of the last timed pass (ids, scores and snippets, one query a line, as searchCpu.ts writes them).
 * Also prints each search's CPU time (process.cpuUsage around it) as p50 / p95 / p99.
 *
 *   searchProbe.ts <store dir> [--src <src folder>] [--passes 2] [--check] [--limit 200] [--dump <file>] [--answers <file>] [--cache-mb 512] [--xs-mb 320]
 */
import { writeFileSync } from 'node:fs';
import { flag, opt, openStore, passes, pct } from './probeArgs';

interface Hit {
  passage: { id: string };
  score: number;
  snippet: string;
}
interface Index {
  readonly size: number;
  search(q: string, o?: Record<string, unknown>): Hit[];
  status?(): { lastQuery?: { scored: number; total: number; passes?: number; decoded?: number; blocks?: number } };
}

async function main(): Promise<void> {
  const { queries, index, openMs, cache } = await openStore<Index>();
  console.log(`opened ${index.size} passages in ${openMs.toFixed(0)} ms`);
  for (const q of queries) index.search(q, { k: 10 });
  const lat: number[] = [];
  const cpuq: number[] = [];
  const answers: string[] = [];
  let share = 0;
  let scored = 0;
  let total = 0;
  let extra = 0;
  let blocks = 0;
  let counted = 0;
  const c0 = process.cpuUsage();
  const t = performance.now();
  for (let p = 0; p < passes; p++)
    for (const q of queries) {
      const c = process.cpuUsage();
      const s = performance.now();
      const hits = index.search(q, { k: 10 });
      lat.push(performance.now() - s);
      const u = process.cpuUsage(c);
      cpuq.push((u.user + u.system) / 1000);
      if (p === passes - 1) answers.push(JSON.stringify(hits.map((h) => [h.passage.id, h.score, h.snippet])));
      const st = index.status?.().lastQuery;
      if (st) {
        share += st.scored / Math.max(1, st.total);
        scored += st.scored;
        total += st.total;
        extra += (st.passes ?? 1) - 1;
        if (st.blocks) {
          blocks += (st.decoded ?? 0) / st.blocks;
          counted++;
        }
      }
    }
  const wall = performance.now() - t;
  const cpu = process.cpuUsage(c0);
  const n = lat.length;
  console.log(
    `${n} queries: wall p50 ${pct(lat, 50).toFixed(1)} / p95 ${pct(lat, 95).toFixed(1)} / p99 ${pct(lat, 99).toFixed(1)} ms, mean ${(wall / n).toFixed(1)} ms; CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(1)} ms per query; postings scored ${((100 * share) / n).toFixed(1)}%, blocks decoded ${counted ? `${((100 * blocks) / counted).toFixed(1)}%` : '– (not counted by this version)'}; extra passes ${extra}`,
  );
  console.log(`postings per query: ${(scored / n).toFixed(0)} scored of ${(total / n).toFixed(0)}`);
  console.log(`CPU per query p50 ${pct(cpuq, 50).toFixed(1)} / p95 ${pct(cpuq, 95).toFixed(1)} / p99 ${pct(cpuq, 99).toFixed(1)} ms`);
  // after a full collection when the process has one (--expose-gc): what the warm cache holds
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const xs = cache.xHeld !== undefined ? `; xs ${(cache.xHeld / 2 ** 20).toFixed(0)} MB held of ${((cache.xLimit ?? 0) / 2 ** 20).toFixed(0)} MB` : '';
  console.log(`posting cache: ${(cache.held / 2 ** 20).toFixed(0)} MB held${cache.limit !== undefined ? ` of ${(cache.limit / 2 ** 20).toFixed(0)} MB` : ''}${xs}; heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB, RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB${gc ? ' (after a full GC)' : ''}`);
  const answersFile = opt('--answers');
  if (answersFile) {
    writeFileSync(answersFile, `${answers.join('\n')}\n`);
    console.log(`answers of ${answers.length} queries written to ${answersFile}`);
  }
  const dump = opt('--dump');
  if (dump) {
    const lines = queries.map((q) => index.search(q, { k: 10, snippet: false }).map((h) => h.passage.id).join(' '));
    writeFileSync(dump, `${lines.join('\n')}\n`);
    console.log(`top 10 ids of ${lines.length} queries written to ${dump}`);
  }
  if (flag('--check')) {
    let same = 0;
    for (const q of queries) {
      const a = index.search(q, { k: 10, snippet: false });
      const b = index.search(q, { k: 10, snippet: false, exhaustive: true });
      if (a.map((h) => h.passage.id).join() === b.map((h) => h.passage.id).join()) same++;
    }
    console.log(`same top 10 as exhaustive: ${same}/${queries.length}`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
