/**
 * Writing one file into a PostgreSQL store, in one transaction: the file's old passages (and
 * any passage elsewhere with an id of the new ones) leave with their postings and their share
 * of the statistics, the record is upserted, the new passages, terms and postings go in, and the
 * corpus sums move. A writer killed anywhere in between leaves the transaction open on a dead
 * connection; the server rolls it back, so readers keep seeing the old version.
 */
import type { PoolClient } from 'pg';
import { passagePostings } from '../../core/search/passageTerms';
import type { FileRecord, Passage } from '../../core/types';

/** Test hook: called between steps of a file's transaction (the kill -9 test stops there). */
export type WriteStepHook = (step: 'deleted' | 'inserted', path: string) => Promise<void> | void;

/** Deletes passages (by number) with their postings and statistics. */
async function deletePassages(c: PoolClient, corpus: number, pnos: string[]): Promise<void> {
  if (pnos.length === 0) return;
  await c.query(
    `WITH d AS (DELETE FROM verity_posting WHERE pno = ANY($1::bigint[]) RETURNING tid),
          n AS (SELECT tid, count(*) AS n FROM d GROUP BY tid)
     UPDATE verity_term t SET df = t.df - n.n FROM n WHERE t.tid = n.tid`,
    [pnos],
  );
  await c.query(
    `WITH d AS (DELETE FROM verity_passage WHERE pno = ANY($1::bigint[]) RETURNING len0, len1, len2)
     UPDATE verity_corpus SET passages = passages - (SELECT count(*) FROM d),
       len0 = len0 - coalesce((SELECT sum(len0) FROM d), 0),
       len1 = len1 - coalesce((SELECT sum(len1) FROM d), 0),
       len2 = len2 - coalesce((SELECT sum(len2) FROM d), 0)
     WHERE id = $2`,
    [pnos, corpus],
  );
}

/** Replaces the file `record.path` of `corpus` by `record` and `passages` (the caller holds the transaction). */
export async function writeFileRows(c: PoolClient, corpus: number, record: FileRecord, passages: readonly Passage[], hook?: WriteStepHook): Promise<void> {
  const ids = passages.map((p) => p.id);
  const old = await c.query<{ pno: string }>('SELECT pno FROM verity_passage WHERE corpus = $1 AND (path = $2 OR id = ANY($3::text[]))', [corpus, record.path, ids]);
  await deletePassages(
    c,
    corpus,
    old.rows.map((r) => r.pno),
  );
  await hook?.('deleted', record.path);
  const fno = (
    await c.query<{ fno: string }>(
      `INSERT INTO verity_file (corpus, path, record) VALUES ($1, $2, $3)
       ON CONFLICT (corpus, path) DO UPDATE SET record = EXCLUDED.record RETURNING fno`,
      [corpus, record.path, JSON.stringify(record)],
    )
  ).rows[0]!.fno;
  if (passages.length === 0) return;
  const posts = passages.map(passagePostings);
  const inserted = await c.query<{ pno: string; id: string }>(
    `INSERT INTO verity_passage (corpus, id, fno, path, kind, len0, len1, len2, body)
     SELECT $1, u.id, $2, $3, u.kind, u.l0, u.l1, u.l2, u.body
     FROM unnest($4::text[], $5::smallint[], $6::int[], $7::int[], $8::int[], $9::jsonb[]) AS u(id, kind, l0, l1, l2, body)
     RETURNING pno, id`,
    [corpus, fno, record.path, ids, passages.map((p) => (p.kind === 'pdf' ? 1 : 0)), posts.map((p) => p.lens[0]), posts.map((p) => p.lens[1]), posts.map((p) => p.lens[2]), passages.map((p) => JSON.stringify(p))],
  );
  const pnoOf = new Map(inserted.rows.map((r) => [r.id, r.pno]));
  const df = new Map<string, number>();
  for (const p of posts) for (const t of p.terms.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const terms = [...df.keys()];
  const tids = await c.query<{ tid: number; term: string }>(
    `INSERT INTO verity_term (corpus, term, df) SELECT $1, u.term, u.n FROM unnest($2::text[], $3::int[]) AS u(term, n)
     ON CONFLICT (corpus, term) DO UPDATE SET df = verity_term.df + EXCLUDED.df RETURNING tid, term`,
    [corpus, terms, terms.map((t) => df.get(t)!)],
  );
  const tidOf = new Map(tids.rows.map((r) => [r.term, r.tid]));
  const cols: Array<Array<number | string>> = [[], [], [], [], [], [], [], []];
  posts.forEach((p, i) => {
    const pno = pnoOf.get(ids[i]!)!;
    for (const [t, tf] of p.terms) {
      cols[0]!.push(tidOf.get(t)!);
      cols[1]!.push(pno);
      cols[2]!.push(tf[0]);
      cols[3]!.push(tf[1]);
      cols[4]!.push(tf[2]);
      cols[5]!.push(p.lens[0]);
      cols[6]!.push(p.lens[1]);
      cols[7]!.push(p.lens[2]);
    }
  });
  await c.query(
    `INSERT INTO verity_posting (tid, pno, fno, tf0, tf1, tf2, len0, len1, len2)
     SELECT u.tid, u.pno, $1, u.t0, u.t1, u.t2, u.l0, u.l1, u.l2
     FROM unnest($2::int[], $3::bigint[], $4::smallint[], $5::smallint[], $6::smallint[], $7::int[], $8::int[], $9::int[]) AS u(tid, pno, t0, t1, t2, l0, l1, l2)`,
    [fno, ...cols],
  );
  await hook?.('inserted', record.path);
  const sum = (f: number): number => posts.reduce((n, p) => n + p.lens[f]!, 0);
  await c.query('UPDATE verity_corpus SET passages = passages + $2, len0 = len0 + $3, len1 = len1 + $4, len2 = len2 + $5 WHERE id = $1', [corpus, passages.length, sum(0), sum(1), sum(2)]);
}

/** Removes a file's record and passages (the caller holds the transaction). */
export async function removeFileRows(c: PoolClient, corpus: number, path: string): Promise<void> {
  const old = await c.query<{ pno: string }>('SELECT pno FROM verity_passage WHERE corpus = $1 AND path = $2', [corpus, path]);
  await deletePassages(
    c,
    corpus,
    old.rows.map((r) => r.pno),
  );
  await c.query('DELETE FROM verity_file WHERE corpus = $1 AND path = $2', [corpus, path]);
}
