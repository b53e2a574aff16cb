/**
 * The tables of a PostgreSQL store and their migrations. `verity_schema` holds the version; a
 * store made by a newer Verity is refused (STORE_VERSION), an older one is migrated step by step
 * in one transaction under an advisory lock (two processes opening a new database at once do not
 * both create it). Several corpora share the tables, keyed by `verity_corpus.id`.
 *
 * Postings live in blocks (pgBlocks.ts): one row per term per write transaction, so a file's
 * transaction inserts a row per distinct term, not per posting. A deleted passage's number goes
 * into `verity_dead` (its postings stay in their blocks until a compaction rewrites them), and a
 * term no live passage holds any more leaves with its blocks in that transaction;
 * `verity_term.df` and the corpus sums count live passages only and move in the same
 * transaction as the postings, so a reader's statistics always match what it scores. Deleting a
 * corpus row deletes every row of the corpus (foreign keys, and a trigger for the two tables
 * without one).
 */
import type { PoolClient } from 'pg';
import { VerityError } from '../../core/errors';

export const PG_SCHEMA_VERSION = 2;

/** Advisory lock class of Verity's locks (with a corpus id as the second key, or 0 for migrations). */
export const LOCK_CLASS = 0x76657269; // 'veri'

/** The tables as schema version 1 made them (exported for the migration test). */
export const SCHEMA_V1: readonly string[] = [
    `CREATE TABLE verity_corpus (
       id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
       name text NOT NULL UNIQUE,
       passages bigint NOT NULL DEFAULT 0,
       len0 double precision NOT NULL DEFAULT 0,
       len1 double precision NOT NULL DEFAULT 0,
       len2 double precision NOT NULL DEFAULT 0)`,
    `CREATE TABLE verity_file (
       fno integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
       corpus integer NOT NULL REFERENCES verity_corpus (id) ON DELETE CASCADE,
       path text NOT NULL,
       record jsonb NOT NULL,
       UNIQUE (corpus, path))`,
    `CREATE TABLE verity_passage (
       pno integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
       corpus integer NOT NULL REFERENCES verity_corpus (id) ON DELETE CASCADE,
       id text NOT NULL,
       fno integer NOT NULL,
       path text NOT NULL,
       kind smallint NOT NULL,
       len0 integer NOT NULL,
       len1 integer NOT NULL,
       len2 integer NOT NULL,
       tids bytea NOT NULL,
       body jsonb NOT NULL,
       UNIQUE (corpus, id))`,
    `CREATE INDEX verity_passage_path ON verity_passage (corpus, path)`,
    `CREATE TABLE verity_term (
       tid integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
       corpus integer NOT NULL REFERENCES verity_corpus (id) ON DELETE CASCADE,
       term text NOT NULL,
       df integer NOT NULL,
       UNIQUE (corpus, term))`,
    `CREATE TABLE verity_block (
       tid integer NOT NULL,
       bno bigint GENERATED ALWAYS AS IDENTITY,
       data bytea NOT NULL,
       PRIMARY KEY (tid, bno))`,
    `CREATE TABLE verity_dead (
       corpus integer NOT NULL,
       pno integer NOT NULL,
       PRIMARY KEY (corpus, pno))`,
];

/**
 * Version 2: nothing of a deleted corpus stays behind. `verity_block` and `verity_dead` have no
 * foreign key to the corpus (a key check per block insert would cost the writer), so a trigger
 * deletes their rows when the corpus row goes, in the same transaction, after waiting for the
 * corpus's writer (its advisory lock). Blocks of terms that no longer exist, dead rows of
 * corpora that no longer exist (what a version 1 corpus delete left) and terms no live passage
 * holds (version 1 kept them at df 0) are removed. Posting blocks are stored uncompressed, and
 * term rows leave room on their pages for their updates.
 */
const SCHEMA_V2: readonly string[] = [
  `WITH gone AS (DELETE FROM verity_term WHERE df <= 0 RETURNING tid) DELETE FROM verity_block WHERE tid IN (SELECT tid FROM gone)`,
  `DELETE FROM verity_block b WHERE NOT EXISTS (SELECT 1 FROM verity_term t WHERE t.tid = b.tid)`,
  `DELETE FROM verity_dead d WHERE NOT EXISTS (SELECT 1 FROM verity_corpus c WHERE c.id = d.corpus)`,
  `CREATE FUNCTION verity_corpus_deleted() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
   BEGIN
     PERFORM pg_advisory_xact_lock(${LOCK_CLASS}, OLD.id);
     DELETE FROM verity_block WHERE tid IN (SELECT tid FROM verity_term WHERE corpus = OLD.id);
     DELETE FROM verity_dead WHERE corpus = OLD.id;
     RETURN OLD;
   END $$`,
  `CREATE TRIGGER verity_corpus_deleted BEFORE DELETE ON verity_corpus FOR EACH ROW EXECUTE FUNCTION verity_corpus_deleted()`,
  // blocks stored as they are: they compress by ~14%, and compressing cost the writer (twice, with
  // the compaction) and decompressing every reader (rows written before keep their form)
  `ALTER TABLE verity_block ALTER COLUMN data SET STORAGE EXTERNAL`,
  // every write moves the df of ~10,000 terms: with room on their page the new row versions are
  // heap-only (no entry in either index), ~3x cheaper per update measured here
  `ALTER TABLE verity_term SET (fillfactor = 50)`,
];

const MIGRATIONS: Record<number, readonly string[]> = { 1: SCHEMA_V1, 2: SCHEMA_V2 };

/** Creates or migrates the tables (in one transaction); refuses a newer schema. Returns the version. */
export async function ensureSchema(client: PoolClient): Promise<number> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1, 0)', [LOCK_CLASS]);
    await client.query('CREATE TABLE IF NOT EXISTS verity_schema (one boolean PRIMARY KEY DEFAULT true CHECK (one), version integer NOT NULL)');
    const row = (await client.query<{ version: number }>('SELECT version FROM verity_schema')).rows[0];
    const have = row?.version ?? 0;
    if (have > PG_SCHEMA_VERSION) throw new VerityError('STORE_VERSION', `the database holds a Verity store of schema version ${have}; this Verity reads up to ${PG_SCHEMA_VERSION}: update Verity`);
    for (let v = have + 1; v <= PG_SCHEMA_VERSION; v++) for (const sql of MIGRATIONS[v]!) await client.query(sql);
    if (have === 0) await client.query('INSERT INTO verity_schema (version) VALUES ($1)', [PG_SCHEMA_VERSION]);
    else if (have < PG_SCHEMA_VERSION) await client.query('UPDATE verity_schema SET version = $1', [PG_SCHEMA_VERSION]);
    await client.query('COMMIT');
    return PG_SCHEMA_VERSION;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}
