import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import type { StoragePort } from '../core/ports';

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * A folder of snapshot blobs. Writes go to a unique temp file in the same folder, are fsync'd,
 * then renamed over the target, so a reader sees the old or the new file and never half of one.
 * A write killed midway leaves its temp file behind: the first write of a later run removes temp
 * files whose writing process is gone. Blobs are opened without following symbolic links, so a
 * store folder cannot be made to read files elsewhere.
 */
export function createFsStorage(dir: string): StoragePort {
  const safe = (name: string): string => {
    if (!/^[\w.-]+$/.test(name) || name === '.' || name === '..') throw new Error(`invalid snapshot name: ${name}`);
    return path.join(dir, name);
  };
  let swept: Promise<void> | undefined;
  return {
    async read(name) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(safe(name), constants.O_RDONLY | NOFOLLOW);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return undefined;
        if (code === 'ELOOP' || code === 'EMLINK') throw new Error(`${name} in the store is a symbolic link: not followed`);
        throw e;
      }
      try {
        if (!(await handle.stat()).isFile()) throw new Error(`${name} in the store is not a regular file`);
        return new Uint8Array(await handle.readFile());
      } finally {
        await handle.close();
      }
    },
    async write(name, data) {
      await fs.mkdir(dir, { recursive: true });
      await (swept ??= sweepTempFiles(dir));
      const target = safe(name);
      const tmp = `${target}.${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`;
      // 'wx': never reuse or follow an existing entry at the temp name.
      const handle = await fs.open(tmp, 'wx');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await fs.rename(tmp, target);
      } catch (e) {
        await fs.rm(tmp, { force: true });
        throw e;
      }
    },
    async remove(name) {
      await fs.rm(safe(name), { force: true });
    },
    async list() {
      try {
        return (await fs.readdir(dir)).filter((n) => !n.endsWith('.tmp'));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw e;
      }
    },
  };
}

/** Removes `<name>.<pid>.<stamp>.tmp` files left by writers that no longer run. */
export async function sweepTempFiles(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return;
  }
  for (const n of names) {
    const m = /\.(\d+)\.[a-z0-9]+\.tmp$/.exec(n);
    if (m === null || isAlive(Number(m[1]))) continue;
    await fs.rm(path.join(dir, n), { force: true }).catch(() => undefined);
  }
}

/** Whether a process with this id runs (signal 0 probes without sending anything). */
export function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
