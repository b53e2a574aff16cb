// `verity ask` end to end: the CLI command, the real facade over examples/workspace, the real
// openai client and the scripted server answering from the evidence it is shown.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ask, readHistory } from '../../../src/cli/commands/ask';
import { closeAll } from '../../../src/cli/openVerity';
import type { CliIO } from '../../../src/cli/io';
import { startMockServer, type MockServer } from '../../support/mockServer';
import { extractiveReply } from '../../support/extractiveScript';

const root = path.resolve(__dirname, '../../..');
const servers: MockServer[] = [];
after(async () => {
  for (const s of servers) await s.close();
  await closeAll();
});

function io(env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const cli: CliIO = { stdout: (s) => out.push(s), stderr: (s) => err.push(s), isTTY: false, cwd: root, env };
  return { cli, out: () => out.join(''), err: () => err.join('') };
}

test('without a configured model: one line saying what to configure, exit 2', async () => {
  const t = io({});
  const code = await ask(['How long is the warranty?', '--docs', 'examples/workspace'], t.cli);
  assert.equal(code, 2);
  assert.equal(t.out(), '');
  assert.equal(t.err().trim().split('\n').length, 1);
  assert.match(t.err(), /--base-url URL and --model NAME, or set VERITY_BASE_URL and VERITY_MODEL/);
});

test('answers about examples/workspace with verdict marks and numbered sources', async () => {
  const server = await startMockServer({ chat: (req) => extractiveReply(req) });
  servers.push(server);
  const t = io({ VERITY_BASE_URL: server.url, VERITY_MODEL: 'mock-model' });
  const code = await ask(['How many days do I have to return a lamp for a refund?', '--docs', 'examples/workspace'], t.cli);
  const out = t.out();
  assert.equal(code, 0, out + t.err());
  assert.match(out, /^✓ .+\[\d\]/m);
  assert.match(out, /^Sources:\n {2}\[\d\] [\w-]+\.md:\d+/m);
  assert.match(out, /answered · 1 round · 1 model call · [\d,]+ tokens · mock-model @ /);
  assert.equal(server.chatCalls(), 1);
});

test('--json prints the whole Turn; --base-url/--model flags override the environment', async () => {
  const server = await startMockServer({ chat: (req) => extractiveReply(req) });
  servers.push(server);
  const t = io({ VERITY_BASE_URL: 'http://127.0.0.1:9/v1', VERITY_MODEL: 'nope' });
  const code = await ask(['What is the warranty on Quill lamps?', '--docs', 'examples/workspace', '--json', '--base-url', server.url, '--model', 'mock-model'], t.cli);
  assert.ok(code === 0 || code === 1, t.err());
  const turn = JSON.parse(t.out());
  assert.equal(turn.question, 'What is the warranty on Quill lamps?');
  assert.ok(turn.rounds.length >= 1 && turn.rounds[0].check.sentences.length >= 1);
  assert.ok(turn.evidence.length >= 1);
});

test('a model error is a coded one-line error and exit 2', async () => {
  const server = await startMockServer({ chat: [{ status: 401 }] });
  servers.push(server);
  const t = io({ VERITY_BASE_URL: server.url, VERITY_MODEL: 'mock-model' });
  const code = await ask(['What is the warranty on Quill lamps?', '--docs', 'examples/workspace'], t.cli);
  assert.equal(code, 2);
  assert.match(t.err(), /MODEL_AUTH: .*VERITY_API_KEY/);
});

test('--history accepts "user:/assistant:" lines and JSON', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'verity-ask-'));
  const lines = path.join(dir, 'h.txt');
  writeFileSync(lines, 'user: I bought a lamp\nassistant: Which model?\ncontinued here\nuser: the QL-200\n');
  assert.deepEqual(await readHistory(lines), [
    { role: 'user', text: 'I bought a lamp' },
    { role: 'assistant', text: 'Which model? continued here' },
    { role: 'user', text: 'the QL-200' },
  ]);
  const json = path.join(dir, 'h.json');
  writeFileSync(json, JSON.stringify([{ role: 'user', text: 'hi' }]));
  assert.deepEqual(await readHistory(json), [{ role: 'user', text: 'hi' }]);
  writeFileSync(json, '[{"role":"system","text":"x"}]');
  await assert.rejects(readHistory(json), /needs role/);
});
