/**
 * Terminal escapes in file names, document text and model output never reach the terminal raw:
 * no ESC (CSI / OSC title / OSC-8 links), BEL or C1 control leaves the CLI.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../../src/cli/main';
import { terminalSafe } from '../../../src/cli/io';
import type { CliIO } from '../../../src/cli/io';
import { startMockServer, type MockServer } from '../../support/mockServer';

const servers: MockServer[] = [];
after(async () => {
  for (const s of servers) await s.close();
});

const ESCAPES = ['\x1b[2J', '\x1b]0;pwned title\x07', '\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\', '\x07', '\u009b31m', '\u202e'];
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/;

function capture(cwd: string, env: Record<string, string | undefined> = {}) {
  const chunks: string[] = [];
  const io: CliIO = { stdout: (s) => chunks.push(s), stderr: (s) => chunks.push(s), isTTY: false, cwd, env };
  return { io, all: () => chunks.join('') };
}

test('terminalSafe neutralises every escape class and keeps text, newlines and tabs', () => {
  for (const e of ESCAPES) assert.doesNotMatch(terminalSafe(`a${e}b`), RAW, JSON.stringify(e));
  assert.equal(terminalSafe('line one\n\tline two — ünïcode ✓\n'), 'line one\n\tline two — ünïcode ✓\n');
});

test('search and check output neutralise escapes from file names and document text', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'verity-esc-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const name = `evil\x1b]0;title\x07name.md`;
  mkdirSync(path.join(dir, 'docs'));
  writeFileSync(path.join(dir, 'docs', name), `# Lamp ${ESCAPES.join(' ')}\n\nThe desk lamp warranty lasts two years ${ESCAPES.join(' ')} from delivery.\n`);
  writeFileSync(path.join(dir, 'claim.md'), `Penguins commute to the moon by submarine every winter ${ESCAPES[0]} ${ESCAPES[1]}.\n`);
  const search = capture(dir);
  assert.equal(await main(['search', 'desk lamp warranty', '--docs', 'docs'], search.io), 0, search.all());
  assert.match(search.all(), /warranty/);
  assert.match(search.all(), /evil.*name\.md/);
  assert.doesNotMatch(search.all(), RAW);
  const check = capture(dir);
  await main(['check', 'claim.md', '--docs', 'docs'], check.io);
  assert.match(check.all(), /claim\.md/);
  assert.doesNotMatch(check.all(), RAW);
});

test('model output with escapes is neutralised in verity ask', async () => {
  const server = await startMockServer({ chat: [{ text: `The warranty \x1b[2J\x1b]0;owned\x07lasts two years [1].` }] });
  servers.push(server);
  const root = path.resolve(__dirname, '../../..');
  const ask = capture(root, { VERITY_BASE_URL: server.url, VERITY_MODEL: 'mock-model' });
  await main(['ask', 'How long is the lamp warranty?', '--docs', 'examples/workspace'], ask.io);
  assert.match(ask.all(), /warranty/);
  assert.doesNotMatch(ask.all(), RAW);
});
