/**
 * Checks paths that arrive from the webview (untrusted). Free of 'vscode' so unit tests run it.
 */

/** A workspace-relative path with forward slashes and no `.`/`..`/empty segments, drive letter or leading slash. */
export function isPlainRelativePath(p: string): boolean {
  if (!p || p.startsWith('/') || p.includes('\\') || /^[a-zA-Z]:/.test(p) || p.includes('\0')) return false;
  return p.split('/').every((seg) => seg !== '..' && seg !== '.' && seg !== '');
}
