/**
 * `--store postgres://host/db?corpus=NAME` (issue 30): the CLI's commands against a team index on
 * a PostgreSQL server. `verity index` writes the folder into the corpus (one writer per corpus,
 * each file in one transaction, unchanged files by content hash skipped); `search`, `check` and
 * `status` read it as it is: CI keeps it current, so a reader does not bring it up to date from
 * its own disk, and its passages may name files that are not on this machine.
 */
import path from 'node:path';
import type { Verity } from '../core/api';
import type { EmbeddingPort, Logger, ModelPort } from '../core/ports';
import { createVerity } from '../core/verity';
import { createFsWorkspace } from '../node/fsWorkspace';
import { WorkerPdfExtractor } from '../node/pdfExtractor';
import { openPgPort } from '../node/pg/pgPort';
import { coreLimitOptions, pdfLimitOptions, type IndexLimits } from './limits';

export { isPgUrl } from '../node/pg/pgConfig';

/** Passages per write transaction of `verity index --store postgres://…`. */
const WRITE_BATCH = 2000;

export interface PgOpenOptions {
  store: string;
  logger: Logger;
  cwd: string;
  model?: ModelPort;
  embeddings?: EmbeddingPort;
  limits?: IndexLimits;
  drafts?: string[];
  /** Where the caller registers what must be closed before the process exits. */
  cleanups: Array<() => Promise<void> | void>;
}

/** The facade over an opened corpus, reading files below `root`; the port and the PDF worker close at exit. */
async function facadeOver(port: Awaited<ReturnType<typeof openPgPort>>, root: string, opts: PgOpenOptions): Promise<Verity> {
  opts.cleanups.push(() => port.close());
  const pdf = new WorkerPdfExtractor(pdfLimitOptions(opts.limits ?? {}));
  opts.cleanups.push(() => pdf.close());
  const verity = createVerity({
    workspace: createFsWorkspace(root),
    pdf,
    searchPort: port,
    logger: opts.logger,
    model: opts.model,
    embeddings: opts.embeddings,
    options: { ...coreLimitOptions(opts.limits ?? {}), ...(opts.drafts ? { drafts: opts.drafts } : {}) },
  });
  await verity.load();
  return verity;
}

/** A facade reading the corpus at `store`; the root reported is the working directory. */
export async function openPgReader(opts: PgOpenOptions): Promise<{ verity: Verity; root: string }> {
  const port = await openPgPort(opts.store, { mode: 'read' });
  const verity = await facadeOver(port, opts.cwd, opts);
  opts.logger.info(`reading ${port.config.describe}: ${verity.files().length} files, ${verity.passageCount()} passages`);
  return { verity, root: opts.cwd };
}

/** A facade writing folder `root` into the corpus at `store` (holds the corpus's writer lock until exit). */
export async function openPgWriter(root: string, opts: PgOpenOptions): Promise<Verity> {
  // files go in transactions of about 2,000 passages (each file whole in one): a per-file commit
  // costs a round of statements each, which dominates on a corpus of many small files
  const port = await openPgPort(opts.store, { mode: 'write', batchPassages: WRITE_BATCH });
  const verity = await facadeOver(port, root, opts);
  opts.logger.info(`writing ${path.basename(root)} into ${port.config.describe}`);
  return verity;
}
