// Runs every test/unit/**/*.test.ts with node's test runner (TypeScript through tsx).
// Node 20's runner does not discover .ts files itself.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.join(path.dirname(new URL(import.meta.url).pathname), '..');
const filter = process.argv.slice(2);
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (name.endsWith('.test.ts') && (filter.length === 0 || filter.some((f) => p.includes(f)))) files.push(path.relative(root, p));
  }
})(path.join(root, 'test/unit'));
if (files.length === 0) {
  console.error('no unit tests found');
  process.exit(1);
}
// Verity keeps its store-signing key in the user's config folder: the tests get their own, so
// they neither read nor create one in the home folder of whoever runs them.
const config = mkdtempSync(path.join(os.tmpdir(), 'verity-test-config-'));
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, XDG_CONFIG_HOME: config },
});
rmSync(config, { recursive: true, force: true });
process.exit(r.status ?? 1);
