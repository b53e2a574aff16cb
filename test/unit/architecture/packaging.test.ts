import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

/** What `vsce ls` says the packaged extension would hold (the .vscodeignore allowlist applied). */
function packagedFiles(): string[] {
  const vsce = path.join(root, 'node_modules/@vscode/vsce/vsce');
  const out = execFileSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return out.split('\n').map((l) => l.trim()).filter(Boolean);
}

test('the package holds only what the extension runs', () => {
  const files = packagedFiles();
  const forbidden = files.filter((f) => /^(src|test|scripts|webview|examples|node_modules|\.ci)\//.test(f) || /\.(map|ts|vsix)$/.test(f) || f.includes('canvas'));
  assert.deepEqual(forbidden, [], `packaged but not needed: ${forbidden.join(', ')}`);
  for (const f of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE']) assert.ok(files.includes(f), `${f} is packaged`);
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { icon: string };
  assert.ok(files.includes(manifest.icon), 'the icon is packaged');
  // the bundles exist only after a build; when they do, they must ship
  for (const f of ['dist/extension.js', 'dist/pdfWorker.mjs', 'dist/webview/main.js']) {
    if (existsSync(path.join(root, f))) assert.ok(files.includes(f), `${f} is packaged`);
  }
});

test('every image the README shows is packaged', () => {
  const files = packagedFiles();
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((src) => !/^[a-z]+:/i.test(src));
  assert.ok(images.length > 0, 'the README shows screenshots');
  const missing = images.filter((src) => !files.includes(src));
  assert.deepEqual(missing, [], `README images missing from the package: ${missing.join(', ')}`);
});
