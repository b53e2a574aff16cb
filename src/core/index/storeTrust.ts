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
 * Large blobs read by offset (a segment's postings and stored fields: `open`, written through
 * `createWriter`) are not hashed whole on every open — at a million passages that would be
 * gigabytes per `verity search`. Their writer records a digest per block of {@link SUM_BLOCK}
 * bytes in a sidecar (`<name>.sums`, hidden from listings), the ledger signs the digest of that
 * sidecar, and every read by offset verifies the blocks it touches: a changed byte is caught by
 * the read that would have used it (a FormatError, which the index turns into a rebuild).
 *
 * Replacing a blob that keeps its name (a manifest) is done in three steps — ledger allowing the
 * old and the new digest, the blob, ledger with the new digest only — so a reader that opens the
 * store meanwhile never mistakes a save in progress for tampering.
 */
import type { BlobWriter, RandomAccessBlob, StoragePort } from '../ports';
import { FormatError } from './bytes';

/** The ledger's name in the store folder; reads of it through the layer give nothing. */
export const SIGNATURE_NAME = 'signature.json';
const LEDGER_VERSION = 1;
const MAC_CONTEXT = 'verity-store-ledger/1\n';
/** Suffix of the block-digest sidecar of a blob written in pieces. */
export const SUMS_SUFFIX = '.sums';
/** Bytes per verified block of a blob read by offset. */
export const SUM_BLOCK = 8 * 1024;
/** Verified blocks kept per open blob (512 KB): reads next to each other hash once. */
const RECENT_BLOCKS = 64;
const SUMS_HEADER = 'verity-sums/1';
/** How a ledger entry names a blob verified by blocks: the digest of its sidecar. */
const SUMS_PREFIX = 'sums:';

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

/** Names a store lists that are not content: the writer's lock, the ledger, block sidecars. */
const NOT_CONTENT_NAMES = new Set([SIGNATURE_NAME, 'lock']);
const NOT_CONTENT = { has: (name: string): boolean => NOT_CONTENT_NAMES.has(name) || name.endsWith(SUMS_SUFFIX) };

/** The sidecar of `size` bytes whose blocks have these digests. */
function sumsText(size: number, digests: string[]): Uint8Array {
  return new TextEncoder().encode(`${SUMS_HEADER} ${size} ${SUM_BLOCK}\n${digests.map((d) => `${d}\n`).join('')}`);
}

/** The block digests of a sidecar, compared in place (a million passages: ~18 MB of them). */
interface BlockSums {
  size: number;
  /** True when `digest` (hex) is the one recorded for block `b`. */
  matches(b: number, digest: string): boolean;
}

/** Size and block digests of a sidecar, undefined when it is not one (its bytes are signed: only the shape is checked). */
function parseSums(bytes: Uint8Array): BlockSums | undefined {
  const nl = bytes.indexOf(10);
  if (nl < 0 || nl > 64) return undefined;
  const head = /^verity-sums\/1 (\d{1,15}) (\d{1,9})$/.exec(new TextDecoder().decode(bytes.subarray(0, nl)));
  if (!head || Number(head[2]) !== SUM_BLOCK) return undefined;
  const size = Number(head[1]);
  const body = nl + 1;
  if (bytes.length - body !== Math.ceil(size / SUM_BLOCK) * 65) return undefined;
  return {
    size,
    matches(b, digest) {
      const at = body + b * 65;
      if (digest.length !== 64 || bytes[at + 64] !== 10) return false;
      for (let i = 0; i < 64; i++) if (bytes[at + i] !== digest.charCodeAt(i)) return false;
      return true;
    },
  };
}

/** Block digests of whole bytes (what a writer in pieces records). */
function blockDigests(bytes: Uint8Array, signer: StoreSigner): string[] {
  const out: string[] = [];
  for (let at = 0; at < bytes.length; at += SUM_BLOCK) out.push(signer.digest(bytes.subarray(at, Math.min(bytes.length, at + SUM_BLOCK))));
  return out;
}

/**
 * Wraps `inner` so that only blobs this user wrote are read. Without a signer (no key could be
 * kept) nothing stored is trusted and nothing written is signed: every run starts from the
 * documents, which is slow but never wrong (what the run itself writes it reads back).
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
  const reportTampered = (name: string): void => {
    if (tampered.has(name)) return;
    tampered.add(name);
    opts.onTampered?.(name);
  };

  // Writes of the ledger run one after another, each with the ledger as it is when it starts: a
  // segment's files are committed side by side, and an older ledger must not land last. A
  // request made while one waits to start joins it (it will carry this change too).
  let flushing: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | undefined;
  const flush = (): Promise<void> => {
    if (!signer) return Promise.resolve();
    if (waiting) return waiting;
    const next = flushing.then(async () => {
      waiting = undefined;
      const text = ledgerText(ledger!);
      const doc = { version: LEDGER_VERSION, blobs: [...ledger!].sort((a, b) => (a[0] < b[0] ? -1 : 1)), mac: signer.mac(text) };
      await inner.write(SIGNATURE_NAME, new TextEncoder().encode(JSON.stringify(doc)));
    });
    waiting = next;
    flushing = next.catch(() => undefined);
    return next;
  };

  /** True when the ledger vouches for `bytes` as `name` (whole, or by its block digests). */
  const vouches = (allowed: string[], bytes: Uint8Array): boolean => {
    if (allowed.includes(signer!.digest(bytes))) return true;
    return allowed.some((a) => a.startsWith(SUMS_PREFIX)) && allowed.includes(SUMS_PREFIX + signer!.digest(sumsText(bytes.length, blockDigests(bytes, signer!))));
  };

  // Without a key nothing stored before is read, but what this run writes it reads back (a new
  // segment is opened right after it is written).
  const ownWrites = new Set<string>();

  /** The blob, when the ledger vouches for its bytes. */
  const verified = async (name: string, allowRefresh: boolean): Promise<Uint8Array | undefined> => {
    if (NOT_CONTENT.has(name)) return undefined;
    if (!signer) return ownWrites.has(name) ? inner.read(name) : undefined;
    const allowed = ledger!.get(name);
    if (!allowed) {
      // a writer may have signed it after this reader opened the ledger
      if (allowRefresh && trust === 'signed' && (await refresh())) return verified(name, false);
      return undefined;
    }
    const bytes = await inner.read(name);
    if (!bytes) return undefined;
    if (vouches(allowed, bytes)) return bytes;
    if (allowRefresh && (await refresh())) return verified(name, false);
    reportTampered(name);
    return undefined;
  };
  /** Re-reads the ledger; true when it changed (a concurrent writer saved). */
  const refresh = async (): Promise<boolean> => {
    const next = await load();
    if (!next || ledgerText(next) === ledgerText(ledger!)) return false;
    ledger = next;
    return true;
  };

  /**
   * Opens a blob for reads by offset. One written in pieces is checked by blocks as it is read
   * (its sidecar, signed through the ledger, holds the digests); any other is read whole and
   * checked once.
   */
  const openVerified = async (name: string, allowRefresh: boolean): Promise<RandomAccessBlob | undefined> => {
    if (NOT_CONTENT.has(name)) return undefined;
    if (!signer) {
      if (!ownWrites.has(name)) return undefined;
      if (inner.open) return inner.open(name);
      const bytes = await inner.read(name);
      return bytes ? memoryBlob(name, bytes) : undefined;
    }
    const allowed = ledger!.get(name);
    if (!allowed) {
      if (allowRefresh && trust === 'signed' && (await refresh())) return openVerified(name, false);
      return undefined;
    }
    if (!inner.open || !allowed.some((a) => a.startsWith(SUMS_PREFIX))) {
      const bytes = await verified(name, allowRefresh);
      return bytes ? memoryBlob(name, bytes) : undefined;
    }
    const rawSums = await inner.read(name + SUMS_SUFFIX);
    const sums = rawSums && allowed.includes(SUMS_PREFIX + signer.digest(rawSums)) ? parseSums(rawSums) : undefined;
    if (!sums) {
      if (allowRefresh && (await refresh())) return openVerified(name, false);
      // the blob itself may be gone (a merge removed it): that is absence, not tampering
      const present = rawSums !== undefined || (await inner.open!(name).then((b) => (b?.close(), b !== undefined), () => false));
      if (present) reportTampered(name);
      return undefined;
    }
    const blob = await inner.open(name);
    if (!blob) return undefined;
    if (blob.size !== sums.size) {
      blob.close();
      reportTampered(name);
      return undefined;
    }
    return checkedBlob(name, blob, sums, signer, () => reportTampered(name));
  };

  /** A writer in pieces that records block digests; the ledger signs its sidecar. */
  const createWriter = async (name: string): Promise<BlobWriter> => {
    if (NOT_CONTENT.has(name)) throw new Error(`${name} is reserved in a store`);
    if (!inner.createWriter || !signer) {
      if (inner.createWriter) {
        const w = await inner.createWriter(name);
        return { write: (c) => w.write(c), commit: async () => (await w.commit(), void ownWrites.add(name)), abort: () => w.abort() };
      }
      const chunks: Uint8Array[] = [];
      return {
        write: async (c) => void chunks.push(c.slice()),
        commit: () => write(name, concat(chunks)),
        abort: async () => void (chunks.length = 0),
      };
    }
    const w = await inner.createWriter(name);
    const digests: string[] = [];
    const block = new Uint8Array(SUM_BLOCK);
    let filled = 0;
    let size = 0;
    return {
      async write(chunk) {
        await w.write(chunk);
        size += chunk.length;
        for (let at = 0; at < chunk.length; ) {
          const n = Math.min(SUM_BLOCK - filled, chunk.length - at);
          if (filled === 0 && n === SUM_BLOCK) digests.push(signer.digest(chunk.subarray(at, at + n)));
          else {
            block.set(chunk.subarray(at, at + n), filled);
            filled += n;
            if (filled === SUM_BLOCK) {
              digests.push(signer.digest(block));
              filled = 0;
            }
          }
          at += n;
        }
      },
      async commit() {
        if (filled > 0) digests.push(signer.digest(block.subarray(0, filled)));
        const sums = sumsText(size, digests);
        const entry = SUMS_PREFIX + signer.digest(sums);
        try {
          await inner.write(name + SUMS_SUFFIX, sums);
        } catch (e) {
          await w.abort();
          throw e;
        }
        await swap(name, entry, () => w.commit());
      },
      abort: () => w.abort(),
    };
  };

  /** Puts `digest` in the ledger for `name` around `put` (both versions allowed meanwhile). */
  const swap = async (name: string, digest: string | undefined, put: () => Promise<void>): Promise<void> => {
    const before = ledger!.get(name);
    if (digest && before && !before.includes(digest)) {
      // replacing a named blob: allow both versions while it is swapped
      ledger!.set(name, [...before, digest]);
      await flush();
    }
    await put();
    if (digest) {
      ledger!.set(name, [digest]);
      await flush();
    }
  };

  const write = async (name: string, data: Uint8Array): Promise<void> => {
    if (NOT_CONTENT.has(name)) throw new Error(`${name} is reserved in a store`);
    await swap(name, signer?.digest(data), () => inner.write(name, data));
    if (!signer) ownWrites.add(name);
  };

  return {
    trust,
    trusted: trust === 'signed' || trust === 'empty',
    ...(inner.readOnly ? { readOnly: true } : {}),
    read: (name) => verified(name, true),
    write,
    // both always offered: a blob written in pieces is what can be verified by blocks
    createWriter,
    open: (name) => openVerified(name, true),
    async remove(name) {
      const summed = ledger!.get(name)?.some((a) => a.startsWith(SUMS_PREFIX));
      await inner.remove(name);
      ownWrites.delete(name);
      if (summed) await inner.remove(name + SUMS_SUFFIX).catch(() => undefined);
      if (ledger!.delete(name)) await flush();
    },
    async list() {
      return (await inner.list()).filter((n) => !NOT_CONTENT.has(n));
    },
  };
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((a, c) => a + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** A blob checked once, whole, held in memory. */
function memoryBlob(name: string, bytes: Uint8Array): RandomAccessBlob {
  return {
    size: bytes.length,
    read(position, length) {
      if (position < 0 || length < 0 || position + length > bytes.length) throw new FormatError(`${name}: read outside the blob`);
      return bytes.subarray(position, position + length);
    },
    close() {},
  };
}

/**
 * Reads of `blob` by offset, each verified: the blocks a read touches are read whole and their
 * digests compared with the signed ones (on every read: the file may change between reads).
 */
function checkedBlob(name: string, blob: RandomAccessBlob, sums: BlockSums, signer: StoreSigner, onTampered: () => void): RandomAccessBlob {
  // the last blocks verified, kept as read (a record read next to the previous one costs no hash)
  const recent = new Map<number, Uint8Array>();
  const verifiedBlock = (b: number, bytes: Uint8Array): void => {
    if (!sums.matches(b, signer.digest(bytes))) {
      onTampered();
      throw new FormatError(`${name} changed since Verity wrote it (block ${b})`);
    }
    recent.set(b, bytes);
    if (recent.size > RECENT_BLOCKS) recent.delete(recent.keys().next().value!);
  };
  return {
    size: blob.size,
    read(position, length) {
      if (position < 0 || length < 0 || position + length > blob.size) throw new FormatError(`${name}: read of ${length} bytes at ${position} is outside its ${blob.size} bytes`);
      if (length === 0) return new Uint8Array(0);
      const first = Math.floor(position / SUM_BLOCK);
      const last = Math.floor((position + length - 1) / SUM_BLOCK);
      const start = first * SUM_BLOCK;
      if (first === last) {
        const hit = recent.get(first);
        if (hit) {
          recent.delete(first);
          recent.set(first, hit);
          return hit.slice(position - start, position - start + length);
        }
        const block = blob.read(start, Math.min(blob.size, start + SUM_BLOCK) - start);
        verifiedBlock(first, block);
        return block.slice(position - start, position - start + length);
      }
      const bytes = blob.read(start, Math.min(blob.size, (last + 1) * SUM_BLOCK) - start);
      for (let b = first; b <= last; b++) {
        const at = (b - first) * SUM_BLOCK;
        if (!sums.matches(b, signer.digest(bytes.subarray(at, Math.min(bytes.length, at + SUM_BLOCK))))) {
          onTampered();
          throw new FormatError(`${name} changed since Verity wrote it (block ${b})`);
        }
      }
      return bytes.subarray(position - start, position - start + length);
    },
    close() {
      recent.clear();
      blob.close();
    },
  };
}
