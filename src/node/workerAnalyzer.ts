/**
 * A {@link FieldAnalyzer} on a worker thread: the passage index sends it each slice of passages
 * (copied: structured clone) and inverts the results on its own thread, so a build uses two cores. The
 * worker answers in the order it was asked (one queue), which the index relies on.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AnalyzerTerms, type AnalyzedBatch, type FieldAnalyzer } from '../core/index/fieldAnalysis';

export interface WorkerAnalyzer extends FieldAnalyzer {
  /** Stops the worker (pending batches fail). */
  close(): Promise<void>;
}

/**
 * Starts the worker. `script`: the worker's file (default: analysisWorker.js beside this bundle;
 * from sources, src/node/analysisWorker.ts run through tsx). The worker does not keep the
 * process alive while nothing is pending.
 */
export function createWorkerAnalyzer(opts: { script?: string; wordsMax?: number } = {}): WorkerAnalyzer {
  const script = opts.script ?? path.join(__dirname, 'analysisWorker.js');
  const workerData = { wordsMax: opts.wordsMax };
  // from sources (benchmarks, tests): the worker loads its TypeScript through tsx
  const worker = script.endsWith('.ts')
    ? new Worker(`require('tsx/cjs/api').require(${JSON.stringify(script)}, ${JSON.stringify(script)});`, { eval: true, workerData })
    : new Worker(script, { workerData });
  worker.unref();
  const pending = new Map<number, { resolve: (b: AnalyzedBatch) => void; reject: (e: Error) => void }>();
  let next = 0;
  // the worker answers in order: each batch's terms are taken in here, whoever awaits it
  const names = new AnalyzerTerms();
  let dead: Error | undefined;
  const failAll = (e: Error): void => {
    dead ??= e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
    worker.unref();
  };
  worker.on('message', (msg: { id: number; batch?: AnalyzedBatch; error?: string }) => {
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (pending.size === 0) worker.unref();
    if (msg.batch) {
      try {
        p.resolve(names.accept(msg.batch));
      } catch (e) {
        p.reject(e as Error);
      }
    }
    else p.reject(new Error(`analysis worker: ${msg.error}`));
  });
  worker.on('error', (e) => failAll(e));
  worker.on('exit', (code) => failAll(new Error(`analysis worker exited (code ${code})`)));
  return {
    analyze(passages) {
      if (dead) return Promise.reject(dead);
      const id = next++;
      return new Promise<AnalyzedBatch>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        if (pending.size === 1) worker.ref();
        worker.postMessage({ id, passages });
      });
    },
    async close() {
      failAll(new Error('analysis worker closed'));
      await worker.terminate();
    },
  };
}
