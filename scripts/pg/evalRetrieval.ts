/**
 * Retrieval through the PostgreSQL adapter against the local segment index, on the dev sets
 * (issue 30: within 0.5 points R@1): `npm run eval:retrieval:pg [-- --corpus doc2dial|rhdh|all]
 * [--quick]`. Needs VERITY_TEST_PG (scripts/pg/withCluster.sh starts a throwaway server). Each
 * corpus is written into a fresh corpus of the server, one transaction per file, then both
 * adapters answer the same queries (the product's construction: last turn + ~100 history
 * tokens). Prints document and gold-passage recall for both, and how many top 10s are identical.
 */
import path from 'node:path';
import { buildQuery } from '../../src/core/index/index';
import { createLocalPort } from '../../src/core/search/localPort';
import type { SearchPort } from '../../src/core/search/port';
import { DEFAULT_OPTIONS } from '../../src/core/verity';
import type { FileRecord, Passage } from '../../src/core/types';
import { openPgPort } from '../../src/node/pg/pgPort';
import { loadDoc2dial, loadRhdh, sharedDataDir, type Corpus, type EvalQuestion } from '../eval/corpora';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

/** Writes `passages` into `port`, file by file. */
export async function writePassages(port: SearchPort, passages: readonly Passage[]): Promise<void> {
  const byPath = new Map<string, Passage[]>();
  for (const p of passages) {
    const list = byPath.get(p.path);
    if (list) list.push(p);
    else byPath.set(p.path, [p]);
  }
  for (const [p, list] of byPath) {
    const record: FileRecord = { path: p, kind: list[0]!.kind, hash: p, size: 0, mtime: 0, state: 'indexed', passages: list.length };
    await port.writeFile(record, list);
  }
}

interface Scores {
  d1: number;
  d5: number;
  p1: number;
  p5: number;
}

async function scores(port: SearchPort, qs: EvalQuestion[], query: (q: EvalQuestion) => string, pathOf: Map<string, string>, tops: string[][]): Promise<Scores> {
  const s = { d1: 0, d5: 0, p1: 0, p5: 0 };
  for (const q of qs) {
    const ids = (await port.search(query(q), { k: 50 })).map((h) => h.passage.id);
    tops.push(ids.slice(0, 10));
    const docs: string[] = [];
    for (const id of ids) {
      const d = pathOf.get(id)!;
      if (!docs.includes(d)) docs.push(d);
      if (docs.length >= 5) break;
    }
    if (q.goldDocs.has(docs[0] ?? '')) s.d1++;
    if (docs.some((d) => q.goldDocs.has(d))) s.d5++;
    if (q.goldPassages.has(ids[0] ?? '')) s.p1++;
    if (ids.slice(0, 5).some((id) => q.goldPassages.has(id))) s.p5++;
  }
  const pct = (x: number): number => Math.round((1000 * x) / Math.max(1, qs.length)) / 10;
  return { d1: pct(s.d1), d5: pct(s.d5), p1: pct(s.p1), p5: pct(s.p5) };
}

async function run(corpus: Corpus, quick: boolean, url: string): Promise<void> {
  let qs = corpus.questions;
  if (quick && qs.length > 400) qs = qs.filter((_, i) => i % Math.ceil(qs.length / 400) === 0);
  console.log(`\n== ${corpus.name}: ${corpus.files.length} files, ${corpus.passages.length} passages, ${qs.length} questions`);
  const local = createLocalPort({ flushPostings: 20_000 });
  let t = performance.now();
  await writePassages(local, corpus.passages);
  console.log(`local: written in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const u = new URL(url);
  u.searchParams.set('corpus', `eval-${corpus.name}-${Date.now().toString(36)}`);
  const writer = await openPgPort(u.href, { mode: 'write' });
  t = performance.now();
  await writePassages(writer, corpus.passages);
  console.log(`postgres: written in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await writer.close();
  const pg = await openPgPort(u.href);
  const pathOf = new Map(corpus.passages.map((p) => [p.id, p.path]));
  const hasHistory = qs.some((q) => q.history.length > 0);
  const constructions: Array<[string, (q: EvalQuestion) => string]> = [['last turn', (q) => q.lastTurn]];
  if (hasHistory) constructions.push(['last turn + history', (q) => buildQuery(q.lastTurn, q.history)]);
  console.log(`${'query'.padEnd(20)} ${'adapter'.padEnd(9)} | doc R@1 R@5 | psg R@1 R@5 | ms/q`);
  for (const [name, query] of constructions) {
    const tops: string[][][] = [[], []];
    for (const [i, [label, port]] of ([['local', local], ['postgres', pg]] as Array<[string, SearchPort]>).entries()) {
      const t0 = performance.now();
      const s = await scores(port, qs, query, pathOf, tops[i]!);
      const ms = (performance.now() - t0) / Math.max(1, qs.length);
      console.log(`${name.padEnd(20)} ${label.padEnd(9)} | ${s.d1.toFixed(1).padStart(5)}${s.d5.toFixed(1).padStart(5)} | ${s.p1.toFixed(1).padStart(5)}${s.p5.toFixed(1).padStart(5)} | ${ms.toFixed(2)}`);
    }
    const same = tops[0]!.filter((ids, i) => ids.join() === tops[1]![i]!.join()).length;
    console.log(`${name}: identical top 10 for ${same} of ${qs.length} questions`);
  }
  await pg.close();
  await local.close();
}

async function main(): Promise<void> {
  const url = process.env.VERITY_TEST_PG;
  if (!url) {
    console.log('VERITY_TEST_PG is not set: run through scripts/pg/withCluster.sh (npm run eval:retrieval:pg does)');
    process.exit(2);
  }
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
  const data = sharedDataDir(root);
  if (!data) {
    console.log('shared data (../shared/data) not found: nothing to evaluate');
    process.exit(2);
  }
  const which = arg('corpus') ?? 'all';
  const quick = process.argv.includes('--quick');
  const chunk = { minWords: DEFAULT_OPTIONS.passageMinWords, maxWords: DEFAULT_OPTIONS.passageMaxWords };
  if (which === 'doc2dial' || which === 'all') {
    const d = path.join(data, 'doc2dial');
    await run(loadDoc2dial(d, path.join(d, 'questions.dev.jsonl'), chunk), quick, url);
  }
  if (which === 'rhdh' || which === 'all') {
    const d = path.join(data, 'rhdh-docs');
    await run(loadRhdh(d, path.join(d, 'questions.dev.jsonl'), chunk), quick, url);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
