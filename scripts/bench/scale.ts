/**
 * Scale benchmark (issue 7): the product index (Orama with Verity's index component, 4 shards)
 * against MiniSearch on the same passages and queries in one run — build time, heap, search
 * p50/p95, restart (load the snapshot + answer the first query), single-file re-index — plus a
 * check that the sharded index returns the same top 10 as a single-shard one.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { createPassageIndex, type PassageIndex } from '../../src/core/index/index';
import { analyze } from '../../src/core/text/analyzer';
import type { Passage } from '../../src/core/types';
import { createFsStorage } from '../../src/node/fsStorage';
import { DEFAULT_OPTIONS } from '../../src/core/verity';
import { heapMB, loadBenchCorpus, percentile, scaled } from '../eval/scaledCorpus';

interface Ctx {
  sharedDir: string | undefined;
  quick: boolean;
  log: (line: string) => void;
}

interface Row {
  name: string;
  buildS: number;
  heap: number;
  p50: number;
  p95: number;
  restartS: number;
  reindexMs: number;
}

const MINI_OPTIONS = { fields: ['text'], idField: 'id', tokenize: (s: string) => analyze(s), processTerm: (t: string) => t };
const flat = (p: Passage): string => `${p.headings.join(' ')}\n${p.text}`;

/** Load + first query in a fresh process (seconds), as a real restart would be. */
function restart(kind: 'verity' | 'minisearch', where: string, query: string): { s: number; size: number; heapMB: number } {
  const probe = path.join(__dirname, '..', 'eval', 'restartProbe.ts');
  const out = execFileSync(process.execPath, ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', probe, kind, where, query], { encoding: 'utf8' });
  const r = JSON.parse(out.trim().split('\n').at(-1)!) as { ms: number; size: number; heapMB: number };
  return { s: r.ms / 1000, size: r.size, heapMB: r.heapMB };
}

function latencies(search: (q: string) => unknown, queries: string[]): number[] {
  // an untimed warm-up pass (a third of the set) before the timed one
  for (const q of queries.slice(0, Math.ceil(queries.length / 3))) search(q);
  return queries.map((q) => {
    const t = performance.now();
    search(q);
    return performance.now() - t;
  });
}

/** Prints the side-by-side scale table. */
export async function run(ctx: Ctx): Promise<void> {
  const { log } = ctx;
  if (!ctx.sharedDir) {
    log('skipped: ../shared/data is absent');
    return;
  }
  const corpus = loadBenchCorpus(path.join(ctx.sharedDir, 'data'));
  const n = ctx.quick ? 20_000 : 100_000;
  log(`${n.toLocaleString('en')} passages: doc2dial + rhdh markdown (product ingest, ${DEFAULT_OPTIONS.passageMinWords}-${DEFAULT_OPTIONS.passageMaxWords} words, ${corpus.base.length} passages) replicated under copyN/ prefixes`);
  log(`${corpus.queries.length} doc2dial dev turns with history (buildQuery), top 10; MiniSearch gets the same passages and analysis`);
  // MiniSearch takes ~1 s per history query at 100k: compare both on every 4th query (50)
  const compare = corpus.queries.filter((_, i) => i % 4 === 0);
  const h0 = heapMB();
  const passages = scaled(corpus.base, n);
  const hPassages = heapMB();
  // files to re-index: one replica of each of five base files with several passages
  const reFiles = [...corpus.files.keys()].filter((f) => corpus.files.get(f)!.length >= 3).slice(0, 5).map((f) => `copy1/${f}`);
  const byPath = new Map<string, Passage[]>();
  for (const p of passages) if (reFiles.includes(p.path)) byPath.set(p.path, [...(byPath.get(p.path) ?? []), p]);
  const rows: Row[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'verity-bench-scale-'));
  try {
    // --- Verity (Orama + BM25 component, 4 shards)
    let index: PassageIndex | undefined = createPassageIndex();
    let t = performance.now();
    await index.add(passages);
    const buildS = (performance.now() - t) / 1000;
    const heap = heapMB() - hPassages;
    const lat = latencies((q) => index!.search(q, { k: 10 }), compare);
    const latAll = latencies((q) => index!.search(q, { k: 10 }), corpus.queries);
    const reindex: number[] = [];
    for (const f of reFiles) {
      t = performance.now();
      await index.removeByPath(f);
      await index.add(byPath.get(f)!);
      reindex.push(performance.now() - t);
    }
    const top = corpus.queries.map((q) => index!.search(q, { k: 10 }).map((h) => h.passage.id).join());
    const storage = createFsStorage(path.join(dir, 'verity'));
    t = performance.now();
    await index.save(storage, null);
    const saveS = (performance.now() - t) / 1000;
    index = undefined;
    const re = restart('verity', path.join(dir, 'verity'), corpus.queries[0]!);
    const restartS = re.s;
    const restartHeap = re.heapMB;
    if (re.size !== n) log(`(restart loaded ${re.size} passages, expected ${n})`);
    rows.push({ name: 'Verity: Orama + BM25 component, 4 shards', buildS, heap, p50: percentile(lat, 50), p95: percentile(lat, 95), restartS, reindexMs: percentile(reindex, 50) });

    // --- the same on one shard: results must be identical
    let single: PassageIndex | undefined = createPassageIndex({ flushPostings: 1e12 });
    await single.add(passages);
    for (const f of reFiles) {
      await single.removeByPath(f);
      await single.add(byPath.get(f)!);
    }
    const same = corpus.queries.filter((q, i) => single!.search(q, { k: 10 }).map((h) => h.passage.id).join() === top[i]).length;
    const latSingle = latencies((q) => single!.search(q, { k: 10 }), corpus.queries);
    single = undefined;
    heapMB();

    // --- MiniSearch
    const hm = heapMB();
    let mini: MiniSearch | undefined = new MiniSearch(MINI_OPTIONS);
    t = performance.now();
    mini.addAll(passages.map((p) => ({ id: p.id, text: flat(p) })));
    const miniBuild = (performance.now() - t) / 1000;
    const miniHeap = heapMB() - hm;
    const miniLat = latencies((q) => mini!.search(q).slice(0, 10), compare);
    const miniRe: number[] = [];
    for (const f of reFiles) {
      t = performance.now();
      const ps = byPath.get(f)!;
      for (const p of ps) mini.discard(p.id);
      mini.addAll(ps.map((p) => ({ id: p.id, text: flat(p) })));
      miniRe.push(performance.now() - t);
    }
    const file = path.join(dir, 'minisearch.json');
    writeFileSync(file, JSON.stringify(mini));
    mini = undefined;
    const miniRe2 = restart('minisearch', file, corpus.queries[0]!);
    const miniRestart = miniRe2.s;
    rows.push({ name: 'MiniSearch 7 (same analysis)', buildS: miniBuild, heap: miniHeap, p50: percentile(miniLat, 50), p95: percentile(miniLat, 95), restartS: miniRestart, reindexMs: percentile(miniRe, 50) });

    log('');
    log('| system | build s | heap MB (index) | search p50 / p95 ms | restart s | re-index one file ms |');
    log('|---|---|---|---|---|---|');
    for (const r of rows) log(`| ${r.name} | ${r.buildS.toFixed(1)} | ${r.heap.toFixed(0)} | ${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} | ${r.restartS.toFixed(2)} | ${r.reindexMs.toFixed(1)} |`);
    log('');
    log(`search p50 / p95 above over the same ${compare.length} queries; Verity 4 shards over all ${corpus.queries.length}: ${percentile(latAll, 50).toFixed(1)} / ${percentile(latAll, 95).toFixed(1)} ms`);
    log(`Verity 1 shard: search p50 / p95 ${percentile(latSingle, 50).toFixed(1)} / ${percentile(latSingle, 95).toFixed(1)} ms; top-10 identical to 4 shards for ${same}/${corpus.queries.length} queries`);
    log(`Verity snapshot save ${saveS.toFixed(2)} s; the passage objects themselves ${(hPassages - h0).toFixed(0)} MB`);
    log(`whole-process heap after restart (fresh process, index loaded, 1 query): Verity ${restartHeap.toFixed(0)} MB (passages with text included), MiniSearch ${miniRe2.heapMB.toFixed(0)} MB (index only: MiniSearch keeps no text)`);
    log('heap (index) = V8 heap after a full GC minus the heap holding the passage objects both systems were given; restart = load the saved index + answer the first query, in a fresh process; re-index = remove a file\'s passages and add them again (median of 5 files)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
