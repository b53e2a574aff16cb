// A claim that adds details no passage states is not supported, however short it is: the case
// the merged in-editor suite found ("delivered by drone"), checked through the CLI on that suite's
// workspace. It passed as "states most of it" while the generic-word list counted 'deliver' and
// 'drone' as routine wording.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { main } from '../../../src/cli/main';
import { createChecker } from '../../../src/core/check/checker';
import { createMemorySource } from '../../../src/core/check/memorySource';
import { passage } from './corpus';
import type { CliIO } from '../../../src/cli/io';

const FIXTURE = path.join(__dirname, '../../vscode/fixtures/workspace');

async function verdictOf(text: string): Promise<{ verdict: string; reason: string }> {
  let out = '';
  const io: CliIO = { stdout: (s) => void (out += s), stderr: () => undefined, isTTY: false, cwd: FIXTURE, env: {} };
  await main(['check', '--text', text, '--docs', '.', '--format', 'json'], io);
  const s = JSON.parse(out).files[0].sentences[0];
  return { verdict: s.verdict, reason: s.reason };
}

test('a short claim with two words no passage has ("delivered by drone") is not supported', async () => {
  const v = await verdictOf('Renewed passports are delivered by drone.');
  assert.notEqual(v.verdict, 'supported', v.reason);
});

test('the same claim with one more unseen detail is flagged (the behaviour the short form should share)', async () => {
  const v = await verdictOf("Renewed passports are delivered by drone to the applicant's roof.");
  assert.equal(v.verdict, 'unsupported', v.reason);
});

test('a true sentence with an invented phrase appended is never clearly supported, and the reason names the phrase', async () => {
  const v = await verdictOf('The new passport arrives by post within 30 days of the application through the express courier service.');
  if (v.verdict === 'supported') {
    // supported only as the closest passage stating most of it, never "the source says it"
    assert.match(v.reason, /^the closest passage states most of it \(not 'express courier service'/, v.reason);
  } else {
    assert.equal(v.verdict, 'unsupported', v.reason);
  }
});

test('a passage that shares the subject and little else is named as stating only part of the claim', () => {
  const c = createChecker(createMemorySource([passage('w', 'The Quill desk lamp has a two-year warranty from the date of delivery.')]));
  const v = c.check('The desk lamp glows green when charging.').sentences[0]!;
  assert.notEqual(v.certainty, 'clear');
  if (v.verdict === 'supported') assert.match(v.reason, /states only part of it/);
});
