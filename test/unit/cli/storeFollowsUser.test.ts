// A store that follows the user: indexing the wrong folder first is undone with --force (the error
// says so), a store may live anywhere --store points, and the limits it remembers are kept in
// their documented ranges.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { closeAll } from '../../../src/cli/openVerity';
import { openTrustedStorage } from '../../../src/core/index/storeTrust';
import { createFsStorage } from '../../../src/node/fsStorage';
import { createStoreSigner, loadOrCreateStoreKey, userConfigDir } from '../../../src/node/storeKey';
import { runCli, tree } from '../../support/cliRun';

after(() => closeAll());

const DOCS = { 'docs/warranty.md': '# Warranty\n\nThe Quill desk lamp has a two-year warranty from the date of delivery.\n' };

test('a store made for the wrong folder is rebuilt with "verity index <folder> --force", which the error names', async (t) => {
  const dir = tree(t, DOCS);
  mkdirSync(path.join(dir, 'doc')); // the typo: an empty folder
  const wrong = await runCli(dir, ['index', 'doc']);
  assert.equal(wrong.code, 1);
  const refused = await runCli(dir, ['index', 'docs']);
  assert.equal(refused.code, 2);
  assert.match(refused.err, /STORE_ROOT_MISMATCH: the store \.verity indexes .*\/doc, not .*\/docs: run "verity index docs --force" to rebuild it for docs, or pass another --store/);
  const forced = await runCli(dir, ['index', 'docs', '--force']);
  assert.equal(forced.code, 0, forced.err);
  assert.match(forced.err, /rebuilding \.verity for .*\/docs \(it indexed .*\/doc\)/);
  const found = await runCli(dir, ['search', 'two-year warranty']);
  assert.match(found.out, /^warranty\.md:1 /m);
  const status = await runCli(dir, ['status']);
  assert.match(status.out, new RegExp(`\\(${path.join(dir, 'docs').replace(/[/.]/g, '\\$&')}\\)`));
});

test('limits a store remembers outside their range are replaced by the default, with a warning', async (t) => {
  const dir = tree(t, DOCS);
  assert.equal((await runCli(dir, ['index', 'docs'])).code, 0);
  // written and signed by this user (e.g. by an older version without ranges): trusted, yet checked
  const key = await loadOrCreateStoreKey(userConfigDir(process.env));
  const storage = await openTrustedStorage(createFsStorage(path.join(dir, '.verity')), createStoreSigner(key));
  const limits = { maxFileMb: 5, pdfTimeoutSeconds: 1_000_000, maxPdfPages: 0.5 };
  await storage.write('workspace.json', new TextEncoder().encode(JSON.stringify({ root: path.join(dir, 'docs'), limits })));
  const r = await runCli(dir, ['status']);
  assert.equal(r.code, 0, r.err);
  assert.match(r.err, /the store's pdfTimeoutSeconds \(1000000\) is not a number from 1 to 600: using the default, 20 seconds/);
  assert.match(r.err, /the store's maxPdfPages \(0\.5\) is not a whole number from 1 to 100000: using the default, 2000 pages/);
  assert.doesNotMatch(r.err, /maxFileMb/, 'a limit inside its range is kept quietly');
});
