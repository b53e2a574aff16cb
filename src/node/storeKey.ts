/**
 * The per-user key that signs Verity's stores (see core/index/storeTrust.ts). It lives outside
 * every workspace — the CLI keeps it in the user's config folder ($XDG_CONFIG_HOME/verity, else
 * ~/.config/verity; %APPDATA%\verity on Windows), the editor in its global storage — in a file
 * only its owner may read or write (0600, folder 0700). A key file others can read or write is
 * refused the way ssh refuses such a private key: a key someone else can read signs nothing.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VerityError } from '../core/errors';
import { openTrustedStorage, type StoreSigner, type TrustedStorage, type TrustOptions } from '../core/index/storeTrust';
import { createFsStorage } from './fsStorage';

export const STORE_KEY_FILE = 'store-key';

/** The user's config folder for Verity (created on demand by {@link loadOrCreateStoreKey}). */
export function userConfigDir(env: Record<string, string | undefined>): string {
  if (env.VERITY_CONFIG_DIR) return path.resolve(env.VERITY_CONFIG_DIR);
  if (process.platform === 'win32' && env.APPDATA) return path.join(env.APPDATA, 'verity');
  if (env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME)) return path.join(env.XDG_CONFIG_HOME, 'verity');
  return path.join(env.HOME || os.homedir(), '.config', 'verity');
}

/**
 * The key in `dir/store-key`, created (32 random bytes, mode 0600, folder 0700) when missing.
 * Two processes creating it at once agree on one key (exclusive create, then read). Throws
 * STORE_KEY with a one-line reason when the key cannot be kept safely.
 */
export async function loadOrCreateStoreKey(dir: string): Promise<Buffer> {
  const file = path.join(dir, STORE_KEY_FILE);
  const fail = (why: string): VerityError => new VerityError('STORE_KEY', `cannot use the store key ${file}: ${why}`);
  try {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (e) {
    throw fail(errnoText(e));
  }
  let created = false;
  try {
    const handle = await fs.open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
    try {
      await handle.writeFile(`${randomBytes(32).toString('hex')}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    created = true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw fail(errnoText(e));
  }
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    throw fail((e as NodeJS.ErrnoException).code === 'ELOOP' ? 'it is a symbolic link' : errnoText(e));
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw fail('not a regular file');
    if (process.platform !== 'win32') {
      if (typeof process.getuid === 'function' && st.uid !== process.getuid()) throw fail(`it belongs to another user (uid ${st.uid})`);
      if ((st.mode & 0o077) !== 0) throw fail(`other users may read or change it (mode ${(st.mode & 0o777).toString(8)}): run chmod 600 ${file}`);
    }
    const text = (await handle.readFile('utf8')).trim();
    if (!/^[0-9a-f]{64}$/.test(text)) {
      // a half-written key from a crash right after creating it; only its creator may redo it
      throw fail(created ? 'it could not be written' : 'it is not a Verity key (64 hex digits); delete it and a new one is made');
    }
    return Buffer.from(text, 'hex');
  } finally {
    await handle.close();
  }
}

/** SHA-256 digests and HMAC-SHA-256 under `key`. */
export function createStoreSigner(key: Buffer): StoreSigner {
  return {
    digest: (bytes) => createHash('sha256').update(bytes).digest('hex'),
    mac: (text) => createHmac('sha256', key).update(text, 'utf8').digest('hex'),
  };
}

function errnoText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOSPC') return 'the disk is full';
  return code ?? (e instanceof Error ? e.message : String(e));
}

/**
 * The one call an adapter makes for a signed store on disk: the key from `keyDir` (the CLI's
 * config folder, the editor's global storage), the store folder wrapped so only blobs this user
 * wrote are read. Without a usable key (reported through `onKeyProblem`) nothing stored is
 * trusted and the caller rebuilds from the documents.
 */
export async function openSignedFsStore(storeDir: string, keyDir: string, opts: TrustOptions & { onKeyProblem?: (message: string) => void } = {}): Promise<TrustedStorage> {
  let signer: StoreSigner | undefined;
  try {
    signer = createStoreSigner(await loadOrCreateStoreKey(keyDir));
  } catch (e) {
    opts.onKeyProblem?.(e instanceof Error ? e.message : String(e));
  }
  return openTrustedStorage(createFsStorage(storeDir), signer, opts);
}
