// `npm run test:vscode`: runs test/vscode/suite (on a folder) and test/vscode/multiroot (on a
// two-folder workspace) in a real VS Code (code-server + headless Chromium)
// through @vscode/test-electron's runTests. Installs its tools on first use (cached in .vscode-test/),
// builds the extension and the suite, isolates every file VS Code and Chromium write in a temp dir
// that is deleted afterwards, and prints the in-editor runner's closing line `N passed, N failed`.
// Screenshots the tests take are kept as artifacts in out/screenshots/vscode/<run>/ (ignored by git).
// Options (environment): VERITY_SCREENSHOTS_TO=<folder> writes them there instead (`npm run screenshots` makes the README's);
// VERITY_TEST_RUNS=folder,multi-root picks runs;
// VERITY_TEST_NO_BUILD=1 skips `npm run build`; VERITY_VERBOSE=1 shows code-server's own output; VERITY_TEST_TIMEOUT_MS bounds the editor run.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTools } from './setup.mjs';
import { runSuite } from './suite.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const t0 = Date.now();
const log = (line) => process.stdout.write(`[test:vscode] ${line}\n`);

const tools = ensureTools(root, log);
log(`tools ready (${((Date.now() - t0) / 1000).toFixed(1)}s)`);

// VERITY_TEST_NO_BUILD=1 reuses an existing dist/ (quick iteration on the suite only).
if (!process.env.VERITY_TEST_NO_BUILD) {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit', timeout: 5 * 60_000 });
  if (build.status !== 0) { log('extension build failed'); process.exit(1); }
}
const fixtures = path.join(root, 'test', 'vscode', 'fixtures');

/** The editor runs: the main suite on a folder, and a multi-root workspace. */
const RUNS = [
  { name: 'folder', entry: 'test/vscode/suite/index.ts', fixture: 'workspace', open: '' },
  { name: 'multi-root', entry: 'test/vscode/multiroot/index.ts', fixture: 'multiroot', open: 'verity.code-workspace' },
].filter((r) => !process.env.VERITY_TEST_RUNS || process.env.VERITY_TEST_RUNS.split(',').includes(r.name));

/**
 * Failing tests with their errors, repeated after all runs: editor output is long, and a CI log
 * that keeps only its tail must still say which test failed and why.
 */
const failures = [];

const total = { passed: 0, failed: 0, skipped: 0 };
for (const run of RUNS) {
  const r = await runSuite({
    name: run.name,
    entry: run.entry,
    workspace: path.join(fixtures, run.fixture),
    open: run.open,
    tools,
    log,
    env: { VERITY_SCREENSHOT_DIR: process.env.VERITY_SCREENSHOTS_TO ? path.resolve(process.env.VERITY_SCREENSHOTS_TO) : path.join(root, 'out', 'screenshots', 'vscode', run.name) },
  });
  failures.push(...r.failures);
  total.passed += r.passed;
  total.failed += r.failed;
  total.skipped += r.skipped;
}
log(`wall time ${((Date.now() - t0) / 1000).toFixed(1)}s`);
if (failures.length > 0) {
  log('failures (repeated from above):');
  for (const l of failures) process.stdout.write(`${l}\n`);
}
// The sum of all runs, last, so CI reads it as the closing line.
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed === 0 ? 0 : 1);
