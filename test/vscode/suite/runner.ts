/**
 * A tiny in-editor test runner: suites register tests with `test`, `run` executes them in order
 * with a per-test time limit, prints one line per test and the closing `N passed, N failed` line
 * that CI reads, and rejects when anything failed (VS Code then exits non-zero).
 *
 * A run can span a window reload: tests registered with `afterReload` run in a second phase.
 * Phase 1 runs the ordinary tests, hands its counts (and whatever the tests put in the hand-over)
 * to a file, and reloads the window; the reloaded window runs the same entry again (the harness's
 * payload is in the page URL), finds the file and runs phase 2, then prints the closing line for
 * both phases.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

interface TestCase {
  name: string;
  fn: () => Promise<void> | void;
  timeoutMs: number;
}

const tests: TestCase[] = [];
const reloadTests: TestCase[] = [];

export function test(name: string, fn: () => Promise<void> | void, timeoutMs = 60_000): void {
  tests.push({ name, fn, timeoutMs });
}

/** A test that runs after the window has been reloaded (phase 2). */
export function afterReload(name: string, fn: () => Promise<void> | void, timeoutMs = 60_000): void {
  reloadTests.push({ name, fn, timeoutMs });
}

/** Data phase 1 leaves for phase 2 (set by tests before the reload, read after it). */
export const handOver: Record<string, unknown> = {};

async function withTimeout(t: TestCase): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${t.timeoutMs} ms`)), t.timeoutMs);
  });
  try {
    await Promise.race([Promise.resolve().then(t.fn), limit]);
  } finally {
    clearTimeout(timer);
  }
}

async function runList(list: TestCase[]): Promise<{ passed: number; failed: number }> {
  let passed = 0;
  let failed = 0;
  for (const t of list) {
    const started = Date.now();
    try {
      await withTimeout(t);
      passed++;
      console.log(`✔ ${t.name} (${Date.now() - started} ms)`);
    } catch (e) {
      failed++;
      // every line of the error indented, so the launcher can repeat the whole of it at the end
      const detail = (e instanceof Error ? (e.stack ?? e.message) : String(e)).split('\n').map((l) => `    ${l.trimStart()}`).join('\n');
      console.log(`✖ ${t.name} (${Date.now() - started} ms)\n${detail}`);
    }
  }
  return { passed, failed };
}

function finish(passed: number, failed: number): void {
  console.log(`${passed} passed, ${failed} failed`);
  if (failed > 0) throw new Error(`${failed} test(s) failed`);
}

/**
 * Runs the tests. With `reloadFile` and tests registered with `afterReload`, the run spans a
 * window reload, handing over through that file.
 */
export async function runAll(reloadFile?: string): Promise<void> {
  if (!reloadFile || reloadTests.length === 0) {
    const r = await runList(tests);
    return finish(r.passed, r.failed);
  }
  if (existsSync(reloadFile)) {
    const before = JSON.parse(readFileSync(reloadFile, 'utf8')) as { passed: number; failed: number; data: Record<string, unknown> };
    Object.assign(handOver, before.data, { reloadedAt: Date.now() });
    console.log('# the window was reloaded: phase 2');
    const r = await runList(reloadTests);
    return finish(before.passed + r.passed, before.failed + r.failed);
  }
  const r = await runList(tests);
  mkdirSync(path.dirname(reloadFile), { recursive: true });
  writeFileSync(reloadFile, JSON.stringify({ ...r, data: { ...handOver, reloadRequestedAt: Date.now() } }));
  console.log(`# phase 1: ${r.passed} passed, ${r.failed} failed; reloading the window`);
  await vscode.commands.executeCommand('workbench.action.reloadWindow');
  // The extension host goes away with the reload; phase 2 reports for both.
  await new Promise<never>(() => undefined);
}
