/**
 * Scale benchmark (issue 29): the passage index at 10k, 100k and 1M passages (`--quick`: 10k
 * only; `--scale-5m` adds 5M), side by side with MiniSearch where it fits (10k and 100k; 1M with
 * `--minisearch-1m`), and with the index of another checkout (`--before <checkout>`: the same
 * runs against its src/, e.g. the sharded index this replaced; `--analysis-worker`: a row with
 * the analysis on a worker thread, src/node/workerAnalyzer.ts). Corpus: doc2dial and RHDH
 * passages copied with growing vocabulary (scripts/bench/corpus.ts); queries: 200 doc2dial dev
 * turns with history. Each run is a fresh process (scripts/bench/scaleRun.ts), so heap and RSS
 * are its own. Figures: build (add + save, merges included), search p50/p95/p99 (a timed pass
 * over the queries after an untimed one: a warm index), the share of
 * the query terms' postings scored, restart (open + first query, fresh process), heap and RSS
 * after a full GC, store size, and save after editing one file (the middle of three; with the
 * time the event loop was held, summed, and its longest stall). `--signed` adds each Verity row
 * again with the store behind the trust layer (signed, as the CLI opens it); `--sizes 10k,100k`
 * picks the sizes (default 10k, 100k, 1M); `--mini-every <k>`: MiniSearch searches every k-th query
 * (default 4: it takes seconds a query).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Ctx {
  sharedDir: string | undefined;
  quick: boolean;
  log: (line: string) => void;
}

type Row = Record<string, number | string | undefined>;

function runChild(args: string[], heapMB = 12_288): Row {
  const script = path.join(__dirname, 'scaleRun.ts');
  const out = execFileSync(process.execPath, ['--expose-gc', `--max-old-space-size=${heapMB}`, '--import', 'tsx', script, ...args], { encoding: 'utf8', maxBuffer: 1 << 24, stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out.trim().split('\n').at(-1)!) as Row;
}

const f1 = (x: unknown): string => (typeof x === 'number' ? x.toFixed(1) : '–');
const f2 = (x: unknown): string => (typeof x === 'number' ? x.toFixed(2) : '–');
const f0 = (x: unknown): string => (typeof x === 'number' ? Math.round(x).toLocaleString('en') : '–');

/** Prints the scale table. */
export async function run(ctx: Ctx): Promise<void> {
  const { log } = ctx;
  if (!ctx.sharedDir) {
    log('skipped: ../shared/data is absent');
    return;
  }
  const argv = process.argv;
  const sizesAt = argv.indexOf('--sizes');
  const sizes = sizesAt > 0 ? argv[sizesAt + 1]!.split(',').map((x) => Number(x.replace(/k$/i, '000').replace(/m$/i, '000000'))) : ctx.quick ? [10_000] : [10_000, 100_000, 1_000_000];
  if (argv.includes('--scale-5m')) sizes.push(5_000_000);
  const key = argv.includes('--signed') ? randomBytes(32).toString('hex') : undefined;
  const beforeAt = argv.indexOf('--before');
  const before = beforeAt > 0 ? path.resolve(argv[beforeAt + 1]!, 'src') : undefined;
  log('passages: doc2dial + RHDH markdown (product ingest, 1,408 passages) copied under copyN/ with growing vocabulary (scripts/bench/corpus.ts)');
  log('queries: 200 doc2dial dev turns with ~100 tokens of history (buildQuery), top 10; MiniSearch: same passages and analysis, every 4th query (`--mini-every <k>`: every k-th)');
  log('');
  log('| system | passages | build s (CPU s) | search p50 / p95 / p99 ms (CPU ms per query) | postings scored (blocks decoded) | restart s | heap MB | RSS MB | store MB | save after one edit ms (event loop held: sum / longest) |');
  log('|---|---|---|---|---|---|---|---|---|---|');
  for (const n of sizes) {
    const systems: Array<[string, string[], string[]]> = [['Verity segments', ['build'], ['restart']]];
    if (before) systems.push(['before (' + path.basename(path.dirname(before)) + ')', ['build', '--src', before], ['restart', '--src', before]]);
    // `--analysis-worker`: also the index with its analysis on a worker thread (a second core)
    if (argv.includes('--analysis-worker')) systems.push(['Verity segments, analysis worker', ['build', '--analysis-worker'], ['restart']]);
    if (key) for (const [name, b, r] of [...systems]) systems.push([`${name}, signed`, [...b, '--signed', key], [...r, '--signed', key]]);
    const everyAt = argv.indexOf('--mini-every');
    const every = everyAt > 0 ? ['--mini-every', argv[everyAt + 1]!] : [];
    if (n <= 100_000 || (n === 1_000_000 && argv.includes('--minisearch-1m'))) systems.push(['MiniSearch 7', ['minisearch', ...every], ['minirestart']]);
    for (const [name, build, restart] of systems) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'verity-bench-scale-'));
      try {
        const [mode, ...rest] = build;
        const b = runChild([mode!, String(n), dir, ...rest]);
        const [rmode, ...rrest] = restart;
        let r: Row;
        try {
          r = runChild([rmode!, String(n), dir, ...rrest]);
        } catch {
          r = {};
        }
        const edit = b.editSaveMs === undefined ? '–' : `${f1(b.editSaveMs)} (${f1(b.editBlockedMs)} / ${f1(b.editLongestMs)})`;
        const share = typeof b.scoredShare === 'number' ? `${(100 * b.scoredShare).toFixed(0)}%${typeof b.decodedShare === 'number' ? ` (${(100 * b.decodedShare).toFixed(0)}%)` : ''}` : '–';
        log(`| ${name} | ${f0(n)} | ${f1(b.buildS)} (${f1(b.buildCpuS)}) | ${f1(b.p50)} / ${f1(b.p95)} / ${f1(b.p99)} (${f1(b.searchCpuMs)}) | ${share} | ${f2(r.restartS)} | ${f0(r.heapMB)} (${f0(b.heapMB)}) | ${f0(r.rssMB)} (${f0(b.rssMB)}) | ${f0(b.storeMB)} | ${edit} |`);
        if (b.saveError && name.startsWith('MiniSearch')) log(`(${name}: ${String(b.saveError)}; saved as one line per term instead, read back with MiniSearch.loadJS)`);
        else if (b.saveError) log(`(${name}: saving ${f0(n)} passages failed: ${String(b.saveError)})`);
        if (typeof b.queries === 'number' && name.startsWith('MiniSearch')) log(`(${name}: ${b.queries} queries searched)`);
        else if (r.size !== n || b.size !== n) log(`(${name}: ${String(b.size)} passages built, ${String(r.size)} after restart, ${n} expected)`);
      } catch (e) {
        log(`| ${name} | ${f0(n)} | failed: ${(e as Error).message.split('\n')[0]} |`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  log('');
  log('heap / RSS: after a full GC in a fresh process that opened the index and answered one query; in brackets, in the process that built it (after the build).');
  log('build: adding the passages and saving them (merges included); the passages are made in batches of 10,000 between the timed calls. CPU: process CPU time of the same calls (on a shared machine wall time also counts waiting for a core).');
  log('event loop held: 1 ms timer ticks that came late, counted as far as the process used CPU meanwhile.');
}
