/**
 * A CPU profile of the timed passes only: opens a saved store with this checkout's index, runs
 * the scale benchmark's history queries once untimed (lists read, decoded, their xs computed),
 * then starts the profiler (node:inspector, sampling every 200 µs) for `passes` passes and writes
 * the profile. Meant to be bundled first, so the profile has line numbers (tsx's transform puts
 * each module on one line):
 *
 *   node_modules/.bin/esbuild scripts/bench/searchProfile.ts --bundle --platform=node --format=cjs --outfile=/tmp/searchProfile.js
 *   node --max-old-space-size=8192 /tmp/searchProfile.js <store dir> <shared dir> [passes 2] [out.cpuprofile] [--cache-mb 512] [--xs-mb 320]
 *
 * `--cache-mb`, `--xs-mb`: the posting cache's budgets (as searchProbe.ts sets them).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { loadPassageIndex } from '../../src/core/index/index';
import { postingCache } from '../../src/core/index/postingCache';
import { createFsStorage } from '../../src/node/fsStorage';
import { loadScaleCorpus } from './corpus';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const opt = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv.splice(i, 2)[1] : undefined;
  };
  const xsMB = opt('--xs-mb');
  const cacheMB = opt('--cache-mb');
  if (xsMB !== undefined) postingCache.xLimit = Number(xsMB) * 2 ** 20;
  if (cacheMB !== undefined) postingCache.limit = Number(cacheMB) * 2 ** 20;
  const [dir, shared, passes = '2', out = '/tmp/search.cpuprofile'] = argv;
  if (!dir || !shared) throw new Error('usage: searchProfile <store dir> <shared dir> [passes] [out]');
  const queries = loadScaleCorpus(shared).queries.slice(0, 200);
  const silent = { info(): void {}, warn(): void {}, error(): void {} };
  const loaded = await loadPassageIndex(createFsStorage(dir), undefined, silent);
  if (!loaded) throw new Error(`no index in ${dir}`);
  const { index } = loaded;
  for (const q of queries) index.search(q, { k: 10 });
  const session = new Session();
  session.connect();
  const post = (method: string, params: object = {}): Promise<unknown> => new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  const cpu = process.cpuUsage();
  for (let p = 0; p < Number(passes); p++) for (const q of queries) index.search(q, { k: 10 });
  const used = process.cpuUsage(cpu);
  const { profile } = (await post('Profiler.stop')) as { profile: unknown };
  writeFileSync(out, JSON.stringify(profile));
  console.log(`${Number(passes) * queries.length} queries, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU under the profiler; profile in ${out}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
