/**
 * Compaction of a corpus's posting blocks: every write transaction adds a block per term, and a
 * deleted passage stays in its blocks as a dead number. When the blocks of a corpus outnumber its
 * terms twice over, or dead passages pass a tenth of the live ones, the writer rewrites the blocks
 * of the terms concerned into one block each without the dead postings, in one transaction
 * (readers keep their snapshot; a writer killed meanwhile leaves the old blocks).
 */
import type { PoolClient } from 'pg';
import { decodeBlock, encodeBlock, type Posting } from './pgBlocks';
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

/** Rewrites the blocks of `corpus` (the caller holds the transaction): one per term, no dead postings. */
export async function compactCorpus(c: PoolClient, corpus: number): Promise<{ blocksBefore: number; blocksAfter: number; dead: number }> {
  const deadRows = await c.query<{ pno: number }>('DELETE FROM verity_dead WHERE corpus = $1 RETURNING pno', [corpus]);
  const dead = new Set(deadRows.rows.map((r) => r.pno));
  // with dead passages every term may hold some; otherwise only terms with several blocks change
  const rows = await c.query<{ tid: number; data: Buffer }>(
    dead.size > 0
      ? 'DELETE FROM verity_block b USING verity_term t WHERE t.tid = b.tid AND t.corpus = $1 RETURNING b.tid, b.data'
      : 'DELETE FROM verity_block b USING verity_term t WHERE t.tid = b.tid AND t.corpus = $1 AND b.tid IN (SELECT tid FROM verity_block WHERE tid = t.tid GROUP BY tid HAVING count(*) > 1) RETURNING b.tid, b.data',
    [corpus],
  );
  const merged = new Map<number, Posting[]>();
  for (const r of rows.rows) {
    let list = merged.get(r.tid);
    if (!list) merged.set(r.tid, (list = []));
    const v = decodeBlock(r.data);
    for (let i = 0; i < v.n; i++) {
      const pno = v.pnos[i]!;
      if (!dead.has(pno)) list.push({ pno, fno: v.fnos[i]!, lens: [v.lens[3 * i]!, v.lens[3 * i + 1]!, v.lens[3 * i + 2]!], tf: [v.tfs[3 * i]!, v.tfs[3 * i + 1]!, v.tfs[3 * i + 2]!] });
    }
  }
  const keep = [...merged].filter(([, list]) => list.length > 0);
  await insertBlocks(
    c,
    keep.map(([t]) => t),
    keep.map(([, list]) => encodeBlock(list)),
  );
  return { blocksBefore: rows.rows.length, blocksAfter: keep.length, dead: dead.size };
}
