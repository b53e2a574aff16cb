/**
 * The little the CLI asks git: which files changed since a ref (`verity check --changed`), and
 * where a run happens (repository, commit, branch) for SARIF's versionControlProvenance. git is
 * run as a child process with arguments, never through a shell.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { VerityError } from '../core/errors';

interface GitResult {
  ok: boolean;
  stdout: string;
  stderr: string;
  /** git is not installed (or not on PATH). */
  missing?: boolean;
}

function git(cwd: string, args: string[]): Promise<GitResult> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8', windowsHide: true }, (err, stdout, stderr) => {
      const code = (err as NodeJS.ErrnoException | null)?.code;
      resolve({ ok: !err, stdout, stderr: String(stderr ?? ''), missing: code === 'ENOENT' });
    });
  });
}

const firstLine = (s: string): string => s.trim().split('\n')[0]?.replace(/^fatal:\s*/, '') ?? '';

/** The top folder of the git repository holding `cwd`, or undefined outside one (or without git). */
export async function gitTop(cwd: string): Promise<string | undefined> {
  const r = await git(cwd, ['rev-parse', '--show-toplevel']);
  return r.ok ? path.resolve(r.stdout.trim()) : undefined;
}

/** True when `ref` names a commit in the repository holding `cwd`. */
export async function isCommit(cwd: string, ref: string): Promise<boolean> {
  if (ref.startsWith('-')) return false;
  return (await git(cwd, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])).ok;
}

/**
 * Absolute paths of the files changed since `ref` (default HEAD): what the working tree changed
 * against the merge base of `ref` and HEAD (what a branch changed, not what `ref` gained since),
 * plus new files git does not ignore. Deleted files are included (the caller reports them).
 */
export async function changedFiles(cwd: string, ref = 'HEAD'): Promise<string[]> {
  const top = await git(cwd, ['rev-parse', '--show-toplevel']);
  if (top.missing) throw new VerityError('BAD_INPUT', '--changed needs git, and git was not found on PATH');
  if (!top.ok) throw new VerityError('BAD_INPUT', `--changed needs a git repository: ${firstLine(top.stderr) || 'not inside one'}`);
  const root = path.resolve(top.stdout.trim());
  if (!(await isCommit(cwd, ref))) {
    throw new VerityError('BAD_INPUT', `--changed ${ref}: git knows no commit by that name${ref.includes('/') ? ` (fetch it first, e.g. git fetch ${ref.replace('/', ' ')})` : ''}`);
  }
  let base = ref;
  if (ref !== 'HEAD') {
    const mb = await git(cwd, ['merge-base', '--end-of-options', ref, 'HEAD']);
    if (!mb.ok) {
      throw new VerityError('BAD_INPUT', `--changed ${ref}: no common history with HEAD (a shallow clone? fetch the history, e.g. actions/checkout with fetch-depth: 0)`);
    }
    base = mb.stdout.trim();
  }
  const diff = await git(root, ['diff', '--name-only', '-z', '--no-renames', '--end-of-options', base, '--']);
  if (!diff.ok) throw new VerityError('BAD_INPUT', `--changed ${ref}: git diff failed: ${firstLine(diff.stderr)}`);
  const untracked = await git(root, ['ls-files', '--others', '--exclude-standard', '-z']);
  const names = [...diff.stdout.split('\0'), ...(untracked.ok ? untracked.stdout.split('\0') : [])].filter(Boolean);
  return [...new Set(names.map((n) => path.join(root, n)))];
}

export interface GitProvenance {
  /** The repository's top folder. */
  top: string;
  /** Where the repository lives (origin's URL without credentials), or the top folder's file URL. */
  repositoryUri: string;
  revisionId?: string;
  branch?: string;
}

/** Repository, commit and branch of `cwd`, or undefined outside a repository. */
export async function gitProvenance(cwd: string): Promise<GitProvenance | undefined> {
  const top = await gitTop(cwd);
  if (!top) return undefined;
  const [rev, branch, remote] = await Promise.all([
    git(cwd, ['rev-parse', '--verify', '--quiet', 'HEAD']),
    git(cwd, ['symbolic-ref', '--quiet', '--short', 'HEAD']),
    git(cwd, ['remote', 'get-url', 'origin']),
  ]);
  const remoteUri = remote.ok ? withoutCredentials(remote.stdout.trim()) : undefined;
  return {
    top,
    repositoryUri: remoteUri ?? pathToFileURL(top).href,
    ...(rev.ok && rev.stdout.trim() ? { revisionId: rev.stdout.trim() } : {}),
    ...(branch.ok && branch.stdout.trim() ? { branch: branch.stdout.trim() } : {}),
  };
}

/**
 * A remote URL fit to print in a report: `https://user:token@host/x` loses its user and token;
 * scp-like `git@host:owner/repo.git` becomes `ssh://host/owner/repo.git` (a URI, without the
 * user); anything else that is not a URI is dropped.
 */
export function withoutCredentials(url: string): string | undefined {
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/\/)(.+)$/.exec(url);
  if (scp && !/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return `ssh://${scp[1]}/${scp[2]!.replace(/^\/+/, '')}`;
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.href;
  } catch {
    return undefined;
  }
}
