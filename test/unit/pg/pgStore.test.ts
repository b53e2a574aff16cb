/**
 * What only the PostgreSQL store has to prove (against a real server; skipped without
 * VERITY_TEST_PG): several corpora per database, one writer per corpus, credentials never in a
 * message, a clear error when the server is gone, kill -9 of a writer mid-file, and readers that
 * never see half a file while a writer re-indexes.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileOf, freshCorpus, PG_SKIP, urlOf, writeCorpus } from './portHarness';
import { openPgPort } from '../../../src/node/pg/pgPort';
import { parsePgUrl, redact } from '../../../src/node/pg/pgConfig';
import { isVerityError } from '../../../src/core/errors';
import pg from 'pg';
import { compactCorpus } from '../../../src/node/pg/pgCompact';
import { decodeBlock, mergeBlocks } from '../../../src/node/pg/pgBlocks';

/** A markdown file of `parts` sections, each naming `version` and sharing the word `marker`. */
const versioned = (parts: number, version: string): string => `# Doc\n\n${Array.from({ length: parts }, (_, i) => `## Part ${i}\n\nversion ${version} of part ${i}, shared words everywhere marker.\n`).join('\n')}`;

describe('PostgreSQL store', { skip: PG_SKIP }, () => {
  test('corpora in one database are independent', async () => {
    const a = await openPgPort(urlOf(freshCorpus('a')), { mode: 'write' });
    const b = await openPgPort(urlOf(freshCorpus('b')), { mode: 'write' });
    try {
      await writeCorpus(a);
      const f = fileOf('other.md', '# Other\n\nOnly corpus b talks about zebras.\n');
      await b.writeFile(f.record, f.passages);
      assert.equal((await b.search('annual leave')).length, 0);
      assert.equal((await a.search('zebras')).length, 0);
      assert.equal((await b.status()).files, 1);
      assert.equal((await b.termStats([])).docCount, f.passages.length);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('a compaction drops dead postings and merges blocks; results and statistics do not change', async () => {
    const url = urlOf(freshCorpus('compact'));
    const w = await openPgPort(url, { mode: 'write' });
    const r = await openPgPort(url);
    const pool = new pg.Pool({ connectionString: process.env.VERITY_TEST_PG });
    const count = async (sql: string): Promise<number> => Number((await pool.query<{ n: string }>(sql, [new URL(url).searchParams.get('corpus')])).rows[0]!.n);
    const blocks = 'SELECT count(*) AS n FROM verity_block b JOIN verity_term t ON t.tid = b.tid JOIN verity_corpus c ON c.id = t.corpus WHERE c.name = $1';
    const terms = 'SELECT count(*) AS n FROM verity_term t JOIN verity_corpus c ON c.id = t.corpus WHERE c.name = $1 AND t.df > 0';
    const dead = 'SELECT count(*) AS n FROM verity_dead d JOIN verity_corpus c ON c.id = d.corpus WHERE c.name = $1';
    try {
      await writeCorpus(w);
      // the same file written three more times: three more blocks for each of its terms, its old passages dead
      for (const v of ['a', 'b', 'c']) {
        const f = fileOf('handbook/security.md', `# Security\n\n## Passwords\n\nPasswords must be rotated every 90 days (${v}).\n`);
        await w.writeFile(f.record, f.passages);
      }
      assert.ok((await count(dead)) > 0);
      const before = await r.search('annual leave days', { k: 5 });
      await w.flush();
      assert.equal(await count(dead), 0);
      assert.ok((await count(blocks)) <= (await count(terms)) + 1, 'one block per term after the compaction');
      const after = await r.search('annual leave days', { k: 5 });
      assert.deepEqual(
        after.map((h) => h.passage.id),
        before.map((h) => h.passage.id),
      );
      assert.equal((await r.search('passwords rotated', { k: 1 }))[0]!.passage.text.includes('(c)'), true);
    } finally {
      await pool.end();
      await r.close();
      await w.close();
    }
  });

  test('a compaction without dead passages merges the blocks of each term in the server, byte for byte as the client would', async () => {
    const url = urlOf(freshCorpus('merge'));
    const name = new URL(url).searchParams.get('corpus');
    const w = await openPgPort(url, { mode: 'write' });
    const r = await openPgPort(url);
    const pool = new pg.Pool({ connectionString: process.env.VERITY_TEST_PG });
    const blocksOf = async (): Promise<Map<number, Buffer[]>> => {
      const rows = await pool.query<{ tid: number; data: Buffer }>('SELECT b.tid, b.data FROM verity_block b JOIN verity_term t ON t.tid = b.tid JOIN verity_corpus c ON c.id = t.corpus WHERE c.name = $1 ORDER BY b.bno', [name]);
      const out = new Map<number, Buffer[]>();
      for (const x of rows.rows) out.set(x.tid, [...(out.get(x.tid) ?? []), x.data]);
      return out;
    };
    try {
      // one transaction per file: a block per term per file, no passage dead
      await writeCorpus(w);
      for (let i = 0; i < 4; i++) {
        const f = fileOf(`extra/notes-${i}.md`, `# Notes ${i}\n\n## Leave\n\nAnnual leave note ${i}: days of leave are booked in the portal.\n`);
        await w.writeFile(f.record, f.passages);
      }
      const before = await blocksOf();
      assert.ok([...before.values()].some((l) => l.length >= 3), 'some term has several blocks');
      const want = new Map([...before].map(([tid, list]) => [tid, mergeBlocks(list.map(decodeBlock))!]));
      const hits = await r.search('annual leave days booked', { k: 8 });
      const c = await pool.connect();
      let result: Awaited<ReturnType<typeof compactCorpus>>;
      try {
        await c.query('BEGIN');
        const id = (await c.query<{ id: number }>('SELECT id FROM verity_corpus WHERE name = $1', [name])).rows[0]!.id;
        result = await compactCorpus(c, id);
        await c.query('COMMIT');
      } finally {
        c.release();
      }
      const after = await blocksOf();
      assert.equal(result.dead, 0);
      assert.equal(result.blocksAfter, after.size);
      assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort());
      for (const [tid, list] of after) {
        assert.equal(list.length, 1, `term ${tid} has one block`);
        assert.ok(list[0]!.equals(want.get(tid)!), `term ${tid}: the server's merge equals the client's`);
      }
      const again = await r.search('annual leave days booked', { k: 8 });
      assert.deepEqual(
        again.map((h) => [h.passage.id, h.score]),
        hits.map((h) => [h.passage.id, h.score]),
      );
    } finally {
      await pool.end();
      await r.close();
      await w.close();
    }
  });

  test('a password given beside a URL without one (the editor\'s secret storage) is used, and never shown', { skip: !process.env.VERITY_PG_PORT || !process.env.VERITY_PG_PASSWORD ? 'VERITY_PG_PORT and VERITY_PG_PASSWORD come from scripts/pg/cluster.sh' : false }, async () => {
    // over TCP the throwaway server asks for the password (scram-sha-256)
    const tcp = `postgres://verity@127.0.0.1:${process.env.VERITY_PG_PORT}/verity_test?corpus=${freshCorpus('pw')}`;
    const good = process.env.VERITY_PG_PASSWORD!;
    const r = await openPgPort(tcp, { password: good, retryDelays: [] });
    try {
      assert.equal((await r.status()).kind, 'postgres');
    } finally {
      await r.close();
    }
    const wrong = 'w%r@ng:pass/word';
    await assert.rejects(openPgPort(tcp, { password: wrong, retryDelays: [] }), (e: unknown) => isVerityError(e) && e.code === 'STORE_UNREACHABLE' && /password authentication failed/.test(e.message) && !e.message.includes(wrong) && !e.message.includes(good));
    await assert.rejects(openPgPort(tcp, { retryDelays: [] }), (e: unknown) => isVerityError(e) && /refused the credentials/.test(e.message));
  });

  test('a reader whose connection drops retries with backoff and answers; without retries it is one coded error', { skip: !process.env.VERITY_PG_PORT || !process.env.VERITY_PG_PASSWORD ? 'VERITY_PG_PORT and VERITY_PG_PASSWORD come from scripts/pg/cluster.sh' : false }, async () => {
    const corpus = freshCorpus('retry');
    const w = await openPgPort(urlOf(corpus), { mode: 'write' });
    await writeCorpus(w);
    await w.close();
    // a proxy in front of the server that can cut every connection and turn the next ones away
    const sockets = new Set<net.Socket>();
    let refuse = 0;
    const proxy = net.createServer((c) => {
      c.on('error', () => undefined);
      if (refuse > 0) {
        refuse--;
        c.destroy();
        return;
      }
      const s = net.connect(Number(process.env.VERITY_PG_PORT), '127.0.0.1');
      s.on('error', () => undefined);
      for (const [a, b] of [[c, s], [s, c]] as const) {
        sockets.add(a);
        a.pipe(b);
        a.on('close', () => {
          sockets.delete(a);
          b.destroy();
        });
      }
    });
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    const url = `postgres://verity@127.0.0.1:${(proxy.address() as net.AddressInfo).port}/verity_test?corpus=${corpus}`;
    const cut = async (): Promise<void> => {
      const closed = [...sockets].map((x) => new Promise((done) => x.once('close', done)));
      for (const x of sockets) x.destroy();
      await Promise.all(closed);
      refuse = 2;
    };
    const ids = (hits: Array<{ passage: { id: string } }>): string[] => hits.map((h) => h.passage.id);
    const password = process.env.VERITY_PG_PASSWORD!;
    try {
      const r = await openPgPort(url, { password, retryDelays: [10, 20, 40, 80] });
      const r0 = await openPgPort(url, { password, retryDelays: [] });
      try {
        const want = ids(await r.search('annual leave carry over', { k: 3 }));
        assert.ok(want.length > 0);
        assert.deepEqual(ids(await r0.search('annual leave carry over', { k: 3 })), want);
        await cut();
        // the connection in the pool is gone and the next two are turned away: the retries get through
        assert.deepEqual(ids(await r.search('annual leave carry over', { k: 3 })), want);
        assert.equal(refuse, 0);
        await cut();
        await assert.rejects(r0.search('annual leave carry over', { k: 3 }), (e: unknown) => isVerityError(e) && e.code === 'STORE_UNREACHABLE' && /cannot reach postgres:\/\/verity@127\.0\.0\.1/.test(e.message) && !e.message.includes(password));
      } finally {
        await r.close();
        await r0.close();
      }
    } finally {
      for (const x of sockets) x.destroy();
      await new Promise((done) => proxy.close(done));
    }
  });

  test('one writer per corpus: a second one is refused while any number of readers open', async () => {
    const url = urlOf(freshCorpus('lock'));
    const w = await openPgPort(url, { mode: 'write' });
    try {
      await assert.rejects(openPgPort(url, { mode: 'write' }), (e: unknown) => isVerityError(e) && e.code === 'STORE_LOCKED' && /being written/.test(e.message));
      const readers = await Promise.all([1, 2, 3].map(() => openPgPort(url)));
      await Promise.all(readers.map((r) => r.close()));
    } finally {
      await w.close();
    }
    // the lock goes with the writer's session
    const again = await openPgPort(url, { mode: 'write' });
    await again.close();
  });

  test('a corpus nobody wrote yet reads as empty; a reader cannot write', async () => {
    const r = await openPgPort(urlOf(freshCorpus('empty')));
    try {
      assert.deepEqual(await r.search('anything'), []);
      assert.equal((await r.status()).passages, 0);
      const f = fileOf('x.md', '# X\n\ntext\n');
      await assert.rejects(r.writeFile(f.record, f.passages), /opened for reading/);
    } finally {
      await r.close();
    }
  });

  test('credentials never appear in messages; a wrong password and a missing server are one clear line', async () => {
    const u = new URL(process.env.VERITY_TEST_PG!);
    const secret = 'hunter2-Secret';
    u.password = secret;
    u.searchParams.delete('host');
    u.hostname = '127.0.0.1';
    const cfg = parsePgUrl(u.href);
    assert.ok(!cfg.describe.includes(secret));
    assert.equal(redact(`oops ${u.href} ${secret}`, cfg).includes(secret), false);
    await assert.rejects(openPgPort(u.href, { retryDelays: [] }), (e: unknown) => {
      assert.ok(isVerityError(e) && e.code === 'STORE_UNREACHABLE', String(e));
      assert.ok(!e.message.includes(secret), e.message);
      assert.match(e.message, /refused the credentials/);
      return true;
    });
    const gone = new URL(u.href);
    gone.port = '1';
    const t0 = Date.now();
    await assert.rejects(openPgPort(gone.href, { retryDelays: [10, 20] }), (e: unknown) => {
      assert.ok(isVerityError(e) && e.code === 'STORE_UNREACHABLE', String(e));
      assert.match(e.message, /cannot reach postgres:\/\/.*127\.0\.0\.1:1\//);
      assert.ok(!e.message.includes(secret));
      return true;
    });
    assert.ok(Date.now() - t0 < 5000);
  });

  for (const step of ['deleted', 'inserted'] as const) {
    test(`kill -9 of the writer mid-file (after the old passages were ${step}): old version, never a mix; the next write finishes`, async () => {
      const url = urlOf(freshCorpus(`kill-${step}`));
      const w = await openPgPort(url, { mode: 'write' });
      const v1 = fileOf('doc.md', versioned(40, 'one'));
      await w.writeFile(v1.record, v1.passages);
      await w.close();
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'killWriterChild.ts'), url, step, 'two'], { stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => d.toString().includes('MID') && resolve());
        child.on('exit', (code) => reject(new Error(`writer exited with ${code} before the middle of the file`)));
      });
      const r = await openPgPort(url);
      try {
        // while the writer sits mid-transaction, and after it is killed: the old version, whole
        const check = async (): Promise<void> => {
          const hits = await r.search('marker', { k: 100, phrase: false });
          assert.equal(hits.length, v1.passages.length);
          assert.ok(hits.every((h) => /version one/.test(h.passage.text) || !/version/.test(h.passage.text)));
          assert.equal((await r.status()).passages, v1.passages.length);
        };
        await check();
        const exited = new Promise((resolve) => child.on('exit', resolve));
        child.kill('SIGKILL');
        await exited;
        await check();
        // the lock went with the dead session (the server notices the closed socket)
        let w2;
        for (let i = 0; ; i++) {
          try {
            w2 = await openPgPort(url, { mode: 'write' });
            break;
          } catch (e) {
            if (i > 50 || !isVerityError(e) || e.code !== 'STORE_LOCKED') throw e;
            await new Promise((res) => setTimeout(res, 100));
          }
        }
        const v2 = fileOf('doc.md', versioned(40, 'two'));
        await w2.writeFile(v2.record, v2.passages);
        await w2.close();
        const hits = await r.search('marker', { k: 100, phrase: false });
        assert.equal(hits.length, v2.passages.length);
        assert.ok(hits.every((h) => /version two/.test(h.passage.text) || !/version/.test(h.passage.text)));
        assert.equal((await r.termStats(['one'])).df.get('one'), 0);
      } finally {
        child.kill('SIGKILL');
        await r.close();
      }
    });
  }

  test('20 concurrent readers while a writer re-indexes: no error, never part of a file', async () => {
    const url = urlOf(freshCorpus('readers'));
    const w = await openPgPort(url, { mode: 'write' });
    const files = 10;
    const parts = (i: number): number => 5 + i;
    for (let i = 0; i < files; i++) {
      const f = fileOf(`f${i}.md`, versioned(parts(i), 'v0'));
      await w.writeFile(f.record, f.passages);
    }
    let writing = true;
    let rounds = 0;
    const writer = (async () => {
      try {
        for (let round = 1; round <= 3; round++)
          for (let i = 0; i < files; i++) {
            const f = fileOf(`f${i}.md`, versioned(parts(i) + (round % 2), `v${round}`));
            await w.writeFile(f.record, f.passages);
          }
        rounds = 3;
      } finally {
        writing = false;
      }
    })();
    const readers = await Promise.all(Array.from({ length: 20 }, () => openPgPort(url, { poolSize: 1 })));
    let searches = 0;
    try {
      await Promise.all(
        readers.map(async (r, n) => {
          do {
            const i = (n + searches) % files;
            const hits = await r.search('marker', { k: 100, pathPrefix: `f${i}.md`, phrase: false });
            const versions = new Set(hits.map((h) => /version (v\d)/.exec(h.passage.text)?.[1]).filter(Boolean));
            assert.equal(versions.size, 1, `f${i}.md mixes versions ${[...versions]}`);
            const v = Number([...versions][0]!.slice(1));
            // a whole version: its part count (plus the title passage when there is one)
            const whole = parts(i) + (v === 0 ? 0 : v % 2);
            assert.ok(hits.filter((h) => /version/.test(h.passage.text)).length === whole, `f${i}.md v${v}: ${hits.length} passages`);
            searches++;
          } while (writing);
        }),
      );
      await writer;
      assert.equal(rounds, 3);
      assert.ok(searches >= 20);
    } finally {
      await Promise.all(readers.map((r) => r.close()));
      await w.close();
    }
  });
});
