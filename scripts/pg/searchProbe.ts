/**
 * Development probe (issue 30): one reader's warm searches on a corpus already in a store, with
 * the code of any tree, so two versions are timed alternately on the same data and server.
 *
 *   build:  node --import tsx scripts/pg/searchProbe.ts build <tree> <corpus> [passages]
 *   search: node --import tsx scripts/pg/searchProbe.ts search <tree> <corpus> [passes] [queries]
 *
 * <tree> is a checkout whose src/node/pg/pgPort.ts is loaded (this worktree, or a copy of another
 * commit from `git archive`). Needs VERITY_TEST_PG (and VERITY_PG_DIR for the server's CPU): a
 * cluster from `scripts/pg/cluster.sh start`. The search mode runs the doc2dial history queries
 * once to warm the reader, then times `passes` passes (wall and this process's CPU per query, the
 * server's CPU per query) and prints a digest of every query's top 10 (ids, scores, snippets) from
 * the first timed pass: equal digests, equal results. PROFILE=file writes a CPU profile of the
 * timed passes; PASSAGE_CACHE=n sets the reader's passage cache.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import type { FileRecord, Passage } from '../../src/core/types';
import { loadScaleCorpus } from '../bench/corpus';
import { cpuClock } from './cpu';

const [mode, root, corpusName, a3, a4] = process.argv.slice(2);
const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const f1 = (x: number): string => x.toFixed(1);

async function main(): Promise<void> {
  if ((mode !== 'build' && mode !== 'search') || !root || !corpusName || !process.env.VERITY_TEST_PG) {
    console.log('usage: searchProbe.ts build|search <tree> <corpus> [passages | passes] [queries] (with VERITY_TEST_PG set)');
    process.exit(2);
  }
  const { openPgPort } = (await import(path.resolve(root, 'src/node/pg/pgPort.ts'))) as typeof import('../../src/node/pg/pgPort');
  const u = new URL(process.env.VERITY_TEST_PG);
  u.searchParams.set('corpus', corpusName);
  const shared = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../shared');
  const corpus = loadScaleCorpus(shared);
  if (mode === 'build') {
    const byPath = new Map<string, Passage[]>();
    for (const p of corpus.passages(Number(a3 ?? 100_000))) {
      const l = byPath.get(p.path);
      if (l) l.push(p);
      else byPath.set(p.path, [p]);
    }
    const w = await openPgPort(u.href, { mode: 'write', batchPassages: 2000 });
    const stop = cpuClock();
    for (const [p, list] of byPath) {
      const record: FileRecord = { path: p, kind: list[0]!.kind, hash: p, size: 0, mtime: 0, state: 'indexed', passages: list.length };
      await w.writeFile(record, list);
    }
    await w.flush();
    const c = stop();
    await w.close();
    console.log(`built ${corpusName}: ${byPath.size} files, wall ${f1(c.wall)} s, client ${f1(c.cpu)} s, server ${f1(c.server ?? NaN)} s`);
    return;
  }
  const passes = Number(a3 ?? 2);
  const queries = corpus.queries.slice(0, Number(a4 ?? 300));
  const reader = await openPgPort(u.href, process.env.PASSAGE_CACHE ? { passageCache: Number(process.env.PASSAGE_CACHE) } : {});
  for (const q of queries) await reader.search(q, { k: 10 });
  const session = process.env.PROFILE ? new Session() : undefined;
  const post = (m: string, p: object = {}): Promise<unknown> => new Promise((res, rej) => session!.post(m, p, (e, r) => (e ? rej(e) : res(r))));
  if (session) {
    session.connect();
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 200 });
    await post('Profiler.start');
  }
  const digest: string[] = [];
  for (let pass = 0; pass < passes; pass++) {
    const ms: number[] = [];
    const cpu: number[] = [];
    const stop = cpuClock();
    for (const q of queries) {
      const t = performance.now();
      const c0 = process.cpuUsage();
      const hits = await reader.search(q, { k: 10 });
      const d = process.cpuUsage(c0);
      ms.push(performance.now() - t);
      cpu.push((d.user + d.system) / 1000);
      if (pass === 0) digest.push(hits.map((h) => `${h.passage.id}:${h.score.toFixed(6)}:${h.snippet}`).join('\u0001'));
    }
    const c = stop();
    console.log(
      `${path.basename(path.resolve(root))} pass ${pass}: load ${os.loadavg()[0]!.toFixed(2)} | wall p50/p95/p99 ${f1(pct(ms, 50))} / ${f1(pct(ms, 95))} / ${f1(pct(ms, 99))} ms | client CPU p50/p95 ${f1(pct(cpu, 50))} / ${f1(pct(cpu, 95))} ms | per query client + server ${f1((c.cpu * 1000) / queries.length)} + ${f1(((c.server ?? NaN) * 1000) / queries.length)} ms`,
    );
  }
  if (session) writeFileSync(process.env.PROFILE!, JSON.stringify(((await post('Profiler.stop')) as { profile: unknown }).profile));
  console.log(`digest of the top 10 (ids, scores, snippets): ${createHash('sha256').update(digest.join('\n')).digest('hex').slice(0, 16)} (${queries.length} queries)`);
  await reader.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
