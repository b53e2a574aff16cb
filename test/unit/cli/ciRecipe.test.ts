// The README's CI recipe, run as written on a temporary git repository: examples/ci/verity-check-changed.sh
// (which the README shows verbatim and its GitHub Actions job calls) checks only the answers a
// change touched, writes SARIF, and fails only on findings not in the baseline; the answers
// folder never vouches for itself. Needs `npm run build` (the recipe calls the built CLI).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeTree } from '../../support/cliRun';

const repo = path.resolve(__dirname, '../../..');
const CLI = path.join(repo, 'dist', 'cli.js');
const SCRIPT = path.join(repo, 'examples', 'ci', 'verity-check-changed.sh');
const README = readFileSync(path.join(repo, 'README.md'), 'utf8');
/** The one-time command the README gives for the baseline (with `verity` as the README writes it). */
const BASELINE_COMMAND = 'npx verity index docs --drafts answers/ && npx verity check docs/answers --write-baseline verity-baseline.json';

const gitEnv = { ...process.env, GIT_AUTHOR_NAME: 'ci', GIT_AUTHOR_EMAIL: 'ci@example.invalid', GIT_COMMITTER_NAME: 'ci', GIT_COMMITTER_EMAIL: 'ci@example.invalid' };
const VERITY = `${process.execPath} ${CLI}`;

test('the README shows the recipe as it is tested: the script verbatim, the job calling it, the baseline command', () => {
  const script = readFileSync(SCRIPT, 'utf8');
  assert.ok(README.includes(script.trim()), 'README.md holds examples/ci/verity-check-changed.sh verbatim');
  assert.match(README, /fetch-depth: 0/);
  assert.match(README, /run: sh \.github\/verity-check-changed\.sh "origin\/\$\{\{ github\.base_ref \}\}"/);
  assert.match(README, /upload-sarif/);
  assert.ok(README.includes(BASELINE_COMMAND), 'the one-time baseline command');
});

test('the CI recipe on a temporary git repository: new findings fail it, baselined and suppressed ones do not, answers never vouch for answers', { skip: !existsSync(CLI) && 'needs npm run build' }, async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'verity-ci-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: gitEnv, encoding: 'utf8' });
  const sh = (command: string) => spawnSync('sh', ['-c', command], { cwd: dir, env: { ...process.env, VERITY }, encoding: 'utf8', timeout: 120_000 });
  const recipe = () => {
    const r = spawnSync('sh', [SCRIPT, 'main'], { cwd: dir, env: { ...process.env, VERITY }, encoding: 'utf8', timeout: 120_000 });
    const sarif = JSON.parse(readFileSync(path.join(dir, 'verity.sarif'), 'utf8')) as { runs: Array<{ results: Array<{ baselineState?: string; message: { text: string } }>; invocations: Array<{ toolExecutionNotifications: Array<{ message: { text: string } }> }> }> };
    return { code: r.status, log: r.stdout + r.stderr, run: sarif.runs[0]! };
  };
  const branch = (name: string, files: Record<string, string>, remove: string[] = []) => {
    git('checkout', '-q', 'main');
    git('checkout', '-q', '-b', name);
    writeTree(dir, files);
    for (const f of remove) rmSync(path.join(dir, f));
    git('add', '-A');
    git('commit', '-q', '-m', name);
  };

  writeTree(dir, {
    '.gitignore': '.verity/\nverity.sarif\n',
    'docs/warranty.md': '# Warranty\n\nThe Quill desk lamp has a two-year warranty from the date of delivery.\n',
    'docs/shipping.md': '# Shipping\n\nOrders ship from the warehouse in Leeds within three working days.\n',
    'docs/answers/a1.md': '# Shipping times\n\nOrders ship from the warehouse in Leeds within three working days.\n\nThe lamp is assembled by hand in Portland.\n',
    'docs/answers/a2.md': '# Materials\n\nThe lamp shade is hand-blown glass from Murano.\n',
  });
  git('init', '-q', '-b', 'main');
  // the one-time baseline, as the README says (npx verity → the built CLI)
  const baseline = sh(BASELINE_COMMAND.replaceAll('npx verity', VERITY));
  assert.equal(baseline.status, 0, baseline.stdout + baseline.stderr);
  const accepted = JSON.parse(readFileSync(path.join(dir, 'verity-baseline.json'), 'utf8')).files;
  assert.deepEqual(Object.keys(accepted), ['docs/answers/a1.md', 'docs/answers/a2.md']);
  git('add', '-A');
  git('commit', '-q', '-m', 'docs, answers, baseline');

  // 1. a new unsupported sentence fails the job; the baselined one in the same file does not count
  branch('new-finding', { 'docs/answers/a1.md': `${readFileSync(path.join(dir, 'docs/answers/a1.md'), 'utf8')}\nGift cards can be redeemed at the Oslo store.\n` });
  let r = recipe();
  assert.equal(r.code, 1, r.log);
  assert.deepEqual(r.run.results.map((x) => x.baselineState).sort(), ['new', 'unchanged']);
  assert.match(r.run.results.find((x) => x.baselineState === 'new')!.message.text, /Oslo store/);
  assert.match(r.log, /^docs\/answers\/a1\.md:\d+:1: unsupported: "Gift cards can be redeemed at the Oslo store\."/m);
  assert.doesNotMatch(r.log, /^docs\/answers\/a1\.md:\d+:1: unsupported: "The lamp is assembled/m, 'the baselined finding is not in the log');

  // 2. lines added above the baselined sentence, and a reviewed sentence suppressed inline: passes
  branch('reviewed', {
    'docs/answers/a1.md':
      '# Shipping times\n\n## From the warehouse\n\nOrders ship from the warehouse in Leeds within three working days.\n\n## Where it is made\n\n' +
      'The lamp is assembled by hand in Portland.\n\n<!-- verity-disable-next-line unsupported -- confirmed with the factory -->\nEvery lamp ships with a linen bag.\n',
  });
  r = recipe();
  assert.equal(r.code, 0, r.log);
  assert.deepEqual(r.run.results.map((x) => x.baselineState), ['unchanged']);

  // 3. a new answer repeating another answer's invented sentence: the answers folder does not vouch for it
  branch('echo', { 'docs/answers/a3.md': '# Materials again\n\nThe lamp shade is hand-blown glass from Murano.\n' });
  r = recipe();
  assert.equal(r.code, 1, r.log);
  assert.match(r.log, /^docs\/answers\/a3\.md:3:1: unsupported: "The lamp shade is hand-blown glass from Murano\."/m);
  // (without the drafts rule, a2.md would have supported it)
  const naive = sh(`${VERITY} check docs/answers/a3.md --docs docs --drafts "" --format json`);
  assert.equal(JSON.parse(naive.stdout).files[0].sentences.find((s: { text: string }) => /Murano/.test(s.text)).verdict, 'supported');

  // 4. a change that deletes an answer passes, and the SARIF says the file was deleted
  branch('removal', {}, ['docs/answers/a2.md']);
  r = recipe();
  assert.equal(r.code, 0, r.log);
  assert.deepEqual(r.run.results, []);
  assert.ok(r.run.invocations[0]!.toolExecutionNotifications.some((n) => n.message.text === 'docs/answers/a2.md: deleted, not checked'));
});
