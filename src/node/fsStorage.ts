import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { StoragePort } from '../core/ports';

/**
 * A folder of snapshot blobs. Writes go to a unique temp file in the same folder, are fsync'd,
 * then renamed over the target, so a reader sees the old or the new file and never half of one.
 */
export function createFsStorage(dir: string): StoragePort {
  const safe = (name: string): string => {
    if (!/^[\w.-]+$/.test(name)) throw new Error(`invalid snapshot name: ${name}`);
    return path.join(dir, name);
  };
  return {
    async read(name) {
      try {
        return new Uint8Array(await fs.readFile(safe(name)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
    },
    async write(name, data) {
      await fs.mkdir(dir, { recursive: true });
      const target = safe(name);
      const tmp = `${target}.${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`;
      const handle = await fs.open(tmp, 'w');
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
