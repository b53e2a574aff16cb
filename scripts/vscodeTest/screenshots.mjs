// `npm run screenshots`: makes the README's screenshots. Runs the in-editor suites (code-server)
// and the webview tests (Chromium) with their screenshots written to a temporary folder, then
// copies the images the README shows into docs/screenshots/. `npm test` never writes there: its
// screenshots are artifacts in out/screenshots/.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const log = (line) => process.stdout.write(`[screenshots] ${line}\n`);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'verity-shots-'));

function run(args, env) {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

try {
  // every image the README links to under docs/screenshots/
  const wanted = [...new Set([...readFileSync(path.join(root, 'README.md'), 'utf8').matchAll(/docs\/screenshots\/([\w.-]+\.png)/g)].map((m) => m[1]))];
  const okVscode = run([path.join(root, 'scripts', 'vscodeTest', 'run.mjs')], { VERITY_SCREENSHOTS_TO: tmp, VERITY_TEST_NO_BUILD: '1' });
  const okWebview = run(['--import', 'tsx', path.join(root, 'test', 'webview', 'run.ts')], { VERITY_SCREENSHOT_DIR: tmp });
  if (!okVscode || !okWebview) log('some tests failed: the images of the runs that passed are still copied; look at them before committing');
  let copied = 0;
  for (const name of wanted) {
    const from = path.join(tmp, name);
    if (!existsSync(from)) {
      log(`missing: ${name} (no test took it)`);
      continue;
    }
    copyFileSync(from, path.join(root, 'docs', 'screenshots', name));
    copied++;
  }
  log(`${copied} of ${wanted.length} README images written to docs/screenshots/`);
  process.exitCode = okVscode && okWebview && copied === wanted.length ? 0 : 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
