/**
 * Permissions, as an ordinary user sees them (issue 31). Root ignores permissions, so when the
 * tests run as root the built CLI (dist/cli.js, `npm run build`) runs as the unprivileged user
 * `nobody` (uid 65534) on folders this test creates and hands over to it.
 *
 * - A folder the user cannot read is recorded as skipped, and that record (`locked/`) is a valid
 *   record: the saved store loads again instead of being called corrupt and rebuilt every time.
 * - A store folder that is (or becomes, mid-run) read-only says so, never "locked" or "stale".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';

const repo = path.resolve(__dirname, '../../..');
const CLI = path.join(repo, 'dist', 'cli.js');
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const NOBODY = 65534;

/** A folder owned by the user the CLI runs as, removed after the test. */
function userDir(t: { after: (f: () => void) => void }, files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'verity-perm-'));
  t.after(() => {
    chmodTree(dir, 0o755);
    rmSync(dir, { recursive: true, force: true });
  });
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), body);
  }
  mkdirSync(path.join(dir, 'config'));
  if (asRoot) chownTree(dir, NOBODY);
  return dir;
}

function chownTree(p: string, uid: number): void {
  chownSync(p, uid, uid);
  if (statSync(p).isDirectory()) for (const n of readdirSync(p)) chownTree(path.join(p, n), uid);
}

function chmodTree(p: string, mode: number): void {
  try {
    if (!statSync(p).isDirectory()) return;
    chmodSync(p, mode);
    for (const n of readdirSync(p)) chmodTree(path.join(p, n), mode);
  } catch {
    // already gone
  }
}

const userOptions = (cwd: string) => ({
  cwd,
  encoding: 'utf8' as const,
  env: { PATH: process.env.PATH ?? '', HOME: path.join(cwd, 'config'), XDG_CONFIG_HOME: path.join(cwd, 'config') },
  ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
});

/** `verity <args>` run as the unprivileged user. */
function verity(cwd: string, ...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { ...userOptions(cwd), timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('an unreadable subfolder is recorded as skipped, and the saved store loads again (no "corrupt", nothing re-read)', { skip: !existsSync(CLI) && 'needs npm run build' }, async (t) => {
  const dir = userDir(t, { 'docs/a.md': '# A\n\nThe lamp has a two-year warranty.\n', 'docs/locked/b.md': '# B\n\nSecret.\n' });
  chmodSync(path.join(dir, 'docs', 'locked'), 0o000);
  const first = verity(dir, 'index', 'docs');
  assert.equal(first.code, 1, first.err);
  assert.match(first.out, /FILE_UNREADABLE \(1\): folder could not be read: permission denied\n {4}locked\/\n/);
  const second = verity(dir, 'index', 'docs');
  assert.equal(second.code, 1, second.err);
  assert.doesNotMatch(second.err, /STORE_CORRUPT|unsafe path|rebuild/, second.err);
  assert.match(second.out, /\(0 read, 1 unchanged\)/, 'the store was loaded, so nothing was read again');
  const search = verity(dir, 'search', 'lamp warranty');
  assert.equal(search.code, 0);
  assert.equal(search.err, '');
  assert.match(search.out, /^a\.md:1 /m);
});

test('a read-only store folder is reported as read-only, before a run and in the middle of one; never as a stale lock', { skip: !existsSync(CLI) && 'needs npm run build' }, async (t) => {
  const files = Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`docs/f${i}.md`, `# F${i}\n\nParagraph ${i} about desk lamps and their warranty.\n`]));
  const dir = userDir(t, files);
  const store = path.join(dir, '.verity');
  assert.equal(verity(dir, 'index', 'docs').code, 0);

  // read-only before the run
  writeFileSync(path.join(dir, 'docs', 'new.md'), '# New\n\nA new page.\n');
  if (asRoot) chownSync(path.join(dir, 'docs', 'new.md'), NOBODY, NOBODY);
  chmodSync(store, 0o555);
  const before = verity(dir, 'index', 'docs');
  assert.equal(before.code, 2);
  assert.match(before.err, new RegExp(`^verity index: STORE_READ_ONLY: the store folder is read-only: ${store.replace(/[/.]/g, '\\$&')} \\(permission denied\\); make it writable, or pass another --store\\n$`));
  // readers never write: they still answer from it
  const reader = verity(dir, 'search', 'new page');
  assert.equal(reader.code, 0, reader.err);
  assert.match(reader.out, /^new\.md:1 /m);

  // a lock left by a writer that died, in a folder that is read-only now: read-only, not "locked"
  chmodSync(store, 0o755);
  writeFileSync(path.join(store, 'lock'), JSON.stringify({ pid: 2 ** 22 + 777, host: hostname(), since: new Date().toISOString() }));
  chmodSync(store, 0o555);
  const stale = verity(dir, 'index', 'docs');
  assert.equal(stale.code, 2);
  assert.match(stale.err, /STORE_READ_ONLY/);
  assert.doesNotMatch(stale.err, /STORE_LOCKED|being written/);
  chmodSync(store, 0o755);
  rmSync(path.join(store, 'lock'));

  // read-only in the middle of a run: the run that holds the lock is told when it saves
  const child = spawn(process.execPath, [CLI, 'index', 'docs', '--force'], { ...userOptions(dir), stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const done = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const t0 = Date.now();
  while (!existsSync(path.join(store, 'lock')) && Date.now() - t0 < 30_000) await new Promise((r) => setTimeout(r, 5));
  chmodSync(store, 0o555);
  const code = await done;
  chmodSync(store, 0o755);
  assert.equal(code, 2, err);
  assert.match(err, /STORE_READ_ONLY: the store folder is read-only/);
  assert.doesNotMatch(err, /STORE_LOCKED|unexpected error/);
  // writable again: the lock the failed run could not remove is taken over, and indexing works
  const after = verity(dir, 'index', 'docs');
  assert.equal(after.code, 0, after.err);
});

test('verity check on a folder with an unreadable subfolder says which files it could not check', { skip: !existsSync(CLI) && 'needs npm run build' }, async (t) => {
  const dir = userDir(t, {
    'docs/a.md': '# A\n\nThe lamp has a two-year warranty.\n',
    'answers/ok.md': 'The lamp has a two-year warranty.\n',
    'answers/locked/hidden.md': 'The lamp has a ten-year warranty.\n',
  });
  chmodSync(path.join(dir, 'answers', 'locked'), 0o000);
  const r = verity(dir, 'check', 'answers', '--docs', 'docs');
  assert.equal(r.code, 0, r.out + r.err);
  assert.match(r.err, new RegExp(`^verity: warning: cannot read the folder ${path.join(dir, 'answers', 'locked').replace(/[/.]/g, '\\$&')}: permission denied; its files are not checked$`, 'm'));
  assert.match(r.out, /1 sentence in 1 file: 1 supported/);
});
