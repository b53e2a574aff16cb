// The CLI as a CI job gets it: `npm pack`, installed into a fresh folder with no registry
// (--offline), then run through `npx verity`. Needs the bundles (npm run build).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const npm = (args: string[], cwd: string) =>
  spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8', timeout: 180_000, env: { ...process.env, npm_config_update_notifier: 'false' } });

test('the packed CLI installs offline and runs from npx', (t) => {
  if (!existsSync(path.join(root, 'dist/cli.js'))) return t.skip('dist/cli.js is missing: run npm run build first');
  const tmp = mkdtempSync(path.join(tmpdir(), 'verity-npx-'));
  t.after(() => rmSync(tmp, { recursive: true, force: true }));

  // pack the current build (--ignore-scripts: no prepack rebuild under tests that read dist/)
  const pack = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], root);
  assert.equal(pack.status, 0, pack.stderr);
  const [info] = JSON.parse(pack.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const files = info!.files.map((f) => f.path);
  for (const needed of ['package.json', 'dist/cli.js', 'dist/pdfWorker.mjs']) assert.ok(files.includes(needed), `${needed} is packed`);
  assert.ok(files.some((f) => f.startsWith('dist/pdfjs/standard_fonts/')), 'pdf.js fonts are packed');
  const extra = files.filter((f) => /^(src|test|scripts|webview|examples|docs|\.ci)\//.test(f) || f.endsWith('.map') || f === 'dist/extension.js');
  assert.deepEqual(extra, [], 'only what the CLI runs is packed');

  // a fresh project with no network: nothing may need fetching (the bundle carries its libraries)
  const app = path.join(tmp, 'app');
  mkdirSync(path.join(app, 'docs'), { recursive: true });
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'ci-job', version: '1.0.0', private: true }));
  writeFileSync(path.join(app, 'docs', 'policy.md'), '# Refunds\n\nRefunds are issued within 30 days of purchase.\n');
  const install = npm(['install', '--offline', path.join(tmp, info!.filename)], app);
  assert.equal(install.status, 0, install.stderr);

  const help = spawnSync('npx', ['--offline', 'verity', '--help'], { cwd: app, encoding: 'utf8', timeout: 60_000 });
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /^Usage: verity <command>/m);
  const index = spawnSync('npx', ['--offline', 'verity', 'index', 'docs'], { cwd: app, encoding: 'utf8', timeout: 60_000 });
  assert.equal(index.status, 0, index.stderr);
  assert.match(index.stdout, /^Indexed 1 file: 1 passage in/);
  const check = spawnSync('npx', ['--offline', 'verity', 'check', '--text', 'Refunds are issued within 60 days of purchase.'], { cwd: app, encoding: 'utf8', timeout: 60_000 });
  assert.equal(check.status, 1, check.stdout + check.stderr);
  assert.match(check.stdout, /contradicted: .* source: policy\.md:\d+/);
});

test('the package declares no runtime dependency the bundle already carries', () => {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; bin: Record<string, string> };
  assert.deepEqual(Object.keys(manifest.dependencies ?? {}), [], 'dist/cli.js bundles Orama, marked, openai and pdf.js');
  assert.equal(manifest.bin.verity, './dist/cli.js');
});
