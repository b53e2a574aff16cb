/**
 * Small glob matching for workspace-relative paths (forward slashes), shared by the core (which
 * files are drafts, never evidence) and the extension (include/exclude filtering).
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

/** True when a pattern uses glob syntax (`*`, `?`, `[…]`, `{…}`), false for a plain path. */
export function hasGlobSyntax(pattern: string): boolean {
  return /[*?[\]{}]/.test(pattern);
}

/**
 * The globs a path pattern stands for, so a folder can be named the way `.gitignore` and ESLint
 * take it: `answers` (a file or folder of that name at any depth), `answers/` (a folder at any
 * depth), `./answers` or `docs/answers` (anchored at the root: that file or folder). A pattern
 * with glob syntax is kept as written (a leading `./` dropped). Backslashes count as slashes.
 */
export function pathPatternGlobs(pattern: string): string[] {
  let p = pattern.trim().replace(/\\/g, '/');
  if (!p) return [];
  const anchored = p.startsWith('./') || p.startsWith('/');
  p = p.replace(/^(?:\.\/|\/)+/, '');
  if (hasGlobSyntax(p)) return p ? [p] : [];
  const folderOnly = p.endsWith('/');
  p = p.replace(/\/+$/, '');
  if (!p || p === '.') return ['**'];
  const base = anchored || p.includes('/') ? p : `**/${p}`;
  return folderOnly ? [`${base}/**`] : [base, `${base}/**`];
}

/** A predicate true for paths matched by any pattern, folder forms included ({@link pathPatternGlobs}). */
export function pathPatternMatcher(patterns: readonly string[]): (path: string) => boolean {
  return globMatcher(patterns.flatMap(pathPatternGlobs));
}
