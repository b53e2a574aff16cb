/**
 * The PostgreSQL adapter of the search port (issue 30): a team index that CI writes once and
 * every editor and CI run reads. Terms are computed in the client with the local index's
 * analyzer (core/search/passageTerms.ts); BM25F is scored in the client over the posting
 * blocks of the query's terms (pgSearch.ts, pgScore.ts) and the pool re-ranked like the local index.
 *
 * Readers share a small pool; a search reads its statistics in one statement and rows that never
 * change by number after it (pgSearch.ts), or everything in one REPEATABLE READ transaction when
 * such a row went meanwhile or a filter applies; reads are retried with backoff when the
 * connection drops. The writer holds a session advisory lock on its corpus for as long
 * as it is open (one writer per corpus, any number of readers) and writes each file in one
 * transaction (pgWrite.ts).
 */
import type pg from 'pg';
import { VerityError } from '../../core/errors';
import { DEFAULT_RANKING, type RankingParams } from '../../core/index/ranking';
import type { PortStatus, PortTermStats, SearchPort } from '../../core/search/port';
import { queryTerms } from '../../core/search/passageTerms';
import { PhraseTerms } from '../../core/search/phraseTerms';
import { PHRASE_POOL, rankCandidates, rankedCount, type Candidate } from '../../core/search/rerank';
import type { FileRecord, Passage, SearchHit, SearchOptions } from '../../core/types';
import { parsePgUrl, type PgStoreConfig } from './pgConfig';
import { isConnectionError, storeError, withRetry } from './pgErrors';
import { compactCorpus, compactionDue } from './pgCompact';
import { BlockCache } from './blockCache';
import { BoundedCache } from '../../core/boundedCache';
import { RowsMoved, searchPool as searchPoolOf } from './pgSearch';
import type { PoolCounters } from './pgScore';
import { ensureSchema, LOCK_CLASS, PG_SCHEMA_VERSION } from './pgSchema';
import { prepareFile, removeFileRows, writeFileRows, WriterState, type FileWrite, type WriteStepHook } from './pgWrite';

export interface PgPortOptions {
  /** 'write' takes the corpus's writer lock and creates the tables and corpus when missing. */
  mode?: 'read' | 'write';
  ranking?: Partial<RankingParams>;
  /** Reader connections (default 4). */
  poolSize?: number;
  /** Read retries' delays in ms (default 100, 400, 1600). */
  retryDelays?: number[];
  /** A password from the user's secret store (the editor's SecretStorage), used when the URL has none. */
  password?: string;
  /**
   * Files written together in one transaction once their passages reach this many (default 0:
   * each file commits as it is written). A file is never split across transactions, so readers
   * still see each file whole; pending files are committed by `flush`, `removeFile` and `close`.
   * With batches, a batch's transaction runs while the next batch's files are analysed (one in
   * flight at most); a failed batch fails the next batch's commit, a removal, flush or close.
   */
  batchPassages?: number;
  /** Decoded posting blocks a reader keeps (default 256 MB, as the segment index's posting cache; blocks are immutable). */
  cacheMB?: number;
  /**
   * Passage bodies a reader keeps by number (default 16,384, about 2 KB of JSON each; rows are
   * immutable). A body not kept costs a second round trip and the phrase bonus's analysis of the
   * passage: with 4,096, the benchmark's 200 queries (about 5,000 distinct bodies) re-read 80% of
   * theirs on every pass.
   */
  passageCache?: number;
  /** Test hook between the steps of a file's transaction. */
  onWriteStep?: WriteStepHook;
  /** Postings the searches' terms hold and postings scored, summed (the benchmark prints the share); searches that ran again in one snapshot. */
  counters?: PoolCounters & { snapshotRetries?: number };
}

export interface PgPort extends SearchPort {
  readonly config: PgStoreConfig;
}

/** `url` with `password` put in it (encoded, so that pg decodes it back exactly). */
function withPassword(url: string, password: string): string {
  const u = new URL(url);
  u.password = encodeURIComponent(password);
  return u.href;
}

/** Opens the store at `url` (postgres://…?corpus=NAME); checks the schema and finds the corpus. */
export async function openPgPort(url: string, opts: PgPortOptions = {}): Promise<PgPort> {
  const cfg = parsePgUrl(url);
  const secret = !cfg.password && opts.password ? { password: opts.password } : {};
  Object.assign(cfg, secret);
  const params: RankingParams = { ...DEFAULT_RANKING, ...opts.ranking };
  const writing = opts.mode === 'write';
  // loaded here, not at start: every CLI command would otherwise pay for loading pg (≈ 90 ms of CPU)
  const { default: pgLib } = await import('pg');
  const pool = new pgLib.Pool({
    // in the URL: pg lets a URL's (empty) password override a `password` option given beside it
    connectionString: secret.password ? withPassword(cfg.connectionString, secret.password) : cfg.connectionString,
    max: writing ? 2 : (opts.poolSize ?? 4),
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    application_name: writing ? 'verity-writer' : 'verity',
  });
  // an idle client whose server went away must not crash the process: the next query reports it
  pool.on('error', () => undefined);
  const delays = opts.retryDelays ?? [100, 400, 1600];
  const phraseTerms = new PhraseTerms();
  const caches = { blocks: new BlockCache((opts.cacheMB ?? 256) * 1024 * 1024), passages: new BoundedCache<number, Passage>(opts.passageCache ?? 16_384) };
  let writer: pg.PoolClient | undefined;
  let corpus: number | undefined;
  const writeState = new WriterState();

  const findCorpus = async (): Promise<number | undefined> => {
    const have = await pool.query<{ exists: boolean }>("SELECT to_regclass('verity_schema') IS NOT NULL AS exists");
    if (!have.rows[0]!.exists) return undefined;
    const v = (await pool.query<{ version: number }>('SELECT version FROM verity_schema')).rows[0]?.version ?? 0;
    if (v > PG_SCHEMA_VERSION) throw new VerityError('STORE_VERSION', `${cfg.describe} holds a Verity store of schema version ${v}; this Verity reads up to ${PG_SCHEMA_VERSION}: update Verity`);
    if (v < PG_SCHEMA_VERSION) return undefined;
    return (await pool.query<{ id: number }>('SELECT id FROM verity_corpus WHERE name = $1', [cfg.corpus])).rows[0]?.id;
  };

  try {
    if (writing) {
      writer = await pool.connect();
      await ensureSchema(writer);
      await writer.query('INSERT INTO verity_corpus (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [cfg.corpus]);
      corpus = (await writer.query<{ id: number }>('SELECT id FROM verity_corpus WHERE name = $1', [cfg.corpus])).rows[0]!.id;
      const locked = (await writer.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [LOCK_CLASS, corpus])).rows[0]!.ok;
      if (!locked) throw new VerityError('STORE_LOCKED', `corpus ${cfg.corpus} of ${cfg.describe} is being written by another verity index; wait for it to finish`);
    } else corpus = await withRetry(cfg, 'opening the store', findCorpus, delays);
  } catch (e) {
    writer?.release(true);
    await pool.end().catch(() => undefined);
    throw storeError(e, cfg, 'opening the store');
  }

  const read = <T>(doing: string, run: () => Promise<T>): Promise<T> => withRetry(cfg, doing, run, delays);

  /**
   * Runs several reads on one connection (taken from the pool once, not once per statement). A
   * client taken from the pool has no 'error' listener of the pool's: the connection dropping
   * while it is out would be an uncaught exception, so one is attached for as long as it is out
   * (the statement in flight fails as well, and is retried by `read`).
   */
  const onOneClient = async <T>(work: (c: pg.PoolClient) => Promise<T>): Promise<T> => {
    const c = await pool.connect();
    let broken: Error | undefined;
    const onError = (e: Error): void => void (broken ??= e);
    c.on('error', onError);
    try {
      return await work(c);
    } catch (e) {
      broken ??= e instanceof Error ? e : new Error(String(e));
      throw e;
    } finally {
      c.removeListener('error', onError);
      // a connection that failed is dropped, not handed to the next reader
      c.release(broken && isConnectionError(broken) ? broken : undefined);
    }
  };

  /** Runs several reads on one snapshot (a REPEATABLE READ, READ ONLY transaction). */
  const inSnapshot = <T>(work: (c: pg.PoolClient) => Promise<T>): Promise<T> =>
    onOneClient(async (c) => {
      await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        const out = await work(c);
        await c.query('COMMIT');
        return out;
      } catch (e) {
        await c.query('ROLLBACK').catch(() => undefined);
        throw e;
      }
    });

  /** Runs one file's writes in a transaction on the writer's connection (no retry: a lost connection rolls back). */
  const inTransaction = async (doing: string, work: (c: pg.PoolClient, corpusId: number) => Promise<void>): Promise<void> => {
    if (!writer) throw new VerityError('BAD_INPUT', `${cfg.describe} was opened for reading; open it with mode 'write' to index`);
    const c = writer;
    try {
      await c.query('BEGIN');
      await work(c, corpus!);
      await c.query('COMMIT');
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      const err = storeError(e, cfg, doing);
      throw err.code === 'STORE_UNREACHABLE' ? new VerityError('STORE_UNREACHABLE', `${err.message}; the file keeps its previous version in the store, run index again`) : err;
    }
  };

  let pending: FileWrite[] = [];
  let pendingPassages = 0;
  // with batches, one batch's transaction may be in flight while the next batch is analysed; its
  // failure surfaces at the next commit, removal, flush or close
  let inFlight: Promise<void> | undefined;
  const settle = async (): Promise<void> => {
    const run = inFlight;
    inFlight = undefined;
    if (run) await run;
  };
  const commitPending = async (wait = true): Promise<void> => {
    await settle();
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    pendingPassages = 0;
    const run = inTransaction(batch.length === 1 ? `writing ${batch[0]!.record.path}` : `writing ${batch.length} files (${batch[0]!.record.path}, …)`, (c, id) => writeFileRows(c, id, batch, writeState, opts.onWriteStep));
    if (wait) return run;
    run.catch(() => undefined);
    inFlight = run;
  };

  const port: PgPort = {
    config: cfg,
    async writeFile(record: FileRecord, passages: readonly Passage[]) {
      const batching = (opts.batchPassages ?? 0) > 0;
      const f = { record, passages };
      if (batching) prepareFile(writeState, f);
      pending.push(f);
      pendingPassages += passages.length;
      if (pendingPassages >= (opts.batchPassages ?? 0)) await commitPending(!batching);
    },
    async removeFile(path: string) {
      await commitPending();
      await inTransaction(`removing ${path}`, (c, id) => removeFileRows(c, id, path));
    },

    async search(query: string, so: SearchOptions = {}): Promise<SearchHit[]> {
      if (corpus === undefined) return [];
      const terms = queryTerms(query, params.contextWeight);
      if (terms.length === 0) return [];
      const k = Math.max(1, so.k ?? 10);
      const size = Math.max(k, PHRASE_POOL) + 20;
      const need = rankedCount(params, so);
      const counters = opts.counters;
      const inOne = (): Promise<Candidate[]> => inSnapshot((c) => searchPoolOf(c, corpus!, terms, params, so, size, need, caches, true, counters));
      const filtered = so.pathPrefix !== undefined || so.kind !== undefined;
      const cands = await read('searching', async () => {
        if (filtered) return inOne();
        try {
          return await onOneClient((c) => searchPoolOf(c, corpus!, terms, params, so, size, need, caches, false, counters));
        } catch (e) {
          if (!(e instanceof RowsMoved)) throw e;
          if (counters) counters.snapshotRetries = (counters.snapshotRetries ?? 0) + 1;
          return inOne();
        }
      });
      return rankCandidates(
        cands,
        query,
        terms.map((t) => t.term),
        params,
        so,
        phraseTerms,
      );
    },

    async filePassages(path: string) {
      if (corpus === undefined) return [];
      const rows = await read('reading passages', () => pool.query<{ body: Passage }>('SELECT body FROM verity_passage WHERE corpus = $1 AND path = $2', [corpus, path]));
      return rows.rows.map((r) => r.body).sort((a, b) => (a.page ?? 0) - (b.page ?? 0) || a.startLine - b.startLine);
    },

    async passages(ids: readonly string[]) {
      if (corpus === undefined || ids.length === 0) return [];
      const rows = await read('reading passages', () => pool.query<{ id: string; body: Passage }>('SELECT id, body FROM verity_passage WHERE corpus = $1 AND id = ANY($2::text[])', [corpus, [...ids]]));
      const byId = new Map(rows.rows.map((r) => [r.id, r.body]));
      return ids.map((id) => byId.get(id)).filter((p): p is Passage => p !== undefined);
    },

    async termStats(terms: readonly string[]): Promise<PortTermStats> {
      if (corpus === undefined) return { docCount: 0, avgLength: 0, df: new Map(terms.map((t) => [t, 0])) };
      const res = await read('reading statistics', () =>
        pool.query<{ n: string; len: number; terms: string[] | null; dfs: number[] | null }>(
          `SELECT c.passages AS n, (c.len0 + c.len1 + c.len2) AS len,
                  (SELECT array_agg(t.term) FROM verity_term t WHERE t.corpus = c.id AND t.term = ANY($2::text[])) AS terms,
                  (SELECT array_agg(t.df) FROM verity_term t WHERE t.corpus = c.id AND t.term = ANY($2::text[])) AS dfs
           FROM verity_corpus c WHERE c.id = $1`,
          [corpus, [...terms]],
        ),
      );
      const r = res.rows[0]!;
      const n = Number(r.n);
      const df = new Map(terms.map((t) => [t, 0]));
      (r.terms ?? []).forEach((t, i) => df.set(t, r.dfs![i]!));
      return { docCount: n, avgLength: n > 0 ? r.len / n : 0, df };
    },

    async fileRecords() {
      if (corpus === undefined) return [];
      const rows = await read('reading file records', () => pool.query<{ record: FileRecord }>('SELECT record FROM verity_file WHERE corpus = $1 ORDER BY path', [corpus]));
      return rows.rows.map((r) => r.record);
    },

    async status(): Promise<PortStatus> {
      const base = { kind: 'postgres', location: cfg.describe.replace(/ \(corpus .*\)$/, ''), corpus: cfg.corpus, schema: PG_SCHEMA_VERSION };
      if (corpus === undefined) return { ...base, files: 0, passages: 0 };
      const r = await read('reading the status', () => pool.query<{ files: string; passages: string }>('SELECT (SELECT count(*) FROM verity_file WHERE corpus = $1) AS files, passages FROM verity_corpus WHERE id = $1', [corpus]));
      return { ...base, files: Number(r.rows[0]?.files ?? 0), passages: Number(r.rows[0]?.passages ?? 0) };
    },

    async flush() {
      await commitPending();
      if (writer && (await compactionDue(writer, corpus!))) await inTransaction('compacting the posting blocks', async (c, id) => void (await compactCorpus(c, id)));
    },

    async close() {
      try {
        await commitPending();
        await settle();
      } finally {
        // ending the session releases the corpus lock
        writer?.release(true);
        writer = undefined;
        await pool.end().catch(() => undefined);
      }
    },
  };
  return port;
}
