/**
 * The store trusts nothing it finds on disk: a shipped workspace.json cannot point it at another
 * folder, readers never write, one writer holds a lock, temp files of dead writers are swept,
 * crafted segments are refused, and no symbolic link is followed into files outside the folder.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/io';
import { createFsWorkspace } from '../../../src/node/fsWorkspace';
import { createFsStorage } from '../../../src/node/fsStorage';
import { lockStore } from '../../../src/node/storeLock';
import { loadPassageIndex } from '../../../src/core/index';
import { craftStore } from '../../support/craftStore';
import { isVerityError } from '../../../src/core/errors';

function tmp(t: { after: (f: () => void) => void }, prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function io(cwd: string): CliIO & { text: () => string } {
  const chunks: string[] = [];
  return { stdout: (s) => chunks.push(s), stderr: (s) => chunks.push(s), isTTY: false, cwd, env: {}, text: () => chunks.join('') };
}

/** Names, sizes, mtimes and bytes of every file in a folder. */
function snapshotOf(dir: string): string {
  return readdirSync(dir)
    .sort()
    .map((n) => {
      const p = path.join(dir, n);
      const s = statSync(p);
      return `${n}:${s.size}:${s.mtimeMs}:${readFileSync(p).toString('base64').slice(0, 64)}`;
    })
    .join('\n');
}

test('a shipped .verity/workspace.json pointing elsewhere is not trusted: the folder holding it is read instead, with one line', async (t) => {
  const other = tmp(t, 'verity-other-');
  writeFileSync(path.join(other, 'secret.md'), '# Secret\n\nThe root password of the build machine is hunter2.\n');
  const repo = tmp(t, 'verity-repo-');
  writeFileSync(path.join(repo, 'readme.md'), '# Repo\n\nThe build machine runs Debian.\n');
  mkdirSync(path.join(repo, '.verity'));
  writeFileSync(path.join(repo, '.verity', 'workspace.json'), JSON.stringify({ root: other }));
  for (const argv of [['search', 'root password build machine'], ['status']]) {
    const out = io(repo);
    assert.equal(await main(argv, out), 0, out.text());
    assert.doesNotMatch(out.text(), /hunter2|secret\.md/);
    assert.match(out.text(), /readme\.md/, 'the folder holding the store is what is read');
    const notice = out.text().split('\n').filter((l) => l.startsWith('verity: warning:'));
    assert.equal(notice.length, 1, out.text());
    assert.match(notice[0]!, /not signed by you .*ignored/);
  }
});

test('a store may live anywhere: the folder it indexes is recorded inside it (and signed)', async (t) => {
  const docs = tmp(t, 'verity-docs-');
  writeFileSync(path.join(docs, 'a.md'), '# A\n\nThe lamp has a two year warranty.\n');
  const cwd = tmp(t, 'verity-cwd-');
  const out = io(cwd);
  assert.equal(await main(['index', docs], out), 0, out.text());
  assert.ok(existsSync(path.join(cwd, '.verity', 'workspace.json')));
  const found = io(cwd);
  assert.equal(await main(['search', 'lamp warranty'], found), 0, found.text());
  assert.match(found.text(), /^a\.md:1 /m);
  assert.doesNotMatch(found.text(), /warning/);
  const cache = path.join(tmp(t, 'verity-cache-'), 'stores', 'docs');
  assert.equal(await main(['index', docs, '--store', cache], io(cwd)), 0);
  const fromCache = io(tmp(t, 'verity-elsewhere-'));
  assert.equal(await main(['search', 'lamp warranty', '--store', cache], fromCache), 0, fromCache.text());
  assert.match(fromCache.text(), /^a\.md:1 /m);
});

test('search, status and check never write to the store', async (t) => {
  const cwd = tmp(t, 'verity-ro-');
  mkdirSync(path.join(cwd, 'docs'));
  writeFileSync(path.join(cwd, 'docs', 'a.md'), '# A\n\nThe lamp has a two year warranty.\n');
  assert.equal(await main(['index', 'docs'], io(cwd)), 0);
  const before = snapshotOf(path.join(cwd, '.verity'));
  // The folder changed since indexing: readers see it, but only in memory.
  writeFileSync(path.join(cwd, 'docs', 'b.md'), '# B\n\nThe desk is made of oak.\n');
  writeFileSync(path.join(cwd, 'claim.md'), 'The desk is made of oak.\n');
  const search = io(cwd);
  assert.equal(await main(['search', 'oak desk'], search), 0);
  assert.match(search.text(), /b\.md/);
  await main(['status'], io(cwd));
  await main(['check', 'claim.md'], io(cwd));
  assert.equal(snapshotOf(path.join(cwd, '.verity')), before);
});

test('a store of files whose names hold escapes or backslashes loads again (legal names are not "unsafe")', async (t) => {
  const cwd = tmp(t, 'verity-names-store-');
  mkdirSync(path.join(cwd, 'docs'));
  writeFileSync(path.join(cwd, 'docs', 'evil\x1b]0;t\x07name.md'), '# A\n\nThe lamp has a two year warranty.\n');
  writeFileSync(path.join(cwd, 'docs', 'back\\slash.md'), '# B\n\nThe desk is oak.\n');
  assert.equal(await main(['index', 'docs'], io(cwd)), 0);
  const out = io(cwd);
  assert.equal(await main(['search', 'lamp warranty'], out), 0);
  assert.doesNotMatch(out.text(), /STORE_CORRUPT|could not be loaded/);
});

test('one writer at a time: a second waits, then fails with one clear line; a dead writer\'s lock is taken over', async (t) => {
  const store = tmp(t, 'verity-lock-');
  const release = await lockStore(store);
  const second = await lockStore(store, { waitMs: 300 }).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(isVerityError(second) && second.code === 'STORE_LOCKED', String(second));
  assert.match((second as Error).message, new RegExp(`process ${process.pid}`));
  await release();
  const again = await lockStore(store, { waitMs: 300 });
  await again();
  // A lock left by a process that is gone is taken over.
  writeFileSync(path.join(store, 'lock'), JSON.stringify({ pid: 2 ** 22 + 12345, host: (await import('node:os')).hostname() }));
  const taken = await lockStore(store, { waitMs: 300 });
  await taken();
  // verity index itself holds the lock while it writes.
  const cwd = tmp(t, 'verity-lock-cli-');
  mkdirSync(path.join(cwd, 'docs'));
  writeFileSync(path.join(cwd, 'docs', 'a.md'), '# A\n\nText.\n');
  const held = await lockStore(path.join(cwd, '.verity'));
  const blocked = main(['index', 'docs'], io(cwd));
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(existsSync(path.join(cwd, '.verity', 'workspace.json')), false, 'the second writer waited');
  await held();
  assert.equal(await blocked, 0);
  assert.equal(existsSync(path.join(cwd, '.verity', 'lock')), false, 'released after the run');
});

test('temp files left by killed writers are swept by the next write', async (t) => {
  const cwd = tmp(t, 'verity-tmp-');
  mkdirSync(path.join(cwd, 'docs'));
  mkdirSync(path.join(cwd, '.verity'));
  writeFileSync(path.join(cwd, 'docs', 'a.md'), '# A\n\nText.\n');
  const orphan = `manifest.json.${2 ** 22 + 4321}.abc123.tmp`;
  writeFileSync(path.join(cwd, '.verity', orphan), 'half');
  assert.equal(await main(['index', 'docs'], io(cwd)), 0);
  assert.equal(existsSync(path.join(cwd, '.verity', orphan)), false);
});

test('a crafted store (path leaving the root, passage without text) is refused, never shown', async (t) => {
  const crafted: Array<[string, (p: Record<string, unknown>) => void, 'open' | 'read']> = [
    // the path table is read when the store is opened; a passage's text when it is shown
    ['climbing path', (p) => (p.path = '../../../../etc/passwd'), 'open'],
    ['absolute path', (p) => (p.path = '/etc/passwd'), 'open'],
    ['no text', (p) => delete p.text, 'read'],
    ['text of the wrong type', (p) => (p.text = 42), 'read'],
    ['headings of the wrong type', (p) => (p.headings = 'x'), 'read'],
  ];
  for (const [what, mutate, when] of crafted) {
    const cwd = tmp(t, 'verity-shard-');
    mkdirSync(path.join(cwd, 'docs'));
    writeFileSync(path.join(cwd, 'docs', 'a.md'), '# A\n\nThe lamp has a two year warranty.\n');
    assert.equal(await main(['index', 'docs'], io(cwd)), 0);
    craftStore(path.join(cwd, '.verity'), (ps) => ps.forEach(mutate));
    // Core: the store is refused with a coded line, when opened or when the passage is read.
    const lines: string[] = [];
    const logger = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
    const loaded = await loadPassageIndex(createFsStorage(path.join(cwd, '.verity')), undefined, logger);
    if (when === 'open') {
      assert.equal(loaded, undefined, what);
      assert.match(lines.join('\n'), /STORE_CORRUPT/, what);
    } else {
      assert.ok(loaded, what);
      assert.throws(() => loaded.index.search('lamp warranty'), (e: unknown) => isVerityError(e) && e.code === 'STORE_CORRUPT', what);
      await loaded.index.close();
    }
    // CLI: search answers from the documents, never from the crafted passage, and does not crash.
    const out = io(cwd);
    assert.equal(await main(['search', 'lamp warranty'], out), 0, `${what}: ${out.text()}`);
    assert.doesNotMatch(out.text(), /etc\/passwd|TypeError/, what);
    // paths print relative to the indexed folder (docs/)
    assert.match(out.text(), /^a\.md:1 /m, what);
  }
});

test('no symbolic link is followed when reading: swapped files and linked folders are refused', async (t) => {
  const outside = tmp(t, 'verity-outside-');
  writeFileSync(path.join(outside, 'passwd.md'), 'root:x:0:0:root:/root:/bin/bash\n');
  const root = tmp(t, 'verity-link-');
  writeFileSync(path.join(root, 'a.md'), '# A\n\nPlain.\n');
  const ws = createFsWorkspace(root);
  assert.deepEqual(await ws.listFiles(), ['a.md']);
  // Between listing and reading, a.md becomes a link to a file outside.
  rmSync(path.join(root, 'a.md'));
  symlinkSync(path.join(outside, 'passwd.md'), path.join(root, 'a.md'));
  await assert.rejects(ws.readFile('a.md'), /symbolic link/);
  // A folder swapped for a link to a folder outside.
  mkdirSync(path.join(root, 'sub'));
  writeFileSync(path.join(root, 'sub', 'passwd.md'), 'x');
  rmSync(path.join(root, 'sub'), { recursive: true });
  symlinkSync(outside, path.join(root, 'sub'));
  await assert.rejects(ws.readFile('sub/passwd.md'), /outside the workspace/);
  // The store does not follow links either.
  const store = tmp(t, 'verity-store-');
  symlinkSync(path.join(outside, 'passwd.md'), path.join(store, 'manifest.json'));
  await assert.rejects(createFsStorage(store).read('manifest.json'), /symbolic link/);
});
