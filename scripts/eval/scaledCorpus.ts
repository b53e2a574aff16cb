/**
 * Benchmark corpora at a chosen passage count: doc2dial + rhdh markdown ingested once with the
 * product ingest, then replicated under distinct path prefixes (`copyN/…`, new passage ids) until
 * the count is reached (each replica's text is a separate string, as real passages would be). Replicas are exactly what re-ingesting the same files under another folder
 * produces (ids and paths differ, text is the same), without paying for ingest 40 more times.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { buildQuery } from '../../src/core/index/index';
import { DEFAULT_OPTIONS } from '../../src/core/verity';
import type { Passage } from '../../src/core/types';
import { ingestAll, readMarkdown, type ChunkOpts } from './corpora';

export interface BenchCorpus {
  base: Passage[];
  /** Files of the base corpus (for single-file re-index), path → passages. */
  files: Map<string, Passage[]>;
  queries: string[];
}

/** The base corpus and 200 realistic queries (doc2dial dev turns with history, fixed order). */
export function loadBenchCorpus(dataDir: string, chunk: ChunkOpts = { minWords: DEFAULT_OPTIONS.passageMinWords, maxWords: DEFAULT_OPTIONS.passageMaxWords }): BenchCorpus {
  const d2 = path.join(dataDir, 'doc2dial');
  const rh = path.join(dataDir, 'rhdh-docs');
  const base = [...ingestAll(readMarkdown(path.join(d2, 'docs'), d2), chunk), ...ingestAll(readMarkdown(path.join(rh, 'docs'), rh), chunk)];
  const files = new Map<string, Passage[]>();
  for (const p of base) {
    let a = files.get(p.path);
    if (!a) files.set(p.path, (a = []));
    a.push(p);
  }
  const lines = readFileSync(path.join(d2, 'questions.dev.jsonl'), 'utf8').split('\n').filter((l) => l.trim());
  const queries: string[] = [];
  for (let i = 0; i < lines.length && queries.length < 200; i += Math.max(1, Math.floor(lines.length / 200))) {
    const q = JSON.parse(lines[i]!) as { last_user_turn: string; history_newest_first: string };
    const turns = q.history_newest_first.split('\t').slice(1).reverse().map((t) => ({ role: t.trim().startsWith('agent:') ? ('assistant' as const) : ('user' as const), text: t.replace(/^\s*(user|agent):/, '') }));
    queries.push(buildQuery(q.last_user_turn, turns));
  }
  return { base, files, queries };
}

/** `count` passages: the base corpus replicated under copy prefixes. */
export function scaled(base: Passage[], count: number): Passage[] {
  const out: Passage[] = [];
  for (let copy = 0; out.length < count; copy++) {
    for (const p of base) {
      if (out.length >= count) break;
      // a fresh copy of the text: real passages do not share their strings, and heap figures must not flatter
      out.push(copy === 0 ? p : { ...p, id: `${p.id}.${copy}`, path: `copy${copy}/${p.path}`, text: Buffer.from(p.text, 'utf8').toString('utf8') });
    }
  }
  return out;
}

/** p-th percentile of `xs` (ms). */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

/** Heap in MB after a full GC (run node with --expose-gc for a meaningful figure). */
export function heapMB(): number {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) {
    g();
    g();
  }
  return process.memoryUsage().heapUsed / 2 ** 20;
}
