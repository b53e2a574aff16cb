/**
 * One record, one line. File names and document text may hold newlines, carriage returns, ESC
 * sequences or bidi controls; printed raw, a name with a newline would start a forged
 * `file:line:col:` record for any tool that reads the output line by line. Text output names
 * every path through {@link shownPath} and every snippet through {@link printable}; JSON and
 * SARIF escape by their own rules. (The terminal filter in io.ts still guards everything else.)
 */

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\x1b': '\\e' };

function escapeChar(c: string): string {
  const code = c.codePointAt(0)!;
  return NAMED[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`);
}

/** Text for one line: every control or bidi character written as an escape (`\n`, `\e`, `\x07`). */
export function printable(s: string): string {
  return s.replace(CONTROL, escapeChar);
}

/**
 * A path as one token: unchanged when it is plain; otherwise quoted the way git quotes unusual
 * names (`"draft\n\e[2J.md"`, with `\\` and `\"` inside), so the quoting itself is unambiguous.
 */
export function shownPath(p: string): string {
  CONTROL.lastIndex = 0;
  if (!CONTROL.test(p) && !p.startsWith('"')) return p;
  return `"${p.replace(/[\\"]/g, (c) => `\\${c}`).replace(CONTROL, escapeChar)}"`;
}
