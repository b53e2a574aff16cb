/**
 * The one interface every adapter uses (house style rule 1): `createVerity(deps)` in
 * core/verity.ts returns a `Verity`. Adapters never reach into core internals.
 */
import type { CheckResult, FileRecord, HistoryTurn, Passage, SearchHit, SearchOptions, Turn } from './types';
import type { EmbeddingPort, Logger, ModelPort, PdfTextPort, StoragePort, WorkspacePort } from './ports';
import type { OcrPort } from './ocr/ocrPort';
import type { OcrProgress, OcrSummary } from './ocr/ocrStage';
import type { SearchPort } from './search/port';

export interface VerityOptions {
  /** Target passage size in words (sections longer than max are split on block boundaries). */
  passageMinWords: number;
  passageMaxWords: number;
  /** Files larger than this are skipped (FILE_TOO_LARGE / PDF_TOO_LARGE). */
  maxFileBytes: number;
  maxPdfBytes: number;
  /** Passages retrieved per question for the model. */
  topK: number;
  /** Verify-and-revise rounds (draft + revisions), default 3. */
  maxRounds: number;
  /** Token budget per turn (prompt + completion), 0 = unlimited. */
  tokenBudget: number;
  /** Drop unsupported sentences from answers instead of marking them. */
  strict: boolean;
  /** Run the LLM judge as a second opinion when a model is available. */
  judge: 'off' | 'claims' | 'minicheck';
  /** Let the model rerank: retrieve `rerankCandidates`, keep `topK`. */
  rerank: boolean;
  rerankCandidates: number;
  /**
   * Globs (on workspace paths) of drafts: files that may be indexed and checked but are never
   * evidence for a check or an answer. The document being checked is never evidence either.
   * Optional so option objects written before it stay valid; the facade defaults it.
   */
  drafts?: string[];
  /** OCR of image-only PDF pages in the background when an OCR port is given (default true). */
  ocr?: boolean;
  /** OCR language codes (default ['eng']; others need their data package). */
  ocrLanguages?: string[];
  /** Pages recognised per file at most (default 20). */
  ocrMaxPagesPerFile?: number;
}

export interface IndexProgress {
  phase: 'scanning' | 'reading' | 'saving' | 'done';
  done: number;
  total: number;
  path?: string;
}

export interface IndexSummary {
  files: number;
  indexed: number;
  unchanged: number;
  removed: number;
  skipped: FileRecord[];
  passages: number;
  ms: number;
}

export interface AskProgress {
  /** A line a person can read: "Searching 3,412 passages", "Checking 6 sentences", "Revising 2". */
  message: string;
  round?: number;
}

export interface AskOptions {
  history?: HistoryTurn[];
  strict?: boolean;
  /** A model for this question (e.g. the one picked in the chat UI); falls back to deps.model. */
  model?: ModelPort;
  signal?: AbortSignal;
  onProgress?: (p: AskProgress) => void;
  /** Streamed text of the current draft. */
  onText?: (fragment: string) => void;
}

export interface CheckOptions {
  /** Extra evidence to check against (e.g. the passages an answer cited), besides the index. */
  evidence?: Passage[];
  /** Search the index for evidence (default true). */
  useIndex?: boolean;
  /** Workspace-relative paths whose passages are not evidence (the file being checked, when indexed). */
  excludePaths?: string[];
  /** Draft globs for this call, replacing `VerityOptions.drafts` (e.g. the CLI's --drafts). */
  drafts?: string[];
  /**
   * The question the text answers: what the answer adds to it must be in the evidence (the
   * checker's question-answer model decides; see CheckOpts.question in check/checker.ts).
   */
  question?: string;
  signal?: AbortSignal;
}

export interface VerityDeps {
  workspace: WorkspacePort;
  pdf: PdfTextPort;
  /** Where snapshots live; without it the index is in memory only. */
  storage?: StoragePort;
  logger?: Logger;
  model?: ModelPort;
  embeddings?: EmbeddingPort;
  /** Recognises image-only PDF pages; OCR runs only with this and `options.ocr`. */
  ocr?: OcrPort;
  /**
   * Where the passages live when not in the in-process index: a team index on a server (issue 30).
   * The facade then writes each file through it and searches and checks against it.
   */
  searchPort?: SearchPort;
  options?: Partial<VerityOptions>;
}

export interface Verity {
  readonly options: VerityOptions;
  /** Loads the persisted index if one is valid; returns false when it had to start empty. */
  load(signal?: AbortSignal): Promise<boolean>;
  /** Brings the index up to date with the workspace: new/changed files read, deleted ones removed. */
  indexWorkspace(opts?: { signal?: AbortSignal; onProgress?: (p: IndexProgress) => void; force?: boolean }): Promise<IndexSummary>;
  /** Re-reads one file (created or changed); a no-op when its content hash is unchanged. */
  updateFile(path: string, signal?: AbortSignal): Promise<FileRecord | undefined>;
  removeFile(path: string): Promise<void>;
  renameFile(from: string, to: string, signal?: AbortSignal): Promise<void>;
  save(signal?: AbortSignal): Promise<void>;
  files(): FileRecord[];
  passageCount(): number;
  getPassage(id: string): Passage | undefined;
  search(query: string, opts?: SearchOptions): Promise<SearchHit[]>;
  /** Files whose image-only pages wait for OCR (0 when OCR is off). */
  ocrPending(): number;
  /**
   * Recognises the pages waiting for OCR and adds their passages, file by file, without holding
   * up searches or file updates. Cancel with the signal; a later call resumes from the cache.
   */
  runOcr(opts?: { signal?: AbortSignal; onProgress?: (p: OcrProgress) => void }): Promise<OcrSummary>;
  check(text: string, opts?: CheckOptions): Promise<CheckResult>;
  ask(question: string, opts?: AskOptions): Promise<Turn>;
  dispose(): void;
}
