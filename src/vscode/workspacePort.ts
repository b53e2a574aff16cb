/**
 * The core's WorkspacePort over VS Code's workspace API. Paths are workspace-relative with
 * forward slashes; in a multi-root workspace they start with the folder's name
 * (`<folder name>/<path>`), as the core's Passage.path documents.
 */
import * as vscode from 'vscode';
import { realpath } from 'node:fs/promises';
import { sep } from 'node:path';
import type { WorkspacePort } from '../core/ports';
import { documentKind } from '../core/verity';
import { gitignoreGlobs, globMatcher } from './glob';
import type { ExtensionSettings } from './settings';
import { isSafeRelativePath } from '../core/index/storeValidation';

const decoder = new TextDecoder();

function folders(): readonly vscode.WorkspaceFolder[] {
  return vscode.workspace.workspaceFolders ?? [];
}

/** The Verity path of a file URI, or undefined when it is outside every workspace folder. */
export function toWorkspacePath(uri: vscode.Uri): string | undefined {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return undefined;
  const rel = uri.path.slice(folder.uri.path.replace(/\/$/, '').length + 1);
  if (!rel) return undefined;
  return folders().length > 1 ? `${folder.name}/${rel}` : rel;
}

/** The URI of a Verity path, or undefined when its folder is not open. */
export function toUri(path: string): vscode.Uri | undefined {
  // A stored or linked path must not climb out of its folder (joinPath would resolve `..`).
  if (!isSafeRelativePath(path)) return undefined;
  const all = folders();
  if (all.length === 0) return undefined;
  if (all.length === 1) return vscode.Uri.joinPath(all[0]!.uri, ...path.split('/'));
  const slash = path.indexOf('/');
  const folder = all.find((f) => f.name === path.slice(0, slash));
  return folder ? vscode.Uri.joinPath(folder.uri, ...path.slice(slash + 1).split('/')) : undefined;
}

/** `files.exclude` globs that are switched on for a folder. */
function filesExclude(folder: vscode.WorkspaceFolder): string[] {
  const map = vscode.workspace.getConfiguration('files', folder.uri).get<Record<string, unknown>>('exclude') ?? {};
  return Object.entries(map).filter(([, on]) => on === true).map(([glob]) => glob);
}

async function readGitignore(folder: vscode.WorkspaceFolder): Promise<string[]> {
  try {
    return gitignoreGlobs(decoder.decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, '.gitignore'))));
  } catch {
    return []; // no .gitignore
  }
}

export interface VsCodeWorkspace extends WorkspacePort {
  /** True when a path is a document Verity indexes under the current rules (for watcher events). */
  includes(path: string): Promise<boolean>;
  /** How often each file was read since the port was made (the warm-start test counts re-reads). */
  reads(): Record<string, number>;
}

/** Creates the port; `settings` is read on every call so setting changes apply on the next scan. */
export function createVsCodeWorkspace(settings: () => ExtensionSettings): VsCodeWorkspace {
  // Per-folder exclusion predicate on folder-relative paths, rebuilt by each listFiles.
  const excluders = new Map<string, (rel: string) => boolean>();
  const readCounts = new Map<string, number>();

  async function excluderFor(folder: vscode.WorkspaceFolder): Promise<(rel: string) => boolean> {
    const s = settings();
    const globs = [...s.exclude, ...filesExclude(folder), ...(s.respectGitignore ? await readGitignore(folder) : [])];
    const match = globMatcher(globs);
    const fn = (rel: string) => match(rel);
    excluders.set(folder.uri.toString(), fn);
    return fn;
  }

  function split(path: string): { folder: vscode.WorkspaceFolder; rel: string } | undefined {
    const uri = toUri(path);
    const folder = uri && vscode.workspace.getWorkspaceFolder(uri);
    if (!uri || !folder) return undefined;
    return { folder, rel: uri.path.slice(folder.uri.path.replace(/\/$/, '').length + 1) };
  }

  return {
    async listFiles(signal) {
      const s = settings();
      const out = new Set<string>();
      for (const folder of folders()) {
        const excluded = await excluderFor(folder);
        const include = globMatcher(s.include);
        // The exclude glob given to findFiles only saves walking big folders; the filter below decides.
        const coarse = `{${[...s.exclude, ...filesExclude(folder)].join(',')}}`;
        const token = new vscode.CancellationTokenSource();
        signal?.addEventListener('abort', () => token.cancel(), { once: true });
        try {
          for (const glob of s.include) {
            const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, glob), coarse, undefined, token.token);
            for (const uri of uris) {
              const rel = uri.path.slice(folder.uri.path.replace(/\/$/, '').length + 1);
              if (!documentKind(rel) || !include(rel) || excluded(rel)) continue;
              const p = toWorkspacePath(uri);
              if (p) out.add(p);
            }
          }
        } finally {
          token.dispose();
        }
      }
      return [...out].sort();
    },
    async stat(path) {
      const uri = toUri(path);
      if (!uri) return undefined;
      try {
        const st = await vscode.workspace.fs.stat(uri);
        if (st.type & vscode.FileType.Directory) return undefined;
        return { size: st.size, mtime: st.mtime };
      } catch {
        return undefined; // gone
      }
    },
    async readFile(path) {
      const uri = toUri(path);
      if (!uri) return undefined;
      readCounts.set(path, (readCounts.get(path) ?? 0) + 1);
      try {
        // findFiles follows symbolic links: refuse a linked file, or one reached through a
        // linked folder that resolves outside the workspace folder.
        if ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.SymbolicLink) throw new Error('the file is a symbolic link: not followed');
        const folder = vscode.workspace.getWorkspaceFolder(uri);
        if (uri.scheme === 'file' && folder) {
          const [real, realFolder] = await Promise.all([realpath(uri.fsPath), realpath(folder.uri.fsPath)]);
          if (real !== realFolder && !real.startsWith(realFolder + sep)) throw new Error('the file lies behind a linked folder outside the workspace');
        }
        return await vscode.workspace.fs.readFile(uri);
      } catch (e) {
        if (e instanceof vscode.FileSystemError && e.code === 'FileNotFound') return undefined;
        throw e;
      }
    },
    reads: () => Object.fromEntries(readCounts),
    async includes(path) {
      const parts = split(path);
      if (!parts || !documentKind(parts.rel)) return false;
      if (!globMatcher(settings().include)(parts.rel)) return false;
      const excluded = excluders.get(parts.folder.uri.toString()) ?? (await excluderFor(parts.folder));
      return !excluded(parts.rel);
    },
  };
}
