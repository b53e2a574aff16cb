import { closeSync, constants, fstatSync, openSync, promises as fs, readSync } from 'node:fs';
import path from 'node:path';
import type { BlobWriter, RandomAccessBlob, StoragePort } from '../core/ports';

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * A folder of snapshot blobs. Writes go to a unique temp file in the same folder, are fsync'd,
 * then renamed over the target, so a reader sees the old or the new file and never half of one.
 * A write killed midway leaves its temp file behind: the first write of a later run removes temp
 * files whose writing process is gone. Blobs are opened without following symbolic links, so a
 * store folder cannot be made to read files elsewhere. Large blobs are written in pieces through
 * the same temp file + rename, and read by offset through an open descriptor (`open`): a file
 * deleted while open stays readable through it (POSIX), which is what lets a reader keep the
 * segments it opened while a writer merges them away.
 */
export function createFsStorage(dir: string): StoragePort {
  const safe = (name: string): string => {
    if (!/^[\w.-]+$/.test(name) || name === '.' || name === '..') throw new Error(`invalid snapshot name: ${name}`);
    return path.join(dir, name);
  };
  let swept: Promise<void> | undefined;
  /** A temp file in the folder, renamed over `name` on commit. */
  const createWriter = async (name: string): Promise<BlobWriter> => {
    await fs.mkdir(dir, { recursive: true });
    await (swept ??= sweepTempFiles(dir));
    const target = safe(name);
    const tmp = `${target}.${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`;
    // 'wx': never reuse or follow an existing entry at the temp name.
    const handle = await fs.open(tmp, 'wx');
    let open = true;
    const close = async (): Promise<void> => {
      if (open) await handle.close();
      open = false;
    };
    return {
      async write(chunk) {
        let at = 0;
        while (at < chunk.length) at += (await handle.write(chunk, at, chunk.length - at)).bytesWritten;
      },
      async commit() {
        try {
          await handle.sync();
          await close();
          await fs.rename(tmp, target);
        } catch (e) {
          await close().catch(() => undefined);
          await fs.rm(tmp, { force: true });
          throw e;
        }
      },
      async abort() {
        await close().catch(() => undefined);
        await fs.rm(tmp, { force: true });
      },
    };
  };
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
        const st = await handle.stat();
        if (!st.isFile()) throw new Error(`${name} in the store is not a regular file`);
        return await readWhole(handle, st.size);
      } finally {
        await handle.close();
      }
    },
    async write(name, data) {
      const w = await createWriter(name);
      try {
        await w.write(data);
      } catch (e) {
        await w.abort();
        throw e;
      }
      await w.commit();
    },
    createWriter: (name) => createWriter(name),
    async open(name) {
      let fd: number;
      try {
        fd = openSync(safe(name), constants.O_RDONLY | NOFOLLOW);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return undefined;
        if (code === 'ELOOP' || code === 'EMLINK') throw new Error(`${name} in the store is a symbolic link: not followed`);
        throw e;
      }
      const st = fstatSync(fd);
      if (!st.isFile()) {
        closeSync(fd);
        throw new Error(`${name} in the store is not a regular file`);
      }
      return openedBlob(fd, st.size, name);
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

/**
 * The whole of an open file, read straight into one array of the size `fstat` gave (a segment's
 * main file is ≈ 20 MB at 1M passages): `FileHandle.readFile` reads in small pieces, joins them
 * and the caller then copied the result, which cost ≈ 1.9 s of CPU for the 8 main files of a
 * 1M store against ≈ 0.3 s this way. Blobs are replaced by rename, never written in place, so
 * the size holds; a file that still grew or shrank meanwhile is read to its end all the same.
 */
export async function readWhole(handle: fs.FileHandle, size: number): Promise<Uint8Array> {
  let out = new Uint8Array(size);
  let at = 0;
  for (;;) {
    if (at === out.length) {
      // full: one more read tells the end of the file from a file that grew
      const probe = new Uint8Array(64 * 1024);
      const { bytesRead } = await handle.read(probe, 0, probe.length, at);
      if (bytesRead === 0) return out;
      const grown = new Uint8Array(Math.max(out.length * 2, at + bytesRead));
      grown.set(out);
      grown.set(probe.subarray(0, bytesRead), at);
      out = grown;
      at += bytesRead;
      continue;
    }
    const { bytesRead } = await handle.read(out, at, out.length - at, at);
    if (bytesRead === 0) return out.subarray(0, at);
    at += bytesRead;
  }
}

/** Reads of one open file by offset; the size is fixed at open (blobs are immutable). */
function openedBlob(fd: number, size: number, name: string): RandomAccessBlob {
  let closed = false;
  return {
    size,
    read(position, length) {
      if (closed) throw new Error(`${name}: read after close`);
      if (position < 0 || length < 0 || position + length > size) throw new Error(`${name}: read of ${length} bytes at ${position} is outside its ${size} bytes`);
      const out = new Uint8Array(length);
      let at = 0;
      while (at < length) {
        const n = readSync(fd, out, at, length - at, position + at);
        if (n === 0) throw new Error(`${name}: file shorter than expected`);
        at += n;
      }
      return out;
    },
    close() {
      if (closed) return;
      closed = true;
      closeSync(fd);
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
