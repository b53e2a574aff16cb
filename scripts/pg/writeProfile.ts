/**
 * Where a PostgreSQL build's time goes (issue 30's index target): `node --import tsx
 * scripts/pg/writeProfile.ts [--passages 20000]` with VERITY_TEST_PG set (scripts/pg/withCluster.sh).
 * Writes the scale corpus's first N passages into a fresh corpus as the benchmark does
 * (2,000-passage transactions), then prints wall and CPU (client + server) for the writes and the
 * final flush (the compaction) apart, and the store's table sizes. Run under `--cpu-prof` for
 * the client's profile.
 */
import path from 'node:path';
import type { FileRecord, Passage } from '../../src/core/types';
import { openPgPort } from '../../src/node/pg/pgPort';
import pg from 'pg';
import { loadScaleCorpus } from '../bench/corpus';
import { cpuClock } from './cpu';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

/** Wall ms per statement kind (the first words of its SQL), summed: with the client idle meanwhile, about the server's time. */
const statements = new Map<string, { n: number; ms: number }>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const sql = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '?');
  const key = sql.replace(/\s+/g, ' ').slice(0, 60);
  const t = performance.now();
  const out = (query as (...a: unknown[]) => unknown).apply(this, args);
  if (out instanceof Promise) {
    void out.then(
      () => {
        const s = statements.get(key) ?? { n: 0, ms: 0 };
        statements.set(key, { n: s.n + 1, ms: s.ms + performance.now() - t });
      },
      () => undefined,
    );
  }
  return out;
} as typeof query;

async function main(): Promise<void> {
  const url = process.env.VERITY_TEST_PG;
  if (!url) throw new Error('VERITY_TEST_PG is not set');
  const n = arg('passages', 20_000);
  const batch = arg('batch', 2000);
  const shared = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../shared');
  const corpus = loadScaleCorpus(shared);
  const byPath = new Map<string, Passage[]>();
  for (const p of corpus.passages(n)) byPath.set(p.path, [...(byPath.get(p.path) ?? []), p]);
  const files = [...byPath].map(([p, list]) => ({ record: { path: p, kind: list[0]!.kind, hash: p, size: 0, mtime: 0, state: 'indexed', passages: list.length } as FileRecord, passages: list }));
  const u = new URL(url);
  const name = `profile-${n}-${Date.now().toString(36)}`;
  u.searchParams.set('corpus', name);
  const w = await openPgPort(u.href, { mode: 'write', batchPassages: batch });
  const f1 = (x: number | undefined): string => (x === undefined ? '?' : x.toFixed(1));
  const all = cpuClock();
  let stop = cpuClock();
  for (const f of files) await w.writeFile(f.record, f.passages);
  const writes = stop();
  stop = cpuClock();
  await w.flush();
  const flush = stop();
  await w.close();
  const total = all();
  const pool = new pg.Pool({ connectionString: url });
  const sizes = await pool.query<{ rel: string; size: string; rows: string }>(
    `SELECT c.relname AS rel, pg_size_pretty(pg_total_relation_size(c.oid)) AS size, c.reltuples::bigint AS rows FROM pg_class c WHERE c.relname LIKE 'verity_%' AND c.relkind = 'r' ORDER BY pg_total_relation_size(c.oid) DESC`,
  );
  await pool.end();
  console.log(`${n} passages, ${files.length} files, batches of ${batch}`);
  console.log(`writes (to the last batch in flight): wall ${f1(writes.wall)} s, CPU ${f1(writes.cpu)} client + ${f1(writes.server)} server`);
  console.log(`flush (last batch + compaction): wall ${f1(flush.wall)} s, CPU ${f1(flush.cpu)} client + ${f1(flush.server)} server`);
  console.log(`total: wall ${f1(total.wall)} s, CPU ${f1(total.cpu)} client + ${f1(total.server)} server`);
  for (const r of sizes.rows) console.log(`  ${r.rel}: ${r.size}`);
  for (const [k, v] of [...statements].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) console.log(`  ${(v.ms / 1000).toFixed(2)} s in ${v.n}: ${k}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
