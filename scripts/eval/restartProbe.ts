/**
 * Restart probe for the scale benchmark, run in a fresh process (as a real restart is): loads a
 * saved index — Verity's snapshot folder or a MiniSearch JSON file — answers one query, and
 * prints {"ms": load + first query, "size": passages, "heapMB": heap after a GC} as JSON.
 * Usage: node --import tsx scripts/eval/restartProbe.ts verity|minisearch <path> <query>
 */
import { readFileSync } from 'node:fs';
import MiniSearch from 'minisearch';
import { loadPassageIndex } from '../../src/core/index/index';
import { silentLogger } from '../../src/core/ports';
import { analyze } from '../../src/core/text/analyzer';
import { createFsStorage } from '../../src/node/fsStorage';

async function main(): Promise<void> {
  const [kind, where, query] = process.argv.slice(2) as [string, string, string];
  const t = performance.now();
  let size = 0;
  if (kind === 'verity') {
    const loaded = await loadPassageIndex(createFsStorage(where), undefined, silentLogger);
    loaded?.index.search(query, { k: 10 });
    size = loaded?.index.size ?? 0;
  } else {
    const mini = MiniSearch.loadJSON(readFileSync(where, 'utf8'), { fields: ['text'], idField: 'id', tokenize: (s: string) => analyze(s), processTerm: (x: string) => x });
    mini.search(query).slice(0, 10);
    size = mini.documentCount;
  }
  const ms = performance.now() - t;
  (globalThis as { gc?: () => void }).gc?.();
  console.log(JSON.stringify({ ms, size, heapMB: process.memoryUsage().heapUsed / 2 ** 20 }));
}

void main();
