// `npm run test:vscode`: runs test/vscode/suite (on a folder) and test/vscode/multiroot (on a
// two-folder workspace) in a real VS Code (code-server + headless Chromium)
// through @vscode/test-electron's runTests. Installs its tools on first use (cached in .vscode-test/),
// builds the extension and the suite, isolates every file VS Code and Chromium write in a temp dir
// that is deleted afterwards, and prints the in-editor runner's closing line `N passed, N failed`.
// Screenshots the tests take are kept as artifacts in out/screenshots/vscode/<run>/ (ignored by git).
// Options (environment): VERITY_SCREENSHOTS=1 writes them to docs/screenshots/ instead (README images, `npm run screenshots`);
// VERITY_TEST_RUNS=folder,multi-root picks runs;
// VERITY_TEST_NO_BUILD=1 skips `npm run build`; VERITY_VERBOSE=1 shows code-server's own output; VERITY_TEST_TIMEOUT_MS bounds the editor run.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { runTests } from '@vscode/test-electron';
import { ensureTools } from './setup.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const t0 = Date.now();
const log = (line) => process.stdout.write(`[test:vscode] ${line}\n`);

const { node24, codeServerEntry } = ensureTools(root, log);
log(`tools ready (${((Date.now() - t0) / 1000).toFixed(1)}s)`);

// VERITY_TEST_NO_BUILD=1 reuses an existing dist/ (quick iteration on the suite only).
if (!process.env.VERITY_TEST_NO_BUILD) {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit', timeout: 5 * 60_000 });
  if (build.status !== 0) { log('extension build failed'); process.exit(1); }
}
const outDir = path.join(root, 'out', 'test', 'vscode');
const launcher = path.join(here, 'codeServerLauncher.mjs');
chmodSync(launcher, 0o755);
const fixtures = path.join(root, 'test', 'vscode', 'fixtures');

/** The editor runs: the main suite on a folder, and a multi-root workspace. */
const RUNS = [
  { name: 'folder', entry: 'test/vscode/suite/index.ts', fixture: 'workspace', open: '' },
  { name: 'multi-root', entry: 'test/vscode/multiroot/index.ts', fixture: 'multiroot', open: 'verity.code-workspace' },
].filter((r) => !process.env.VERITY_TEST_RUNS || process.env.VERITY_TEST_RUNS.split(',').includes(r.name));

/** Runs one suite in a fresh code-server profile; returns its counts (a crash counts as one failure). */
async function runSuite(run) {
  const outfile = path.join(outDir, run.name, 'index.js');
  await esbuild.build({
    entryPoints: [path.join(root, run.entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode'],
    logLevel: 'warning',
  });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'verity-vscode-'));
  const workspace = path.join(tmp, 'workspace');
  // Suites edit files, so they work on a copy of the fixture.
  cpSync(path.join(fixtures, run.fixture), workspace, { recursive: true });
  const env = { XDG_CONFIG_HOME: path.join(tmp, 'config'), XDG_DATA_HOME: path.join(tmp, 'data'), XDG_CACHE_HOME: path.join(tmp, 'cache'), TMPDIR: path.join(tmp, 'tmp') };
  for (const dir of Object.values(env)) mkdirSync(dir, { recursive: true });
  let closing;
  let pending = '';
  // a failing test's line and the indented error lines after it, kept to be repeated at the end
  let inFailure = false;
  const scan = (chunk) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const l of lines) {
      const m = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/.exec(l.trim());
      if (m) closing = { passed: Number(m[1]), failed: Number(m[2]), skipped: Number(m[3] ?? 0) };
      if (l.startsWith('✖ ')) {
        inFailure = true;
        failures.push(`[${run.name}] ${l}`);
      } else if (inFailure && /^\s/.test(l) && failures.length < MAX_FAILURE_LINES) {
        failures.push(`[${run.name}] ${l}`);
      } else {
        inFailure = false;
      }
    }
  };
  // @vscode/test-electron 2.x (the line that runs on Node 20) writes the editor's output straight
  // to process.stdout, so the closing line is read there rather than from a `stdout` option (3.x)
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    scan(chunk);
    return write(chunk, ...rest);
  };
  log(`run "${run.name}" on ${run.fixture}/${run.open}`);
  let ok = false;
  try {
    await runTests({
      vscodeExecutablePath: launcher,
      extensionDevelopmentPath: root,
      extensionTestsPath: outfile,
      launchArgs: [path.join(workspace, run.open), `--user-data-dir=${path.join(tmp, 'user-data')}`, `--extensions-dir=${path.join(tmp, 'extensions')}`],
      extensionTestsEnv: {
        ...env,
        VERITY_NODE24: node24,
        VERITY_CODE_SERVER: codeServerEntry,
        VERITY_EXTRA_EXTENSIONS: path.join(fixtures, 'fake-lm'),
        VERITY_SCREENSHOT_DIR: process.env.VERITY_SCREENSHOTS ? path.join(root, 'docs', 'screenshots') : path.join(root, 'out', 'screenshots', 'vscode', run.name),
        // UI actions inside webviews and the hand-over across a window reload (test/vscode/suite/ui.ts)
        VERITY_UI_DIR: path.join(tmp, 'ui'),
      },
    });
    ok = true;
  } catch (e) {
    log(`run "${run.name}" failed: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    process.stdout.write = write;
    rmSync(tmp, { recursive: true, force: true });
  }
  if (!closing) {
    log(`run "${run.name}" printed no closing line`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  if (!ok && closing.failed === 0) closing.failed = 1;
  return closing;
}

/**
 * Failing tests with their errors, repeated after all runs: editor output is long, and a CI log
 * that keeps only its tail must still say which test failed and why.
 */
const failures = [];
const MAX_FAILURE_LINES = 200;

const total = { passed: 0, failed: 0, skipped: 0 };
for (const run of RUNS) {
  const r = await runSuite(run);
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
