// Refreshes the README's committed screenshots (docs/screenshots/) from real runs: the report
// webview in Chromium and the extension in code-server. `npm test` never writes there (its
// screenshots go to the git-ignored test-results/screenshots/); only this script does.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.join(path.dirname(new URL(import.meta.url).pathname), '..');
const shots = path.join(root, 'docs', 'screenshots');
const env = { ...process.env, VERITY_SCREENSHOT_DIR: shots, VERITY_SCREENSHOTS: '1' };
for (const script of ['test:webview', 'test:vscode']) {
  const r = spawnSync('npm', ['run', script], { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
console.log(`screenshots refreshed in ${path.relative(process.cwd(), shots) || shots}; review them with git diff before committing`);
