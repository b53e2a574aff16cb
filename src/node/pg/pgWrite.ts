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

/** One file to write: its record and all its passages. */
export interface FileWrite {
  record: FileRecord;
  passages: readonly Passage[];
}

/**
 * Replaces each file of `files` (by `record.path`) in `corpus` by its record and passages (the
 * caller holds the transaction; several files in one transaction are written with one statement
 * per step, not one per file). A later entry for the same path, or a later passage with the same
 * id, wins, as in the segment index.
 */
export async function writeFileRows(c: PoolClient, corpus: number, files: readonly FileWrite[], hook?: WriteStepHook): Promise<void> {
  const byPath = new Map<string, FileWrite>();
  for (const f of files) {
    byPath.delete(f.record.path);
    byPath.set(f.record.path, f);
  }
  const byId = new Map<string, Passage>();
  for (const f of byPath.values()) for (const p of f.passages) byId.set(p.id, p);
  const paths = [...byPath.keys()];
  const passages = [...byId.values()];
  const ids = passages.map((p) => p.id);
  const old = await c.query<{ pno: string }>('SELECT pno FROM verity_passage WHERE corpus = $1 AND (path = ANY($2::text[]) OR id = ANY($3::text[]))', [corpus, paths, ids]);
  await deletePassages(
    c,
    corpus,
    old.rows.map((r) => r.pno),
  );
  await hook?.('deleted', paths.join(', '));
  const fnos = await c.query<{ fno: string; path: string }>(
    `INSERT INTO verity_file (corpus, path, record) SELECT $1, u.path, u.record FROM unnest($2::text[], $3::jsonb[]) AS u(path, record)
     ON CONFLICT (corpus, path) DO UPDATE SET record = EXCLUDED.record RETURNING fno, path`,
    [corpus, paths, paths.map((p) => JSON.stringify(byPath.get(p)!.record))],
  );
  if (passages.length === 0) return;
  const fnoOf = new Map(fnos.rows.map((r) => [r.path, r.fno]));
  const posts = passages.map(passagePostings);
  const inserted = await c.query<{ pno: string; id: string }>(
    `INSERT INTO verity_passage (corpus, id, fno, path, kind, len0, len1, len2, body)
     SELECT $1, u.id, u.fno, u.path, u.kind, u.l0, u.l1, u.l2, u.body
     FROM unnest($2::text[], $3::bigint[], $4::text[], $5::smallint[], $6::int[], $7::int[], $8::int[], $9::jsonb[]) AS u(id, fno, path, kind, l0, l1, l2, body)
     RETURNING pno, id`,
    [
      corpus,
      ids,
      passages.map((p) => fnoOf.get(p.path)!),
      passages.map((p) => p.path),
      passages.map((p) => (p.kind === 'pdf' ? 1 : 0)),
      posts.map((p) => p.lens[0]),
      posts.map((p) => p.lens[1]),
      posts.map((p) => p.lens[2]),
      passages.map((p) => JSON.stringify(p)),
    ],
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
  const cols: Array<Array<number | string>> = [[], [], [], [], [], [], [], [], []];
  posts.forEach((p, i) => {
    const pno = pnoOf.get(ids[i]!)!;
    const fno = fnoOf.get(passages[i]!.path)!;
    for (const [t, tf] of p.terms) {
      cols[0]!.push(tidOf.get(t)!);
      cols[1]!.push(pno);
      cols[2]!.push(fno);
      cols[3]!.push(tf[0]);
      cols[4]!.push(tf[1]);
      cols[5]!.push(tf[2]);
      cols[6]!.push(p.lens[0]);
      cols[7]!.push(p.lens[1]);
      cols[8]!.push(p.lens[2]);
    }
  });
  await c.query(
    `INSERT INTO verity_posting (tid, pno, fno, tf0, tf1, tf2, len0, len1, len2)
     SELECT * FROM unnest($1::int[], $2::bigint[], $3::bigint[], $4::smallint[], $5::smallint[], $6::smallint[], $7::int[], $8::int[], $9::int[])`,
    cols,
  );
  await hook?.('inserted', paths.join(', '));
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
