/**
 * Index benchmark (issue 2 figures): insert rate, search latency, snapshot save/load and size,
 * heap — at 10k and 100k passages of real documents (doc2dial + rhdh markdown ingested with the
 * product ingest once, then replicated under distinct `copyN/` path prefixes).
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPassageIndex, loadPassageIndex } from '../../src/core/index/index';
import { silentLogger } from '../../src/core/ports';
import { createFsStorage } from '../../src/node/fsStorage';
import { DEFAULT_OPTIONS } from '../../src/core/verity';
import { heapMB, loadBenchCorpus, percentile, scaled } from '../eval/scaledCorpus';

interface Ctx {
  sharedDir: string | undefined;
  quick: boolean;
  log: (line: string) => void;
}

/** Prints the index figures table. */
export async function run(ctx: Ctx): Promise<void> {
  const { log } = ctx;
  if (!ctx.sharedDir) {
    log('skipped: ../shared/data is absent');
    return;
  }
  const corpus = loadBenchCorpus(path.join(ctx.sharedDir, 'data'));
  const sizes = ctx.quick ? [10_000] : [10_000, 100_000];
  log(`passages: doc2dial + rhdh markdown, product ingest (${DEFAULT_OPTIONS.passageMinWords}-${DEFAULT_OPTIONS.passageMaxWords} words) = ${corpus.base.length} passages, replicated under copyN/ prefixes to each size`);
  log(`queries: ${corpus.queries.length} doc2dial dev turns with ~100 tokens of history (buildQuery), k = 10; index: segments`);
  log('');
  log('| passages | insert passages/s | search p50 / p95 ms | save s | snapshot MB | load s | restart (load + 1st query) s | heap MB (index + passages) |');
  log('|---|---|---|---|---|---|---|---|');
  for (const n of sizes) {
    const h0 = heapMB();
    let passages = scaled(corpus.base, n);
    let index = createPassageIndex();
    let t = performance.now();
    await index.add(passages);
    const insertRate = n / ((performance.now() - t) / 1000);
    passages = [];
    const heap = heapMB() - h0;
    // one untimed pass first: the timed pass measures a warm process, not JIT and first-touch costs
    for (const q of corpus.queries) index.search(q, { k: 10 });
    const times: number[] = [];
    for (const q of corpus.queries) {
      const t1 = performance.now();
      index.search(q, { k: 10 });
      times.push(performance.now() - t1);
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), 'verity-bench-index-'));
    try {
      const storage = createFsStorage(dir);
      t = performance.now();
      await index.save(storage, { bench: true });
      const saveS = (performance.now() - t) / 1000;
      const mb = readdirSync(dir).reduce((a, f) => a + statSync(path.join(dir, f)).size, 0) / 2 ** 20;
      index = createPassageIndex();
      heapMB();
      t = performance.now();
      const loaded = await loadPassageIndex(storage, undefined, silentLogger);
      const loadS = (performance.now() - t) / 1000;
      loaded?.index.search(corpus.queries[0]!, { k: 10 });
      const restartS = (performance.now() - t) / 1000;
      if (loaded?.index.size !== n) log(`(reload returned ${loaded?.index.size ?? 'nothing'} passages)`);
      log(`| ${n.toLocaleString('en')} | ${Math.round(insertRate).toLocaleString('en')} | ${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} | ${saveS.toFixed(2)} | ${mb.toFixed(0)} | ${loadS.toFixed(2)} | ${restartS.toFixed(2)} | ${heap.toFixed(0)} |`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  log('heap: V8 heap used after a full GC, minus the heap before the passages were created (so it includes the passage texts).');
}
