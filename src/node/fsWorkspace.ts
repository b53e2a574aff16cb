import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { WorkspacePort } from '../core/ports';

/** Document extensions Verity indexes. */
export const DOC_EXTENSIONS = ['.md', '.markdown', '.mdx', '.pdf'];

const ALWAYS_SKIPPED_DIRS = new Set(['.git', 'node_modules', '.verity', '.vscode-test', '.hg', '.svn']);

/**
 * A workspace rooted at a folder on disk. Paths are relative with forward slashes.
 * Skips VCS folders, node_modules and Verity's own store; follows no symlinked folders
 * (a link loop must not hang indexing).
 */
export function createFsWorkspace(root: string, opts: { exclude?: (rel: string) => boolean } = {}): WorkspacePort {
  const abs = (rel: string): string => {
    const p = path.resolve(root, rel);
    if (p !== root && !p.startsWith(root + path.sep)) throw new Error(`path escapes the workspace: ${rel}`);
    return p;
  };
  return {
    async listFiles(signal) {
      const out: string[] = [];
      const walk = async (dir: string): Promise<void> => {
        if (signal?.aborted) return;
        let entries: import('node:fs').Dirent[];
        try {
          entries = await fs.readdir(dir, { withFileTypes: true });
        } catch {
          return; // unreadable or vanished folder: nothing to index there
        }
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const e of entries) {
          const p = path.join(dir, e.name);
          const rel = path.relative(root, p).split(path.sep).join('/');
          if (e.isDirectory()) {
            if (ALWAYS_SKIPPED_DIRS.has(e.name) || opts.exclude?.(rel + '/')) continue;
            await walk(p);
          } else if (e.isFile() && DOC_EXTENSIONS.includes(path.extname(e.name).toLowerCase())) {
            if (!opts.exclude?.(rel)) out.push(rel);
          }
        }
      };
      await walk(root);
      return out;
    },
    async stat(rel) {
      try {
        const s = await fs.stat(abs(rel));
        return s.isFile() ? { size: s.size, mtime: s.mtimeMs } : undefined;
      } catch {
        return undefined;
      }
    },
    async readFile(rel) {
      try {
        return new Uint8Array(await fs.readFile(abs(rel)));
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
        throw e;
      }
    },
  };
}
