/**
 * One writer per store. `verity index` holds `<store>/lock` (created exclusively, holding the
 * writer's pid) while it writes; a second writer waits for it and then fails with one clear
 * line, and a lock left by a process that no longer runs is taken over. Readers take no lock:
 * they never write (see openVerity.ts), and every snapshot write is an atomic rename.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VerityError } from '../core/errors';
import { isAlive } from './fsStorage';

const LOCK_FILE = 'lock';

export interface StoreLockOptions {
  /** How long to wait for another writer (default 10 s). */
  waitMs?: number;
  /** Poll interval while waiting (default 100 ms). */
  pollMs?: number;
}

/** Takes the store's write lock; resolves with its release function, or throws STORE_LOCKED. */
export async function lockStore(storeDir: string, opts: StoreLockOptions = {}): Promise<() => Promise<void>> {
  const file = path.join(storeDir, LOCK_FILE);
  const waitMs = opts.waitMs ?? 10_000;
  const pollMs = opts.pollMs ?? 100;
  const until = Date.now() + waitMs;
  await fs.mkdir(storeDir, { recursive: true }).catch((e: unknown) => {
    throw readOnlyError(storeDir, e) ?? e;
  });
  const body = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });
  for (;;) {
    try {
      await fs.writeFile(file, body, { flag: 'wx' });
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await fs.rm(file, { force: true }).catch((e: unknown) => {
          // a folder made read-only meanwhile keeps the lock file (the run has said STORE_READ_ONLY
          // already); the next writer takes it over, as its pid is gone
          if (!readOnlyError(storeDir, e)) throw e;
        });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw readOnlyError(storeDir, e) ?? e;
    }
    const holder = await readHolder(file);
    if (holder !== undefined && holder.host === os.hostname() && !isAlive(holder.pid)) {
      // The writer died without releasing: its lock means nothing any more.
      await fs.rm(file, { force: true }).catch((e: unknown) => {
        throw readOnlyError(storeDir, e) ?? e;
      });
      continue;
    }
    if (Date.now() >= until) {
      const who = holder ? `process ${holder.pid}${holder.host !== os.hostname() ? ` on ${holder.host}` : ''}` : 'another process';
      throw new VerityError('STORE_LOCKED', `${storeDir} is being written by ${who}; wait for it to finish (or remove ${file} if no verity runs).`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/**
 * STORE_READ_ONLY for a write refused by permissions or a read-only file system (so the user is
 * not sent after a stale lock), or undefined for other errors.
 */
export function readOnlyError(storeDir: string, e: unknown): VerityError | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code !== 'EACCES' && code !== 'EPERM' && code !== 'EROFS') return undefined;
  const why = code === 'EROFS' ? 'the file system is read-only' : 'permission denied';
  return new VerityError('STORE_READ_ONLY', `the store folder is read-only: ${storeDir} (${why}); make it writable, or pass another --store`);
}

async function readHolder(file: string): Promise<{ pid: number; host: string } | undefined> {
  try {
    const h = JSON.parse(await fs.readFile(file, 'utf8')) as { pid?: unknown; host?: unknown };
    return typeof h.pid === 'number' && typeof h.host === 'string' ? { pid: h.pid, host: h.host } : undefined;
  } catch {
    return undefined;
  }
}
