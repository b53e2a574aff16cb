// Checker defects found while merging this round, kept as failing expectations so they stay
// visible until fixed (node's runner reports a failing todo test without failing the run).
// Issue 14 stays open for them.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { main } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/io';

const FIXTURE = path.join(__dirname, '../../vscode/fixtures/workspace');

async function verdictOf(text: string): Promise<{ verdict: string; reason: string }> {
  let out = '';
  const io: CliIO = { stdout: (s) => void (out += s), stderr: () => undefined, isTTY: false, cwd: FIXTURE, env: {} };
  await main(['check', '--text', text, '--docs', '.', '--format', 'json'], io);
  const s = JSON.parse(out).files[0].sentences[0];
  return { verdict: s.verdict, reason: s.reason };
}

test('a short claim with two words no passage has ("delivered by drone") is not supported', { todo: 'issue 14: unseen specific words in a short claim still pass as "states most of it"' }, async () => {
  const v = await verdictOf('Renewed passports are delivered by drone.');
  assert.notEqual(v.verdict, 'supported', v.reason);
});

test('the same claim with one more unseen detail is flagged (the behaviour the short form should share)', async () => {
  const v = await verdictOf("Renewed passports are delivered by drone to the applicant's roof.");
  assert.equal(v.verdict, 'unsupported', v.reason);
});
