/**
 * Small glob and .gitignore matching for workspace-relative paths (forward slashes). VS Code's
 * `findFiles` applies only one exclude pattern and ignores `.gitignore`, so the extension filters
 * its results itself with these.
 */

export { globMatcher, globToRegExp } from '../core/glob';

/**
 * Patterns of one .gitignore file as globs relative to its folder. Simple on purpose: comments,
 * blank lines and negations (`!`) are skipped; `/a` is anchored, `a` matches at any depth, and a
 * matched folder ignores everything below it.
 */
export function gitignoreGlobs(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('!')) continue;
    let p = line.replace(/\/+$/, '');
    const anchored = p.startsWith('/') || p.includes('/');
    p = p.replace(/^\/+/, '');
    if (!p) continue;
    const base = anchored ? p : `**/${p}`;
    out.push(base, `${base}/**`);
  }
  return out;
}
