/**
 * Writing files into a PostgreSQL store, in one transaction per batch (a file is never split):
 * the files' old passages (and any passage elsewhere with an id of the new ones) leave the
 * statistics and are marked dead, the records are upserted, the new passages, terms and one
 * posting block per term go in, and the corpus sums move. A writer killed anywhere in between
 * leaves the transaction open on a dead connection; the server rolls it back, so readers keep
 * seeing the old version.
 */
import type { PoolClient } from 'pg';
import { passagePostings, type PassagePostings } from '../../core/search/passageTerms';
import type { FileRecord, Passage } from '../../core/types';
import { packBlocks, packIds, unpackIds } from './pgBlocks';

/** Test hook: called between steps of a transaction (the kill -9 test stops there). */
export type WriteStepHook = (step: 'deleted' | 'inserted', path: string) => Promise<void> | void;

/** One file to write: its record and all its passages. */
export interface FileWrite {
  record: FileRecord;
  passages: readonly Passage[];
}

/** Terms of passages analysed ahead of their transaction (prepareFile), by passage object. */
const analysed = new WeakMap<Passage, PassagePostings>();

/**
 * Analyses a file's passages now, so that its transaction only packs and sends them: a writer
 * that batches files analyses the next batch while the server commits the previous one.
 */
export function prepareFile(f: FileWrite): void {
  for (const p of f.passages) if (!analysed.has(p)) analysed.set(p, passagePostings(p));
}

/** Takes passages (by number) out of the statistics and marks them dead. */
async function deletePassages(c: PoolClient, corpus: number, where: string, args: unknown[]): Promise<void> {
  const gone = await c.query<{ pno: number; tids: Buffer; len0: number; len1: number; len2: number }>(`DELETE FROM verity_passage WHERE corpus = $1 AND (${where}) RETURNING pno, tids, len0, len1, len2`, [corpus, ...args]);
  if (gone.rows.length === 0) return;
  const df = new Map<number, number>();
  for (const r of gone.rows) for (const t of unpackIds(r.tids)) df.set(t, (df.get(t) ?? 0) + 1);
  const emptied = await c.query<{ tid: number }>('WITH moved AS (UPDATE verity_term t SET df = t.df - u.n FROM unnest($1::int[], $2::int[]) AS u(tid, n) WHERE t.tid = u.tid RETURNING t.tid, t.df) SELECT tid FROM moved WHERE df <= 0', [[...df.keys()], [...df.values()]]);
  // a term whose last live passage went leaves now, with its blocks (every posting in them is dead)
  // (a second statement: a row updated in one statement's CTE cannot be deleted by another of its CTEs)
  if (emptied.rows.length > 0) await c.query('WITH gone AS (DELETE FROM verity_term WHERE tid = ANY($1::int[]) RETURNING tid) DELETE FROM verity_block WHERE tid IN (SELECT tid FROM gone)', [emptied.rows.map((r) => r.tid)]);
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
  const posts = passages.map((p) => analysed.get(p) ?? passagePostings(p));
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
  const pnos = Int32Array.from(ids, (id) => pnoOf.get(id)!);
  const fnosOf = Int32Array.from(passages, (p) => fnoOf.get(p.path)!);
  // per term, the passages (by index) that hold it and their counts: no object per posting
  const holders = new Map<number, { at: number[]; tf: Array<readonly [number, number, number]> }>();
  posts.forEach((p, i) => {
    for (const [t, tf] of p.terms) {
      const tid = tidOf.get(t)!;
      let h = holders.get(tid);
      if (!h) holders.set(tid, (h = { at: [], tf: [] }));
      h.at.push(i);
      h.tf.push(tf);
    }
  });
  await insertBlocks(c, [...holders.keys()], packBlocks([...holders.values()], pnos, fnosOf, posts.map((p) => p.lens)));
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

/** Posting blocks packed one after the other in one buffer, each at its offset with its length. */
export interface PackedBlocks {
  data: Buffer;
  offsets: number[];
  lengths: number[];
}

/** Inserts posting blocks (one per term id), in statements of at most ~64 MB of blocks. */
export async function insertBlocks(c: PoolClient, tids: readonly number[], blocks: readonly Buffer[] | PackedBlocks): Promise<void> {
  const packed = Array.isArray(blocks) ? concat(blocks as readonly Buffer[]) : (blocks as PackedBlocks);
  const { data, offsets, lengths } = packed;
  for (let i = 0; i < tids.length; ) {
    let j = i;
    const from = offsets[i]!;
    while (j < tids.length && (j === i || offsets[j]! + lengths[j]! - from < 64 * 1024 * 1024)) j++;
    const to = offsets[j - 1]! + lengths[j - 1]!;
    await c.query('INSERT INTO verity_block (tid, data) SELECT u.tid, substring($2::bytea FROM u.off + 1 FOR u.len) FROM unnest($1::int[], $3::int[], $4::int[]) AS u(tid, off, len)', [
      tids.slice(i, j),
      data.subarray(from, to),
      offsets.slice(i, j).map((o) => o - from),
      lengths.slice(i, j),
    ]);
    i = j;
  }
}

/** Removes a file's record and passages (the caller holds the transaction). */
export async function removeFileRows(c: PoolClient, corpus: number, path: string): Promise<void> {
  await deletePassages(c, corpus, 'path = $2', [path]);
  await c.query('DELETE FROM verity_file WHERE corpus = $1 AND path = $2', [corpus, path]);
}
