/** What a CLI command gets: its arguments and where to write. Commands return the exit code. */
export interface CliIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  isTTY: boolean;
  cwd: string;
  env: Record<string, string | undefined>;
  /** All of standard input as text (`verity check -`, `--files-from -`); absent where there is none. */
  readStdin?: () => Promise<string>;
}

/** Exit codes: 0 ok, 1 findings (skipped files, unsupported sentences), 2 error. */
export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_ERROR = 2;

export type CliCommand = (args: string[], io: CliIO) => Promise<number>;

/**
 * Makes text safe for a terminal. Document text, file names and model output are untrusted: an
 * ESC sequence can clear the screen, retitle the window (OSC 0/2) or forge a hyperlink (OSC 8),
 * BEL rings, C1 controls act as ESC on some terminals, and bidi controls reorder what is shown.
 * Each such character becomes U+FFFD; newline and tab stay, and so does the one sequence the CLI
 * itself writes (carriage return + "erase line", for its progress line).
 */
export function terminalSafe(s: string): string {
  return s.replace(UNSAFE, (m) => (m === OWN_ERASE_LINE ? m : '\uFFFD'));
}

const OWN_ERASE_LINE = '\r\x1b[2K';
const UNSAFE = /\r\x1b\[2K|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The same IO with every string written through {@link terminalSafe}. */
export function safeIO(io: CliIO): CliIO {
  return { ...io, stdout: (s) => io.stdout(terminalSafe(s)), stderr: (s) => io.stderr(terminalSafe(s)) };
}
