/**
 * What a store folder remembers besides its index — the folder it indexes, the limits and draft
 * patterns it was indexed with (`workspace.json`) — and the user's signing key for the CLI. Both
 * go through the trusted storage layer (core/index/storeTrust.ts), so a store this user did not
 * write has no folder, limits or drafts to offer.
 */
import path from 'node:path';
import type { Logger, StoragePort } from '../core/ports';
import type { StoreSigner } from '../core/index/storeTrust';
import { isVerityError } from '../core/errors';
import { createStoreSigner, loadOrCreateStoreKey, userConfigDir } from '../node/storeKey';
import type { CliIO } from './io';
import { limitsFromJson, type IndexLimits } from './limits';

/** The file in a store folder that remembers which folder it indexes. */
export const WORKSPACE_FILE = 'workspace.json';

export interface StoreInfo {
  root: string;
  limits: IndexLimits;
  /** Draft patterns given to `verity index --drafts`, when any. */
  drafts?: string[];
}

/** The folder record of a store (undefined when it has none the layer vouches for). */
export async function readStoreInfo(storage: StoragePort, logger: Logger): Promise<StoreInfo | undefined> {
  const raw = await storage.read(WORKSPACE_FILE).catch(() => undefined);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(new TextDecoder().decode(raw)) as { root?: unknown; limits?: unknown; drafts?: unknown };
    if (typeof parsed.root !== 'string' || !path.isAbsolute(parsed.root)) return undefined;
    const drafts = Array.isArray(parsed.drafts) && parsed.drafts.every((d) => typeof d === 'string') ? (parsed.drafts as string[]) : undefined;
    return { root: parsed.root, limits: limitsFromJson(parsed.limits, (m) => logger.warn(m)), ...(drafts ? { drafts } : {}) };
  } catch {
    return undefined;
  }
}

/** Records the folder, limits and drafts a store indexes with. */
export async function writeStoreInfo(storage: StoragePort, info: StoreInfo): Promise<void> {
  await storage.write(WORKSPACE_FILE, new TextEncoder().encode(JSON.stringify(info) + '\n'));
}

/** The storage with writes turned into a note: for commands that only read. */
export function readOnlyStorage(storage: StoragePort, onWrite: () => void): StoragePort {
  return {
    readOnly: true,
    read: (name) => storage.read(name),
    list: () => storage.list(),
    // segments are read by offset (a store of a million passages is not read whole)
    ...(storage.open ? { open: (name: string) => storage.open!(name) } : {}),
    write: async () => onWrite(),
    remove: async () => onWrite(),
  };
}

/** Signers of this run, by config folder (forgotten by {@link forgetSigners} when a run ends). */
const signers = new Map<string, Promise<StoreSigner | undefined>>();

/** Ends a run: the next one reads the key again (and checks its permissions again). */
export function forgetSigners(): void {
  signers.clear();
}

/**
 * The signer made from this user's key (created on first use), or undefined with one warning
 * when no key can be kept: then no store is trusted and every run reads the documents.
 */
export function cliSigner(io: CliIO, logger: Logger): Promise<StoreSigner | undefined> {
  const dir = userConfigDir({ ...process.env, ...io.env });
  let signer = signers.get(dir);
  if (!signer) {
    signer = loadOrCreateStoreKey(dir).then(createStoreSigner, (e: unknown) => {
      logger.warn(`${isVerityError(e) ? e.message : String(e)}; no store can be trusted, so every command reads the documents again`);
      signers.delete(dir);
      return undefined;
    });
    signers.set(dir, signer);
  }
  return signer;
}
