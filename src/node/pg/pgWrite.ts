/**
 * Writing files into a PostgreSQL store, in one transaction per batch (a file is never split):
 * the files' old passages (and any passage elsewhere with an id of the new ones) leave the
 * statistics and are marked dead, the records are upserted, the new passages, terms and one
 * posting block per term go in, and the corpus sums move. A writer killed anywhere in between
 * leaves the transaction open on a dead connection; the server rolls it back, so readers keep
 * seeing the old version.
 */
import type { PoolClient } from 'pg';
import { passagePostings } from '../../core/search/passageTerms';
import type { FileRecord, Passage } from '../../core/types';
import { encodeBlock, packIds, unpackIds, type Posting } from './pgBlocks';

/** Test hook: called between steps of a transaction (the kill -9 test stops there). */
export type WriteStepHook = (step: 'deleted' | 'inserted', path: string) => Promise<void> | void;

/** One file to write: its record and all its passages. */
export interface FileWrite {
  record: FileRecord;
  passages: readonly Passage[];
}

/** Takes passages (by number) out of the statistics and marks them dead. */
async function deletePassages(c: PoolClient, corpus: number, where: string, args: unknown[]): Promise<void> {
  const gone = await c.query<{ pno: number; tids: Buffer; len0: number; len1: number; len2: number }>(`DELETE FROM verity_passage WHERE corpus = $1 AND (${where}) RETURNING pno, tids, len0, len1, len2`, [corpus, ...args]);
  if (gone.rows.length === 0) return;
  const df = new Map<number, number>();
  for (const r of gone.rows) for (const t of unpackIds(r.tids)) df.set(t, (df.get(t) ?? 0) + 1);
  await c.query('UPDATE verity_term t SET df = t.df - u.n FROM unnest($1::int[], $2::int[]) AS u(tid, n) WHERE t.tid = u.tid', [[...df.keys()], [...df.values()]]);
  await c.query('INSERT INTO verity_dead (corpus, pno) SELECT $1, unnest($2::int[])', [corpus, gone.rows.map((r) => r.pno)]);
  const sum = (f: 'len0' | 'len1' | 'len2'): number => gone.rows.reduce((n, r) => n + r[f], 0);
  await c.query('UPDATE verity_corpus SET passages = passages - $2, len0 = len0 - $3, len1 = len1 - $4, len2 = len2 - $5 WHERE id = $1', [corpus, gone.rows.length, sum('len0'), sum('len1'), sum('len2')]);
}

/**
 * Replaces each file of `files` (by `record.path`) in `corpus` by its record and passages (the
 * caller holds the transaction). A later entry for the same path, or a later passage with the
 * same id, wins, as in the segment index.
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
  await deletePassages(c, corpus, 'path = ANY($2::text[]) OR id = ANY($3::text[])', [paths, ids]);
  await hook?.('deleted', paths.join(', '));
  const fnos = await c.query<{ fno: number; path: string }>(
    `INSERT INTO verity_file (corpus, path, record) SELECT $1, u.path, u.record FROM unnest($2::text[], $3::jsonb[]) AS u(path, record)
     ON CONFLICT (corpus, path) DO UPDATE SET record = EXCLUDED.record RETURNING fno, path`,
    [corpus, paths, paths.map((p) => JSON.stringify(byPath.get(p)!.record))],
  );
  if (passages.length === 0) return;
  const fnoOf = new Map(fnos.rows.map((r) => [r.path, r.fno]));
  const posts = passages.map(passagePostings);
  const df = new Map<string, number>();
  for (const p of posts) for (const t of p.terms.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const terms = [...df.keys()];
  const tids = await c.query<{ tid: number; term: string }>(
    `INSERT INTO verity_term (corpus, term, df) SELECT $1, u.term, u.n FROM unnest($2::text[], $3::int[]) AS u(term, n)
     ON CONFLICT (corpus, term) DO UPDATE SET df = verity_term.df + EXCLUDED.df RETURNING tid, term`,
    [corpus, terms, terms.map((t) => df.get(t)!)],
  );
  const tidOf = new Map(tids.rows.map((r) => [r.term, r.tid]));
  const tidsPacked = concat(posts.map((p) => packIds([...p.terms.keys()].map((t) => tidOf.get(t)!))));
  const inserted = await c.query<{ pno: number; id: string }>(
    `INSERT INTO verity_passage (corpus, id, fno, path, kind, len0, len1, len2, tids, body)
     SELECT $1, u.id, u.fno, u.path, u.kind, u.l0, u.l1, u.l2, substring($9::bytea FROM u.off + 1 FOR u.len), u.body
     FROM unnest($2::text[], $3::int[], $4::text[], $5::smallint[], $6::int[], $7::int[], $8::int[], $10::jsonb[], $11::int[], $12::int[]) AS u(id, fno, path, kind, l0, l1, l2, body, off, len)
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
      tidsPacked.data,
      passages.map((p) => JSON.stringify(p)),
      tidsPacked.offsets,
      tidsPacked.lengths,
    ],
  );
  const pnoOf = new Map(inserted.rows.map((r) => [r.id, r.pno]));
  const blocks = new Map<number, Posting[]>();
  posts.forEach((p, i) => {
    const pno = pnoOf.get(ids[i]!)!;
    const fno = fnoOf.get(passages[i]!.path)!;
    for (const [t, tf] of p.terms) {
      const tid = tidOf.get(t)!;
      let list = blocks.get(tid);
      if (!list) blocks.set(tid, (list = []));
      list.push({ pno, fno, lens: p.lens, tf });
    }
  });
  await insertBlocks(c, [...blocks.keys()], [...blocks.values()].map(encodeBlock));
  await hook?.('inserted', paths.join(', '));
  const sum = (f: number): number => posts.reduce((n, p) => n + p.lens[f]!, 0);
  await c.query('UPDATE verity_corpus SET passages = passages + $2, len0 = len0 + $3, len1 = len1 + $4, len2 = len2 + $5 WHERE id = $1', [corpus, passages.length, sum(0), sum(1), sum(2)]);
}

/**
 * Buffers joined into one, with each one's offset and length: pg sends a Buffer parameter as
 * binary, while an array of them goes as hex text (twice the bytes, and encoded in JavaScript).
 */
export function concat(parts: readonly Buffer[]): { data: Buffer; offsets: number[]; lengths: number[] } {
  const offsets: number[] = [];
  let at = 0;
  for (const p of parts) {
    offsets.push(at);
    at += p.length;
  }
  return { data: Buffer.concat(parts as Buffer[], at), offsets, lengths: parts.map((p) => p.length) };
}

/** Inserts posting blocks, in statements of at most ~64 MB. */
export async function insertBlocks(c: PoolClient, tids: readonly number[], blocks: readonly Buffer[]): Promise<void> {
  for (let i = 0; i < blocks.length; ) {
    let j = i;
    let bytes = 0;
    while (j < blocks.length && (j === i || bytes + blocks[j]!.length < 64 * 1024 * 1024)) bytes += blocks[j++]!.length;
    const { data, offsets, lengths } = concat(blocks.slice(i, j));
    await c.query('INSERT INTO verity_block (tid, data) SELECT u.tid, substring($2::bytea FROM u.off + 1 FOR u.len) FROM unnest($1::int[], $3::int[], $4::int[]) AS u(tid, off, len)', [tids.slice(i, j), data, offsets, lengths]);
    i = j;
  }
}

/** Removes a file's record and passages (the caller holds the transaction). */
export async function removeFileRows(c: PoolClient, corpus: number, path: string): Promise<void> {
  await deletePassages(c, corpus, 'path = $2', [path]);
  await c.query('DELETE FROM verity_file WHERE corpus = $1 AND path = $2', [corpus, path]);
}
