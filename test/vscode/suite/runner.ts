/**
 * A tiny in-editor test runner: suites register tests with `test`, `run` executes them in order
 * with a per-test time limit, prints one line per test and the closing `N passed, N failed` line
 * that CI reads, and rejects when anything failed (VS Code then exits non-zero).
 */
interface TestCase {
  name: string;
  fn: () => Promise<void> | void;
  timeoutMs: number;
}

const tests: TestCase[] = [];

export function test(name: string, fn: () => Promise<void> | void, timeoutMs = 60_000): void {
  tests.push({ name, fn, timeoutMs });
}

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

export async function runAll(): Promise<void> {
  let passed = 0;
  let failed = 0;
  for (const t of tests) {
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
  console.log(`${passed} passed, ${failed} failed`);
  if (failed > 0) throw new Error(`${failed} test(s) failed`);
}
