import { constants, lstatSync, promises as fs, type Dirent } from 'node:fs';
import path from 'node:path';
import type { WorkspacePort } from '../core/ports';

/** Document extensions Verity indexes. */
export const DOC_EXTENSIONS = ['.md', '.markdown', '.mdx', '.pdf'];

const ALWAYS_SKIPPED_DIRS = new Set(['.git', 'node_modules', '.verity', '.vscode-test', '.hg', '.svn']);

/** O_NOFOLLOW where the platform has it (POSIX); 0 elsewhere, where the inode check still holds. */
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A workspace rooted at a folder on disk. Paths are relative with forward slashes.
 * Skips VCS folders, node_modules and Verity's own store; follows no symlink, neither while
 * listing (a link loop must not hang indexing) nor while reading: a file swapped for a link
 * between listing and reading is refused (O_NOFOLLOW, then the opened file must be the regular
 * file the path names and lie under the real root), so no link can pull `/etc/passwd` in.
 * What cannot be listed is reported by `listProblems()` with a reason.
 */
export function createFsWorkspace(root: string, opts: { exclude?: (rel: string) => boolean } = {}): WorkspacePort {
  const abs = (rel: string): string => {
    const p = path.resolve(root, rel);
    if (p !== root && !p.startsWith(root + path.sep)) throw new Error(`path escapes the workspace: ${rel}`);
    return p;
  };
  let realRoot: Promise<string> | undefined;
  let problems: Array<{ path: string; message: string }> = [];
  return {
    async listFiles(signal) {
      const out: string[] = [];
      const found: Array<{ path: string; message: string }> = [];
      const walk = async (dir: string): Promise<void> => {
        if (signal?.aborted) return;
        const relDir = path.relative(root, dir).split(path.sep).join('/');
        let entries: Array<Dirent<Buffer>>;
        try {
          entries = await fs.readdir(dir, { withFileTypes: true, encoding: 'buffer' });
        } catch (e) {
          // Vanished between listing and reading: nothing to say. Anything else gets a reason.
          const code = (e as NodeJS.ErrnoException).code;
          if (code !== 'ENOENT' && code !== 'ENOTDIR') found.push({ path: `${relDir || '.'}/`, message: `folder could not be read: ${reasonOf(code)}` });
          return;
        }
        const named: Array<{ e: Dirent<Buffer>; name: string }> = [];
        for (const e of entries) {
          let name: string;
          try {
            name = utf8.decode(e.name);
          } catch {
            const shown = e.name.toString('utf8');
            if (e.isDirectory() || DOC_EXTENSIONS.includes(path.extname(shown).toLowerCase())) {
              found.push({ path: relDir ? `${relDir}/${shown}` : shown, message: `${e.isDirectory() ? 'folder' : 'file'} name is not valid UTF-8: rename it to index it` });
            }
            continue;
          }
          named.push({ e, name });
        }
        named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const { e, name } of named) {
          // a name holds no separator: the relative path is the folder's plus the name (this
          // runs for every file of the folder on every re-index; path.relative per file cost more)
          const rel = relDir ? `${relDir}/${name}` : name;
          if (e.isDirectory()) {
            if (ALWAYS_SKIPPED_DIRS.has(name) || opts.exclude?.(rel + '/')) continue;
            await walk(path.join(dir, name));
          } else if (e.isFile() && DOC_EXTENSIONS.includes(path.extname(name).toLowerCase())) {
            if (!opts.exclude?.(rel)) out.push(rel);
          }
        }
      };
      await walk(root);
      problems = found;
      return out;
    },
    listProblems: () => problems,
    async stat(rel) {
      // A synchronous lstat: a re-index stats every file of the folder (20,000 in the CLI
      // benchmark) and the promise version cost ≈ 30 µs of CPU each in thread-pool hand-offs
      // against ≈ 7 µs. The core asks in batches (STAT_BATCH), so the event loop still turns.
      try {
        const s = lstatSync(abs(rel), { throwIfNoEntry: false });
        return s?.isFile() ? { size: s.size, mtime: s.mtimeMs } : undefined;
      } catch {
        return undefined;
      }
    },
    async readFile(rel) {
      const p = abs(rel);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(p, constants.O_RDONLY | NOFOLLOW);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
        if (code === 'ELOOP' || code === 'EMLINK') throw new Error('the file is a symbolic link: not followed');
        throw new Error(reasonOf(code));
      }
      try {
        const opened = await handle.stat();
        if (!opened.isFile()) throw new Error('not a regular file');
        // The path must still name this very file, through no linked folder, under the real root.
        const [named, realDir, rootReal] = await Promise.all([fs.lstat(p), fs.realpath(path.dirname(p)), (realRoot ??= fs.realpath(root))]);
        if (named.ino !== opened.ino || named.dev !== opened.dev) throw new Error('the file was replaced while it was read');
        if (realDir !== rootReal && !realDir.startsWith(rootReal + path.sep)) throw new Error('the file lies behind a linked folder outside the workspace');
        return new Uint8Array(await handle.readFile());
      } finally {
        await handle.close();
      }
    },
  };
}

/** One line for an errno code. */
function reasonOf(code: string | undefined): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENAMETOOLONG':
      return 'path too long for the system';
    case 'ELOOP':
      return 'too many symbolic links';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    case 'EISDIR':
      return 'a folder, not a file';
    default:
      return code ? `system error ${code}` : 'unknown error';
  }
}
