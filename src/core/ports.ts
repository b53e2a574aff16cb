/**
 * The narrow ports through which the core talks to the outside world. Adapters live in
 * src/node (CLI, tests) and src/vscode (the extension). Return `undefined` for "absent";
 * throw (VerityError) only for real failures.
 */
import type { TokenUsage } from './types';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** Files of the workspace, addressed by workspace-relative paths with forward slashes. */
export interface WorkspacePort {
  /** Every candidate document (markdown and PDF) the workspace holds, after include/exclude rules. */
  listFiles(signal?: AbortSignal): Promise<string[]>;
  /** File size and modification time, or undefined when the file does not exist (any more). */
  stat(path: string): Promise<{ size: number; mtime: number } | undefined>;
  /** File bytes, or undefined when the file vanished. */
  readFile(path: string): Promise<Uint8Array | undefined>;
  /**
   * Optional: what the last `listFiles` could not list (an unreadable folder, a name that is not
   * valid UTF-8, a path over the system's limit), each with a one-line reason for the status.
   */
  listProblems?(): Array<{ path: string; message: string }>;
}

/** Text items of one PDF page; coordinates in PDF points with the origin at the top-left. */
export interface PdfTextItem {
  str: string;
  x: number;
  y: number;
  w: number;
  h: number;
  hasEOL: boolean;
}

export interface PdfPageText {
  /** 1-based page number. */
  page: number;
  width: number;
  height: number;
  items: PdfTextItem[];
}

export interface PdfDocText {
  title?: string;
  pageCount: number;
  pages: PdfPageText[];
}

/**
 * Extracts text from PDF bytes. Implementations enforce size and time limits and throw
 * VerityError with PDF_ENCRYPTED | PDF_NO_TEXT | PDF_UNREADABLE | PDF_TOO_LARGE | PDF_TIMEOUT.
 */
export interface PdfTextPort {
  extract(bytes: Uint8Array, options?: { signal?: AbortSignal; path?: string }): Promise<PdfDocText>;
}

/**
 * A blob opened for reads by offset. `read` is synchronous on purpose: the index reads a few
 * posting blocks and the text of the shown passages inside a synchronous search (Orama's search
 * and the checker are synchronous), and a read served from the page cache takes microseconds.
 */
export interface RandomAccessBlob {
  readonly size: number;
  /** `length` bytes from `position`; throws when the range is outside the blob. */
  read(position: number, length: number): Uint8Array;
  /** Releases the handle. Reads after close throw. */
  close(): void;
}

/** A blob written in pieces: invisible under its name until `commit` (temp file + rename). */
export interface BlobWriter {
  write(chunk: Uint8Array): Promise<void>;
  commit(): Promise<void>;
  /** Drops what was written (the name keeps its previous content, if any). */
  abort(): Promise<void>;
}

/** A folder of named blobs for snapshots. `write` must be atomic (temp file + rename). */
export interface StoragePort {
  read(name: string): Promise<Uint8Array | undefined>;
  write(name: string, data: Uint8Array): Promise<void>;
  remove(name: string): Promise<void>;
  list(): Promise<string[]>;
  /** True when writes are discarded (a reader that must not change the store). */
  readonly readOnly?: boolean;
  /**
   * Optional: opens a blob for reads by offset (undefined when it does not exist). Without it
   * the index reads whole blobs into memory.
   */
  open?(name: string): Promise<RandomAccessBlob | undefined>;
  /** Optional: writes a large blob in pieces. Without it the pieces are joined and written at once. */
  createWriter?(name: string): Promise<BlobWriter>;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatOptions {
  signal?: AbortSignal;
  maxTokens?: number;
  temperature?: number;
  /** Called with each streamed text fragment, when the adapter streams. */
  onText?: (fragment: string) => void;
}

export interface ChatResult {
  text: string;
  /** Token usage when the server reports it. */
  usage?: TokenUsage;
}

/** A chat model. Errors are VerityError with a MODEL_* code. */
export interface ModelPort {
  /** A name to show, e.g. "gpt-4o-mini @ http://127.0.0.1:11434/v1". */
  readonly id: string;
  chat(messages: ChatMessage[], options?: ChatOptions): Promise<ChatResult>;
}

/** Text embeddings (optional). Vectors are plain number arrays of a fixed dimension. */
export interface EmbeddingPort {
  readonly id: string;
  embed(texts: string[], options?: { signal?: AbortSignal }): Promise<number[][]>;
}
