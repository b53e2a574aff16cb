import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { check } from '../../../src/cli/commands/check';
import { closeAll } from '../../../src/cli/openVerity';
import type { CliIO } from '../../../src/cli/io';

const CLAIM = 'Lost badges are replaced by the night porter within two hours.';
const dir = mkdtempSync(path.join(tmpdir(), 'verity-cli-drafts-'));
for (const [rel, body] of Object.entries({
  'docs/badges.md': '# Badges\n\nA lost badge must be reported to the security desk. A replacement badge costs 10 euros.\n',
  'docs/draft.md': `# Draft\n\n${CLAIM}\n`,
  'answer.md': `${CLAIM}\n`,
})) {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), body);
}
after(() => {
  closeAll();
  rmSync(dir, { recursive: true, force: true });
});

function fakeIO(): CliIO & { out: string; err: string } {
  const io = { out: '', err: '', isTTY: false, cwd: dir, env: {}, stdout: (s: string) => void (io.out += s), stderr: (s: string) => void (io.err += s) };
  return io;
}

test('verity check: a draft in the indexed folder is never evidence (default globs); --drafts "" turns that off', async () => {
  const io = fakeIO();
  assert.equal(await check(['answer.md', '--docs', 'docs', '--format', 'json'], io), 1, io.err);
  assert.doesNotMatch(io.out, /draft\.md/);
  const naive = fakeIO();
  assert.equal(await check(['answer.md', '--docs', 'docs', '--drafts', '', '--format', 'json'], naive), 0, naive.out);
  const custom = fakeIO();
  assert.equal(await check(['answer.md', '--docs', 'docs', '--drafts', 'dr*.md', '--format', 'json'], custom), 1);
});
