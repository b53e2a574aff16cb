import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else if (/\.(ts|mts|js|mjs)$/.test(name)) out.push(p);
  }
  return out;
}

/** Every module specifier a file imports, requires or dynamically imports. */
function specifiers(source: string): string[] {
  const out: string[] = [];
  const re = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
  for (const m of source.matchAll(re)) out.push((m[1] ?? m[2] ?? m[3] ?? m[4])!);
  return out;
}

const NODE_BUILTINS = new Set(['fs', 'path', 'os', 'child_process', 'worker_threads', 'crypto', 'url', 'http', 'https', 'net', 'stream', 'util', 'events', 'zlib', 'module', 'process', 'buffer', 'timers']);

test('src/core imports neither vscode nor node built-ins nor outer layers', () => {
  const offenders: string[] = [];
  for (const file of filesUnder(path.join(root, 'src/core'))) {
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      const bad =
        spec === 'vscode' ||
        spec.startsWith('node:') ||
        NODE_BUILTINS.has(spec.split('/')[0]!) ||
        /(^|\/)(node|vscode|cli)\//.test(spec.replace(/^\.\.?\//, '').replace(/^(\.\.\/)+/, ''));
      if (bad) offenders.push(`${path.relative(root, file)} imports '${spec}'`);
    }
  }
  assert.deepEqual(offenders, []);
});

test('the boundary check itself catches a forbidden import', () => {
  assert.ok(specifiers("import fs from 'node:fs';\nimport * as vscode from 'vscode';").includes('node:fs'));
  assert.ok(specifiers("const x = require('vscode')").includes('vscode'));
});

test('only src/vscode imports vscode at runtime', () => {
  const offenders: string[] = [];
  for (const dir of ['src/core', 'src/node', 'src/cli', 'src/protocol', 'webview']) {
    let files: string[] = [];
    try {
      files = filesUnder(path.join(root, dir));
    } catch {
      continue;
    }
    for (const file of files) {
      const src = readFileSync(file, 'utf8');
      if (/^\s*import\s+(?!type\b)[^;]*from\s*['"]vscode['"]/m.test(src) || /require\(\s*['"]vscode['"]\s*\)/.test(src)) offenders.push(path.relative(root, file));
    }
  }
  assert.deepEqual(offenders, []);
});
