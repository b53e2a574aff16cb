/**
 * Owns the workspace's Verity facade: creates it on first need, loads the snapshot from the
 * extension's workspace storage, keeps the index current (full scan, file watcher, debounced
 * saves) and shows the state in the status bar. Nothing heavy runs in the constructor.
 */
import * as vscode from 'vscode';
import type { IndexProgress, IndexSummary, Verity } from '../core/api';
import { isVerityError } from '../core/errors';
import type { Logger, ModelPort } from '../core/ports';
import { createVerity } from '../core/verity';
import { createFsStorage } from '../node/fsStorage';
import { WorkerPdfExtractor } from '../node/pdfExtractor';
import { createOcrRunner } from '../node/ocr/ocrRunner';
import { OcrBackground } from './ocrBackground';
import { openPgPort, type PgPort } from '../node/pg/pgPort';
import { readExtensionSettings, readServerStore, readVerityOptions, REINDEX_KEYS, type ExtensionSettings, type ServerStoreSetting } from './settings';
import { setPassageSource } from './passageView';
import { createVsCodeWorkspace, toWorkspacePath, type VsCodeWorkspace } from './workspacePort';

const SAVE_DELAY_MS = 2000;
/** Set once an index was built here: the background start then needs no other sign. */
export const INDEXED_BEFORE_KEY = 'verity.indexedBefore';
const EVENT_DELAY_MS = 250;
/** Indexing that lasts longer than this gets a cancellable notification. */
const NOTIFY_AFTER_MS = 1500;

export const readSetting = (key: string): unknown => vscode.workspace.getConfiguration().get(key);

/** Where the password of the team index (verity.store) is kept: the editor's SecretStorage. */
export const STORE_PASSWORD_SECRET = 'verity.store.password';

/** `verity.store` from the user's or machine's settings only, off in Restricted Mode (settings.ts). */
export function serverStoreSetting(): ServerStoreSetting {
  return readServerStore(vscode.workspace.getConfiguration().inspect('verity.store'), vscode.workspace.isTrusted);
}

export class VerityService implements vscode.Disposable {
  private verity: Promise<Verity> | undefined;
  /** The facade once created and loaded (for synchronous counts). */
  private opened: Verity | undefined;
  private indexing: Promise<IndexSummary | undefined> | undefined;
  private abort: AbortController | undefined;
  private readonly status: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly pendingEvents = new Map<string, NodeJS.Timeout>();
  private saveTimer: NodeJS.Timeout | undefined;
  private readonly workspace: VsCodeWorkspace;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the index changed (files added, updated or removed). */
  readonly onDidChange = this.changed.event;
  private readonly storeChanged = new vscode.EventEmitter<void>();
  /** Fires when the team index failed to open or read, and when the index is reopened. */
  readonly onDidChangeStore = this.storeChanged.event;
  /** Whether the last load found a valid snapshot (tests and the status view read it). */
  loadedFromSnapshot = false;
  /** When the index was last opened: started and loaded (epoch ms; the warm-start test and benchmark read them). */
  readonly openTimes: { startedAt?: number; loadedAt?: number } = {};
  lastSummary: IndexSummary | undefined;
  /** Background OCR of scanned PDF pages, started after each indexing run. */
  readonly ocr: OcrBackground;
  /**
   * The team index read instead of the workspace's own (verity.store): CI keeps it current, so
   * the editor only reads it: no indexing of the disk, no file events, no saves, no OCR.
   */
  private server: { port: PgPort; describe: string } | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly model: ModelPort,
  ) {
    this.workspace = createVsCodeWorkspace(() => this.settings());
    this.status = vscode.window.createStatusBarItem('verity.status', vscode.StatusBarAlignment.Left, 50);
    this.status.name = 'Verity index';
    this.status.command = 'verity.sources.focus';
    this.status.text = '$(book) Verity: not indexed yet';
    this.status.tooltip = 'Verity has not indexed this workspace yet. Click to open the Verity view.';
    this.status.show();
    this.ocr = new OcrBackground(log, (v) => {
      this.showCount(v);
      this.changed.fire();
      this.scheduleSave();
    });
    const watcher = vscode.workspace.createFileSystemWatcher('**/*.{md,markdown,mdx,pdf,MD,PDF}');
    this.disposables.push(
      this.status,
      this.ocr,
      this.changed,
      this.storeChanged,
      watcher,
      watcher.onDidCreate((uri) => this.onFileEvent(uri, 'update')),
      watcher.onDidChange((uri) => this.onFileEvent(uri, 'update')),
      watcher.onDidDelete((uri) => this.onFileEvent(uri, 'remove')),
      vscode.workspace.onDidRenameFiles((e) => void this.onRename(e)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        // after a team index failed to open there is no facade, yet a new setting must replace the red status
        if ((this.verity || this.storeFailed) && [...REINDEX_KEYS, 'verity.store'].some((k) => e.affectsConfiguration(k))) void this.restart().catch((err: unknown) => this.log.warn(`reopening the index: ${errorText(err)}`));
      }),
      // a store the user configured is used once the workspace is trusted
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        if (this.verity && serverStoreSetting().url) void this.restart();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        if (this.verity) void this.indexNow();
      }),
    );
  }

  settings(): ExtensionSettings {
    return readExtensionSettings(readSetting);
  }

  /** The facade with its snapshot loaded; starts a background index the first time. */
  getVerity(): Promise<Verity> {
    if (!this.verity) {
      const opening = this.create();
      this.verity = opening;
      void opening.then(() => this.indexNow()).catch((e) => {
        this.log.error(`could not open the index: ${errorText(e)}`);
        // an unreachable team index is asked again next time, not remembered as broken
        if (this.verity === opening) this.verity = undefined;
      });
    }
    return this.verity;
  }

  /** Whether verity.store names a team index to read (whether or not it could be opened). */
  serverStoreSet(): boolean {
    return serverStoreSetting().url !== undefined;
  }

  /** The facade after the current indexing run has finished (complete results). */
  async ready(): Promise<Verity> {
    const v = await this.getVerity();
    await this.indexing;
    return v;
  }

  /**
   * The facade as soon as it can answer: with a stored index loaded, at once (the reconcile with
   * the disk goes on behind it, and files it re-reads join the index as they are read); with no
   * stored index, after the first indexing run. Checks, searches and questions use this.
   */
  async answering(): Promise<Verity> {
    const v = await this.getVerity();
    if (!this.loadedFromSnapshot) await this.indexing;
    return v;
  }

  /** Passages in the index (0 before it is opened). */
  passageCount(): number {
    return this.opened?.passageCount() ?? 0;
  }

  /** Files read from the disk since activation, by path (the warm-start test counts them). */
  reads(): Record<string, number> {
    return this.workspace.reads();
  }

  private async create(): Promise<Verity> {
    const started = Date.now();
    this.openTimes.startedAt = started;
    delete this.openTimes.loadedAt;
    const logger: Logger = { info: (m) => this.log.info(m), warn: (m) => this.log.warn(m), error: (m) => this.log.error(m) };
    const storageDir = this.context.storageUri?.fsPath;
    const options = readVerityOptions(readSetting);
    const { maxPdfPages, pdfTimeoutSeconds } = this.settings();
    const server = await this.openServerStore();
    const verity = createVerity({
      workspace: this.workspace,
      pdf: new WorkerPdfExtractor({
        workerPath: vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'pdfWorker.mjs').fsPath,
        maxBytes: options.maxPdfBytes,
        maxPages: maxPdfPages,
        timeoutMs: pdfTimeoutSeconds * 1000,
      }),
      storage: storageDir && !server ? createFsStorage(storageDir) : undefined,
      ...(server ? { searchPort: server.port } : { ocr: createOcrRunner() }),
      logger,
      model: this.model,
      options,
    });
    if (server) {
      try {
        await verity.load();
      } catch (e) {
        await server.port.close().catch(() => undefined);
        this.failServerStore(errorText(e));
        throw e;
      }
      this.server = server;
      this.loadedFromSnapshot = true;
      setPassageSource({ describe: server.describe, passage: async (id) => (await server.port.passages([id]))[0], filePassages: (path) => server.port.filePassages(path) });
      this.log.info(`reading the team index ${server.describe}: ${verity.files().length} files, ${verity.passageCount()} passages (${Date.now() - started} ms)`);
      this.opened = verity;
      this.openTimes.loadedAt = Date.now();
      this.showCount(verity);
      return verity;
    }
    try {
      this.loadedFromSnapshot = await verity.load();
    } catch (e) {
      this.loadedFromSnapshot = false;
      this.log.warn(`the stored index could not be loaded (${errorText(e)}); rebuilding it`);
    }
    this.log.info(`index ${this.loadedFromSnapshot ? `loaded from ${storageDir}` : 'starts empty'}: ${verity.passageCount()} passages (${Date.now() - started} ms)`);
    this.opened = verity;
    this.openTimes.loadedAt = Date.now();
    this.showCount(verity);
    return verity;
  }

  /** Opens the team index of verity.store as a reader, or undefined for the local index. */
  private async openServerStore(): Promise<{ port: PgPort; describe: string } | undefined> {
    const setting = serverStoreSetting();
    if (setting.ignored) this.log.warn(setting.ignored);
    if (!setting.url) return undefined;
    const password = (await this.context.secrets.get(STORE_PASSWORD_SECRET)) || undefined;
    try {
      const port = await openPgPort(setting.url, { mode: 'read', ...(password ? { password } : {}) });
      return { port, describe: port.config.describe };
    } catch (e) {
      this.failServerStore(errorText(e));
      throw e;
    }
  }

  /** The team index could not be opened (the status bar says so) since the last restart. */
  private storeFailed = false;

  /** Says in the status bar that the team index could not be read (store errors never hold the password). */
  private failServerStore(message: string): void {
    this.storeFailed = true;
    this.status.text = '$(error) Verity: team index unreachable';
    this.storeChanged.fire();
    this.status.tooltip = `Verity could not read the team index (verity.store): ${message}. Checks and questions try again on their next run.`;
    this.status.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
  }

  private async closeServerStore(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    setPassageSource(undefined);
    if (server) await server.port.close().catch((e: unknown) => this.log.warn(`closing the team index: ${errorText(e)}`));
  }

  /** Brings the index up to date (or rebuilds it with `force`); one run at a time. */
  indexNow(force = false): Promise<IndexSummary | undefined> {
    if (this.indexing) {
      if (!force) return this.indexing;
      this.abort?.abort();
    }
    const run = this.runIndex(force).finally(() => {
      if (this.indexing === run) this.indexing = undefined;
    });
    this.indexing = run;
    return run;
  }

  private async runIndex(force: boolean): Promise<IndexSummary | undefined> {
    const verity = await this.getVerity();
    if (this.server) return this.reloadServerStore(verity);
    const abort = new AbortController();
    this.abort = abort;
    let last: IndexProgress | undefined;
    let report: ((p: IndexProgress) => void) | undefined;
    const done = new Promise<void>((resolve) => abort.signal.addEventListener('abort', () => resolve(), { once: true }));
    let finished!: () => void;
    const finishedP = new Promise<void>((r) => (finished = r));
    // Long runs get a cancellable notification; short ones only touch the status bar.
    const notify = setTimeout(() => {
      void vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Verity: indexing', cancellable: true },
        async (progress, token) => {
          token.onCancellationRequested(() => abort.abort());
          let reported = 0;
          report = (p) => {
            if (p.total <= 0) return;
            const pct = (p.done / p.total) * 100;
            progress.report({ message: `${p.done}/${p.total}${p.path ? ` — ${p.path}` : ''}`, increment: pct - reported });
            reported = pct;
          };
          if (last) report(last);
          await Promise.race([done, finishedP]);
        },
      );
    }, NOTIFY_AFTER_MS);
    // A loaded store already answers: say that it is being compared with the disk, not built.
    const reconcile = this.loadedFromSnapshot && !force;
    if (!this.activity) this.status.text = reconcile ? `${this.status.text.replace(/ · checking for changes$/, '')} · checking for changes` : '$(sync~spin) Verity: indexing';
    try {
      const summary = await verity.indexWorkspace({
        signal: abort.signal,
        force,
        onProgress: (p) => {
          last = p;
          if (p.phase === 'reading' && !this.activity && !reconcile) this.status.text = `$(sync~spin) Verity: reading ${p.done} of ${p.total} files`;
          report?.(p);
        },
      });
      this.lastSummary = summary;
      void this.context.workspaceState.update(INDEXED_BEFORE_KEY, true);
      this.log.info(`indexed ${summary.files} files (${summary.indexed} read, ${summary.unchanged} unchanged, ${summary.removed} removed, ${summary.skipped.length} skipped): ${summary.passages} passages in ${summary.ms} ms`);
      for (const s of summary.skipped) this.log.warn(`skipped ${s.path}: ${s.message ?? s.reason}`);
      this.changed.fire();
      void this.ocr.start(verity);
      return summary;
    } catch (e) {
      if (isVerityError(e) && e.code === 'CANCELLED') this.log.info('indexing cancelled');
      else {
        this.log.error(`indexing failed: ${errorText(e)}`);
        void vscode.window.showErrorMessage(`Verity: indexing failed — ${errorText(e)}. See the Verity log for details.`);
      }
      return undefined;
    } finally {
      clearTimeout(notify);
      finished();
      this.showCount(verity);
      this.scheduleSave();
    }
  }

  /** A reader of a team index does not index: it reads the corpus's file list and counts again. */
  private async reloadServerStore(verity: Verity): Promise<IndexSummary | undefined> {
    const t0 = Date.now();
    try {
      await verity.load();
      const files = verity.files();
      const summary: IndexSummary = { files: files.length, indexed: 0, unchanged: files.length, removed: 0, skipped: files.filter((f) => f.state === 'skipped'), passages: verity.passageCount(), ms: Date.now() - t0 };
      this.lastSummary = summary;
      this.changed.fire();
      this.showCount(verity);
      return summary;
    } catch (e) {
      this.log.error(`could not read the team index: ${errorText(e)}`);
      this.failServerStore(errorText(e));
      return undefined;
    }
  }

  /**
   * The status bar in plain words: how many files are sources, and a warning state when some were
   * skipped. Other features (e.g. OCR progress) can show a passing activity with `showActivity`.
   */
  private showCount(verity: Verity): void {
    if (this.activity) return;
    const n = verity.passageCount();
    if (this.server) {
      const count = `${n.toLocaleString('en-US')} passage${n === 1 ? '' : 's'}`;
      this.status.text = `$(database) Verity: team index · ${count}`;
      this.status.backgroundColor = undefined;
      this.status.tooltip = `Verity reads the team index ${this.server.describe} (verity.store): ${verity.files().length.toLocaleString('en-US')} files, ${count}. CI keeps it current; this editor does not write it. Citations of files not on this disk open the passage read-only. Click to open the Verity view.`;
      return;
    }
    const files = verity.files();
    // Drafts are left out on purpose, not failures: they count neither as indexed nor as skipped.
    const skipped = files.filter((f) => f.state === 'skipped' && f.reason !== 'DRAFT').length;
    const indexed = files.filter((f) => f.state === 'indexed').length;
    const docs = `${indexed.toLocaleString('en-US')} file${indexed === 1 ? '' : 's'} indexed`;
    this.status.text = skipped ? `$(warning) Verity: ${docs}, ${skipped} skipped` : `$(book) Verity: ${docs}`;
    this.status.backgroundColor = skipped ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.status.tooltip = `Verity: ${docs} (${n.toLocaleString('en-US')} passages)${skipped ? `; ${skipped} could not be indexed — click to see why` : ''}. Click to open the Verity view.`;
  }

  private activity: string | undefined;

  /** The status bar item as shown (the test hook returns it). */
  statusSnapshot(): { text: string; tooltip: string; warning: boolean } {
    return { text: this.status.text, tooltip: typeof this.status.tooltip === 'string' ? this.status.tooltip : '', warning: this.status.backgroundColor !== undefined };
  }

  /** Shows a passing activity in the status bar ("$(sync~spin) Verity: OCR page 3/12"); undefined restores the count. */
  showActivity(text: string | undefined): void {
    this.activity = text;
    if (text) this.status.text = text;
    else void this.verity?.then((v) => this.showCount(v));
  }

  /** Whether an indexing run (a first build or a reconcile with the disk) is going on. */
  get indexingNow(): boolean {
    return this.indexing !== undefined;
  }

  /** Whether the index has been opened (a check, a search or the background start did it). */
  get started(): boolean {
    return this.verity !== undefined;
  }

  /** Whether the team index failed to open since the last restart (the status bar is red). */
  get storeUnreadable(): boolean {
    return this.storeFailed;
  }

  private onFileEvent(uri: vscode.Uri, kind: 'update' | 'remove'): void {
    if (!this.verity) return; // nothing indexed yet: the first scan will see the file
    if (this.server) return; // the team index is kept current by CI, not from this disk
    const path = toWorkspacePath(uri);
    if (!path) return;
    clearTimeout(this.pendingEvents.get(path));
    // Editors save in bursts; one read per path after the burst.
    this.pendingEvents.set(path, setTimeout(() => {
      this.pendingEvents.delete(path);
      void this.applyFileEvent(path, kind);
    }, EVENT_DELAY_MS));
  }

  private async applyFileEvent(path: string, kind: 'update' | 'remove'): Promise<void> {
    try {
      const verity = await this.getVerity();
      const known = verity.files().some((f) => f.path === path);
      if (kind === 'remove' || !(await this.workspace.includes(path))) {
        if (known) await verity.removeFile(path);
      } else {
        await verity.updateFile(path);
        void this.ocr.start(verity); // a scan saved into the workspace is read in the background
      }
      this.showCount(verity);
      this.changed.fire();
      this.scheduleSave();
    } catch (e) {
      this.log.error(`could not update ${path}: ${errorText(e)}`);
    }
  }

  private async onRename(e: vscode.FileRenameEvent): Promise<void> {
    if (!this.verity || this.server) return;
    const verity = await this.getVerity();
    for (const { oldUri, newUri } of e.files) {
      const from = toWorkspacePath(oldUri);
      const to = toWorkspacePath(newUri);
      if (!from || !to || !verity.files().some((f) => f.path === from)) continue;
      try {
        if (await this.workspace.includes(to)) await verity.renameFile(from, to);
        else await verity.removeFile(from);
      } catch (err) {
        this.log.error(`could not rename ${from} → ${to}: ${errorText(err)}`);
      }
    }
    this.showCount(verity);
    this.changed.fire();
    this.scheduleSave();
  }

  private scheduleSave(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => void this.saveNow(), SAVE_DELAY_MS);
  }

  /** Writes the snapshot now (also called on deactivate). */
  async saveNow(): Promise<void> {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.verity || !this.context.storageUri || this.server) return;
    try {
      const verity = await this.verity;
      await verity.save();
    } catch (e) {
      this.log.error(`could not save the index: ${errorText(e)}`);
    }
  }

  /** Drops the facade (saving first) and opens it again: settings changes and the restart test. */
  async restart(): Promise<Verity> {
    this.storeFailed = false;
    this.storeChanged.fire();
    this.abort?.abort();
    this.ocr.cancel();
    await this.indexing;
    await this.saveNow();
    const old = this.verity;
    this.verity = undefined;
    this.opened = undefined;
    if (old) (await old.catch(() => undefined))?.dispose();
    await this.closeServerStore();
    return this.getVerity();
  }

  dispose(): void {
    this.abort?.abort();
    for (const t of this.pendingEvents.values()) clearTimeout(t);
    clearTimeout(this.saveTimer);
    for (const d of this.disposables) d.dispose();
    void this.verity?.then((v) => v.dispose()).catch(() => undefined);
    void this.closeServerStore();
  }
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
