// No import cycles in the CLI (house style): help depends on the command specs, the runner on
// both, and nothing imports back. Type-only imports count too, as they tie modules together.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { cyclesOf } from './graph';

const root = path.resolve(__dirname, '../../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : /\.ts$/.test(n) && !n.endsWith('.d.ts') ? [p] : [];
  });
}

/** The local files a module imports (relative specifiers resolved to .ts files). */
function localImports(file: string): string[] {
  const out: string[] = [];
  const re = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\s*\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  for (const m of readFileSync(file, 'utf8').matchAll(re)) {
    const target = path.resolve(path.dirname(file), (m[1] ?? m[2])!);
    const found = [`${target}.ts`, path.join(target, 'index.ts')].find((c) => existsSync(c));
    if (found) out.push(found);
  }
  return out;
}

/** Every cycle reachable in the import graph of `files`, as "a -> b -> a". */
function importCycles(files: string[]): string[] {
  const graph = new Map<string, string[]>();
  const add = (f: string): void => {
    if (graph.has(f)) return;
    graph.set(f, localImports(f));
    for (const d of graph.get(f)!) add(d);
  };
  for (const f of files) add(f);
  return cyclesOf(graph, root, ' -> ');
}

test('src/cli has no import cycles (help reads the command specs; the runner imports both)', () => {
  const cli = filesUnder(path.join(root, 'src/cli'));
  assert.deepEqual(importCycles(cli).filter((c) => c.split(' -> ').every((f) => f.startsWith('src/cli/'))), []);
});
