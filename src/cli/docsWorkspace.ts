/**
 * `--docs` as a workspace: one folder as it is, or any mix of folders and single markdown or
 * PDF files (`--docs guide.md --docs policies/`), rooted at the folder they share so each source
 * keeps a path that says where it is.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { WorkspacePort } from '../core/ports';
import { VerityError } from '../core/errors';
import { documentKind } from '../core/verity';
import { createFsWorkspace } from '../node/fsWorkspace';

/** The root and the workspace the `--docs` paths make; a missing path or a non-document is an error. */
export async function docsWorkspace(docs: readonly string[], cwd: string): Promise<{ root: string; workspace: WorkspacePort }> {
  const folders: string[] = [];
  const files: string[] = [];
  for (const d of docs) {
    const abs = path.resolve(cwd, d);
    const st = await fs.stat(abs).catch(() => undefined);
    if (!st) throw new VerityError('BAD_INPUT', `no such file or folder: ${d} (--docs takes the folders and files to check against)`);
    if (st.isDirectory()) folders.push(abs);
    else if (documentKind(abs)) files.push(abs);
    else throw new VerityError('BAD_INPUT', `${d} is not a markdown or PDF file: --docs takes folders and .md, .markdown, .mdx or .pdf files`);
  }
  if (folders.length === 1 && files.length === 0) return { root: folders[0]!, workspace: createFsWorkspace(folders[0]!) };
  const root = commonFolder([...folders, ...files.map((f) => path.dirname(f))]);
  const rel = (abs: string): string => path.relative(root, abs).split(path.sep).join('/');
  const folderRels = folders.map(rel).map((r) => (r ? `${r}/` : ''));
  const fileRels = new Set(files.map(rel));
  // folders arrive with a trailing "/": walk a folder given, one inside it, or one on the way to a given path
  const wanted = (p: string): boolean => {
    if (p.endsWith('/')) return folderRels.some((f) => p.startsWith(f) || f.startsWith(p)) || [...fileRels].some((f) => f.startsWith(p));
    return fileRels.has(p) || folderRels.some((f) => p.startsWith(f));
  };
  return { root, workspace: createFsWorkspace(root, { exclude: (p) => !wanted(p) }) };
}

/** The deepest folder holding every given folder. */
function commonFolder(dirs: string[]): string {
  let common = dirs[0]!;
  for (const d of dirs.slice(1)) {
    while (common !== path.dirname(common) && path.relative(common, d).startsWith('..')) common = path.dirname(common);
  }
  return common;
}
