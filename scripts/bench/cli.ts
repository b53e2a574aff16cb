/**
 * CLI benchmark (issue 29): the product as a user runs it, on 20,000 markdown files holding
 * about a million passages (doc2dial and RHDH passages copied with growing vocabulary, packed
 * 47 to a file as sections, which the product's chunker makes about 50 passages; `--quick`: 400 files). Each step is a fresh `node dist/cli.js`
 * process, timed whole (start to exit), with its peak RSS from the kernel: `verity index`, a cold
 * `verity search` (three times), `verity index` after one file was edited, and `verity search`
 * again. `--before <checkout>` runs the same steps with that checkout's built CLI (its
 * dist/cli.js) on its own store. The files are generated once into the temp folder and reused
 * (`--fresh` writes them again).
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadScaleCorpus, type ScaleCorpus } from './corpus';

interface Ctx {
  sharedDir: string | undefined;
  quick: boolean;
  log: (line: string) => void;
}

const PER_FILE = 47;
/** Config folder of the CLI runs (their store-signing key), removed at the end. */
const configHome = mkdtempSync(path.join(os.tmpdir(), 'verity-bench-cli-config-'));

/** Writes `files` markdown files of PER_FILE passages each (once; a marker records it). */
function generate(corpus: ScaleCorpus, dir: string, files: number, fresh: boolean): void {
  const marker = path.join(dir, '.generated');
  if (!fresh && existsSync(marker)) return;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let k = 0;
  let body = '';
  let count = 0;
  const flushFile = (): void => {
    const group = path.join(dir, `group${Math.floor(k / 100)}`);
    if (k % 100 === 0) mkdirSync(group, { recursive: true });
    writeFileSync(path.join(group, `doc${k}.md`), body);
    k++;
    body = '';
    count = 0;
  };
  for (const p of corpus.passages(files * PER_FILE)) {
    if (count === 0) body = `# ${p.title ?? p.headings[0] ?? `Document ${k}`}\n\n`;
    body += `## ${p.headings.at(-1) ?? 'Section'} (${count + 1})\n\n${p.text.replace(/^#+\s/gm, '')}\n\n`;
    if (++count === PER_FILE) flushFile();
  }
  if (count > 0) flushFile();
  writeFileSync(marker, new Date().toISOString());
}

interface Step {
  s: number;
  cpuS: number;
  rssMB: number;
  out: string;
  ok: boolean;
}

function cli(cliJs: string, args: string[], cwd: string): Step {
  const t = performance.now();
  // the signing key of the run's own (the CLI keeps it in the user's config folder)
  const env = { ...process.env, XDG_CONFIG_HOME: configHome };
  const r = spawnSync(process.execPath, ['--max-old-space-size=12288', '-r', path.join(__dirname, 'peakRss.cjs'), cliJs, ...args], { cwd, env, encoding: 'utf8', maxBuffer: 1 << 26 });
  const s = (performance.now() - t) / 1000;
  const kb = Number(/VERITY_BENCH_PEAK_RSS_KB=(\d+)/.exec(r.stderr)?.[1] ?? 0);
  const cpuMs = Number(/VERITY_BENCH_CPU_MS=(\d+)/.exec(r.stderr)?.[1] ?? NaN);
  return { s, cpuS: cpuMs / 1000, rssMB: kb / 1024, out: `${r.stdout}${r.stderr}`.replace(/\nVERITY_BENCH_PEAK_RSS_KB=\d+ VERITY_BENCH_CPU_MS=\d+\n?/, '').trim(), ok: r.status === 0 || r.status === 1 };
}

const dirMB = (d: string): number => readdirSync(d).reduce((a, f) => a + statSync(path.join(d, f)).size, 0) / 2 ** 20;

/** Prints the CLI table. */
export async function run(ctx: Ctx): Promise<void> {
  const { log } = ctx;
  if (!ctx.sharedDir) {
    log('skipped: ../shared/data is absent');
    return;
  }
  const root = path.resolve(__dirname, '../..');
  const files = ctx.quick ? 400 : 20_000;
  const corpus = loadScaleCorpus(ctx.sharedDir);
  const docs = path.join(os.tmpdir(), `verity-bench-cli-${files}`);
  const t = performance.now();
  generate(corpus, docs, files, process.argv.includes('--fresh'));
  log(`${files.toLocaleString('en')} markdown files, ${PER_FILE} sections each (${((performance.now() - t) / 1000).toFixed(0)} s to generate or find), in ${docs}`);
  const query = corpus.queries[0]!.split('\n')[0]!;
  log(`search query: "${query}"`);
  const beforeAt = process.argv.indexOf('--before');
  const systems: Array<[string, string]> = [['Verity segments', path.join(root, 'dist/cli.js')]];
  if (beforeAt > 0) systems.push([`before (${path.basename(path.resolve(process.argv[beforeAt + 1]!))})`, path.resolve(process.argv[beforeAt + 1]!, 'dist/cli.js')]);
  log('');
  log('| system | step | whole process s (CPU s) | peak RSS MB | output |');
  log('|---|---|---|---|---|');
  const k = Math.floor(files / 3);
  const edited = path.join(docs, `group${Math.floor(k / 100)}`, `doc${k}.md`);
  for (const [name, cliJs] of systems) {
    const store = path.join(docs, name.startsWith('Verity') ? '.verity-bench' : '.verity-before');
    rmSync(store, { recursive: true, force: true });
    const row = (step: string, r: Step): void => log(`| ${name} | ${step} | ${r.s.toFixed(1)} (${r.cpuS.toFixed(1)}) | ${Math.round(r.rssMB).toLocaleString('en')} | ${r.ok ? r.out.split('\n')[0]!.slice(0, 90) : `FAILED: ${r.out.split('\n').slice(-2).join(' ').slice(0, 120)}`} |`);
    row('index', cli(cliJs, ['index', docs, '--store', store], docs));
    log(`| ${name} | store size | | | ${Math.round(dirMB(store)).toLocaleString('en')} MB |`);
    for (let i = 1; i <= 3; i++) row(`cold search ${i}`, cli(cliJs, ['search', query, '--store', store, '--k', '5'], docs));
    appendFileSync(edited, `\n\n## Edited\n\nThe benchmark edited this file at ${new Date().toISOString()}: the office now opens at eight.\n`);
    row('index after one edited file', cli(cliJs, ['index', docs, '--store', store], docs));
    row('cold search after the edit', cli(cliJs, ['search', query, '--store', store, '--k', '5'], docs));
    rmSync(store, { recursive: true, force: true });
  }
  rmSync(configHome, { recursive: true, force: true });
}
