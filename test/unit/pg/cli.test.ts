/**
 * `--store postgres://…` through the CLI, against a real server (skipped without VERITY_TEST_PG):
 * index, an incremental re-index by content hash, status, search, check and ask (with the scripted
 * OpenAI-compatible server), and no password in any output.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/io';
import { freshCorpus, PG_SKIP, urlOf } from './portHarness';
import { startMockServer } from '../../support/mockServer';
import { extractiveReply } from '../../support/extractiveScript';

function fakeIo(cwd: string): CliIO & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    isTTY: false,
    cwd,
    env: {},
    stdout: (s: string) => void (io.out += s),
    stderr: (s: string) => void (io.err += s),
  };
  return io;
}

test('verity index / status / search / check with --store postgres://…', { skip: PG_SKIP }, async (t) => {
  const cwd = mkdtempSync(path.join(tmpdir(), 'verity-pgcli-'));
  t.after(() => rmSync(cwd, { recursive: true, force: true }));
  const docs = path.join(cwd, 'docs');
  mkdirSync(docs);
  writeFileSync(path.join(docs, 'renewal.md'), '# Renewal\n\n## Online\n\nYou can renew your license online up to 60 days before it expires.\n\n## In person\n\nVisit any office with your old license.\n');
  writeFileSync(path.join(docs, 'fees.md'), '# Fees\n\nA renewal costs 45 dollars; a replacement card costs 20 dollars.\n');
  writeFileSync(path.join(cwd, 'answer.md'), 'You can renew your license online up to 90 days before it expires.\n');
  const store = urlOf(freshCorpus('cli'));
  const outputs: string[] = [];
  const run = async (args: string[]): Promise<{ code: number; out: string; err: string }> => {
    const io = fakeIo(cwd);
    const code = await main(args, io);
    outputs.push(io.out, io.err);
    return { code, out: io.out, err: io.err };
  };

  let r = await run(['index', 'docs', '--store', store]);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /Indexed 2 files: \d+ passages .*\(2 read, 0 unchanged\)/);

  r = await run(['index', 'docs', '--store', store]);
  assert.match(r.out, /\(0 read, 2 unchanged\)/);
  writeFileSync(path.join(docs, 'fees.md'), '# Fees\n\nA renewal costs 50 dollars; a replacement card costs 20 dollars.\n');
  r = await run(['index', 'docs', '--store', store]);
  assert.match(r.out, /\(1 read, 1 unchanged\)/);

  r = await run(['status', '--store', store]);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /renewal\.md\s+indexed/);
  assert.match(r.out, /2 files: 2 indexed/);

  r = await run(['search', 'renewal cost dollars', '--store', store, '--k', '1']);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /fees\.md/);
  assert.match(r.out, /50 dollars/);

  r = await run(['check', 'answer.md', '--store', store]);
  assert.equal(r.code, 1, r.out + r.err);
  assert.match(r.out, /contradicted/);
  assert.match(r.out, /60 days/);

  unlinkSync(path.join(docs, 'fees.md'));
  r = await run(['index', 'docs', '--store', store]);
  assert.match(r.out, /1 removed|removed 1|Indexed 1 file/);
  r = await run(['status', '--store', store, '--json']);
  assert.deepEqual(
    (JSON.parse(r.out) as { files: Array<{ path: string }> }).files.map((f) => f.path),
    ['renewal.md'],
  );

  // a password in the URL is never printed, not even when the server refuses it
  const bad = new URL(store);
  bad.password = 'Sekr1t-pass';
  bad.searchParams.delete('host');
  bad.hostname = '127.0.0.1';
  r = await run(['status', '--store', bad.href]);
  assert.equal(r.code, 2);
  assert.match(r.err, /STORE_UNREACHABLE/);
  for (const o of outputs) assert.ok(!o.includes('Sekr1t-pass') && !(process.env.PGPASSWORD && o.includes(process.env.PGPASSWORD)));
});

test('verity ask --store postgres://… runs the verify-and-revise loop over the corpus', { skip: PG_SKIP }, async (t) => {
  const cwd = mkdtempSync(path.join(tmpdir(), 'verity-pgask-'));
  const server = await startMockServer({ chat: (req) => extractiveReply(req) });
  t.after(async () => {
    await server.close();
    rmSync(cwd, { recursive: true, force: true });
  });
  const docs = path.join(cwd, 'docs');
  mkdirSync(docs);
  writeFileSync(path.join(docs, 'renewal.md'), '# Renewal\n\n## Online\n\nYou can renew your license online up to 60 days before it expires.\n\n## In person\n\nVisit any office with your old license.\n');
  writeFileSync(path.join(docs, 'fees.md'), '# Fees\n\nA renewal costs 45 dollars; a replacement card costs 20 dollars.\n');
  const store = urlOf(freshCorpus('cliask'));
  const io = fakeIo(cwd);
  assert.equal(await main(['index', 'docs', '--store', store], io), 0, io.err);
  // the reader works in another folder: the documents need not be on its disk
  const elsewhere = mkdtempSync(path.join(tmpdir(), 'verity-pgask-reader-'));
  t.after(() => rmSync(elsewhere, { recursive: true, force: true }));
  const env = { VERITY_BASE_URL: server.url, VERITY_MODEL: 'mock-model' };
  const reader = Object.assign(fakeIo(elsewhere), { env });
  const code = await main(['ask', 'How many days before it expires can I renew my license online?', '--store', store], reader);
  assert.equal(code, 0, reader.out + reader.err);
  assert.match(reader.out, /^✓ .*60 days.*\[\d\]/m);
  assert.match(reader.out, /^Sources:\n {2}\[\d\] renewal\.md:\d+/m);
  assert.ok(server.chatCalls() >= 1);
  const json = Object.assign(fakeIo(elsewhere), { env });
  assert.equal(await main(['ask', 'How much does a renewal cost?', '--store', store, '--json'], json), 0, json.err);
  const turn = JSON.parse(json.out) as { status: string; sentences: Array<{ verdict: string; evidence?: { path: string } }> };
  assert.equal(turn.status, 'answered');
  assert.ok(turn.sentences.some((s) => s.verdict === 'supported' && s.evidence?.path === 'fees.md'), JSON.stringify(turn.sentences));
});
