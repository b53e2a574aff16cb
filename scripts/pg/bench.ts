/**
 * The PostgreSQL store against the local segment store (issue 30): `npm run bench:pg [--
 * --passages 100000] [--queries 300] [--readers 20] [--rewrite 100]`. Needs VERITY_TEST_PG (the npm
 * script starts a throwaway cluster). The corpus is the scale benchmark's (doc2dial and RHDH
 * passages varied per copy, scripts/bench/corpus.ts), written file by file through each port as
 * `verity index` writes it; the queries are doc2dial dev turns with their history.
 *
 * Prints, each with CPU time beside the wall time (this process's, and the throwaway server's read
 * from /proc: scripts/pg/cpu.ts): index time (local: segments saved to a temp folder; PostgreSQL: transactions of about
 * 2,000 passages, each file whole in one), one reader's search p50/p95/p99 after a warm pass, and
 * N readers searching while one writer re-indexes files one transaction each: latency, errors,
 * and files seen partially (each reader reads a rewritten file's passages after every search;
 * every passage must carry the same revision and the count must be a whole version's).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalPort } from '../../src/core/search/localPort';
import type { SearchPort } from '../../src/core/search/port';
import type { FileRecord, Passage } from '../../src/core/types';
import { createFsStorage } from '../../src/node/fsStorage';
import { openPgPort } from '../../src/node/pg/pgPort';
import { loadScaleCorpus } from '../bench/corpus';
import { cpuClock } from './cpu';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};
const f1 = (x: number): string => x.toFixed(1);

function filesOf(passages: Iterable<Passage>): Array<{ record: FileRecord; passages: Passage[] }> {
  const byPath = new Map<string, Passage[]>();
  for (const p of passages) {
    const l = byPath.get(p.path);
    if (l) l.push(p);
    else byPath.set(p.path, [p]);
  }
  return [...byPath].map(([p, list]) => ({ record: { path: p, kind: list[0]!.kind, hash: p, size: 0, mtime: 0, state: 'indexed', passages: list.length }, passages: list }));
}

type Clock = { wall: number; cpu: number; server?: number | undefined };

async function writeAll(port: SearchPort, files: Array<{ record: FileRecord; passages: Passage[] }>): Promise<Clock> {
  const stop = cpuClock();
  for (const f of files) await port.writeFile(f.record, f.passages);
  await port.flush();
  return stop();
}

/** Wall ms and this process's CPU ms per query (after a warm pass), and the whole pass's clock. */
async function timeSearches(port: SearchPort, queries: string[]): Promise<{ ms: number[]; cpuMs: number[]; pass: Clock }> {
  for (const q of queries) await port.search(q, { k: 10 });
  const ms: number[] = [];
  const cpuMs: number[] = [];
  const stop = cpuClock();
  for (const q of queries) {
    const t = performance.now();
    const c = process.cpuUsage();
    await port.search(q, { k: 10 });
    const d = process.cpuUsage(c);
    ms.push(performance.now() - t);
    cpuMs.push((d.user + d.system) / 1000);
  }
  return { ms, cpuMs, pass: stop() };
}

const cpuOf = (c: Clock): string => `${f1(c.cpu)} client${c.server === undefined ? '' : ` + ${f1(c.server)} server`}`;
const perQuery = (c: Clock, n: number): string => `${f1((c.cpu * 1000) / n)}${c.server === undefined ? '' : ` + ${f1((c.server * 1000) / n)}`}`;

/** The file with every passage's text marked as revision `rev`. */
function revised(f: { record: FileRecord; passages: Passage[] }, rev: number): { record: FileRecord; passages: Passage[] } {
  const passages = f.passages.map((p) => ({ ...p, id: `${p.id}-r${rev}`, text: `${p.text} revision${rev}`, hash: `${p.hash}-r${rev}` }));
  return { record: { ...f.record, hash: `${f.record.hash}-r${rev}` }, passages };
}

async function main(): Promise<void> {
  const url = process.env.VERITY_TEST_PG;
  if (!url) {
    console.log('VERITY_TEST_PG is not set: run through scripts/pg/withCluster.sh (npm run bench:pg does)');
    process.exit(2);
  }
  const n = arg('passages', 100_000);
  const nq = arg('queries', 300);
  const nReaders = arg('readers', 20);
  const nRewrite = arg('rewrite', 100);
  const shared = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../shared');
  const corpus = loadScaleCorpus(shared);
  const files = filesOf(corpus.passages(n));
  const queries = corpus.queries.slice(0, nq);
  const log = (s: string): void => console.log(s);
  log(`PostgreSQL store benchmark: ${n.toLocaleString('en')} passages in ${files.length.toLocaleString('en')} files, ${queries.length} history queries; ${os.cpus().length} cores, Node ${process.version}`);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'verity-pgbench-'));
  const local = createLocalPort({ storage: createFsStorage(dir) });
  const localBuild = await writeAll(local, files);
  const localS = await timeSearches(local, queries);
  // no server in this row
  delete localBuild.server;
  delete localS.pass.server;
  await local.close();
  rmSync(dir, { recursive: true, force: true });

  const u = new URL(url);
  u.searchParams.set('corpus', `bench-${n}-${Date.now().toString(36)}`);
  const writer = await openPgPort(u.href, { mode: 'write', batchPassages: 2000 });
  const pgBuild = await writeAll(writer, files);
  await writer.close();
  const counters = { postings: 0, scored: 0, passes: 0, snapshotRetries: 0 };
  const reader = await openPgPort(u.href, { counters });
  const pgS = await timeSearches(reader, queries);
  const st = await reader.status();
  await reader.close();

  log('');
  const row = (name: string, count: number, build: Clock, s: { ms: number[]; cpuMs: number[]; pass: Clock }, ratio: string): string =>
    `| ${name} | ${count.toLocaleString('en')} | ${f1(build.wall)}${ratio} | ${cpuOf(build)} | ${f1(pct(s.ms, 50))} / ${f1(pct(s.ms, 95))} / ${f1(pct(s.ms, 99))} | ${f1(pct(s.cpuMs, 50))} / ${f1(pct(s.cpuMs, 95))} | ${perQuery(s.pass, queries.length)} |`;
  log('| store | passages | index wall s | index CPU s | search wall p50 / p95 / p99 ms (one reader, warm) | search client CPU p50 / p95 ms | search CPU ms per query, mean |');
  log('|---|---|---|---|---|---|---|');
  log(row('local segments (file by file, saved)', n, localBuild, localS, ''));
  log(row('PostgreSQL 15 (Unix socket, 2,000-passage transactions)', st.passages, pgBuild, pgS, ` (${f1(pgBuild.wall / localBuild.wall)}× local)`));
  log('');
  log(`PostgreSQL reader, both passes (warm-up and timed): ${counters.scored.toLocaleString('en')} postings scored of ${counters.postings.toLocaleString('en')} read (${f1((100 * counters.scored) / Math.max(1, counters.postings))}%), ${counters.passes} scoring passes for ${2 * queries.length} searches, ${counters.snapshotRetries} searches read again in one snapshot`);

  // N readers while one writer re-indexes files, one transaction per file
  const targets = files.filter((f) => f.passages.length >= 2).slice(0, nRewrite);
  const w = await openPgPort(u.href, { mode: 'write' });
  const readers = await Promise.all(Array.from({ length: nReaders }, () => openPgPort(u.href, { poolSize: 1 })));
  const lat: number[] = [];
  let errors = 0;
  let partial = 0;
  let checks = 0;
  let writing = true;
  const t0 = performance.now();
  const clock = cpuClock();
  const writerRun = (async () => {
    try {
      for (const f of targets) await w.writeFile(revised(f, 1).record, revised(f, 1).passages);
    } finally {
      writing = false;
    }
  })();
  await Promise.all(
    readers.map(async (r, i) => {
      let k = i;
      do {
        const q = queries[k % queries.length]!;
        const f = targets[k % targets.length]!;
        k += nReaders;
        try {
          const t = performance.now();
          await r.search(q, { k: 10 });
          lat.push(performance.now() - t);
          const got = await r.filePassages(f.record.path);
          const revs = new Set(got.map((p) => (/ revision1$/.test(p.text) ? 1 : 0)));
          checks++;
          if (revs.size !== 1 || got.length !== f.passages.length) partial++;
        } catch {
          errors++;
        }
      } while (writing);
    }),
  );
  await writerRun;
  const rewriteS = (performance.now() - t0) / 1000;
  const rewriteCpu = clock();
  await Promise.all(readers.map((r) => r.close()));
  await w.close();
  log('');
  log(`| ${nReaders} readers while one writer re-indexes ${targets.length} files (one transaction each) | searches | search p50 / p95 / p99 ms | reader errors | files read partially (of checks) | re-index wall s | CPU s |`);
  log('|---|---|---|---|---|---|---|');
  log(`| PostgreSQL 15 | ${lat.length} | ${f1(pct(lat, 50))} / ${f1(pct(lat, 95))} / ${f1(pct(lat, 99))} | ${errors} | ${partial} (of ${checks}) | ${f1(rewriteS)} | ${cpuOf(rewriteCpu)} |`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
