/**
 * Compaction of a corpus's posting blocks: every write transaction adds a block per term, and a
 * deleted passage stays in its blocks as a dead number. When the blocks of a corpus outnumber its
 * terms twice over, or dead passages pass a tenth of the live ones, the writer rewrites the blocks
 * of the terms concerned into one block each without the dead postings, in one transaction
 * (readers keep their snapshot; a writer killed meanwhile leaves the old blocks).
 */
import type { PoolClient } from 'pg';
import { decodeBlock, mergeBlocks, type Block } from './pgBlocks';
import { insertBlocks } from './pgWrite';

/** Whether `corpus` is due a compaction. */
export async function compactionDue(c: PoolClient, corpus: number): Promise<boolean> {
  const r = await c.query<{ blocks: string; terms: string; dead: string; passages: string }>(
    `SELECT (SELECT count(*) FROM verity_block b JOIN verity_term t ON t.tid = b.tid WHERE t.corpus = $1) AS blocks,
            (SELECT count(*) FROM verity_term WHERE corpus = $1) AS terms,
            (SELECT count(*) FROM verity_dead WHERE corpus = $1) AS dead,
            (SELECT passages FROM verity_corpus WHERE id = $1) AS passages`,
    [corpus],
  );
  const x = r.rows[0]!;
  return Number(x.blocks) > 2 * Number(x.terms) || Number(x.dead) > Number(x.passages) / 10;
}

/** A little-endian u32 of bytea `d` at byte `o` (the blocks' layout, pgBlocks.ts). */
// (in SQL, | and << bind equally and from the left: every shift in its own parentheses)
const le32 = (d: string, o: string): string => `(get_byte(${d}, ${o}) | (get_byte(${d}, ${o} + 1) << 8) | (get_byte(${d}, ${o} + 2) << 16) | (get_byte(${d}, ${o} + 3) << 24))`;

/**
 * Merging without dead postings, in the server: a block is its columns one after the other
 * (count, passage numbers, file numbers, lengths, counts), so the blocks of a term whose passage
 * ranges follow one another (as writes leave them: passage numbers only grow) merge by
 * concatenating each column in passage order under a new count. A term whose blocks overlap
 * (never written so; checked all the same) keeps its blocks as they were. Nothing travels to
 * the client and back. Terms go by id lists (the block index, whatever the planner thinks of the
 * tables' sizes: a join over all of them once read the whole block table per term).
 */
const MERGE_IN_SERVER = `
  WITH old AS (
    DELETE FROM verity_block WHERE tid = ANY($1::int[]) RETURNING tid, data || ''::bytea AS data
  ), parts AS (
    SELECT tid, data, n, ${le32('data', '4')} AS first, ${le32('data', '4 * n')} AS last
    FROM (SELECT tid, data, ${le32('data', '0')} AS n FROM old) x
  ), ordered AS (
    SELECT *, lag(last) OVER (PARTITION BY tid ORDER BY first) AS prev FROM parts
  ), merged AS (
    SELECT tid, sum(n)::int AS n, bool_and(prev IS NULL OR prev < first) AS ok,
           string_agg(substring(data FROM 5 FOR 4 * n), ''::bytea ORDER BY first) AS pnos,
           string_agg(substring(data FROM 5 + 4 * n FOR 4 * n), ''::bytea ORDER BY first) AS fnos,
           string_agg(substring(data FROM 5 + 8 * n FOR 12 * n), ''::bytea ORDER BY first) AS lens,
           string_agg(substring(data FROM 5 + 20 * n FOR 3 * n), ''::bytea ORDER BY first) AS tfs
    FROM ordered GROUP BY tid
  )
  INSERT INTO verity_block (tid, data)
  SELECT tid, set_byte(set_byte(set_byte(set_byte('\\x00000000'::bytea, 0, n & 255), 1, (n >> 8) & 255), 2, (n >> 16) & 255), 3, (n >> 24) & 255) || pnos || fnos || lens || tfs
  FROM merged WHERE ok
  UNION ALL
  SELECT o.tid, o.data FROM old o JOIN merged m ON m.tid = o.tid WHERE NOT m.ok
  RETURNING tid`;

/** Terms merged per statement. */
const MERGE_TERMS = 2000;

/** Rewrites the blocks of `corpus` (the caller holds the transaction): one per term, no dead postings. */
export async function compactCorpus(c: PoolClient, corpus: number): Promise<{ blocksBefore: number; blocksAfter: number; dead: number }> {
  const deadRows = await c.query<{ pno: number }>('DELETE FROM verity_dead WHERE corpus = $1 RETURNING pno', [corpus]);
  const dead = new Set(deadRows.rows.map((r) => r.pno));
  const terms = await c.query<{ tid: number; blocks: string }>('SELECT t.tid, (SELECT count(*) FROM verity_block b WHERE b.tid = t.tid) AS blocks FROM verity_term t WHERE t.corpus = $1', [corpus]);
  const blocksOf = new Map(terms.rows.map((r) => [r.tid, Number(r.blocks)]));
  const before = [...blocksOf.values()].reduce((n, b) => n + b, 0);
  if (dead.size === 0) {
    // only terms with several blocks change
    const tids = [...blocksOf].filter(([, b]) => b > 1).map(([t]) => t);
    let after = before;
    for (let i = 0; i < tids.length; i += MERGE_TERMS) {
      const chunk = tids.slice(i, i + MERGE_TERMS);
      const r = await c.query<{ tid: number }>(MERGE_IN_SERVER, [chunk]);
      after += r.rows.length - chunk.reduce((n, t) => n + blocksOf.get(t)!, 0);
    }
    return { blocksBefore: before, blocksAfter: after, dead: 0 };
  }
  // with dead passages every term may hold some: all blocks merged in the client, dead postings dropped
  // (base64: a third of bytea's hex text form)
  const rows = await c.query<{ tid: number; data: string }>("DELETE FROM verity_block WHERE tid = ANY($1::int[]) RETURNING tid, encode(data, 'base64') AS data", [[...blocksOf.keys()]]);
  const byTerm = new Map<number, Block[]>();
  for (const r of rows.rows) {
    let list = byTerm.get(r.tid);
    if (!list) byTerm.set(r.tid, (list = []));
    list.push(decodeBlock(Buffer.from(r.data, 'base64')));
  }
  const tids: number[] = [];
  const merged: Buffer[] = [];
  for (const [tid, blocks] of byTerm) {
    const m = mergeBlocks(blocks, dead);
    if (!m) continue;
    tids.push(tid);
    merged.push(m);
  }
  await insertBlocks(c, tids, merged);
  return { blocksBefore: before, blocksAfter: merged.length, dead: dead.size };
}
