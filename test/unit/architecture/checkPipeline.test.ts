/**
 * src/core/check reads as one pipeline (sentences → claims → alignment → conflict kinds →
 * verdict): no module there is longer than 300 lines (align.ts had grown to 925), and none
 * imports back up, type-only imports included (a type taken from checker.ts once closed a circle
 * of ten files).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { cyclesOf } from './graph';

const check = path.resolve(__dirname, '../../../src/core/check');
const MAX_LINES = 300;

function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? modules(p) : n.endsWith('.ts') ? [p] : [];
  });
}

/** The modules under src/core/check that `file` imports, type-only imports included. */
function imports(file: string, source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]/g)) {
    const target = path.resolve(path.dirname(file), m[1]!);
    const hit = [`${target}.ts`, path.join(target, 'index.ts')].find((c) => existsSync(c));
    if (hit && hit.startsWith(check)) out.push(hit);
  }
  return out;
}

test(`no module of src/core/check is longer than ${MAX_LINES} lines`, () => {
  const files = modules(check);
  assert.ok(files.length > 30, 'the modules were found');
  const long = files.map((f) => [path.relative(check, f), readFileSync(f, 'utf8').split('\n').length - 1] as const).filter(([, n]) => n > MAX_LINES);
  assert.deepEqual(long, []);
});

test('no module of src/core/check imports back up, type-only imports included', () => {
  const graph = new Map(modules(check).map((f) => [f, imports(f, readFileSync(f, 'utf8'))]));
  assert.deepEqual(cyclesOf(graph, check), []);
});

test('the check finds a cycle of type-only imports', () => {
  const a = path.join(check, 'checker.ts');
  const b = path.join(check, 'backgroundStats.ts');
  assert.deepEqual(imports(b, "import type { Checker } from './checker';"), [a]);
  assert.deepEqual(cyclesOf(new Map([[a, [b]], [b, [a]]]), check), ['checker.ts → backgroundStats.ts → checker.ts']);
});
