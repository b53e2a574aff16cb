/** Node's file-system and network errors as one line a person can act on (no stack). */

const MEANING: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EEXIST: 'a file is in the way (a folder is needed there)',
  ENOTDIR: 'a file is in the way (a folder is needed there)',
  EISDIR: 'it is a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EMFILE: 'too many open files',
  EADDRINUSE: 'the port is already in use',
};

const VERB: Record<string, string> = { mkdir: 'create', open: 'open', rename: 'write', write: 'write', scandir: 'list', stat: 'read', read: 'read', listen: 'listen on' };

/** `cannot create /x/.verity: a file is in the way … (EEXIST)`, or undefined for other errors. */
export function systemErrorLine(e: unknown): string | undefined {
  const err = e as { code?: unknown; syscall?: unknown; path?: unknown; address?: unknown; port?: unknown } | undefined;
  if (!err || typeof err.code !== 'string' || !/^E[A-Z]+$/.test(err.code)) return undefined;
  const syscall = typeof err.syscall === 'string' ? err.syscall : '';
  const target = typeof err.path === 'string' ? err.path : err.port !== undefined ? `${String(err.address ?? '')}:${String(err.port)}` : '';
  const verb = VERB[syscall] ?? (syscall || 'use');
  return `cannot ${verb}${target ? ` ${target}` : ''}: ${MEANING[err.code] ?? 'system error'} (${err.code})`;
}
