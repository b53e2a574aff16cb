/**
 * One run of the scale benchmark, in a fresh process so heap and RSS belong to it alone
 * (scripts/bench/scale.ts starts these and prints the table). Prints one JSON line.
 *
 *   build <n> <dir> [--src <src folder>]   build, search, edit + save, sizes (Verity index;
 *                                           `--no-search`: without the search;
 *                                           `--analysis-worker`: analysis on a worker thread)
 *   restart <n> <dir> [--src <src folder>] open the saved index + answer the first query
 *   minisearch <n> <dir> [--mini-every <k>] the same passages and analysis in MiniSearch
 *                                           (searches every k-th query, default 4;
 *                                           `--mini-lines`: save in lines, as past 1M)
 *   minirestart <n> <dir>                  load MiniSearch's JSON + answer the first query
 *
 * `--src` points at another checkout's src/ (the index before a change), whose passage index
 * has the same API (createPassageIndex, add, removeByPath, search, save, loadPassageIndex).
 * `--signed <key hex>`: the store goes through that checkout's trust layer (storeTrust.ts, as
 * the CLI opens it), signed with this key, instead of plain files.
 *
 * MiniSearch is saved with `JSON.stringify`, as its documentation does; when the JSON is longer
 * than V8's longest string (≈ 512 MB, about 1M passages) that throws, and the run says so
 * (`saveError`) and writes the same plain object in lines instead (everything but the term
 * index on the first line, then one line per term), which `minirestart` reads back with
 * `MiniSearch.loadJS`. Progress goes to stderr, so a run that dies says how far it got.
 */
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { analyze } from '../../src/core/text/analyzer';
import type { Passage } from '../../src/core/types';
import { loadScaleCorpus } from './corpus';

const [mode, nArg, dir] = process.argv.slice(2) as [string, string, string];
const n = Number(nArg);
const srcArg = process.argv.indexOf('--src');
const src = srcArg > 0 ? path.resolve(process.argv[srcArg + 1]!) : path.resolve(__dirname, '../../src');
const signedArg = process.argv.indexOf('--signed');
const signKey = signedArg > 0 ? process.argv[signedArg + 1]! : undefined;

const gc = (): void => {
  const g = (globalThis as { gc?: () => void }).gc;
  g?.();
  g?.();
};
const memory = (): { heapMB: number; rssMB: number } => {
  gc();
  const m = process.memoryUsage();
  return { heapMB: m.heapUsed / 2 ** 20, rssMB: m.rss / 2 ** 20 };
};
const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
/** CPU seconds of the main thread alone (Linux: /proc; undefined elsewhere): with a worker, its share of the process's CPU. */
const mainThreadCpu = (): number => {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
};
const dirMB = (d: string): number => readdirSync(d).reduce((a, f) => a + statSync(path.join(d, f)).size, 0) / 2 ** 20;

interface IndexApi {
  createPassageIndex(opts?: Record<string, unknown>): Index;
  loadPassageIndex(storage: unknown, opts: unknown, logger: unknown): Promise<{ index: Index } | undefined>;
}
interface Index {
  readonly size: number;
  add(ps: Passage[]): Promise<void>;
  removeByPath(p: string): Promise<number>;
  search(q: string, o?: Record<string, unknown>): Array<{ passage: Passage }>;
  save(storage: unknown, meta: unknown): Promise<void>;
  status?(): { lastQuery?: { scored: number; total: number; decoded?: number; blocks?: number }; segments: number };
}

/**
 * Measures how long the event loop is held while `work` runs: a 1 ms timer notes each late tick;
 * a stall counts only as far as the process used CPU meanwhile (on a machine shared with other
 * work the process is also simply not scheduled, which holds nothing). Returns the wall time,
 * the sum of the stalls and the longest one.
 */
async function blocking<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; blockedMs: number; longestMs: number }> {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let blocked = 0;
  let longest = 0;
  const note = (): void => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    const stall = Math.min(now - last - 1, (cpu.user + cpu.system) / 1000);
    if (stall > 0.5) {
      blocked += stall;
      longest = Math.max(longest, stall);
    }
    last = now;
    lastCpu = process.cpuUsage();
  };
  const timer = setInterval(note, 1);
  const t = performance.now();
  const value = await work();
  const ms = performance.now() - t;
  note();
  clearInterval(timer);
  return { value, ms, blockedMs: blocked, longestMs: longest };
}

/** Latencies of `queries` after one untimed pass over them all (JIT, caches: a warm index). */
function latencies(search: (q: string) => unknown, queries: string[]): number[] {
  for (const q of queries) search(q);
  return queries.map((q) => {
    const t = performance.now();
    search(q);
    return performance.now() - t;
  });
}

const MINI = { fields: ['text'], idField: 'id', tokenize: (s: string) => analyze(s), processTerm: (t: string) => t };

type MiniPlain = ReturnType<MiniSearch['toJSON']>;

/** MiniSearch's plain object in lines: all but the term index on the first, then one term a line. */
function writeInLines(js: MiniPlain, file: string): void {
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, `${JSON.stringify({ ...js, index: [] })}\n`);
    let chunk: string[] = [];
    for (const entry of js.index) {
      chunk.push(JSON.stringify(entry));
      if (chunk.length === 10_000) {
        writeSync(fd, `${chunk.join('\n')}\n`);
        chunk = [];
      }
    }
    if (chunk.length > 0) writeSync(fd, `${chunk.join('\n')}\n`);
  } finally {
    closeSync(fd);
  }
}

/** Reads back what writeInLines wrote, line by line from the bytes (the whole is too long for one string). */
function readInLines(file: string): MiniPlain {
  const bytes = readFileSync(file);
  let js: MiniPlain | undefined;
  let at = 0;
  while (at < bytes.length) {
    let end = bytes.indexOf(10, at);
    if (end < 0) end = bytes.length;
    const value: unknown = JSON.parse(bytes.toString('utf8', at, end));
    if (js === undefined) js = value as MiniPlain;
    else js.index.push(value as MiniPlain['index'][number]);
    at = end + 1;
  }
  if (js === undefined) throw new Error(`${file} is empty`);
  return js;
}

async function main(): Promise<void> {
  const shared = path.resolve(__dirname, '../../../shared');
  const corpus = loadScaleCorpus(shared);
  const api = (await import(path.join(src, 'core/index/index.ts'))) as IndexApi;
  const fsStorage = (await import(path.join(src, 'node/fsStorage.ts'))) as { createFsStorage(d: string): unknown };
  let createStorage = async (d: string): Promise<unknown> => fsStorage.createFsStorage(d);
  if (signKey) {
    const trust = (await import(path.join(src, 'core/index/storeTrust.ts'))) as { openTrustedStorage(inner: unknown, signer: unknown): Promise<unknown> };
    const keys = (await import(path.join(src, 'node/storeKey.ts'))) as { createStoreSigner(key: Buffer): unknown };
    const signer = keys.createStoreSigner(Buffer.from(signKey, 'hex'));
    createStorage = (d) => trust.openTrustedStorage(fsStorage.createFsStorage(d), signer);
  }
  const silent = { info() {}, warn() {}, error() {} };
  const out: Record<string, unknown> = { mode, n };

  if (mode === 'build') {
    const storage = await createStorage(dir);
    // `--analysis-worker`: the passages are analysed on a worker thread (src/node/workerAnalyzer.ts)
    let analyzer: { close(): Promise<void> } | undefined;
    if (process.argv.includes('--analysis-worker')) {
      const wa = (await import(path.join(src, 'node/workerAnalyzer.ts'))) as { createWorkerAnalyzer(o: { script: string }): { close(): Promise<void> } };
      analyzer = wa.createWorkerAnalyzer({ script: path.join(src, 'node/analysisWorker.ts') });
      out.analysisWorker = true;
    }
    // `--local-every k`: with the worker, every k-th slice is analysed on the main thread
    const localAt = process.argv.indexOf('--local-every');
    const analyzeLocallyEvery = localAt > 0 ? Number(process.argv[localAt + 1]) : undefined;
    if (analyzeLocallyEvery) out.localEvery = analyzeLocallyEvery;
    const index = api.createPassageIndex({ storage, ...(analyzer ? { analyzer, analyzeLocallyEvery } : {}) });
    let buildMs = 0;
    let buildCpu = 0;
    let mainCpu = 0;
    let batch: Passage[] = [];
    const flush = async (): Promise<void> => {
      const t = performance.now();
      const c = process.cpuUsage();
      const m = mainThreadCpu();
      await index.add(batch);
      buildMs += performance.now() - t;
      const d = process.cpuUsage(c);
      buildCpu += (d.user + d.system) / 1000;
      mainCpu += mainThreadCpu() - m;
      batch = [];
    };
    for (const p of corpus.passages(n)) {
      batch.push(p);
      if (batch.length === 10_000) await flush();
    }
    await flush();
    let t = performance.now();
    const c = process.cpuUsage();
    const m = mainThreadCpu();
    try {
      await index.save(storage, { bench: true });
    } catch (e) {
      // the sharded store this replaced cannot save past V8's string limit: say so, measure the rest
      out.saveError = (e as Error).message.split('\n')[0];
    }
    out.saveS = (performance.now() - t) / 1000;
    const d = process.cpuUsage(c);
    out.buildS = buildMs / 1000 + (out.saveS as number);
    out.buildCpuS = (buildCpu + (d.user + d.system) / 1000) / 1000;
    // the main thread's part of it (the rest: the analysis worker, GC helpers, file writes)
    out.buildMainCpuS = mainCpu + mainThreadCpu() - m;
    out.segments = index.status?.().segments;
    Object.assign(out, memory());
    // `--no-search`: only the store is wanted (searchProbe.ts measures it in fresh processes)
    if (!process.argv.includes('--no-search')) {
      const shares: number[] = [];
      const blockShares: number[] = [];
      const cpuSearch = process.cpuUsage();
      const lat = latencies((q) => {
        index.search(q, { k: 10 });
        const st = index.status?.().lastQuery;
        if (st) shares.push(st.scored / Math.max(1, st.total));
        if (st?.blocks) blockShares.push((st.decoded ?? 0) / st.blocks);
      }, corpus.queries);
      out.p50 = pct(lat, 50);
      out.p95 = pct(lat, 95);
      out.p99 = pct(lat, 99);
      const cs = process.cpuUsage(cpuSearch);
      out.searchCpuMs = (cs.user + cs.system) / 1000 / (2 * lat.length);
      out.scoredShare = shares.length ? shares.reduce((a, b) => a + b, 0) / shares.length : undefined;
      out.decodedShare = blockShares.length ? blockShares.reduce((a, b) => a + b, 0) / blockShares.length : undefined;
    }
    out.storeMB = dirMB(dir);
    // edit one file of copy 1 (its first passage gains a sentence), three times: save after each
    const base = corpus.copyOf(Math.min(1, Math.floor(n / corpus.base.length) - 1));
    const file = base.find((p, i) => base.filter((q) => q.path === p.path).length >= 3 && i > 100)!.path;
    const edits: Array<{ ms: number; blockedMs: number; longestMs: number }> = [];
    for (let e = 0; e < (out.saveError ? 0 : 3); e++) {
      const ps = base.filter((p) => p.path === file).map((p, i) => (i === 0 ? { ...p, id: `${p.id}.e${e}`, text: `${p.text} Edited ${e}: the office now opens at eight.` } : p));
      await index.removeByPath(file);
      await index.add(ps);
      const r = await blocking(() => index.save(storage, { bench: true }));
      edits.push(r);
    }
    const mid = [...edits].sort((a, b) => a.ms - b.ms)[1];
    out.editSaveMs = mid?.ms;
    out.editBlockedMs = mid?.blockedMs;
    out.editLongestMs = mid?.longestMs;
    out.editFile = file;
    await analyzer?.close();
    t = performance.now();
    out.size = index.size;
  } else if (mode === 'restart') {
    const t = performance.now();
    const loaded = await api.loadPassageIndex(await createStorage(dir), undefined, silent);
    loaded?.index.search(corpus.queries[0]!, { k: 10 });
    out.restartS = (performance.now() - t) / 1000;
    out.size = loaded?.index.size ?? 0;
    Object.assign(out, memory());
  } else if (mode === 'minisearch') {
    const everyArg = process.argv.indexOf('--mini-every');
    const every = everyArg > 0 ? Number(process.argv[everyArg + 1]) : 4;
    const mini = new MiniSearch(MINI);
    let buildMs = 0;
    let buildCpu = 0;
    let added = 0;
    let batch: Array<{ id: string; text: string }> = [];
    const flush = (): void => {
      if (batch.length === 0) return;
      const t = performance.now();
      const c = process.cpuUsage();
      mini.addAll(batch);
      buildMs += performance.now() - t;
      const d = process.cpuUsage(c);
      buildCpu += (d.user + d.system) / 1000;
      added += batch.length;
      batch = [];
      if (added % 100_000 === 0) {
        const m = process.memoryUsage();
        console.error(`minisearch: ${added} passages, ${(buildMs / 1000).toFixed(0)} s (CPU ${(buildCpu / 1000).toFixed(0)} s), heap ${(m.heapUsed / 2 ** 20).toFixed(0)} MB, RSS ${(m.rss / 2 ** 20).toFixed(0)} MB`);
      }
    };
    for (const p of corpus.passages(n)) {
      batch.push({ id: p.id, text: `${p.headings.join(' ')}\n${p.text}` });
      if (batch.length === 10_000) flush();
    }
    flush();
    out.buildS = buildMs / 1000;
    out.buildCpuS = buildCpu / 1000;
    Object.assign(out, memory());
    console.error(`minisearch: built, heap ${(out.heapMB as number).toFixed(0)} MB, RSS ${(out.rssMB as number).toFixed(0)} MB; searching every ${every}th query`);
    // MiniSearch takes seconds per history query at 100k: every k-th query (4 by default)
    const queries = corpus.queries.filter((_, i) => i % every === 0);
    const cpuSearch = process.cpuUsage();
    const lat = latencies((q) => mini.search(q).slice(0, 10), queries);
    const cs = process.cpuUsage(cpuSearch);
    out.queries = lat.length;
    out.searchCpuMs = (cs.user + cs.system) / 1000 / (2 * lat.length);
    out.p50 = pct(lat, 50);
    out.p95 = pct(lat, 95);
    out.p99 = pct(lat, 99);
    console.error(`minisearch: searched, p50 ${out.p50 as number} ms; saving`);
    const file = path.join(dir, 'minisearch.json');
    const t = performance.now();
    try {
      if (process.argv.includes('--mini-lines')) throw new Error('--mini-lines given');
      writeFileSync(file, JSON.stringify(mini));
    } catch (e) {
      out.saveError = `JSON.stringify: ${(e as Error).message.split('\n')[0]}`;
      writeInLines(mini.toJSON(), path.join(dir, 'minisearch.jsonl'));
    }
    out.saveS = (performance.now() - t) / 1000;
    out.storeMB = dirMB(dir);
    out.size = mini.documentCount;
  } else if (mode === 'minirestart') {
    const t = performance.now();
    const json = path.join(dir, 'minisearch.json');
    const mini = existsSync(json) ? MiniSearch.loadJSON(readFileSync(json, 'utf8'), MINI) : MiniSearch.loadJS(readInLines(path.join(dir, 'minisearch.jsonl')), MINI);
    mini.search(corpus.queries[0]!).slice(0, 10);
    out.restartS = (performance.now() - t) / 1000;
    out.size = mini.documentCount;
    Object.assign(out, memory());
  } else throw new Error(`unknown mode ${mode}`);
  console.log(JSON.stringify(out));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
