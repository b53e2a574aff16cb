/**
 * Running the CLI in-process for tests: `runCli(cwd, argv)` calls main() with an IO that records
 * stdout and stderr (and can feed stdin), and `tree()` writes a folder of files for a test.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main';
import type { CliIO } from '../../src/cli/io';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** Runs `verity <argv>` in `cwd`; `stdin` is what standard input holds. */
export async function runCli(cwd: string, argv: string[], opts: { stdin?: string; env?: Record<string, string> } = {}): Promise<CliRun> {
  const io = {
    out: '',
    err: '',
    isTTY: false,
    cwd,
    env: opts.env ?? {},
    stdout: (s: string) => void (io.out += s),
    stderr: (s: string) => void (io.err += s),
    ...(opts.stdin !== undefined ? { readStdin: async () => opts.stdin! } : {}),
  } satisfies CliIO & { out: string; err: string };
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

/** A temporary folder holding `files` (path → content), removed after the test. */
export function tree(t: { after: (f: () => void) => void }, files: Record<string, string | Buffer>, prefix = 'verity-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeTree(dir, files);
  return dir;
}

/** Writes `files` (path → content) under `dir`. */
export function writeTree(dir: string, files: Record<string, string | Buffer>): void {
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), body);
  }
}
