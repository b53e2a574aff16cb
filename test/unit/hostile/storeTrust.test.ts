/**
 * A store is data, not authority (issue 31): a committed or copied `.verity/` — planted passages
 * (a ghost.md that does not exist, a `__proto__` file), planted limits, a planted root — changes
 * no verdict and no limit of a reader, while the user's own store keeps its fast path.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { closeAll } from '../../../src/cli/openVerity';
import { MANIFEST_NAME } from '../../../src/core/index/manifest';
import { craftStore } from '../../support/craftStore';
import { loadPassageIndex } from '../../../src/core/index';
import { openTrustedStorage, SIGNATURE_NAME, SUMS_SUFFIX } from '../../../src/core/index/storeTrust';
import { createFsStorage } from '../../../src/node/fsStorage';
import { createStoreSigner, loadOrCreateStoreKey, STORE_KEY_FILE, userConfigDir } from '../../../src/node/storeKey';
import { silentLogger } from '../../../src/core/ports';
import { runCli, tree } from '../../support/cliRun';

after(() => closeAll());

const WARRANTY = '# Warranty\n\nThe Quill desk lamp has a two-year warranty from the date of delivery.\n';
const FALSE = 'The Quill desk lamp has a seven-month warranty.';

/** The attacker's store: ghost.md and a `__proto__` passage with no file behind them, a planted root and limits. */
async function plantedStore(t: { after: (f: () => void) => void }): Promise<string> {
  const attacker = tree(t, {
    'docs/warranty.md': WARRANTY,
    'docs/ghost.md': `# Warranty update\n\n${FALSE}\n`,
    'docs/proto.md': `# Proto\n\n${FALSE} It is printed on the box.\n`,
  });
  // signed with the attacker's own key (another user, another machine)
  const env = { XDG_CONFIG_HOME: path.join(attacker, 'attacker-config') };
  assert.equal((await runCli(attacker, ['index', 'docs', '--store', 'docs/.verity'], { env })).code, 0);
  const store = path.join(attacker, 'docs', '.verity');
  craftStore(
    store,
    (ps) => ps.forEach((p) => p.path === 'proto.md' && (p.path = '__proto__')),
    (files) => files.filter((f) => f.path === 'warranty.md'),
  );
  writeFileSync(path.join(store, 'workspace.json'), JSON.stringify({ root: '/', limits: { maxFileMb: 500, pdfTimeoutSeconds: 1_000_000 }, drafts: ['warranty.md'] }));
  return store;
}

/** The verdicts of a check, with the evidence paths. */
async function verdicts(cwd: string, argv: string[]): Promise<Array<[string, string | null]>> {
  const r = await runCli(cwd, [...argv, '--format', 'json']);
  assert.ok(r.code === 0 || r.code === 1, r.err);
  return JSON.parse(r.out).files[0].sentences.map((s: { verdict: string; evidence: { path: string } | null }) => [s.verdict, s.evidence?.path ?? null]);
}

test('a committed .verity with planted passages, limits, root and drafts changes no verdict and no limit of a reader', async (t) => {
  const planted = await plantedStore(t);
  // the plant is real: the loader finds the ghost passages in the bytes
  const loaded = await loadPassageIndex(createFsStorage(planted), undefined, silentLogger);
  assert.ok(loaded && (await loaded.index.search('seven-month warranty', { k: 5 })).some((h) => h.passage.path === 'ghost.md'), 'the crafted store holds ghost.md');

  const repo = tree(t, { 'docs/warranty.md': WARRANTY, 'docs/big.md': `# Big\n\n${'The lamp is bright. '.repeat(560_000)}\n`, 'answer.md': `${FALSE}\n` });
  const clean = await verdicts(repo, ['check', 'answer.md', '--docs', 'docs']);
  assert.deepEqual(clean, [['contradicted', 'warranty.md']]);

  for (const variant of ['signed by another user', 'unsigned (an older Verity)']) {
    rmSync(path.join(repo, 'docs', '.verity'), { recursive: true, force: true });
    cpSync(planted, path.join(repo, 'docs', '.verity'), { recursive: true });
    if (variant.startsWith('unsigned')) rmSync(path.join(repo, 'docs', '.verity', SIGNATURE_NAME));
    const shown = await runCli(repo, ['check', 'answer.md', '--store', 'docs/.verity', '--format', 'json']);
    assert.deepEqual(JSON.parse(shown.out).files[0].sentences.map((s: { verdict: string; evidence: { path: string } | null }) => [s.verdict, s.evidence?.path ?? null]), clean, variant);
    assert.equal(shown.err.split('\n').filter((l) => /not signed by you|signed by another user/.test(l)).length, 1, `${variant}: one notice\n${shown.err}`);
    const search = await runCli(repo, ['search', 'seven-month warranty', '--store', 'docs/.verity']);
    assert.doesNotMatch(search.out, /ghost|__proto__/, variant);
    // the planted 500 MB limit does not reach the reader: the 11 MB file is skipped under the default 10 MB
    const status = await runCli(repo, ['status', '--store', 'docs/.verity', '--json']);
    const files = JSON.parse(status.out).files as Array<{ path: string; reason?: string; message?: string }>;
    assert.equal(files.find((f) => f.path === 'big.md')?.reason, 'FILE_TOO_LARGE', variant);
    assert.match(files.find((f) => f.path === 'big.md')!.message!, /limit 10\.0 MB/);
    assert.ok(!files.some((f) => f.path === 'ghost.md' || f.path === '__proto__'), variant);
    assert.equal(files.find((f) => f.path === 'warranty.md')?.reason, undefined, `${variant}: the planted drafts do not hide a source`);
    // the planted root ("/") is never read: the folder holding the store is
    assert.equal(JSON.parse(status.out).root, path.join(repo, 'docs'));
  }

  // the user makes the store their own: rebuilt once, then the fast path (nothing re-read)
  const first = await runCli(repo, ['index', 'docs', '--store', 'docs/.verity']);
  assert.equal(first.code, 1, first.err); // big.md is skipped
  assert.match(first.out, /\(1 read, 0 unchanged\)/);
  const second = await runCli(repo, ['index', 'docs', '--store', 'docs/.verity']);
  assert.match(second.out, /\(0 read, 2 unchanged\)/, 'unchanged files are not read again');
  assert.equal(second.err, '', 'no notice: the store is this user\'s now');
  const reader = await runCli(repo, ['check', 'answer.md', '--store', 'docs/.verity', '--format', 'json']);
  assert.equal(reader.err, '');
  assert.deepEqual(JSON.parse(reader.out).files[0].sentences.map((s: { verdict: string; evidence: { path: string } | null }) => [s.verdict, s.evidence?.path ?? null]), clean);
  // the planted blobs were swept by the rebuild
  assert.ok(!readdirSync(path.join(repo, 'docs', '.verity')).some((n) => readFileSync(path.join(repo, 'docs', '.verity', n)).includes('seven-month')));
});

test('trust is what the signature says: the same planted bytes signed with this user\'s key are read (that is the fast path)', async (t) => {
  const planted = await plantedStore(t);
  const repo = tree(t, { 'docs/warranty.md': WARRANTY, 'answer.md': `${FALSE}\n` });
  const store = path.join(repo, 'docs', '.verity');
  mkdirSync(store);
  // re-sign every blob with this user's key, as if this user had written it
  const key = await loadOrCreateStoreKey(userConfigDir(process.env));
  const signed = await openTrustedStorage(createFsStorage(store), createStoreSigner(key));
  for (const name of readdirSync(planted)) {
    if (name === SIGNATURE_NAME || name === 'lock' || name.endsWith(SUMS_SUFFIX)) continue;
    const bytes = readFileSync(path.join(planted, name));
    await signed.write(name, new Uint8Array(name === 'workspace.json' ? Buffer.from(JSON.stringify({ root: path.join(repo, 'docs'), limits: {} })) : bytes));
  }
  const r = await runCli(repo, ['check', 'answer.md', '--store', 'docs/.verity', '--format', 'json']);
  assert.equal(r.err, '');
  const s = JSON.parse(r.out).files[0].sentences[0];
  assert.equal(s.verdict, 'supported', 'a trusted store is believed: the contrast that shows the plant is potent');
  assert.equal(s.evidence.path, 'ghost.md');
});

test('a blob changed after this user signed the store is ignored with one line; the rest still loads', async (t) => {
  const repo = tree(t, { 'docs/warranty.md': WARRANTY, 'docs/shipping.md': '# Shipping\n\nOrders ship within three days.\n' });
  assert.equal((await runCli(repo, ['index', 'docs'])).code, 0);
  const manifest = path.join(repo, '.verity', MANIFEST_NAME);
  writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"savedAt":"', '"savedAt":"1'));
  const r = await runCli(repo, ['search', 'two-year warranty']);
  assert.equal(r.code, 0);
  assert.match(r.out, /^warranty\.md:1 /m);
  assert.equal(r.err.trim().split('\n').length, 1, r.err);
  assert.match(r.err, /index-manifest\.json in the store \.verity changed since Verity wrote it: ignored/);
});

test('a segment file changed after this user signed the store is caught by the read that uses it: no crash, the answer comes from the documents', async (t) => {
  for (const [what, pick] of [
    ['stored text (.fdt)', (n: string) => n.endsWith('.fdt')],
    ['postings (.pst)', (n: string) => n.endsWith('.pst')],
    ['term dictionary (.dic)', (n: string) => n.endsWith('.dic')],
    ['block digests (.pst.sums)', (n: string) => n.endsWith('.pst' + SUMS_SUFFIX)],
  ] as const) {
    const repo = tree(t, { 'docs/warranty.md': WARRANTY, 'docs/shipping.md': '# Shipping\n\nOrders ship within three days.\n' });
    assert.equal((await runCli(repo, ['index', 'docs'])).code, 0);
    const store = path.join(repo, '.verity');
    const names = readdirSync(store).filter(pick);
    assert.ok(names.length > 0, `${what}: the store has such a file`);
    for (const name of names) {
      const bytes = readFileSync(path.join(store, name));
      // same size, one byte changed: only a digest can tell
      bytes[Math.floor(bytes.length / 2)]! ^= 0x20;
      writeFileSync(path.join(store, name), bytes);
    }
    const r = await runCli(repo, ['search', 'two-year warranty']);
    assert.equal(r.code, 0, `${what}: ${r.err}`);
    assert.match(r.out, /^warranty\.md:1 /m, what);
    assert.doesNotMatch(r.err, /TypeError|unexpected error|please report/, what);
    assert.match(r.err, /seg-[0-9a-z]+\.(fdt|pst|dic) in the store \.verity changed since Verity wrote it/, `${what}: ${r.err}`);
    const c = await runCli(repo, ['check', '-', '--format', 'json'], { stdin: 'The Quill desk lamp has a two-year warranty from the date of delivery.\n' });
    assert.equal(c.code, 0, `${what}: ${c.err}`);
    assert.equal(JSON.parse(c.out).files[0].sentences[0].verdict, 'supported', what);
  }
});

test('the key: created once, 0600 in a 0700 folder, outside the workspace; a key others can read is refused', async (t) => {
  const home = tree(t, { 'docs/warranty.md': WARRANTY });
  const env = { XDG_CONFIG_HOME: path.join(home, 'config') };
  assert.equal((await runCli(home, ['index', 'docs'], { env })).code, 0);
  const keyFile = path.join(home, 'config', 'verity', STORE_KEY_FILE);
  assert.equal(statSync(keyFile).mode & 0o777, 0o600);
  assert.equal(statSync(path.dirname(keyFile)).mode & 0o777, 0o700);
  assert.match(readFileSync(keyFile, 'utf8'), /^[0-9a-f]{64}\n$/);
  assert.ok(!readdirSync(path.join(home, '.verity')).some((n) => /key/.test(n)), 'no key in the store');
  // a second run uses the same key: no notice, nothing rebuilt
  const again = await runCli(home, ['index', 'docs'], { env });
  assert.equal(again.err, '');
  assert.match(again.out, /\(0 read, 1 unchanged\)/);
  chmodSync(keyFile, 0o644);
  const loose = await runCli(home, ['index', 'docs'], { env });
  assert.match(loose.err, /cannot use the store key .*other users may read or change it \(mode 644\): run chmod 600/);
  assert.match(loose.err, /no store can be trusted/);
  assert.equal(loose.err.trim().split('\n').length, 1, loose.err);
  chmodSync(keyFile, 0o600);
  // another user's key (another config folder) does not trust this store
  const other = await runCli(home, ['search', 'warranty'], { env: { XDG_CONFIG_HOME: path.join(home, 'other-config') } });
  assert.match(other.err, /signed by another user or machine/);
  assert.ok(existsSync(path.join(home, 'other-config', 'verity', STORE_KEY_FILE)));
});
