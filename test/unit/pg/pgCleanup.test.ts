/**
 * What removing a file, replacing one and deleting a corpus leave behind in a PostgreSQL store,
 * counted in every table against a real server (skipped without VERITY_TEST_PG): a term no live
 * passage holds leaves with its blocks in the transaction that killed its last passage, a
 * compaction leaves no dead row, and deleting a corpus row takes its blocks and dead rows with it
 * (the tables without a foreign key to it). A v1 database is migrated with its leftovers removed.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { fileOf, freshCorpus, PG_SKIP, PG_URL, urlOf, writeCorpus, CORPUS } from './portHarness';
import { openPgPort } from '../../../src/node/pg/pgPort';
import { ensureSchema, PG_SCHEMA_VERSION, SCHEMA_V1 } from '../../../src/node/pg/pgSchema';

/** Rows of corpus `name` in every table (blocks and dead rows by the corpus's term ids and id, as they were when `ids` was taken). */
type Rows = { files: number; passages: number; terms: number; blocks: number; dead: number };

async function rowsOf(pool: pg.Pool, ids: { corpus: number; tids: number[] }): Promise<Rows> {
  const n = async (sql: string, args: unknown[]): Promise<number> => Number((await pool.query<{ n: string }>(sql, args)).rows[0]!.n);
  return {
    files: await n('SELECT count(*) AS n FROM verity_file WHERE corpus = $1', [ids.corpus]),
    passages: await n('SELECT count(*) AS n FROM verity_passage WHERE corpus = $1', [ids.corpus]),
    terms: await n('SELECT count(*) AS n FROM verity_term WHERE corpus = $1', [ids.corpus]),
    blocks: await n('SELECT count(*) AS n FROM verity_block WHERE tid = ANY($1::int[])', [ids.tids]),
    dead: await n('SELECT count(*) AS n FROM verity_dead WHERE corpus = $1', [ids.corpus]),
  };
}

/** The id of corpus `name` and the ids of every term it holds now. */
async function idsOf(pool: pg.Pool, name: string): Promise<{ corpus: number; tids: number[] }> {
  const corpus = (await pool.query<{ id: number }>('SELECT id FROM verity_corpus WHERE name = $1', [name])).rows[0]!.id;
  const tids = (await pool.query<{ tid: number }>('SELECT tid FROM verity_term WHERE corpus = $1', [corpus])).rows.map((r) => r.tid);
  return { corpus, tids };
}

const EMPTY = { files: 0, passages: 0, terms: 0, blocks: 0, dead: 0 };

describe('PostgreSQL store: what deletes leave behind', { skip: PG_SKIP }, () => {
  test('removing every file of a corpus (and flushing, as an index run does) leaves no row of it and zero sums', async () => {
    const name = freshCorpus('empty-all');
    const w = await openPgPort(urlOf(name), { mode: 'write' });
    const pool = new pg.Pool({ connectionString: PG_URL });
    try {
      await writeCorpus(w);
      // one file rewritten: its old passages dead, its blocks doubled
      const f = fileOf('handbook/leave.md', '# Leave\n\n## Annual leave\n\nEmployees get 30 days of annual leave per year.\n');
      await w.writeFile(f.record, f.passages);
      const ids = await idsOf(pool, name);
      assert.ok((await rowsOf(pool, ids)).blocks > 0);
      for (const [path] of CORPUS) await w.removeFile(path);
      await w.flush();
      const all = await idsOf(pool, name);
      assert.deepEqual(await rowsOf(pool, { corpus: ids.corpus, tids: [...new Set([...ids.tids, ...all.tids])] }), EMPTY);
      const sums = (await pool.query<{ passages: string; len0: number; len1: number; len2: number }>('SELECT passages, len0, len1, len2 FROM verity_corpus WHERE id = $1', [ids.corpus])).rows[0]!;
      assert.deepEqual([Number(sums.passages), sums.len0, sums.len1, sums.len2], [0, 0, 0, 0]);
      assert.deepEqual(await w.search('annual leave'), []);
    } finally {
      await pool.end();
      await w.close();
    }
  });

  test('a term no live passage holds any more leaves with its blocks in the same transaction (removal and rewrite)', async () => {
    const name = freshCorpus('term-gone');
    const w = await openPgPort(urlOf(name), { mode: 'write' });
    const r = await openPgPort(urlOf(name));
    const pool = new pg.Pool({ connectionString: PG_URL });
    const termRow = async (term: string): Promise<{ tid: number; df: number } | undefined> => (await pool.query<{ tid: number; df: number }>('SELECT t.tid, t.df FROM verity_term t JOIN verity_corpus c ON c.id = t.corpus WHERE c.name = $1 AND t.term = $2', [name, term])).rows[0];
    const blocksOf = async (tid: number): Promise<number> => Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM verity_block WHERE tid = $1', [tid])).rows[0]!.n);
    try {
      await writeCorpus(w);
      const zebra = fileOf('zoo/zebras.md', '# Zebras\n\nZebras graze the savannah in herds.\n');
      await w.writeFile(zebra.record, zebra.passages);
      const z = (await termRow('zebra'))!;
      assert.ok(z && z.df > 0 && (await blocksOf(z.tid)) > 0);
      // a rewrite that no longer names the savannah: that term goes, the rest stays
      const v2 = fileOf('zoo/zebras.md', '# Zebras\n\nZebras graze in herds.\n');
      await w.writeFile(v2.record, v2.passages);
      const s = await termRow('savannah');
      assert.equal(s, undefined, 'a term only the old version held is gone');
      // the removal of the file takes its own terms and their blocks, before any flush
      await w.removeFile('zoo/zebras.md');
      assert.equal(await termRow('zebra'), undefined);
      assert.equal(await blocksOf(z.tid), 0);
      // the rest of the corpus reads as before
      assert.equal((await r.search('zebras herds')).length, 0);
      assert.equal((await r.search('annual leave', { k: 1 }))[0]!.passage.path, 'handbook/leave.md');
      // and a word that comes back is a new term with the right statistics
      const back = fileOf('zoo/zebras.md', '# Zebras\n\nZebras again.\n');
      await w.writeFile(back.record, back.passages);
      assert.equal((await r.termStats(['zebra'])).df.get('zebra'), back.passages.length);
      assert.equal((await r.search('zebras', { k: 1 }))[0]!.passage.path, 'zoo/zebras.md');
    } finally {
      await pool.end();
      await r.close();
      await w.close();
    }
  });

  test('deleting a corpus row removes its files, passages, terms, blocks and dead rows in that transaction; other corpora keep theirs', async () => {
    const name = freshCorpus('drop');
    const other = freshCorpus('drop-other');
    const w = await openPgPort(urlOf(name), { mode: 'write' });
    const o = await openPgPort(urlOf(other), { mode: 'write' });
    const pool = new pg.Pool({ connectionString: PG_URL });
    try {
      await writeCorpus(w);
      await writeCorpus(o);
      // a dead passage in verity_dead (no compaction: one rewrite of five files is not due)
      const f = fileOf('handbook/leave.md', '# Leave\n\n## Annual leave\n\nEmployees get 30 days of annual leave per year.\n');
      await w.writeFile(f.record, f.passages);
      await w.close();
      const ids = await idsOf(pool, name);
      const before = await rowsOf(pool, ids);
      assert.ok(before.blocks > 0 && before.dead > 0, JSON.stringify(before));
      const otherIds = await idsOf(pool, other);
      const otherBefore = await rowsOf(pool, otherIds);
      await pool.query('DELETE FROM verity_corpus WHERE name = $1', [name]);
      assert.deepEqual(await rowsOf(pool, ids), EMPTY);
      assert.deepEqual(await rowsOf(pool, otherIds), otherBefore);
      assert.equal((await o.search('annual leave', { k: 1 }))[0]!.passage.path, 'handbook/leave.md');
    } finally {
      await pool.end();
      await o.close();
      await w.close().catch(() => undefined);
    }
  });

  test('a database of schema 1 is migrated: blocks of vanished terms and dead rows of vanished corpora go, then a corpus delete cleans up', async () => {
    const pool = new pg.Pool({ connectionString: PG_URL, max: 1 });
    const schema = `v1_${process.pid}_${Date.now().toString(36)}`;
    const c = await pool.connect();
    try {
      await c.query(`CREATE SCHEMA ${schema}`);
      await c.query(`SET search_path = ${schema}`);
      for (const sql of SCHEMA_V1) await c.query(sql);
      await c.query('CREATE TABLE verity_schema (one boolean PRIMARY KEY DEFAULT true CHECK (one), version integer NOT NULL)');
      await c.query('INSERT INTO verity_schema (version) VALUES (1)');
      // what a v1 corpus delete left: blocks of terms that are gone, dead rows of a corpus that is gone
      const id = (await c.query<{ id: number }>("INSERT INTO verity_corpus (name) VALUES ('kept') RETURNING id")).rows[0]!.id;
      const tid = (await c.query<{ tid: number }>("INSERT INTO verity_term (corpus, term, df) VALUES ($1, 'kept', 1) RETURNING tid", [id])).rows[0]!.tid;
      await c.query("INSERT INTO verity_block (tid, data) VALUES ($1, '\\x00'), (987654, '\\x00')", [tid]);
      await c.query('INSERT INTO verity_dead (corpus, pno) VALUES ($1, 1), (987654, 2)', [id]);
      assert.equal(await ensureSchema(c), PG_SCHEMA_VERSION);
      assert.equal((await c.query<{ version: number }>('SELECT version FROM verity_schema')).rows[0]!.version, PG_SCHEMA_VERSION);
      assert.deepEqual((await c.query<{ tid: number }>('SELECT tid FROM verity_block ORDER BY tid')).rows.map((r) => r.tid), [tid]);
      assert.deepEqual((await c.query<{ corpus: number }>('SELECT corpus FROM verity_dead')).rows.map((r) => r.corpus), [id]);
      await c.query("DELETE FROM verity_corpus WHERE name = 'kept'");
      assert.equal(Number((await c.query<{ n: string }>('SELECT (SELECT count(*) FROM verity_block) + (SELECT count(*) FROM verity_dead) + (SELECT count(*) FROM verity_term) AS n')).rows[0]!.n), 0);
    } finally {
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      c.release(true);
      await pool.end();
    }
  });
});
