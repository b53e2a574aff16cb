// Runs one in-editor suite in a fresh code-server profile through @vscode/test-electron's
// runTests (the launcher stands in for the VS Code executable). Shared by the test run (run.mjs)
// and the warm-start benchmark (warmStartBench.mjs).
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { runTests } from '@vscode/test-electron';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const launcher = path.join(here, 'codeServerLauncher.mjs');

/**
 * One run: `entry` (a test entry, bundled) on a copy of `workspace`, opening `open` inside it
 * ('' for the folder). `extensionPath` defaults to this checkout. `onLine` sees every output line.
 * Returns the closing counts (a crash counts as one failure) and `failures`, the failing tests'
 * lines with their errors.
 */
export async function runSuite({ name, entry, workspace: source, open = '', extensionPath = root, tools, env: extraEnv = {}, onLine = () => undefined, log }) {
  chmodSync(launcher, 0o755);
  const outfile = path.join(root, 'out', 'test', 'vscode', name, 'index.js');
  await esbuild.build({
    entryPoints: [path.join(root, entry)],
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
  cpSync(source, workspace, { recursive: true });
  const env = { XDG_CONFIG_HOME: path.join(tmp, 'config'), XDG_DATA_HOME: path.join(tmp, 'data'), XDG_CACHE_HOME: path.join(tmp, 'cache'), TMPDIR: path.join(tmp, 'tmp') };
  for (const dir of Object.values(env)) mkdirSync(dir, { recursive: true });
  const failures = [];
  let closing;
  let pending = '';
  // a failing test's line and the indented error lines after it, kept to be repeated at the end
  let inFailure = false;
  const scan = (chunk) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const l of lines) {
      onLine(l);
      const m = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/.exec(l.trim());
      if (m) closing = { passed: Number(m[1]), failed: Number(m[2]), skipped: Number(m[3] ?? 0) };
      if (l.startsWith('✖ ')) {
        inFailure = true;
        failures.push(`[${name}] ${l}`);
      } else if (inFailure && /^\s/.test(l) && failures.length < 200) {
        failures.push(`[${name}] ${l}`);
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
  log(`run "${name}" on ${path.basename(source)}/${open}`);
  let ok = false;
  try {
    await runTests({
      vscodeExecutablePath: launcher,
      extensionDevelopmentPath: extensionPath,
      extensionTestsPath: outfile,
      launchArgs: [path.join(workspace, open), `--user-data-dir=${path.join(tmp, 'user-data')}`, `--extensions-dir=${path.join(tmp, 'extensions')}`],
      extensionTestsEnv: {
        ...env,
        VERITY_NODE24: tools.node24,
        VERITY_CODE_SERVER: tools.codeServerEntry,
        VERITY_EXTRA_EXTENSIONS: path.join(root, 'test', 'vscode', 'fixtures', 'fake-lm'),
        // UI actions inside webviews and the hand-over across a window reload (test/vscode/suite/ui.ts)
        VERITY_UI_DIR: path.join(tmp, 'ui'),
        ...extraEnv,
      },
    });
    ok = true;
  } catch (e) {
    log(`run "${name}" failed: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    process.stdout.write = write;
    rmSync(tmp, { recursive: true, force: true });
  }
  if (!closing) {
    log(`run "${name}" printed no closing line`);
    return { passed: 0, failed: 1, skipped: 0, failures };
  }
  if (!ok && closing.failed === 0) closing.failed = 1;
  return { ...closing, failures };
}
