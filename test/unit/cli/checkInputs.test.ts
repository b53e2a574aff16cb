// `verity check` takes its inputs the way linters do: files, folders, quoted globs, "-" for stdin,
// --files-from (deleted files reported and skipped) and --changed; the files of one run never
// vouch for each other; --drafts takes folder forms; --docs takes files as well as folders.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { closeAll } from '../../../src/cli/openVerity';
import { parseFileList } from '../../../src/cli/inputs';
import { runCli, tree } from '../../support/cliRun';

after(() => closeAll());

const CLAIM = 'The Quill desk lamp is assembled by hand in Portland.';
const DOCS = {
  'docs/warranty.md': '# Warranty\n\nThe Quill desk lamp has a two-year warranty from the date of delivery.\n',
  'docs/shipping.md': '# Shipping\n\nOrders ship from the warehouse in Leeds within three working days.\n',
  'docs/answers/a1.md': `# Answer 1\n\n${CLAIM}\n`,
  'docs/answers/a2.md': `# Answer 2\n\n${CLAIM}\n`,
  'answers/b1.md': '# B1\n\nOrders ship from the warehouse in Leeds within three working days.\n',
  'answers/b2.txt': 'The Quill desk lamp has a two-year warranty from the date of delivery.\n',
  'answers/image.png': 'not prose',
};

/** The checked files a JSON report names, and every verdict by file. */
function verdicts(out: string): Record<string, string[]> {
  const doc = JSON.parse(out) as { files: Array<{ path: string; sentences: Array<{ verdict: string }> }> };
  return Object.fromEntries(doc.files.map((f) => [f.path, f.sentences.map((s) => s.verdict).filter((v) => v !== 'not_claim')]));
}

test('a folder is every markdown and text file below it; a quoted glob is expanded by the CLI', async (t) => {
  const dir = tree(t, DOCS);
  const folder = await runCli(dir, ['check', 'answers', '--docs', 'docs', '--format', 'json']);
  assert.equal(folder.code, 0, folder.err);
  assert.deepEqual(Object.keys(verdicts(folder.out)), ['answers/b1.md', 'answers/b2.txt'], 'the .png is not prose');
  const glob = await runCli(dir, ['check', 'docs/answers/*.md', '--docs', 'docs', '--format', 'json']);
  assert.deepEqual(Object.keys(verdicts(glob.out)), ['docs/answers/a1.md', 'docs/answers/a2.md']);
  const deep = await runCli(dir, ['check', '**/b*.{md,txt}', '--docs', 'docs', '--format', 'json']);
  assert.deepEqual(Object.keys(verdicts(deep.out)), ['answers/b1.md', 'answers/b2.txt']);
});

test('the files of one run never vouch for each other: two answers repeating a sentence are both unsupported', async (t) => {
  const dir = tree(t, DOCS);
  // one answer alone: the other, a source in docs/, supports it (it is not a draft)
  const alone = await runCli(dir, ['check', 'docs/answers/a1.md', '--docs', 'docs', '--format', 'json']);
  assert.deepEqual(verdicts(alone.out)['docs/answers/a1.md'], ['supported']);
  // checked together, neither is evidence for the other nor for itself
  const both = await runCli(dir, ['check', 'docs/answers', '--docs', 'docs', '--format', 'json']);
  assert.equal(both.code, 1);
  assert.deepEqual(verdicts(both.out), { 'docs/answers/a1.md': ['unsupported'], 'docs/answers/a2.md': ['unsupported'] });
  // and the sources still are evidence
  const text = await runCli(dir, ['check', 'docs/answers', '--text', 'Orders ship from the warehouse in Leeds within three working days.', '--docs', 'docs', '--format', 'json']);
  assert.deepEqual(verdicts(text.out)['<text>'], ['supported']);
});

test('--drafts takes folder forms as well as globs: answers, answers/, ./answers, docs/answers, answers/**', async (t) => {
  const dir = tree(t, DOCS);
  for (const form of ['answers', 'answers/', './answers', 'docs/answers', 'answers/**', 'docs/answers/']) {
    const r = await runCli(dir, ['check', 'docs/answers/a1.md', '--docs', 'docs', '--drafts', form, '--format', 'json']);
    assert.deepEqual(verdicts(r.out)['docs/answers/a1.md'], ['unsupported'], `--drafts ${form}: a2.md is a draft, never evidence`);
  }
  // a name that matches no folder leaves the answers as sources
  const none = await runCli(dir, ['check', 'docs/answers/a1.md', '--docs', 'docs', '--drafts', 'nothing-here/', '--format', 'json']);
  assert.deepEqual(verdicts(none.out)['docs/answers/a1.md'], ['supported']);
  // status lists what is a source and what a draft
  const status = await runCli(dir, ['status', '--docs', 'docs', '--drafts', 'answers/']);
  assert.equal(status.code, 0, 'drafts are not skipped files');
  assert.match(status.out, /^answers\/a1\.md\s+draft\s+never evidence$/m);
  assert.match(status.out, /^warranty\.md\s+indexed\s+1 passage$/m);
  assert.match(status.out, /2 indexed as sources, 2 drafts, 0 skipped/);
  assert.match(status.out, /^Drafts \(never evidence\): answers\/$/m);
});

test('"-" checks text on stdin', async (t) => {
  const dir = tree(t, DOCS);
  const r = await runCli(dir, ['check', '-', '--docs', 'docs'], { stdin: 'Orders ship from the warehouse in Leeds within nine working days.\n' });
  assert.equal(r.code, 1, r.err);
  assert.match(r.out, /^<stdin>:1:1: contradicted: /m);
});

test('--files-from: one path a line (or NUL-separated, or quoted by git); a deleted file is reported and skipped', async (t) => {
  const dir = tree(t, DOCS);
  const list = ['answers/b1.md', 'answers/gone.md', 'src/app.ts', '', 'answers/image.png'].join('\n');
  const r = await runCli(dir, ['check', '--files-from', '-', '--docs', 'docs'], { stdin: list });
  assert.equal(r.code, 0, r.out + r.err);
  assert.match(r.out, /^answers\/gone\.md: deleted, not checked$/m);
  assert.match(r.out, /2 sentences in 1 file: 1 supported, 0 unsupported/);
  assert.match(r.err, /1 listed file is not markdown or text: not checked \(answers\/image\.png\)/);
  writeFileSync(path.join(dir, 'list.txt'), 'answers/b1.md\r\nanswers/b2.txt\r\n');
  const fromFile = await runCli(dir, ['check', '--files-from', 'list.txt', '--docs', 'docs', '--format', 'json']);
  assert.deepEqual(Object.keys(verdicts(fromFile.out)), ['answers/b1.md', 'answers/b2.txt']);
  assert.deepEqual(JSON.parse(fromFile.out).deleted, []);
  assert.deepEqual(parseFileList('a.md\0b c.md\0'), ['a.md', 'b c.md']);
  assert.deepEqual(parseFileList('"t\\303\\251st\\tname.md"\nplain.md\n'), ['tést\tname.md', 'plain.md']);
  // nothing listed: nothing to check, exit 0, and a valid (empty) report for CI
  const empty = await runCli(dir, ['check', '--files-from', '-', '--docs', 'docs', '--format', 'sarif'], { stdin: '' });
  assert.equal(empty.code, 0);
  assert.deepEqual(JSON.parse(empty.out).runs[0].results, []);
});

test('--changed [REF]: the files git says changed (new ones too), narrowed by the paths given; deletions reported', async (t) => {
  const dir = tree(t, DOCS);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-q', '-m', 'base');
  git('checkout', '-q', '-b', 'topic');
  writeFileSync(path.join(dir, 'answers/b1.md'), '# B1\n\nOrders ship from the warehouse in York within three working days.\n');
  writeFileSync(path.join(dir, 'answers/new.md'), '# New\n\nThe Quill desk lamp has a two-year warranty from the date of delivery.\n');
  writeFileSync(path.join(dir, 'docs/shipping.md'), '# Shipping\n\nOrders ship from the warehouse in Leeds within three working days.\n\nReturns go to Leeds.\n');
  rmSync(path.join(dir, 'answers/b2.txt'));
  git('add', '-A');
  git('commit', '-q', '-m', 'topic');
  writeFileSync(path.join(dir, 'answers/draft-local.md'), 'Uncommitted: Orders ship from Leeds.\n');

  const sinceMain = await runCli(dir, ['check', 'answers', '--changed', 'main', '--docs', 'docs', '--format', 'json']);
  assert.equal(sinceMain.code, 1, sinceMain.err);
  assert.deepEqual(Object.keys(verdicts(sinceMain.out)).sort(), ['answers/b1.md', 'answers/draft-local.md', 'answers/new.md'], 'docs/shipping.md changed too, but is outside "answers"');
  assert.deepEqual(JSON.parse(sinceMain.out).deleted, ['answers/b2.txt']);
  // default ref HEAD: only what is not committed
  const local = await runCli(dir, ['check', '--changed', '--docs', 'docs', '--format', 'json']);
  assert.deepEqual(Object.keys(verdicts(local.out)), ['answers/draft-local.md']);
  // a path where a ref was expected is taken as the path
  const asPath = await runCli(dir, ['check', '--changed', 'answers', '--docs', 'docs', '--format', 'json']);
  assert.deepEqual(Object.keys(verdicts(asPath.out)), ['answers/draft-local.md']);
  const bad = await runCli(dir, ['check', '--changed', 'origin/nope', '--docs', 'docs']);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /--changed origin\/nope: git knows no commit by that name \(fetch it first, e.g\. git fetch origin nope\)/);
});

test('--docs takes files as well as folders, several of each', async (t) => {
  const dir = tree(t, { ...DOCS, 'more/returns.md': '# Returns\n\nReturns are accepted within 30 days.\n' });
  const one = await runCli(dir, ['check', '--text', 'The Quill desk lamp has a two-year warranty from the date of delivery.', '--docs', 'docs/warranty.md', '--format', 'json']);
  assert.equal(one.code, 0, one.err);
  assert.equal(JSON.parse(one.out).files[0].sentences[0].evidence.path, 'warranty.md');
  const only = await runCli(dir, ['check', '--text', 'Orders ship from the warehouse in Leeds within three working days.', '--docs', 'docs/warranty.md', '--format', 'json']);
  assert.notEqual(JSON.parse(only.out).files[0].sentences[0].verdict, 'supported', 'shipping.md is not a source when only warranty.md is given');
  const several = await runCli(dir, ['status', '--docs', 'docs/warranty.md', '--docs', 'more', '--docs', 'docs/shipping.md']);
  assert.equal(several.code, 0, several.err);
  assert.deepEqual(
    several.out.split('\n').filter((l) => /^\S+ {2,}indexed /.test(l)).map((l) => l.split(/\s+/)[0]),
    ['docs/shipping.md', 'docs/warranty.md', 'more/returns.md'],
    'rooted at the folder they share; nothing else under it',
  );
});
