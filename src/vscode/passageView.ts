/**
 * Citations of a team index whose files are not on this disk open a read-only view of the
 * passage, fetched from the store: a `verity-passage:` document (passageText.ts renders it); the
 * Sources list's "Open" on such a file shows all its passages the same way.
 * Diagnostics' related information, hovers, quick fixes, the report and the chat's references
 * all go through evidenceLocation / openEvidence (evidence.ts), which ask `passageViewUri` first.
 *
 * The service names the store it reads with `setPassageSource` (undefined: the local index, every
 * citation opens its file as before).
 */
import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import type { Passage } from '../core/types';
import { fileViewAddress, parseFileViewAddress, parsePassageViewAddress, PASSAGE_SCHEME, passageViewAddress, renderFileView, renderPassageView, type PassageViewRef } from './passageText';
import type { Located } from './evidenceText';
import { toUri } from './workspacePort';

/** The server store the editor reads: its name for a person, and its passages by id. */
export interface PassageSource {
  describe: string;
  passage(id: string): Promise<Passage | undefined>;
  /** Every passage of a file, in document order. */
  filePassages(path: string): Promise<Passage[]>;
}

let source: PassageSource | undefined;

/** Sets (or clears) the store whose passages the views show. */
export function setPassageSource(next: PassageSource | undefined): void {
  source = next;
}

/** Whether a server store is read (citations may name files not on this disk). */
export function readingServerStore(): boolean {
  return source !== undefined;
}

/** Whether the workspace file at `path` exists on this disk. */
function onDisk(path: string): boolean {
  const uri = toUri(path);
  if (!uri) return false;
  if (uri.scheme === 'file') return existsSync(uri.fsPath);
  // a remote window's files are on the machine this extension host runs on
  if (uri.scheme === 'vscode-remote') return existsSync(uri.path);
  // a workspace on another file system cannot be asked synchronously: its file is assumed there
  return true;
}

/**
 * The read-only view of the passage `ref` when a server store is read and its file is not on this
 * disk; undefined otherwise (the file itself is opened).
 */
export function passageViewUri(ref: Located): vscode.Uri | undefined {
  if (!source || !ref.passageId || onDisk(ref.path)) return undefined;
  const view: PassageViewRef = { passageId: ref.passageId, path: ref.path, kind: ref.kind, startLine: ref.startLine, endLine: ref.endLine };
  if (ref.page !== undefined) view.page = ref.page;
  return vscode.Uri.from({ scheme: PASSAGE_SCHEME, ...passageViewAddress(view) });
}

/**
 * The read-only view of every passage of the file at `path` when a server store is read and the
 * file is not on this disk; undefined otherwise (the file itself is opened).
 */
export function fileViewUri(path: string, kind: Passage['kind']): vscode.Uri | undefined {
  if (!source || onDisk(path)) return undefined;
  return vscode.Uri.from({ scheme: PASSAGE_SCHEME, ...fileViewAddress({ path, kind }) });
}

/** Opens a passage view (read-only: a content provider's document cannot be edited). */
export async function showPassageView(uri: vscode.Uri, column?: vscode.ViewColumn): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(uri);
  return vscode.window.showTextDocument(doc, { preview: true, ...(column ? { viewColumn: column } : {}) });
}

/** Serves `verity-passage:` documents from the store. */
export class PassageViewProvider implements vscode.TextDocumentContentProvider {
  constructor(private readonly log: vscode.LogOutputChannel) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const file = parseFileViewAddress(uri.path, uri.query);
    if (file) return this.fetched(`the passages of ${file.path}`, (from) => from.filePassages(file.path), (got, describe, why) => renderFileView(file, got, describe, why));
    const ref = parsePassageViewAddress(uri.path, uri.query);
    if (!ref) return 'Not a Verity passage address.\n';
    return this.fetched(`passage ${ref.passageId} of ${ref.path}`, (from) => from.passage(ref.passageId), (got, describe, why) => renderPassageView(ref, got, describe, why));
  }

  /**
   * What `fetch` gets from the store, rendered; without a store, or when the store fails (logged),
   * the rendering says why.
   */
  private async fetched<T>(what: string, fetch: (from: PassageSource) => Promise<T>, render: (got: T | undefined, describe: string, why?: string) => string): Promise<string> {
    const from = source;
    if (!from) return render(undefined, 'that this window read before', 'the editor no longer reads a team index (verity.store is empty or off)');
    try {
      return render(await fetch(from), from.describe);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      this.log.error(`could not fetch ${what}: ${why}`);
      return render(undefined, from.describe, why);
    }
  }
}

/** Registers the passage views' provider (owned by the extension's subscriptions). */
export function registerPassageViews(log: vscode.LogOutputChannel): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(PASSAGE_SCHEME, new PassageViewProvider(log));
}
