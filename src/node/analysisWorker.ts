/**
 * The analysis worker (bundled to dist/analysisWorker.js, started by workerAnalyzer.ts): runs
 * fieldAnalysis.ts on the passages it is sent, in order, and posts each result back with its
 * arrays transferred.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FieldAnalysis } from '../core/index/fieldAnalysis';
import type { Passage } from '../core/types';

const analysis = new FieldAnalysis((workerData as { wordsMax?: number } | undefined)?.wordsMax);
parentPort!.on('message', (msg: { id: number; passages: Passage[] }) => {
  try {
    const b = analysis.run(msg.passages);
    parentPort!.postMessage({ id: msg.id, batch: b }, [b.records.buffer as ArrayBuffer, b.recordEnds.buffer as ArrayBuffer, b.lens.buffer as ArrayBuffer, b.postings.buffer as ArrayBuffer]);
  } catch (e) {
    parentPort!.postMessage({ id: msg.id, error: e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e) });
  }
});
