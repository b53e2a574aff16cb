/**
 * A store is data, not authority: it is trusted only when this user wrote it. This layer wraps
 * any StoragePort and signs what the store writes: a ledger (`signature.json`) names every blob
 * with a digest of its bytes and carries an HMAC under a key only this user holds (kept outside
 * every workspace: the CLI's config folder, the editor's global storage). Reading through it, a
 * blob is served only when the ledger vouches for those exact bytes; anything else — a store
 * committed to a repository, copied from another user, or a file planted beside a signed store —
 * reads as absent, so the caller rebuilds it from the documents. Format-agnostic: it works the
 * same for JSON shards, immutable segments, the OCR cache and the folder record (workspace.json),
 * because it never looks inside a blob.
 *
 * Replacing a blob that keeps its name (a manifest) is done in three steps — ledger allowing the
 * old and the new digest, the blob, ledger with the new digest only — so a reader that opens the
 * store meanwhile never mistakes a save in progress for tampering.
 */
import type { StoragePort } from '../ports';

/** The ledger's name in the store folder; reads of it through the layer give nothing. */
export const SIGNATURE_NAME = 'signature.json';
const LEDGER_VERSION = 1;
const MAC_CONTEXT = 'verity-store-ledger/1\n';

/** Digest and MAC under the user's key (node:crypto in src/node/storeKey.ts). */
export interface StoreSigner {
  /** A collision-resistant digest of a blob, as hex (SHA-256). */
  digest(bytes: Uint8Array): string;
  /** A MAC of `text` under the user's key, as hex (HMAC-SHA-256). */
  mac(text: string): string;
}

/**
 * `signed`: the ledger is valid under this user's key. `empty`: nothing stored yet (a new
 * store). `unsigned`: blobs without a ledger (an older Verity, or not written by Verity).
 * `foreign`: a ledger signed with another key (another user or machine), or damaged.
 */
export type StoreTrust = 'signed' | 'empty' | 'unsigned' | 'foreign';

export interface TrustedStorage extends StoragePort {
  readonly trust: StoreTrust;
  /** True for `signed` and `empty`: the store's contents are this user's own. */
  readonly trusted: boolean;
}

export interface TrustOptions {
  /** Called once per blob whose bytes differ from what this user wrote. */
  onTampered?: (name: string) => void;
}

type Ledger = Map<string, string[]>;

/** The canonical text the MAC covers: entries sorted by name, each with its allowed digests. */
function ledgerText(ledger: Ledger): string {
  return MAC_CONTEXT + JSON.stringify([...ledger].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}

/** Parses and verifies a ledger; undefined when it is not one or its MAC is not this user's. */
function readLedger(bytes: Uint8Array, signer: StoreSigner): Ledger | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
  const d = doc as { version?: unknown; blobs?: unknown; mac?: unknown };
  if (typeof doc !== 'object' || doc === null || d.version !== LEDGER_VERSION || typeof d.mac !== 'string' || !Array.isArray(d.blobs)) return undefined;
  const ledger: Ledger = new Map();
  for (const entry of d.blobs as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Array.isArray(entry[1]) || !entry[1].every((x) => typeof x === 'string')) return undefined;
    ledger.set(entry[0], entry[1] as string[]);
  }
  return constantTimeEqual(signer.mac(ledgerText(ledger)), d.mac) ? ledger : undefined;
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Names a store lists that are not content: the writer's lock. */
const NOT_CONTENT = new Set([SIGNATURE_NAME, 'lock']);

/**
 * Wraps `inner` so that only blobs this user wrote are read. Without a signer (no key could be
 * kept) nothing stored is trusted and nothing written is signed: every run starts from the
 * documents, which is slow but never wrong.
 */
export async function openTrustedStorage(inner: StoragePort, signer: StoreSigner | undefined, opts: TrustOptions = {}): Promise<TrustedStorage> {
  const load = async (): Promise<Ledger | undefined> => {
    if (!signer) return undefined;
    const raw = await inner.read(SIGNATURE_NAME).catch(() => undefined);
    return raw ? readLedger(raw, signer) : undefined;
  };
  let ledger = await load();
  const hasContent = (await inner.list().catch(() => [] as string[])).some((n) => !NOT_CONTENT.has(n));
  const rawLedger = ledger ? undefined : await inner.read(SIGNATURE_NAME).catch(() => undefined);
  const trust: StoreTrust = ledger ? 'signed' : rawLedger ? 'foreign' : hasContent ? 'unsigned' : 'empty';
  // an untrusted store is signed afresh by the first write; its old blobs stay unlisted, unread
  ledger ??= new Map();
  const tampered = new Set<string>();

  const flush = async (): Promise<void> => {
    if (!signer) return;
    const text = ledgerText(ledger!);
    const doc = { version: LEDGER_VERSION, blobs: [...ledger!].sort((a, b) => (a[0] < b[0] ? -1 : 1)), mac: signer.mac(text) };
    await inner.write(SIGNATURE_NAME, new TextEncoder().encode(JSON.stringify(doc)));
  };

  /** The blob, when the ledger vouches for its bytes. */
  const verified = async (name: string, allowRefresh: boolean): Promise<Uint8Array | undefined> => {
    if (!signer || NOT_CONTENT.has(name)) return undefined;
    const allowed = ledger!.get(name);
    if (!allowed) {
      // a writer may have signed it after this reader opened the ledger
      if (allowRefresh && trust === 'signed' && (await refresh())) return verified(name, false);
      return undefined;
    }
    const bytes = await inner.read(name);
    if (!bytes) return undefined;
    if (allowed.includes(signer.digest(bytes))) return bytes;
    if (allowRefresh && (await refresh())) return verified(name, false);
    if (!tampered.has(name)) {
      tampered.add(name);
      opts.onTampered?.(name);
    }
    return undefined;
  };
  /** Re-reads the ledger; true when it changed (a concurrent writer saved). */
  const refresh = async (): Promise<boolean> => {
    const next = await load();
    if (!next || ledgerText(next) === ledgerText(ledger!)) return false;
    ledger = next;
    return true;
  };

  return {
    trust,
    trusted: trust === 'signed' || trust === 'empty',
    read: (name) => verified(name, true),
    async write(name, data) {
      if (NOT_CONTENT.has(name)) throw new Error(`${name} is reserved in a store`);
      const digest = signer?.digest(data);
      const before = ledger!.get(name);
      if (digest && before && !before.includes(digest)) {
        // replacing a named blob: allow both versions while it is swapped
        ledger!.set(name, [...before, digest]);
        await flush();
      }
      await inner.write(name, data);
      if (digest) {
        ledger!.set(name, [digest]);
        await flush();
      }
    },
    async remove(name) {
      await inner.remove(name);
      if (ledger!.delete(name)) await flush();
    },
    async list() {
      return (await inner.list()).filter((n) => !NOT_CONTENT.has(n));
    },
  };
}
