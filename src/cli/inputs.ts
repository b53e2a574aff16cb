/**
 * What `verity check` checks, taken the way linters take it: files, folders (every markdown and
 * text file below), quoted globs (expanded here, so they work in any shell and on Windows), `-`
 * for text on stdin, `--files-from FILE|-` for a list of paths (what `git diff --name-only`
 * prints) and `--changed [REF]` for the files git says changed. A listed file that no longer
 * exists is reported as deleted and skipped: a change that removes an answer is not an error.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { VerityError } from '../core/errors';
import { globToRegExp, hasGlobSyntax } from '../core/glob';
import { usageError } from './args';
import { changedFiles } from './git';
import type { CliIO } from './io';

/** Extensions of the prose files a folder, a glob or a list contributes. */
export const CHECKABLE = ['.md', '.markdown', '.mdx', '.txt'];

/** Folders never walked into: version control, dependencies, Verity's own stores. */
const SKIPPED_DIRS = new Set(['.git', '.hg', '.svn', 'node_modules', '.verity']);

export interface CheckInput {
  /** The path as shown (as typed, or relative to the working folder), or `<stdin>` / `<text>`. */
  path: string;
  /** Absolute path of a file on disk (absent for stdin and --text). */
  abs?: string;
  content: string;
}

export interface CollectedInputs {
  inputs: CheckInput[];
  /** Listed files that do not exist any more (from --files-from or --changed): skipped. */
  deleted: string[];
  /** Listed files that are not markdown or text: not checked. */
  ignored: string[];
  /** Folders below a given one that could not be read, with the reason: their files are not checked. */
  unreadable: string[];
}

export interface InputRequest {
  positional: string[];
  /** `--files-from` value: a file of paths, or `-` for stdin. */
  filesFrom?: string;
  /** `--changed` value: a git ref, or true for the default (HEAD: uncommitted and new files). */
  changed?: string | true;
  io: CliIO;
}

const isCheckable = (p: string): boolean => CHECKABLE.includes(path.extname(p).toLowerCase());
const shown = (cwd: string, abs: string): string => {
  const rel = path.relative(cwd, abs);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : abs;
};

/** Reads every input of a check run; a missing file given by name is an error (exit 2). */
export async function collectInputs(req: InputRequest): Promise<CollectedInputs> {
  const { io } = req;
  const stdinUsers = req.positional.filter((p) => p === '-').length + (req.filesFrom === '-' ? 1 : 0);
  if (stdinUsers > 1) throw usageError('standard input can be read once: use either "-" (text) or --files-from - (a list of paths)');
  const out: CollectedInputs = { inputs: [], deleted: [], ignored: [], unreadable: [] };
  const seen = new Set<string>();
  const addFile = async (shownPath: string, abs: string): Promise<void> => {
    if (seen.has(abs)) return;
    seen.add(abs);
    out.inputs.push({ path: shownPath, abs, content: await readInput(shownPath, abs) });
  };

  let changedScope: ((abs: string) => boolean) | undefined;
  if (req.changed !== undefined) {
    // with --changed, the paths given narrow the changed files (as in `git diff REF -- paths`)
    changedScope = await scopeOf(req.positional, io.cwd);
    const changed = await changedFiles(io.cwd, req.changed === true ? undefined : req.changed);
    for (const abs of changed) {
      if (!changedScope(abs)) continue;
      await addListed(abs, shown(io.cwd, abs), out, addFile);
    }
  } else {
    for (const p of req.positional) {
      if (p === '-') {
        out.inputs.push({ path: '<stdin>', content: await readStdin(io) });
        continue;
      }
      for (const file of await expandPath(p, io.cwd, out.unreadable)) await addFile(file.shown, file.abs);
    }
  }

  if (req.filesFrom !== undefined) {
    const list = req.filesFrom === '-' ? await readStdin(io) : await readListFile(req.filesFrom, io.cwd);
    for (const line of parseFileList(list)) {
      const abs = path.resolve(io.cwd, line);
      if (changedScope && !changedScope(abs)) continue;
      await addListed(abs, line, out, addFile);
    }
  }
  return out;
}

/** A path from a list: deleted → noted; a folder → its files; not prose → noted; else read. */
async function addListed(abs: string, shownPath: string, out: CollectedInputs, addFile: (shown: string, abs: string) => Promise<void>): Promise<void> {
  const st = await fs.stat(abs).catch(() => undefined);
  if (!st) {
    if (isCheckable(abs)) out.deleted.push(shownPath);
    return;
  }
  if (st.isDirectory()) {
    for (const f of await walk(abs, out.unreadable)) await addFile(path.posix.join(shownPath, path.relative(abs, f).split(path.sep).join('/')), f);
    return;
  }
  if (!isCheckable(abs)) {
    out.ignored.push(shownPath);
    return;
  }
  await addFile(shownPath, abs);
}

/** A file as given, a folder's prose files, or a glob's matches (none is an error). */
async function expandPath(p: string, cwd: string, unreadable: string[]): Promise<Array<{ shown: string; abs: string }>> {
  const abs = path.resolve(cwd, p);
  const st = await fs.stat(abs).catch(() => undefined);
  if (st?.isDirectory()) {
    const files = await walk(abs, unreadable);
    if (files.length === 0) throw new VerityError('BAD_INPUT', `no markdown or text files in ${p} (looked for ${CHECKABLE.join(', ')})`);
    return files.map((f) => ({ shown: path.posix.join(p.replace(/\\/g, '/').replace(/\/+$/, '') || '.', path.relative(abs, f).split(path.sep).join('/')), abs: f }));
  }
  if (/\.pdf$/i.test(p)) throw new VerityError('BAD_INPUT', `${p}: checking PDFs is not supported; check markdown or text files (PDFs are sources: --docs or --store)`);
  if (st) return [{ shown: p, abs }];
  if (hasGlobSyntax(p)) {
    const matches = await expandGlob(p, cwd, unreadable);
    if (matches.length === 0) throw new VerityError('BAD_INPUT', `no markdown or text files match ${p}`);
    return matches;
  }
  throw new VerityError('BAD_INPUT', `cannot read ${p}: no such file`);
}

/**
 * Every prose file below a folder, sorted, skipping VCS folders, dependencies and stores; a
 * folder that cannot be read is added to `unreadable` with its reason.
 */
async function walk(dir: string, unreadable: string[]): Promise<string[]> {
  const out: string[] = [];
  const visit = async (d: string): Promise<void> => {
    const entries = await fs.readdir(d, { withFileTypes: true }).catch((e: unknown) => {
      const code = (e as { code?: string }).code;
      // a folder that is not there (a glob's fixed part, a folder removed meanwhile) holds nothing to check
      if (code !== 'ENOENT' && code !== 'ENOTDIR') unreadable.push(`${d}: ${code === 'EACCES' || code === 'EPERM' ? 'permission denied' : String(code ?? e)}`);
      return [];
    });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name)) await visit(p);
      } else if (e.isFile() && isCheckable(e.name)) out.push(p);
    }
  };
  await visit(dir);
  return out;
}

/** Expands a glob relative to the working folder: walks from its fixed leading folders. */
async function expandGlob(glob: string, cwd: string, unreadable: string[]): Promise<Array<{ shown: string; abs: string }>> {
  const g = glob.replace(/\\/g, '/').replace(/^\.\//, '');
  const parts = g.split('/');
  const fixed: string[] = [];
  while (parts.length > 1 && !hasGlobSyntax(parts[0]!)) fixed.push(parts.shift()!);
  const base = path.resolve(cwd, ...fixed);
  const re = globToRegExp(parts.join('/'));
  const prefix = fixed.join('/');
  return (await walk(base, unreadable))
    .map((abs) => ({ abs, rel: path.relative(base, abs).split(path.sep).join('/') }))
    .filter((f) => re.test(f.rel))
    .map((f) => ({ shown: prefix ? `${prefix}/${f.rel}` : f.rel, abs: f.abs }));
}

/** Which absolute paths the given files, folders and globs cover (everything when none given). */
async function scopeOf(positional: string[], cwd: string): Promise<(abs: string) => boolean> {
  if (positional.length === 0) return () => true;
  const tests: Array<(abs: string) => boolean> = [];
  for (const p of positional) {
    if (p === '-') throw usageError('--changed checks files: "-" (text on stdin) cannot go with it');
    const abs = path.resolve(cwd, p);
    if (hasGlobSyntax(p) && !(await fs.stat(abs).catch(() => undefined))) {
      const re = globToRegExp(p.replace(/\\/g, '/').replace(/^\.\//, ''));
      tests.push((f) => re.test(path.relative(cwd, f).split(path.sep).join('/')));
    } else tests.push((f) => f === abs || f.startsWith(abs.endsWith(path.sep) ? abs : abs + path.sep));
  }
  return (abs) => tests.some((t) => t(abs));
}

/**
 * One path per line (or NUL-separated, as `git diff -z` prints); blank lines skipped; a name git
 * quoted because of unusual characters (`"a\tb.md"`) is unquoted.
 */
export function parseFileList(text: string): string[] {
  return text
    .split(text.includes('\0') ? '\0' : /\r?\n/)
    .map((l) => (text.includes('\0') ? l : l.trim()))
    .filter((l) => l.length > 0)
    .map((l) => (l.length > 1 && l.startsWith('"') && l.endsWith('"') ? unquoteGit(l.slice(1, -1)) : l));
}

/** Undoes git's C-style quoting of a path (`\t`, `\n`, `\"`, `\\`, octal bytes as UTF-8). */
function unquoteGit(s: string): string {
  const bytes: number[] = [];
  const simple: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== '\\' || i + 1 >= s.length) {
      bytes.push(...Buffer.from(c, 'utf8'));
      continue;
    }
    const n = s[i + 1]!;
    if (/[0-7]/.test(n) && /^[0-7]{3}$/.test(s.slice(i + 1, i + 4))) {
      bytes.push(parseInt(s.slice(i + 1, i + 4), 8));
      i += 3;
    } else {
      bytes.push(simple[n] ?? n.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

async function readListFile(file: string, cwd: string): Promise<string> {
  try {
    return await fs.readFile(path.resolve(cwd, file), 'utf8');
  } catch (e) {
    throw new VerityError('BAD_INPUT', `cannot read the file list ${file}: ${(e as { code?: string }).code === 'ENOENT' ? 'no such file' : String((e as { code?: string }).code ?? 'unreadable')}`);
  }
}

async function readStdin(io: CliIO): Promise<string> {
  if (!io.readStdin) throw new VerityError('BAD_INPUT', 'no standard input to read');
  return io.readStdin();
}

async function readInput(shownPath: string, abs: string): Promise<string> {
  if (/\.pdf$/i.test(abs)) throw new VerityError('BAD_INPUT', `${shownPath}: checking PDFs is not supported; check markdown or text files`);
  try {
    return await fs.readFile(abs, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new VerityError('BAD_INPUT', `cannot read ${shownPath}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (code ?? 'unreadable')}`);
  }
}
