import { existsSync, promises as fs, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Verity } from '../core/api';
import type { EmbeddingPort, Logger, ModelPort, StoragePort } from '../core/ports';
import { VerityError } from '../core/errors';
import { createVerity } from '../core/verity';
import { createFsStorage } from '../node/fsStorage';
import { createFsWorkspace } from '../node/fsWorkspace';
import { lockStore } from '../node/storeLock';
import { WorkerPdfExtractor } from '../node/pdfExtractor';
import { createOcrRunner } from '../node/ocr/ocrRunner';
import type { CliIO } from './io';
import { coreLimitOptions, limitsDiffer, limitsFromJson, pdfLimitOptions, type IndexLimits } from './limits';
import { isPgUrl, openPgReader, openPgWriter } from './openPgStore';

/** The file in a store folder that remembers which folder it indexes. */
const WORKSPACE_FILE = 'workspace.json';

const roots = new WeakMap<Verity, string>();
const cleanups: Array<() => Promise<void> | void> = [];

/** The workspace folder a facade opened by {@link openVerity} indexes. */
export function workspaceRoot(verity: Verity): string | undefined {
  return roots.get(verity);
}

/** Stops workers the CLI started (PDF extraction); call once before exiting. */
export async function closeAll(): Promise<void> {
  while (cleanups.length) await cleanups.pop()!();
}

export function stderrLogger(io: CliIO, verbose: boolean): Logger {
  return {
    info: (m) => verbose && io.stderr(`verity: ${m}\n`),
    warn: (m) => io.stderr(`verity: warning: ${m}\n`),
    error: (m) => io.stderr(`verity: error: ${m}\n`),
  };
}

export interface OpenOptions {
  /** Index this folder in memory (no store). */
  docs?: string;
  /** Use the persisted store in this folder (default `.verity` in the working directory). */
  store?: string;
  io: CliIO;
  model?: ModelPort;
  embeddings?: EmbeddingPort;
  verbose?: boolean;
  /** Indexing limits given on the command line; a store adds the ones it was built with. */
  limits?: IndexLimits;
  /** Draft globs (`--drafts`): never indexed, never evidence; undefined = the core's defaults. */
  drafts?: string[];
  /** Recognise scanned PDF pages (`verity index --ocr`). */
  ocr?: { languages: string[]; maxPagesPerFile: number };
}

/** What a store folder remembers: the folder it indexes and the limits it was indexed with. */
interface StoreInfo {
  root: string;
  limits: IndexLimits;
}

/** Skip reasons that depend on the limits: such files are read again when the limits change. */
const LIMIT_SKIPS = new Set(['PDF_TOO_LARGE', 'FILE_TOO_LARGE', 'PDF_TIMEOUT']);

/**
 * Opens a Verity facade for a CLI command: `--docs` indexes a folder in memory; otherwise the
 * store is loaded (and brought up to date with its folder, so results are never stale).
 */
export async function openVerity(opts: OpenOptions): Promise<Verity> {
  const logger = stderrLogger(opts.io, opts.verbose ?? false);
  if (opts.docs) {
    const root = await folderArgument(opts.docs, opts.io.cwd);
    const limits = opts.limits ?? {};
    const pdf = new WorkerPdfExtractor(pdfLimitOptions(limits));
    cleanups.push(() => pdf.close());
    const verity = createVerity({ workspace: createFsWorkspace(root), pdf, logger, model: opts.model, embeddings: opts.embeddings, options: { ...coreLimitOptions(limits), ...draftOptions(opts) } });
    roots.set(verity, root);
    await verity.indexWorkspace();
    return verity;
  }
  if (opts.store && isPgUrl(opts.store)) {
    const { verity, root } = await openPgReader({ ...opts, store: opts.store, logger, cwd: opts.io.cwd, cleanups });
    roots.set(verity, root);
    return verity;
  }
  const storeDir = await storeArgument(opts.store, opts.io.cwd);
  const info = await readStoreInfo(storeDir);
  if (!info) {
    throw new VerityError('BAD_INPUT', `no index in ${displayDir(storeDir, opts.io.cwd)}: run "verity index <folder>" first, or pass --docs <folder>`);
  }
  const { root } = info;
  checkStoreRoot(storeDir, root, opts.io.cwd);
  const limits = { ...info.limits, ...opts.limits };
  const pdf = new WorkerPdfExtractor(pdfLimitOptions(limits));
  cleanups.push(() => pdf.close());
  // Readers never write: the store is brought up to date in memory only ("verity index" writes).
  let stale = false;
  const storage = readOnly(createFsStorage(storeDir), () => {
    if (!stale) logger.info(`the index in ${displayDir(storeDir, opts.io.cwd)} is out of date; "verity index" updates it`);
    stale = true;
  });
  const verity = createVerity({ workspace: workspaceFor(root, storeDir), pdf, storage, logger, model: opts.model, embeddings: opts.embeddings, options: { ...coreLimitOptions(limits), ...draftOptions(opts) } });
  roots.set(verity, root);
  if (!(await verity.load())) logger.warn(`the index in ${displayDir(storeDir, opts.io.cwd)} could not be loaded; rebuilding it`);
  if (existsSync(root)) await verity.indexWorkspace();
  else logger.warn(`the indexed folder ${root} no longer exists; using the stored index as it is`);
  return verity;
}

/**
 * Creates (or reuses) a store for `docsDir` and returns a facade writing to it. A store that
 * indexes another folder is refused rather than silently mixed.
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
  checkStoreRoot(storeDir, root, opts.io.cwd, true);
  // One writer at a time; a second waits, then fails with one line.
  const release = await lockStore(storeDir);
  cleanups.push(release);
  const existing = await readStoreInfo(storeDir);
  if (existing && existing.root !== root) {
    throw new VerityError('STORE_ROOT_MISMATCH', `${displayDir(storeDir, opts.io.cwd)} indexes ${existing.root}, not ${root}; use another --store for ${docsDir}`);
  }
  const limits = { ...existing?.limits, ...opts.limits };
  const storage = createFsStorage(storeDir);
  await storage.write(WORKSPACE_FILE, new TextEncoder().encode(JSON.stringify({ root, limits }) + '\n'));
  const pdf = new WorkerPdfExtractor(pdfLimitOptions(limits));
  cleanups.push(() => pdf.close());
  const ocr = opts.ocr ? createOcrRunner() : undefined;
  if (ocr) cleanups.push(() => ocr.dispose?.());
  const ocrOptions = opts.ocr ? { ocr: true, ocrLanguages: opts.ocr.languages, ocrMaxPagesPerFile: opts.ocr.maxPagesPerFile } : {};
  const verity = createVerity({ workspace: workspaceFor(root, storeDir), pdf, storage, logger, model: opts.model, embeddings: opts.embeddings, ocr, options: { ...coreLimitOptions(limits), ...ocrOptions, ...draftOptions(opts) } });
  roots.set(verity, root);
  const loaded = await verity.load();
  if (!loaded && existing) logger.warn('the stored index was missing, corrupt or from another version; rebuilding it');
  if (loaded && limitsDiffer(existing?.limits ?? {}, limits)) {
    // an unchanged file is not read again, so files skipped under the old limits are forgotten first
    for (const f of verity.files()) if (f.state === 'skipped' && LIMIT_SKIPS.has(f.reason ?? '')) await verity.removeFile(f.path);
  }
  return verity;
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

/**
 * A store may only index the folder that holds it or a folder inside that one. A store shipped
 * in a repository (`.verity/workspace.json` saying `{"root": "/some/other/folder"}`) must not
 * make `search` or `check` read and quote another folder of the machine.
 */
function checkStoreRoot(storeDir: string, root: string, cwd: string, writing = false): void {
  const holder = path.dirname(storeDir);
  if (isInside(holder, root)) return;
  let real: [string, string] | undefined;
  try {
    real = [realpathSync(holder), realpathSync(root)];
  } catch {
    real = undefined;
  }
  if (real && isInside(real[0], real[1])) return;
  const message = writing
    ? `the store ${displayDir(storeDir, cwd)} cannot index ${root}: a store may only index the folder that holds it (${holder}) or one inside it. Keep the store with the documents, e.g. --store ${path.join(root, '.verity')}.`
    : `the store ${displayDir(storeDir, cwd)} says it indexes ${root}, which is outside ${holder} (the folder holding the store); refusing to read it. Run "verity index <folder>" for the folder you mean, or pass --docs <folder>.`;
  throw new VerityError('STORE_ROOT_MISMATCH', message);
}

function isInside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The storage with writes turned into a note: for commands that only read. */
function readOnly(storage: StoragePort, onWrite: () => void): StoragePort {
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

function draftOptions(opts: { drafts?: string[] }): { drafts?: string[] } {
  return opts.drafts ? { drafts: opts.drafts } : {};
}

/** The folder as a workspace, minus the store itself when it lives inside the folder. */
function workspaceFor(root: string, storeDir: string) {
  const storeRel = path.relative(root, storeDir).split(path.sep).join('/');
  const inside = storeRel !== '' && !storeRel.startsWith('..') && !path.isAbsolute(storeRel);
  return createFsWorkspace(root, inside ? { exclude: (rel) => rel === `${storeRel}/` || rel.startsWith(`${storeRel}/`) } : {});
}

async function readStoreInfo(storeDir: string): Promise<StoreInfo | undefined> {
  try {
    const parsed = JSON.parse(await fs.readFile(path.join(storeDir, WORKSPACE_FILE), 'utf8')) as { root?: unknown; limits?: unknown };
    return typeof parsed.root === 'string' ? { root: parsed.root, limits: limitsFromJson(parsed.limits) } : undefined;
  } catch {
    return undefined;
  }
}

function displayDir(dir: string, cwd: string): string {
  const rel = path.relative(cwd, dir);
  return rel && !rel.startsWith('..') ? rel : dir;
}
