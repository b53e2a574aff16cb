// The README's first command runs `verity check examples/draft-answer.md` on the bundled example
// workspace and shows what it prints: 4 sentences supported, the return window contradicted (the
// warranty PDF says 30 days, not 60) and an invented place of assembly unsupported. This runs the built CLI the same way, so a checker
// change that turns a true sentence of the example into a flag (or lets an invented one pass)
// fails here before it reaches the README.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repo = path.join(__dirname, '../../..');
const cli = path.join(repo, 'dist/cli.js');

test("the README's example: the draft answer's changed and invented sentences are flagged, the rest supported", (t) => {
  if (!existsSync(cli)) return t.skip('dist/ is not built (npm test builds it first)');
  const dir = mkdtempSync(path.join(tmpdir(), 'verity-example-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(path.join(repo, 'examples/workspace'), path.join(dir, 'workspace'), { recursive: true, filter: (src) => !src.includes('.verity') });
  cpSync(path.join(repo, 'examples/draft-answer.md'), path.join(dir, 'draft-answer.md'));
  const run = (args: string[]) => spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  const ix = run(['index', 'workspace', '--store', 'workspace/.verity']);
  assert.equal(ix.status, 0, ix.stderr);
  const r = run(['check', 'draft-answer.md', '--store', 'workspace/.verity', '--format', 'json', '--fail-on', 'none']);
  assert.equal(r.status, 0, r.stderr);
  const sentences = (JSON.parse(r.stdout) as { files: Array<{ sentences: Array<{ text: string; verdict: string }> }> }).files[0]!.sentences;
  const flagged = sentences.filter((s) => s.verdict !== 'supported').map((s) => [s.text, s.verdict]);
  assert.deepEqual(flagged, [
    // the closest sentence says 30 days but restates too little of the rest: asked, not asserted
    ['Customers can return items within 60 days of delivery for a full refund.', 'unsupported'],
    // one clear edit of a restated sentence: 5 business days
    ['Approved refunds are\nissued within 10 business days to the original payment method.', 'contradicted'],
    ['All Quill lamps are assembled by hand in Portland, Oregon.', 'unsupported'],
  ]);
  assert.equal(sentences.length, 6);
});
