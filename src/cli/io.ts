/** What a CLI command gets: its arguments and where to write. Commands return the exit code. */
export interface CliIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  isTTY: boolean;
  cwd: string;
  env: Record<string, string | undefined>;
}

/** Exit codes: 0 ok, 1 findings (skipped files, unsupported sentences), 2 error. */
export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_ERROR = 2;

export type CliCommand = (args: string[], io: CliIO) => Promise<number>;
