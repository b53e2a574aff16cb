/**
 * Re-index after one edit (issue 29), on a folder and a store that already exist: each run
 * appends a paragraph to one file of the folder and times a fresh `node dist/cli.js index
 * <docs> --store <store>` whole (start to exit), with its CPU time (all threads) and peak RSS
 * from the kernel. `--before <checkout>` alternates that checkout's built CLI with this one on
 * the same store (after, before, after, before, …), so both see the same machine state; the
 * store format is the same, so they can take turns.
 *
 *   node --import tsx scripts/bench/reindex.ts <docs> <store> [--runs 3] [--before <checkout>]
 *     [--file <relative path to edit>] [--config <XDG_CONFIG_HOME of the store's key>] [--prof <dir>]
 *
 * `--config` must be the config folder the store was built with (its signing key), or the CLI
 * sees a store it did not write and rebuilds it. `--prof <dir>` adds `--cpu-prof` to this
 * checkout's runs. `--no-edit` times runs that change nothing.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const VALUED = new Set(['--runs', '--before', '--file', '--config', '--prof']);
const positional = argv.filter((a, i) => !a.startsWith('--') && !(i > 0 && VALUED.has(argv[i - 1]!)));
const [docs, store] = positional.map((p) => path.resolve(p));
if (!docs || !store) {
  console.error('usage: reindex.ts <docs> <store> [--runs N] [--before <checkout>] [--file <rel>] [--config <dir>] [--prof <dir>] [--no-edit]');
  process.exit(2);
}
const runs = Number(opt('--runs') ?? 3);
const root = path.resolve(__dirname, '../..');
const before = opt('--before');
const config = opt('--config');
const prof = opt('--prof');
const edit = !argv.includes('--no-edit');

/** The file edited: --file, or the first markdown file of the folder's first sub-folder. */
function editedFile(): string {
  const given = opt('--file');
  if (given) return path.join(docs!, given);
  const first = readdirSync(docs!).filter((n) => !n.startsWith('.')).sort()[0]!;
  const dir = path.join(docs!, first);
  if (!statSync(dir).isDirectory()) return dir;
  return path.join(dir, readdirSync(dir).filter((n) => n.endsWith('.md')).sort()[0]!);
}

function run(cliJs: string, withProf: boolean): { s: number; cpuS: number; rssMB: number; out: string; ok: boolean } {
  const env = { ...process.env, ...(config ? { XDG_CONFIG_HOME: path.resolve(config) } : {}) };
  const node = ['--max-old-space-size=12288', '-r', path.join(__dirname, 'peakRss.cjs'), ...(withProf && prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`] : [])];
  const t = performance.now();
  const r = spawnSync(process.execPath, [...node, cliJs, 'index', docs!, '--store', store!], { cwd: docs, env, encoding: 'utf8', maxBuffer: 1 << 26 });
  const s = (performance.now() - t) / 1000;
  const kb = Number(/VERITY_BENCH_PEAK_RSS_KB=(\d+)/.exec(r.stderr)?.[1] ?? 0);
  const cpuMs = Number(/VERITY_BENCH_CPU_MS=(\d+)/.exec(r.stderr)?.[1] ?? NaN);
  const out = `${r.stdout}${r.stderr}`.replace(/\nVERITY_BENCH_PEAK_RSS_KB=\d+ VERITY_BENCH_CPU_MS=\d+\n?/, '').trim();
  return { s, cpuS: cpuMs / 1000, rssMB: kb / 1024, out, ok: r.status === 0 || r.status === 1 };
}

const systems: Array<[string, string, boolean]> = [['after', path.join(root, 'dist/cli.js'), true]];
if (before) systems.push([`before (${path.basename(path.resolve(before))})`, path.resolve(before, 'dist/cli.js'), false]);
const file = editedFile();
console.log(`# reindex after one edit — ${new Date().toISOString()}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`folder ${docs}, store ${store}, edited file ${path.relative(docs, file)}${edit ? '' : ' (not edited: --no-edit)'}`);
console.log('');
console.log('| run | system | whole process s (CPU s) | peak RSS MB | output |');
console.log('|---|---|---|---|---|');
for (let i = 1; i <= runs; i++) {
  for (const [name, cliJs, own] of systems) {
    if (edit) appendFileSync(file, `\n\nThe re-index benchmark edited this file at ${new Date().toISOString()} (run ${i}, ${name}).\n`);
    const r = run(cliJs, own);
    const line = r.ok ? r.out.split('\n').find((l) => l.startsWith('Indexed')) ?? r.out.split('\n')[0]! : `FAILED: ${r.out.split('\n').slice(-2).join(' ').slice(0, 160)}`;
    console.log(`| ${i} | ${name} | ${r.s.toFixed(2)} (${r.cpuS.toFixed(2)}) | ${Math.round(r.rssMB)} | ${line} |`);
  }
}
console.log(`\nload average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
