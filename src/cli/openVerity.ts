import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Verity } from '../core/api';
import type { EmbeddingPort, Logger, ModelPort } from '../core/ports';
import { VerityError } from '../core/errors';
import { createVerity } from '../core/verity';
import { createFsStorage } from '../node/fsStorage';
import { createFsWorkspace } from '../node/fsWorkspace';
import { WorkerPdfExtractor } from '../node/pdfExtractor';
import { createOcrRunner } from '../node/ocr/ocrRunner';
import type { CliIO } from './io';

/** The file in a store folder that remembers which folder it indexes. */
const WORKSPACE_FILE = 'workspace.json';

const roots = new WeakMap<Verity, string>();
const cleanups: Array<() => Promise<void> | void> = [];

/** The workspace folder a facade opened by {@link openVerity} indexes. */
export function workspaceRoot(verity: Verity): string | undefined {
  return roots.get(verity);
}

/** A workspace-relative passage path as a person at `cwd` would type it. */
export function displayPath(verity: Verity, rel: string, cwd: string): string {
  const root = roots.get(verity);
  if (!root) return rel;
  const p = path.relative(cwd, path.join(root, rel));
  return p.split(path.sep).join('/');
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
  /** Recognise scanned PDF pages (`verity index --ocr`). */
  ocr?: { languages: string[]; maxPagesPerFile: number };
}

/**
 * Opens a Verity facade for a CLI command: `--docs` indexes a folder in memory; otherwise the
 * store is loaded (and brought up to date with its folder, so results are never stale).
 */
export async function openVerity(opts: OpenOptions): Promise<Verity> {
  const logger = stderrLogger(opts.io, opts.verbose ?? false);
  const pdf = new WorkerPdfExtractor();
  cleanups.push(() => pdf.close());
  if (opts.docs) {
    const root = path.resolve(opts.io.cwd, opts.docs);
    if (!existsSync(root)) throw new VerityError('BAD_INPUT', `no such folder: ${opts.docs}`);
    const verity = createVerity({ workspace: createFsWorkspace(root), pdf, logger, model: opts.model, embeddings: opts.embeddings });
    roots.set(verity, root);
    await verity.indexWorkspace();
    return verity;
  }
  const storeDir = path.resolve(opts.io.cwd, opts.store ?? '.verity');
  const root = await readStoreRoot(storeDir);
  if (!root) {
    throw new VerityError('BAD_INPUT', `no index in ${displayDir(storeDir, opts.io.cwd)}: run "verity index <folder>" first, or pass --docs <folder>`);
  }
  const verity = createVerity({ workspace: workspaceFor(root, storeDir), pdf, storage: createFsStorage(storeDir), logger, model: opts.model, embeddings: opts.embeddings });
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
  const root = path.resolve(opts.io.cwd, docsDir);
  const st = await fs.stat(root).catch(() => undefined);
  if (!st?.isDirectory()) throw new VerityError('BAD_INPUT', `no such folder: ${docsDir}`);
  const storeDir = path.resolve(opts.io.cwd, opts.store ?? '.verity');
  const existing = await readStoreRoot(storeDir);
  if (existing && existing !== root) {
    throw new VerityError('BAD_INPUT', `${displayDir(storeDir, opts.io.cwd)} indexes ${existing}; use another --store for ${docsDir}`);
  }
  const storage = createFsStorage(storeDir);
  await storage.write(WORKSPACE_FILE, new TextEncoder().encode(JSON.stringify({ root }) + '\n'));
  const pdf = new WorkerPdfExtractor();
  cleanups.push(() => pdf.close());
  const ocr = opts.ocr ? createOcrRunner() : undefined;
  if (ocr) cleanups.push(() => ocr.dispose?.());
  const ocrOptions = opts.ocr ? { ocr: true, ocrLanguages: opts.ocr.languages, ocrMaxPagesPerFile: opts.ocr.maxPagesPerFile } : {};
  const verity = createVerity({ workspace: workspaceFor(root, storeDir), pdf, storage, logger, model: opts.model, embeddings: opts.embeddings, ocr, options: ocrOptions });
  roots.set(verity, root);
  const loaded = await verity.load();
  if (!loaded && existing) logger.warn('the stored index was missing, corrupt or from another version; rebuilding it');
  return verity;
}

/** The folder as a workspace, minus the store itself when it lives inside the folder. */
function workspaceFor(root: string, storeDir: string) {
  const storeRel = path.relative(root, storeDir).split(path.sep).join('/');
  const inside = storeRel !== '' && !storeRel.startsWith('..') && !path.isAbsolute(storeRel);
  return createFsWorkspace(root, inside ? { exclude: (rel) => rel === `${storeRel}/` || rel.startsWith(`${storeRel}/`) } : {});
}

async function readStoreRoot(storeDir: string): Promise<string | undefined> {
  try {
    const parsed = JSON.parse(await fs.readFile(path.join(storeDir, WORKSPACE_FILE), 'utf8')) as { root?: unknown };
    return typeof parsed.root === 'string' ? parsed.root : undefined;
  } catch {
    return undefined;
  }
}

function displayDir(dir: string, cwd: string): string {
  const rel = path.relative(cwd, dir);
  return rel && !rel.startsWith('..') ? rel : dir;
}
