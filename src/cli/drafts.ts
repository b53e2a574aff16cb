/**
 * Draft patterns as the CLI takes them (`--drafts "answers/,**\/*.draft.md"`). A plain path that
 * exists where the command runs (`./answers`, `docs/answers`) means that folder or file, wherever
 * the indexed folder is; anything else is matched against paths in the indexed folder, folder
 * forms included (see pathPatternGlobs in core/glob.ts).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { hasGlobSyntax } from '../core/glob';

/** The patterns of a `--drafts` value ("" = none). */
export function splitDrafts(value: string): string[] {
  return value.split(',').map((g) => g.trim()).filter(Boolean);
}

/** Patterns with paths given relative to `cwd` rewritten relative to `root` (anchored). */
export function resolveDraftPatterns(patterns: readonly string[], cwd: string, root: string): string[] {
  return patterns.map((p) => {
    if (hasGlobSyntax(p)) return p;
    const abs = path.resolve(cwd, p);
    const rel = path.relative(root, abs);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return p;
    const st = (() => {
      try {
        return statSync(abs);
      } catch {
        return undefined;
      }
    })();
    if (!st) return p;
    return `./${rel.split(path.sep).join('/')}${st.isDirectory() ? '/' : ''}`;
  });
}
