/**
 * Small glob and .gitignore matching for workspace-relative paths (forward slashes). VS Code's
 * `findFiles` applies only one exclude pattern and ignores `.gitignore`, so the extension filters
 * its results itself with these.
 */

/** Converts a glob (`**`, `*`, `?`, `{a,b}`, `[abc]`) into an anchored regular expression. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  let inBraces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        // `**/` matches zero or more folders; a trailing `**` matches everything below.
        if (glob[i + 2] === '/') { re += '(?:.*/)?'; i += 2; } else { re += '.*'; i += 1; }
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '{') { inBraces++; re += '(?:'; }
    else if (c === '}' && inBraces > 0) { inBraces--; re += ')'; }
    else if (c === ',' && inBraces > 0) re += '|';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) re += '\\[';
      else { re += '[' + glob.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\') + ']'; i = end; }
    } else re += c.replace(/[.+^$()|\\/]/g, (m) => '\\' + m);
  }
  return new RegExp(`^${re}$`);
}

/** A predicate that is true when a path matches any of the globs. */
export function globMatcher(globs: string[]): (path: string) => boolean {
  const res = globs.filter((g) => g.trim()).map(globToRegExp);
  return (p) => res.some((r) => r.test(p));
}

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
