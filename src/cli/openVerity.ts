import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Verity } from '../core/api';
import type { EmbeddingPort, Logger, ModelPort, StoragePort } from '../core/ports';
import { VerityError } from '../core/errors';
import { createVerity } from '../core/verity';
import { openTrustedStorage, type TrustedStorage } from '../core/index/storeTrust';
import { createFsStorage } from '../node/fsStorage';
import { createFsWorkspace } from '../node/fsWorkspace';
import { lockStore, readOnlyError } from '../node/storeLock';
import { WorkerPdfExtractor } from '../node/pdfExtractor';
import { createOcrRunner } from '../node/ocr/ocrRunner';
import { flag, flagList, usageError, type ParsedArgs } from './args';
import { resolveDraftPatterns, splitDrafts } from './drafts';
import { docsWorkspace } from './docsWorkspace';
import type { CliIO } from './io';
import { printable } from './printable';
import { coreLimitOptions, limitsDiffer, limitsFromFlags, pdfLimitOptions, type IndexLimits } from './limits';
import { cliSigner, forgetSigners, readOnlyStorage, readStoreInfo, writeStoreInfo, type StoreInfo } from './storeInfo';
import { isPgUrl, openPgReader, openPgWriter } from './openPgStore';

const roots = new WeakMap<Verity, string>();
const cleanups: Array<() => Promise<void> | void> = [];

/** The workspace folder a facade opened by {@link openVerity} indexes. */
export function workspaceRoot(verity: Verity): string | undefined {
  return roots.get(verity);
}

/** Stops workers the CLI started (PDF extraction); call once before exiting. */
export async function closeAll(): Promise<void> {
  while (cleanups.length) await cleanups.pop()!();
  forgetSigners();
}

/** Log lines on stderr, each one line whatever a path in it holds. */
export function stderrLogger(io: CliIO, verbose: boolean): Logger {
  return {
    info: (m) => verbose && io.stderr(`verity: ${printable(m)}\n`),
    warn: (m) => io.stderr(`verity: warning: ${printable(m)}\n`),
    error: (m) => io.stderr(`verity: error: ${printable(m)}\n`),
  };
}

export interface OpenOptions {
  /** Index these folders and files in memory (no store). */
  docs?: string[];
  /** Use the persisted store in this folder (default `.verity` in the working directory). */
  store?: string;
  io: CliIO;
  model?: ModelPort;
  embeddings?: EmbeddingPort;
  verbose?: boolean;
  /** Indexing limits given on the command line; a trusted store adds the ones it was built with. */
  limits?: IndexLimits;
  /** Draft patterns (`--drafts`): never indexed, never evidence; undefined = the store's, else the core's defaults. */
  drafts?: string[];
  /** Recognise scanned PDF pages (`verity index --ocr`). */
  ocr?: { languages: string[]; maxPagesPerFile: number };
  /** `verity index --force`: a store indexing another folder is rebuilt for this one. */
  force?: boolean;
}

/** The open options the shared flags ask for (--docs, --store, limits, --drafts, --verbose). */
export function openOptionsFromFlags(parsed: ParsedArgs, io: CliIO): OpenOptions {
  if (parsed.flags.has('docs') && parsed.flags.has('store')) throw usageError('use either --docs or --store, not both');
  const drafts = flag(parsed, 'drafts');
  return { docs: flagList(parsed, 'docs'), store: flag(parsed, 'store'), io, verbose: parsed.flags.has('verbose'), limits: limitsFromFlags(parsed), ...(drafts !== undefined ? { drafts: splitDrafts(drafts) } : {}) };
}

/** Skip reasons that depend on the limits: such files are read again when the limits change. */
const LIMIT_SKIPS = new Set(['PDF_TOO_LARGE', 'FILE_TOO_LARGE', 'PDF_TIMEOUT']);

/**
 * Opens a Verity facade for a CLI command: `--docs` indexes folders and files in memory;
 * otherwise the store is loaded (and brought up to date with its folder, in memory, so results
 * are never stale). A store this user did not write is not trusted: its folder, limits and
 * passages are ignored, the folder holding it is read instead, and one line says so.
 */
export async function openVerity(opts: OpenOptions): Promise<Verity> {
  const logger = stderrLogger(opts.io, opts.verbose ?? false);
  if (opts.docs?.length) {
    const { root, workspace } = await docsWorkspace(opts.docs, opts.io.cwd);
    const limits = opts.limits ?? {};
    const pdf = new WorkerPdfExtractor(pdfLimitOptions(limits));
    cleanups.push(() => pdf.close());
    const verity = createVerity({ workspace, pdf, logger, model: opts.model, embeddings: opts.embeddings, options: { ...coreLimitOptions(limits), ...draftOptions(opts.drafts, opts.io.cwd, root) } });
    roots.set(verity, root);
    await verity.indexWorkspace();
    return verity;
  }
  // a team index on a server, named by the user on the command line: read as CI left it
  if (opts.store && isPgUrl(opts.store)) {
    const { verity, root } = await openPgReader({ ...opts, store: opts.store, logger, cwd: opts.io.cwd, cleanups });
    roots.set(verity, root);
    return verity;
  }
  const storeDir = await storeArgument(opts.store, opts.io.cwd);
  const shown = displayDir(storeDir, opts.io.cwd);
  const signer = await cliSigner(opts.io, logger);
  let tampered = false;
  const storage = await openTrustedStorage(createFsStorage(storeDir), signer, {
    onTampered: (name) => {
      tampered = true;
      tamperNote(logger, shown)(name);
    },
  });
  let info: StoreInfo | undefined;
  let root: string;
  if (storage.trust === 'empty') {
    throw new VerityError('BAD_INPUT', `no index in ${shown}: run "verity index <folder>${opts.store ? ` --store ${opts.store}` : ''}" first, or pass --docs <folder>`);
  } else if (storage.trusted && (info = await readStoreInfo(storage, logger))) {
    root = info.root;
  } else {
    // not this user's store: nothing in it counts; the folder that holds it is what is read
    root = path.dirname(storeDir);
    // without a key the key's own warning has said why nothing is trusted
    if (signer) logger.warn(`${untrustedText(storage, shown)}: its index, folder and limits are ignored and ${displayDir(root, opts.io.cwd) || '.'} is read instead. "verity index <folder>${opts.store ? ` --store ${opts.store}` : ''}" rebuilds it as yours.`);
  }
  const limits = { ...info?.limits, ...opts.limits };
  const drafts = opts.drafts ?? info?.drafts;
  const pdf = new WorkerPdfExtractor(pdfLimitOptions(limits));
  cleanups.push(() => pdf.close());
  // Readers never write: the store is brought up to date in memory only ("verity index" writes).
  let stale = false;
  const reader = readOnlyStorage(storage, () => {
    if (!stale && info) logger.info(`the index in ${shown} is out of date; "verity index" updates it`);
    stale = true;
  });
  const verity = createVerity({ workspace: workspaceFor(root, storeDir), pdf, storage: reader, logger, model: opts.model, embeddings: opts.embeddings, options: { ...coreLimitOptions(limits), ...draftOptions(drafts, opts.io.cwd, root) } });
  roots.set(verity, root);
  if (info && !(await verity.load()) && !tampered) logger.warn(`the index in ${shown} could not be loaded; reading the documents again`);
  if (await exists(root)) await verity.indexWorkspace();
  else logger.warn(`the indexed folder ${root} no longer exists; using the stored index as it is`);
  return verity;
}

/**
 * Creates (or reuses) a store for `docsDir` and returns a facade writing to it. The store may
 * live anywhere (`--store`); the folder it indexes is recorded inside and signed. A store of
 * this user's that indexes another folder is refused unless `force` rebuilds it for this one; a
 * store this user did not write is rebuilt (its contents are never read).
 */
export async function openStoreFor(docsDir: string, opts: Omit<OpenOptions, 'docs'>): Promise<Verity> {
  const logger = stderrLogger(opts.io, opts.verbose ?? false);
  const root = await folderArgument(docsDir, opts.io.cwd);
  if (opts.store && isPgUrl(opts.store)) {
    const verity = await openPgWriter(root, { ...opts, store: opts.store, logger, cwd: opts.io.cwd, cleanups });
    roots.set(verity, root);
    return verity;
  }
  const storeDir = await storeArgument(opts.store, opts.io.cwd);
  const shown = displayDir(storeDir, opts.io.cwd);
  // One writer at a time; a second waits, then fails with one line.
  const release = await lockStore(storeDir);
  cleanups.push(release);
  const signer = await cliSigner(opts.io, logger);
  const storage = await openTrustedStorage(failLoudly(createFsStorage(storeDir), storeDir), signer, { onTampered: tamperNote(logger, shown) });
  if (!storage.trusted && signer) logger.warn(`${untrustedText(storage, shown)}: rebuilding it from ${displayDir(root, opts.io.cwd) || '.'} (its index, folder and limits are not used)`);
  const existing = storage.trusted ? await readStoreInfo(storage, logger) : undefined;
  const moved = existing !== undefined && existing.root !== root;
  if (moved && !opts.force) {
    throw new VerityError(
      'STORE_ROOT_MISMATCH',
      `the store ${shown} indexes ${existing.root}, not ${root}: run "verity index ${docsDir}${opts.store ? ` --store ${opts.store}` : ''} --force" to rebuild it for ${docsDir}, or pass another --store`,
    );
  }
  const kept = moved ? undefined : existing;
  const limits = { ...kept?.limits, ...opts.limits };
  const drafts = opts.drafts ?? kept?.drafts;
  await writeStoreInfo(storage, { root, limits, ...(drafts ? { drafts } : {}) });
  const pdf = new WorkerPdfExtractor(pdfLimitOptions(limits));
  cleanups.push(() => pdf.close());
  const ocr = opts.ocr ? createOcrRunner() : undefined;
  if (ocr) cleanups.push(() => ocr.dispose?.());
  const ocrOptions = opts.ocr ? { ocr: true, ocrLanguages: opts.ocr.languages, ocrMaxPagesPerFile: opts.ocr.maxPagesPerFile } : {};
  const verity = createVerity({
    workspace: workspaceFor(root, storeDir),
    pdf,
    storage,
    logger,
    model: opts.model,
    embeddings: opts.embeddings,
    ocr,
    options: { ...coreLimitOptions(limits), ...ocrOptions, ...draftOptions(drafts, opts.io.cwd, root) },
  });
  roots.set(verity, root);
  if (moved) {
    logger.warn(`rebuilding ${shown} for ${root} (it indexed ${existing.root})`);
    return verity;
  }
  const loaded = await verity.load();
  if (!loaded && kept) logger.warn('the stored index was missing, corrupt or from another version; rebuilding it');
  if (loaded && limitsDiffer(kept?.limits ?? {}, limits)) {
    // an unchanged file is not read again, so files skipped under the old limits are forgotten first
    for (const f of verity.files()) if (f.state === 'skipped' && LIMIT_SKIPS.has(f.reason ?? '')) await verity.removeFile(f.path);
  }
  return verity;
}

function untrustedText(storage: TrustedStorage, shown: string): string {
  return storage.trust === 'foreign'
    ? `the store ${shown} was signed by another user or machine (a copy, or committed to a repository)`
    : `the store ${shown} is not signed by you (made by an older Verity, committed to a repository, or copied)`;
}

function tamperNote(logger: Logger, shown: string): (name: string) => void {
  return (name) => logger.warn(`${name} in the store ${shown} changed since Verity wrote it: ignored (its contents are rebuilt from the documents)`);
}

/** Storage whose write failures on a read-only folder say so (not "permission denied" on a temp file). */
function failLoudly(storage: StoragePort, storeDir: string): StoragePort {
  const wrap = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (e) {
      throw readOnlyError(storeDir, e) ?? e;
    }
  };
  return {
    read: (n) => storage.read(n),
    list: () => storage.list(),
    write: (n, d) => wrap(() => storage.write(n, d)),
    remove: (n) => wrap(() => storage.remove(n)),
    ...(storage.open ? { open: (n: string) => storage.open!(n) } : {}),
    ...(storage.createWriter
      ? {
          createWriter: (n: string) =>
            wrap(async () => {
              const w = await storage.createWriter!(n);
              return { write: (c: Uint8Array) => wrap(() => w.write(c)), commit: () => wrap(() => w.commit()), abort: () => w.abort() };
            }),
        }
      : {}),
  };
}

/** The folder a command was given, resolved; a file or a missing path is a clear error. */
async function folderArgument(dir: string, cwd: string): Promise<string> {
  const root = path.resolve(cwd, dir);
  const st = await fs.stat(root).catch(() => undefined);
  if (!st) throw new VerityError('BAD_INPUT', `no such folder: ${dir}`);
  if (!st.isDirectory()) throw new VerityError('BAD_INPUT', `${dir} is a file, not a folder: give the folder that holds your markdown and PDFs`);
  return root;
}

/** The store folder (default ./.verity); an existing file there is refused before anything is written. */
async function storeArgument(store: string | undefined, cwd: string): Promise<string> {
  const storeDir = path.resolve(cwd, store ?? '.verity');
  const st = await fs.stat(storeDir).catch(() => undefined);
  if (st && !st.isDirectory()) throw new VerityError('BAD_INPUT', `the store ${store ?? '.verity'} is a file, not a folder: pass --store <dir> with a folder (it is created if missing)`);
  return storeDir;
}

function draftOptions(drafts: string[] | undefined, cwd: string, root: string): { drafts?: string[] } {
  return drafts ? { drafts: resolveDraftPatterns(drafts, cwd, root) } : {};
}

/** The folder as a workspace, minus the store itself when it lives inside the folder. */
function workspaceFor(root: string, storeDir: string) {
  const storeRel = path.relative(root, storeDir).split(path.sep).join('/');
  const inside = storeRel !== '' && !storeRel.startsWith('..') && !path.isAbsolute(storeRel);
  return createFsWorkspace(root, inside ? { exclude: (rel) => rel === `${storeRel}/` || rel.startsWith(`${storeRel}/`) } : {});
}

async function exists(p: string): Promise<boolean> {
  return (await fs.stat(p).catch(() => undefined)) !== undefined;
}

function displayDir(dir: string, cwd: string): string {
  const rel = path.relative(cwd, dir);
  return rel && !rel.startsWith('..') ? rel : rel === '' ? '.' : dir;
}
