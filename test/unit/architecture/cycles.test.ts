/**
 * No import cycles among the modules that run (house style): a cycle makes load order decide
 * what is initialised, as commands.ts ↔ extension.ts did before activation timing got one owner
 * (src/vscode/startup.ts). Type-only imports are erased at build time and left out.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { cyclesOf } from './graph';

const src = path.resolve(__dirname, '../../../src');

function modules(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) modules(p, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Relative modules a file imports or re-exports at run time (not `import type` / `export type`). */
export function runtimeImports(file: string, source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s+['"](\.[^'"]+)['"]|^\s*import\s+['"](\.[^'"]+)['"]/gm)) {
    if (m[1]) continue;
    const target = path.resolve(path.dirname(file), (m[2] ?? m[3])!);
    const hit = [`${target}.ts`, path.join(target, 'index.ts')].find((c) => existsSync(c));
    if (hit) out.push(hit);
  }
  return out;
}

test('src/ has no import cycles among the modules that run', () => {
  const graph = new Map(modules(src).map((f) => [f, runtimeImports(f, readFileSync(f, 'utf8'))]));
  assert.ok(graph.size > 50, 'the modules were found');
  assert.deepEqual(cyclesOf(graph, src), []);
});

test('the cycle check finds a cycle, and leaves type-only imports out', () => {
  const a = path.join(src, 'vscode', 'commands.ts');
  const b = path.join(src, 'vscode', 'extension.ts');
  assert.deepEqual(cyclesOf(new Map([[a, [b]], [b, [a]]]), src), ['vscode/commands.ts → vscode/extension.ts → vscode/commands.ts']);
  assert.deepEqual(runtimeImports(a, "import type { X } from './extension';\nexport type { Y } from './extension';"), []);
  assert.deepEqual(runtimeImports(a, "import { activate } from './extension';"), [b]);
});
