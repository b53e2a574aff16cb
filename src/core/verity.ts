/**
 * The Verity facade: one object per workspace that owns the index, keeps it current, and runs
 * search, checks and questions. Every adapter (CLI, extension, tests) goes through this.
 */
import type { AskOptions, CheckOptions, IndexProgress, IndexSummary, Verity, VerityDeps, VerityOptions } from './api';
import { isVerityError, throwIfCancelled, VerityError } from './errors';
import { hashBytes } from './hash';
import { silentLogger } from './ports';
import type { FileRecord, Passage, PassageKind, SearchHit, SearchOptions, SkipCode, Turn } from './types';
import { DEFAULT_CHUNK_SIZE } from './ingest/chunk';
import { ingestMarkdown } from './ingest/markdown';
import { decodeText } from './ingest/decode';
import { pdfHasText, pdfToPassages } from './ingest/pdf';
import { createPassageIndex, loadPassageIndex, type PassageIndex } from './index';
import { FileTable } from './index/fileTable';
import { createChecker, type Checker } from './check/checker';
import { GLOSSARY_FILE, parseGlossary } from './check/glossary';
import type { Glossary } from './check/valueSets';
import { runTurn } from './loop/runTurn';
import { EmbeddingIndexer } from './embeddingIndexer';
import { fileRecordProblem } from './index/storeValidation';
import { pathPatternMatcher } from './glob';
import { createAsyncChecker } from './check/asyncChecker';

/**
 * What counts as a draft unless configured: a drafts folder and files named as drafts. Drafts are
 * the user's own unverified writing, so letting them support a claim would check text against itself.
 */
export const DEFAULT_DRAFTS = ['**/drafts/**', '**/draft.{md,markdown,mdx}', '**/draft-*.{md,markdown,mdx}', '**/*-draft.{md,markdown,mdx}', '**/*.draft.{md,markdown,mdx}'];
import { createOcrCache } from './ocr/ocrCache';
import { needsOcr, runOcrStage } from './ocr/ocrStage';

export const DEFAULT_OPTIONS: VerityOptions = {
  passageMinWords: DEFAULT_CHUNK_SIZE.minWords,
  passageMaxWords: DEFAULT_CHUNK_SIZE.maxWords,
  maxFileBytes: 10 * 1024 * 1024,
  maxPdfBytes: 50 * 1024 * 1024,
  topK: 6,
  maxRounds: 3,
  tokenBudget: 0,
  strict: false,
  judge: 'off',
  rerank: false,
  rerankCandidates: 12,
  drafts: DEFAULT_DRAFTS,
  // On, but OCR runs only where an OCR port is given (the extension; the CLI with --ocr).
  ocr: true,
  ocrLanguages: ['eng'],
  ocrMaxPagesPerFile: 20,
};

/**
 * Snapshot metadata stored beside the index: what the passages depend on. The file records are
 * kept by the index itself (FileTable), each with the passages it saves; snapshots of the format
 * before segments held them here (`files`), and are read once.
 */
interface SnapshotMeta {
  files?: FileRecord[];
  /** Options that change passages; a snapshot made with other values is rebuilt. */
  ingestKey: string;
}

/** Files stat'ed at once while looking for changes (a cold CLI run checks every file). */
const STAT_BATCH = 64;

const MESSAGES: Record<SkipCode, string> = {
  PDF_ENCRYPTED: 'encrypted PDF — needs a password',
  PDF_NO_TEXT: 'scanned PDF — no text layer, needs OCR',
  PDF_UNREADABLE: 'damaged PDF — could not be read',
  PDF_TOO_LARGE: 'PDF too large',
  PDF_TIMEOUT: 'PDF took too long to read',
  FILE_TOO_LARGE: 'file too large',
  FILE_BINARY: 'binary content, not text',
  FILE_VANISHED: 'file vanished while indexing',
  FILE_UNREADABLE: 'file could not be read',
  FILE_EMPTY: 'no text to index',
  DRAFT: 'draft — never evidence',
};

/** The kind of document a path is, or undefined when Verity does not index it. */
export function documentKind(path: string): PassageKind | undefined {
  const lower = path.toLowerCase();
  if (lower.endsWith('.pdf')) return 'pdf';
  if (lower.endsWith('.md') || lower.endsWith('.markdown') || lower.endsWith('.mdx')) return 'md';
  return undefined;
}

/** Creates the facade. Nothing heavy happens until `load` or `indexWorkspace` is called. */
/** Bumped when ingest keeps or cuts text differently: stores made before are read again once. */
const INGEST_REVISION = 2;

export function createVerity(deps: VerityDeps): Verity {
  const options: VerityOptions = { ...DEFAULT_OPTIONS, ...deps.options };
  const log = deps.logger ?? silentLogger;
  // what a store's passages were cut with: passage sizes, and INGEST_REVISION for changes to what
  // ingest keeps (2: instructions hidden in a comment are kept, so they mark their passage)
  const ingestKey = `${options.passageMinWords}-${options.passageMaxWords}-r${INGEST_REVISION}`;
  let index: PassageIndex = createPassageIndex({ storage: deps.storage });
  let checker: Checker | undefined;
  /**
   * The workspace's glossary (check/glossary.ts), read when a checker is made: after an index run
   * a changed glossary is read again. A malformed one is logged and left out, never fatal.
   */
  const readGlossary = async (): Promise<Glossary | undefined> => {
    let bytes: Uint8Array | undefined;
    try {
      bytes = await deps.workspace.readFile(GLOSSARY_FILE);
    } catch {
      return undefined;
    }
    if (!bytes || bytes.length === 0) return undefined;
    if (bytes.length > 1024 * 1024) {
      log.warn(`${GLOSSARY_FILE} is larger than 1 MB: not read`);
      return undefined;
    }
    try {
      return parseGlossary(new TextDecoder().decode(bytes));
    } catch (e) {
      log.warn(e instanceof Error ? e.message : String(e));
      return undefined;
    }
  };
  const files = new FileTable().mirrorInto(() => index);
  // globs or folder forms ('answers/', './answers'), as in .gitignore
  const isDraft = pathPatternMatcher(options.drafts ?? DEFAULT_DRAFTS);
  /** Indexed paths that may not be evidence: drafts (by these globs) plus the caller's own exclusions. */
  const notEvidence = (extra: readonly string[] = [], draftGlobs?: string[]): string[] => {
    const draft = draftGlobs ? pathPatternMatcher(draftGlobs) : isDraft;
    return [...new Set([...extra, ...[...files.keys()].filter((p) => draft(p))])];
  };
  const embedder = deps.embeddings ? new EmbeddingIndexer(deps.embeddings, log) : undefined;
  // A search port given by the caller (a team index on a server, issue 30) holds the passages and
  // file records; the in-process index then stays empty. Passages seen in results are kept for
  // getPassage, which is synchronous.
  const port = deps.searchPort;
  let portPassages = 0;
  const seen = new Map<string, Passage>();
  const remember = (hits: SearchHit[]): SearchHit[] => {
    if (seen.size > 4096) seen.clear();
    for (const h of hits) seen.set(h.passage.id, h.passage);
    return hits;
  };
  const passageTotal = (): number => (port ? portPassages : index.size);
  /** The port as the async checker reads it: the passages it finds are kept for getPassage too. */
  const portSource = port && { search: async (q: string, o?: SearchOptions) => remember(await port.search(q, o)), termStats: (terms: readonly string[]) => port.termStats(terms) };
  const removePath = async (path: string): Promise<void> => {
    if (port) await port.removeFile(path);
    else await index.removeByPath(path);
  };
  // One writer at a time: file events can arrive while a full index runs.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  const resetIndex = (next: PassageIndex): void => {
    if (next !== index) void index.close();
    index = next;
    checker = undefined;
  };

  const skipped = (path: string, kind: PassageKind, code: SkipCode, base: Partial<FileRecord>, message?: string): FileRecord => ({
    path,
    kind,
    hash: base.hash ?? '',
    size: base.size ?? 0,
    mtime: base.mtime ?? 0,
    state: 'skipped',
    reason: code,
    message: message ?? MESSAGES[code],
    passages: 0,
  });

  const ocrOn = options.ocr === true && deps.ocr !== undefined;
  const ocrCache = createOcrCache(deps.storage);
  /** A PDF without a text layer: skipped until OCR (when on) gives it passages. */
  const noText = (path: string, base: Partial<FileRecord>, pageCount?: number): FileRecord => {
    // the page count, when known, lets OCR progress count this file's pages from the start
    const pages = pageCount && pageCount > 0 ? { pages: pageCount } : {};
    const record = { ...skipped(path, 'pdf', 'PDF_NO_TEXT', base), ...pages };
    return ocrOn ? { ...record, message: 'scanned PDF — no text layer, queued for OCR', ocr: { state: 'pending', pages: 0, ...(pageCount ? { pendingPages: pageCount } : {}) } } : record;
  };

  /** Reads and ingests one file; returns its record and passages (none when skipped or unchanged). */
  const readFile = async (
    path: string,
    signal?: AbortSignal,
    force = false,
    stat?: Promise<{ size: number; mtime: number } | undefined>,
  ): Promise<{ record: FileRecord; passages?: Passage[]; unchanged: boolean }> => {
    const kind = documentKind(path);
    if (!kind) throw new VerityError('BAD_INPUT', `not a markdown or PDF file: ${path}`);
    const prev = files.get(path);
    const st = await (stat ?? deps.workspace.stat(path));
    if (!st) return { record: skipped(path, kind, 'FILE_VANISHED', {}), unchanged: false };
    // Drafts are not read at all: an indexed draft would still shape the checker's word statistics.
    if (isDraft(path)) return { record: skipped(path, kind, 'DRAFT', st), unchanged: prev?.reason === 'DRAFT' };
    const wasDraft = prev?.reason === 'DRAFT';
    if (!force && prev && !wasDraft && prev.size === st.size && prev.mtime === st.mtime) return { record: prev, unchanged: true };
    const limit = kind === 'pdf' ? options.maxPdfBytes : options.maxFileBytes;
    if (st.size > limit) {
      const code: SkipCode = kind === 'pdf' ? 'PDF_TOO_LARGE' : 'FILE_TOO_LARGE';
      return { record: skipped(path, kind, code, st, `${MESSAGES[code]} (${formatBytes(st.size)}, limit ${formatBytes(limit)})`), unchanged: false };
    }
    let bytes: Uint8Array | undefined;
    try {
      bytes = await deps.workspace.readFile(path);
    } catch (e) {
      return { record: skipped(path, kind, 'FILE_UNREADABLE', st, `${MESSAGES.FILE_UNREADABLE}: ${errorText(e)}`), unchanged: false };
    }
    if (!bytes) return { record: skipped(path, kind, 'FILE_VANISHED', st), unchanged: false };
    const hash = hashBytes(bytes);
    const base = { hash, size: bytes.length, mtime: st.mtime };
    if (!force && prev && !wasDraft && prev.hash === hash) return { record: { ...prev, mtime: st.mtime, size: bytes.length }, unchanged: true };
    if (bytes.length === 0) return { record: skipped(path, kind, 'FILE_EMPTY', base, 'empty file (0 bytes)'), unchanged: false };
    if (kind === 'md') {
      const decoded = decodeText(bytes);
      if (decoded === undefined) return { record: skipped(path, kind, 'FILE_BINARY', base), unchanged: false };
      let ingested: ReturnType<typeof ingestMarkdown>;
      try {
        ingested = ingestMarkdown(path, decoded.text, { minWords: options.passageMinWords, maxWords: options.passageMaxWords });
      } catch (e) {
        // Limits make this unreachable for known inputs; if a parser still fails, only this file is lost.
        log.warn(`markdown ${path}: ${errorText(e)}`);
        return { record: skipped(path, kind, 'FILE_UNREADABLE', base, `${MESSAGES.FILE_UNREADABLE}: the markdown parser failed (${errorText(e).slice(0, 80)})`), unchanged: false };
      }
      const { title, passages } = ingested;
      if (passages.length === 0) return { record: skipped(path, kind, 'FILE_EMPTY', base), unchanged: false };
      return { record: { path, kind, ...base, state: 'indexed', passages: passages.length, title }, passages, unchanged: false };
    }
    try {
      const doc = await deps.pdf.extract(bytes, { signal, path });
      const { title, passages } = pdfToPassages(path, doc, { minWords: options.passageMinWords, maxWords: options.passageMaxWords });
      if (passages.length === 0) return { record: noText(path, base, doc.pageCount), unchanged: false };
      // Image-only pages among text pages are recognised later, in the background.
      const textless = doc.pageCount - doc.pages.filter((p) => pdfHasText({ pageCount: 1, pages: [p] })).length;
      // recorded with OCR off too: the status says what was not read, and a later run with OCR on reads it
      const without = `${textless} page${textless === 1 ? '' : 's'} without text`;
      const ocr = textless > 0 ? { ocr: { state: 'pending' as const, pages: 0, pendingPages: textless, message: ocrOn ? `${without}, OCR pending` : `${without}, not read (OCR is off)` } } : {};
      return { record: { path, kind, ...base, state: 'indexed', passages: passages.length, title, pages: doc.pageCount, ...ocr }, passages, unchanged: false };
    } catch (e) {
      if (isVerityError(e) && e.code === 'CANCELLED') throw e;
      if (isVerityError(e) && e.code === 'PDF_NO_TEXT') return { record: noText(path, base, (e.detail as { pageCount?: number } | undefined)?.pageCount), unchanged: false };
      if (isVerityError(e) && e.code.startsWith('PDF_')) return { record: skipped(path, kind, e.code as SkipCode, base, e.message), unchanged: false };
      log.warn(`PDF ${path}: ${errorText(e)}`);
      return { record: skipped(path, kind, 'PDF_UNREADABLE', base, `${MESSAGES.PDF_UNREADABLE}: ${errorText(e)}`), unchanged: false };
    }
  };

  /** Records a file's state and indexes its passages (`replace`: drop the file's old passages first). */
  const apply = async (path: string, result: { record: FileRecord; passages?: Passage[]; unchanged: boolean }, signal?: AbortSignal, replace = true): Promise<void> => {
    files.set(path, result.record);
    if (result.unchanged) return;
    if (port) {
      // one transaction per file: the record and all its passages (OCR adds pages to what is there)
      const passages = replace ? (result.passages ?? []) : [...(await port.filePassages(path)), ...(result.passages ?? [])];
      await port.writeFile(result.record, passages, signal);
      return;
    }
    if (replace) await index.removeByPath(path);
    if (result.passages?.length) {
      const vectors = embedder ? await embedder.vectorsFor(result.passages, signal) : undefined;
      await index.add(result.passages, { signal, vectors });
      checker = undefined;
    }
  };

  /**
   * Runs a read of the index; when the store turns out to be damaged (the index reads passages
   * and postings from disk only when a query needs them), it is rebuilt from the documents and
   * the read runs again.
   */
  const rebuildingIfDamaged = async <T>(read: () => T | Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (e) {
      if (!isVerityError(e) || e.code !== 'STORE_CORRUPT') throw e;
      log.warn(`STORE_CORRUPT: ${e.message}; rebuilding from the documents`);
      await serial(async () => {
        resetIndex(createPassageIndex({ storage: deps.storage }));
        files.loadFrom([]);
      });
      await verity.indexWorkspace({ force: true });
      return read();
    }
  };

  const verity: Verity = {
    options,

    async load(signal) {
      if (port) {
        throwIfCancelled(signal);
        files.loadFrom(await port.fileRecords());
        portPassages = (await port.status()).passages;
        log.info(`Loaded index: ${files.size} files, ${portPassages} passages.`);
        return files.size > 0;
      }
      if (!deps.storage) return false;
      throwIfCancelled(signal);
      const loaded = await loadPassageIndex(deps.storage, undefined, log);
      if (!loaded) return false;
      const meta = loaded.meta as Partial<SnapshotMeta> | undefined;
      if (!meta || meta.ingestKey !== ingestKey || (loaded.converted && !Array.isArray(meta.files))) {
        log.info('Index snapshot was made with other passage settings; rebuilding.');
        void loaded.index.close();
        return false;
      }
      const records = loaded.converted ? meta.files! : loaded.index.fileRecords();
      const problem = records.map(fileRecordProblem).find((p) => p !== undefined);
      if (problem !== undefined) {
        log.warn(`STORE_CORRUPT: the index snapshot is refused (${problem}); rebuilding from the documents`);
        void loaded.index.close();
        return false;
      }
      resetIndex(loaded.index);
      if (loaded.converted) {
        files.loadFrom([]);
        for (const f of records) files.set(f.path, f);
        // the old format is written once in the new one (a reader's storage ignores the write)
        await verity.save(signal);
      } else files.loadFrom(records);
      if (embedder) await embedder.load(deps.storage);
      log.info(`Loaded index: ${files.size} files, ${index.size} passages.`);
      return true;
    },

    indexWorkspace(opts = {}) {
      return serial(async () => {
        const t0 = Date.now();
        const { signal, onProgress, force } = opts;
        onProgress?.({ phase: 'scanning', done: 0, total: 0 });
        const listed = (await deps.workspace.listFiles(signal)).filter((p) => documentKind(p));
        throwIfCancelled(signal);
        const present = new Set(listed);
        // Folders and names the listing could not read still get a reason in the status.
        for (const problem of deps.workspace.listProblems?.() ?? []) {
          if (present.has(problem.path)) continue;
          present.add(problem.path);
          files.set(problem.path, skipped(problem.path, documentKind(problem.path) ?? 'md', 'FILE_UNREADABLE', {}, problem.message));
        }
        let removed = 0;
        for (const path of [...files.keys()]) {
          if (!present.has(path)) {
            await removePath(path);
            files.delete(path);
            removed++;
          }
        }
        if (removed) checker = undefined;
        let indexed = 0;
        let unchanged = 0;
        let refreshed = 0;
        const progress: IndexProgress = { phase: 'reading', done: 0, total: listed.length };
        // the next files' size and date are asked for while the current ones are read
        let stats: Array<Promise<{ size: number; mtime: number } | undefined>> = [];
        for (const [i, path] of listed.entries()) {
          throwIfCancelled(signal);
          onProgress?.({ ...progress, path });
          if (i % STAT_BATCH === 0) stats = listed.slice(i, i + STAT_BATCH).map((p) => deps.workspace.stat(p));
          const result = await readFile(path, signal, force, stats[i % STAT_BATCH]);
          const before = files.get(path);
          await apply(path, result, signal);
          // a touched file (a new date, the same bytes) keeps its passages, but its new date must
          // be saved, or every later run reads and hashes it again
          if (result.unchanged && before && (before.mtime !== result.record.mtime || before.size !== result.record.size)) refreshed++;
          if (result.unchanged) unchanged++;
          else if (result.record.state === 'indexed') indexed++;
          if (result.record.reason === 'FILE_VANISHED') files.delete(path);
          progress.done++;
        }
        if (port) {
          await port.flush(signal);
          portPassages = (await port.status()).passages;
        }
        if (deps.storage && (indexed || removed || refreshed || force || listed.length - unchanged > 0)) {
          onProgress?.({ phase: 'saving', done: progress.done, total: progress.total });
          await verity.save(signal);
        }
        onProgress?.({ phase: 'done', done: progress.done, total: progress.total });
        const all = [...files.values()];
        return {
          files: all.length,
          indexed,
          unchanged,
          removed,
          skipped: all.filter((f) => f.state === 'skipped'),
          passages: passageTotal(),
          ms: Date.now() - t0,
        } satisfies IndexSummary;
      });
    },

    updateFile(path, signal) {
      return serial(async () => {
        if (!documentKind(path)) return undefined;
        const result = await readFile(path, signal);
        if (result.record.reason === 'FILE_VANISHED') {
          await removePath(path);
          files.delete(path);
          checker = undefined;
          return undefined;
        }
        await apply(path, result, signal);
        return result.record;
      });
    },

    removeFile(path) {
      return serial(async () => {
        // A folder deletion arrives as one event: remove everything under it.
        const prefix = path.endsWith('/') ? path : `${path}/`;
        for (const p of [...files.keys()]) {
          if (p === path || p.startsWith(prefix)) {
            await removePath(p);
            files.delete(p);
          }
        }
        checker = undefined;
      });
    },

    async renameFile(from, to, signal) {
      await verity.removeFile(from);
      await verity.updateFile(to, signal);
    },

    async save(signal) {
      if (port) return port.flush(signal);
      if (!deps.storage) return;
      const meta: SnapshotMeta = { ingestKey };
      await index.save(deps.storage, meta, signal);
      if (embedder) await embedder.save(deps.storage);
    },

    files: () => [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    passageCount: passageTotal,
    getPassage: (id) => (port ? seen.get(id) : index.get(id)),

    async search(query: string, opts?: SearchOptions): Promise<SearchHit[]> {
      throwIfCancelled(opts?.signal);
      if (port) return remember(await port.search(query, opts));
      return rebuildingIfDamaged(async () => {
        if (embedder && index.hasVectors()) {
          const vector = await embedder.queryVector(query, opts?.signal);
          if (vector) return index.search(query, { ...opts, vector });
        }
        return index.search(query, opts);
      });
    },

    ocrPending: () => (ocrOn ? [...files.values()].filter(needsOcr).length : 0),

    async runOcr(opts = {}) {
      if (!ocrOn || !deps.ocr) return { files: 0, recognised: 0, pages: 0, cachedPages: 0, passages: 0, failed: [], cancelled: false, ms: 0 };
      return runOcrStage(
        {
          workspace: deps.workspace,
          ocr: deps.ocr,
          cache: ocrCache,
          log,
          languages: options.ocrLanguages ?? ['eng'],
          maxPagesPerFile: options.ocrMaxPagesPerFile ?? 20,
          chunk: { minWords: options.passageMinWords, maxWords: options.passageMaxWords },
          files,
          serial,
          addPassages: async (passages, signal) => {
            await apply(passages[0]!.path, { record: files.get(passages[0]!.path)!, passages, unchanged: false }, signal, false);
          },
          save: (signal) => serial(() => verity.save(signal)),
        },
        opts,
      );
    },

    async check(text: string, opts?: CheckOptions) {
      throwIfCancelled(opts?.signal);
      // over a server store: a checker per check, so the corpus statistics are those of now
      if (portSource) return createAsyncChecker(portSource, { glossary: await readGlossary() }).check(text, { ...opts, excludePaths: notEvidence(opts?.excludePaths, opts?.drafts) });
      return rebuildingIfDamaged(async () => {
        checker ??= createChecker(index, { glossary: await readGlossary() });
        return checker.check(text, { ...opts, excludePaths: notEvidence(opts?.excludePaths, opts?.drafts) });
      });
    },

    async ask(question: string, opts: AskOptions = {}): Promise<Turn> {
      const model = opts.model ?? deps.model;
      if (!model) throw new VerityError('MODEL_UNAVAILABLE', 'No language model is configured: set a model endpoint (base URL and model name) or pick a model in the chat view.');
      // over a server store the loop's checker fetches statistics before each check (one per question)
      const turnChecker = portSource ? createAsyncChecker(portSource, { glossary: await readGlossary() }) : (checker ??= createChecker(index, { glossary: await readGlossary() }));
      return runTurn(
        {
          search: async (q, k, signal) => {
            const skip = new Set(notEvidence());
            if (skip.size === 0) return verity.search(q, { k, signal });
            // Drafts are never evidence for an answer: over-fetch, then drop them.
            return (await verity.search(q, { k: k * 2 + skip.size, signal })).filter((h) => !skip.has(h.passage.path)).slice(0, k);
          },
          checker: turnChecker,
          model,
          passageCount: passageTotal,
          logger: log,
        },
        question,
        { history: opts.history, options: { ...options, strict: opts.strict ?? options.strict }, signal: opts.signal, onProgress: opts.onProgress, onText: opts.onText },
      );
    },

    dispose() {
      files.loadFrom([]);
      resetIndex(createPassageIndex());
    },
  };
  return verity;
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message.split('\n')[0]! : String(e);
}
