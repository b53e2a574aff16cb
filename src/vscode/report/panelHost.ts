/**
 * The report panel: one webview panel, reused; created on demand, restored after a window reload
 * (the extension registers a serializer and the latest result is kept in workspace state), and
 * disposed with the extension. Routes validated webview messages to evidence opening and the
 * shared ask engine.
 */
import * as vscode from 'vscode';
import type { Verity } from '../../core/api';
import type { ModelPort } from '../../core/ports';
import type { EvidenceRef } from '../../core/types';
import type { AskEngine } from '../askEngine';
import type { HostToWebview, RenderedState, ReportPayload, WebviewToHost } from '../../protocol/messages';
import { validateHostMessage, validateWebviewMessage } from '../../protocol/validate';
import { loadPdfView, resolveEvidence } from './evidenceSource';
import { passageViewUri, showPassageView } from '../passageView';
import { makeNonce, reportHtml } from './html';

export interface ReportServices {
  getVerity(): Promise<Verity>;
  log: vscode.LogOutputChannel;
  /** Runs the Ask box's questions (the same engine as chat and the conversation panel). */
  engine?: AskEngine;
  getModel?(): Promise<ModelPort | undefined>;
  /** Opens PDF evidence in the PDF view (an editor of its own) in a column other than `avoid`, so the report stays visible. */
  openPdf?(ref: EvidenceRef, avoid?: vscode.ViewColumn): Promise<void>;
  /** Where the latest result is kept across reloads (workspace state). */
  state?: vscode.Memento;
}

/** The workspace-state key of the latest result. */
const LATEST_KEY = 'verity.report.latest';
/** A latest result larger than this (as JSON) is not kept across reloads. */
const MAX_STORED_CHARS = 1_000_000;
export const REPORT_VIEW_TYPE = 'verity.report';

/** What the panel last showed (the `verity.test.reportState` hook returns it). */
export interface ReportState {
  open: boolean;
  visible: boolean;
  payloadKind: ReportPayload['kind'] | undefined;
  rendered: RenderedState | undefined;
  rejectedMessages: number;
  /** The editor column the panel is in. */
  column: vscode.ViewColumn | undefined;
  /** What the latest result kept in workspace state was when the extension started ('none' without one). */
  storedAtStart: ReportPayload['kind'] | 'none';
  /** The panel was handed back by VS Code after a reload (the serializer). */
  restored: boolean;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export class ReportPanelHost implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private payload: ReportPayload | null = null;
  private rendered: RenderedState | undefined;
  private rejected = 0;
  private readonly asks = new Map<number, AbortController>();
  /** A PDF page to show once the webview is ready (opened from outside the report). */
  private pendingPdf: EvidenceRef | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly services: ReportServices,
  ) {
    this.payload = this.stored();
    this.storedAtStart = this.payload?.kind ?? 'none';
  }

  private readonly storedAtStart: ReportPayload['kind'] | 'none';
  private restored = false;

  /** The latest result kept in workspace state, when it still validates (state is data, not trusted code). */
  private stored(): ReportPayload | null {
    const raw = this.services.state?.get<unknown>(LATEST_KEY);
    if (raw === undefined || raw === null) return null;
    const v = validateHostMessage({ type: 'report', payload: raw, modelAvailable: false });
    if (v.ok && v.value.type === 'report') return v.value.payload;
    this.services.log.warn(`report: the stored latest result was dropped (${v.ok ? 'not a report' : v.error})`);
    return null;
  }

  private remember(payload: ReportPayload): void {
    this.payload = payload;
    const state = this.services.state;
    if (!state) return;
    // A turn's copy of the earlier dialogue is not shown: keep the stored result small.
    const kept: ReportPayload = payload.kind === 'turn' ? { kind: 'turn', turn: { ...payload.turn, history: [] } } : payload;
    const size = JSON.stringify(kept).length;
    void state.update(LATEST_KEY, size <= MAX_STORED_CHARS ? kept : undefined).then(undefined, (e: unknown) => this.services.log.warn(`report: could not keep the latest result: ${errorText(e)}`));
  }

  /** Makes a payload the latest without opening the panel ("Show Report" shows it); updates an open panel. */
  setLatest(payload: ReportPayload): void {
    this.remember(payload);
    if (this.panel) void this.sendReport();
  }

  /** Tells an open report whether a model is available now (after settings or models change). */
  refreshModel(): void {
    if (this.panel) void this.sendReport();
  }

  /** Shows a payload (or, with undefined, whatever was shown last / the empty report with the Ask box). */
  show(payload?: ReportPayload): void {
    if (payload) this.remember(payload);
    if (this.panel) {
      this.panel.reveal(undefined, true);
      void this.sendReport();
    } else {
      this.create();
    }
  }

  /** Opens the report on a PDF page (for evidence opened from hovers, diagnostics or chat). */
  showPdfPage(ref: EvidenceRef): void {
    this.pendingPdf = ref;
    if (this.panel) {
      this.panel.reveal(undefined, true);
      void this.openPdf(0, ref);
      this.pendingPdf = undefined;
    } else {
      this.create();
    }
  }

  state(): ReportState {
    return { open: this.panel !== undefined, visible: this.panel?.visible ?? false, payloadKind: this.payload?.kind, rendered: this.rendered, rejectedMessages: this.rejected, column: this.panel?.viewColumn, storedAtStart: this.storedAtStart, restored: this.restored };
  }

  private options(): vscode.WebviewOptions {
    return {
      enableScripts: true,
      enableForms: false,
      enableCommandUris: false,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(this.extensionUri, 'media')],
    };
  }

  private create(): void {
    this.adopt(vscode.window.createWebviewPanel(REPORT_VIEW_TYPE, 'Verity Report', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, this.options()));
  }

  /** Takes over a report panel VS Code restored after a reload (the serializer calls this). */
  restore(panel: vscode.WebviewPanel): void {
    if (this.panel && this.panel !== panel) this.panel.dispose();
    this.restored = true;
    panel.webview.options = this.options();
    this.adopt(panel);
  }

  private adopt(panel: vscode.WebviewPanel): void {
    const root = vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview');
    this.panel = panel;
    const web = panel.webview;
    const uri = (f: string): string => web.asWebviewUri(vscode.Uri.joinPath(root, f)).toString();
    web.html = reportHtml({ cspSource: web.cspSource, nonce: makeNonce(), scriptUri: uri('main.js'), pdfjsUri: uri('pdf.min.mjs'), pdfWorkerUri: uri('pdf.worker.min.mjs') });
    web.onDidReceiveMessage((m: unknown) => this.receive(m));
    panel.onDidDispose(() => {
      for (const a of this.asks.values()) a.abort();
      this.asks.clear();
      this.panel = undefined;
      this.rendered = undefined;
    });
  }

  private post(m: HostToWebview): void {
    void this.panel?.webview.postMessage(m).then(undefined, (e: unknown) => this.services.log.warn(`report: could not post ${m.type}: ${errorText(e)}`));
  }

  private async modelAvailable(): Promise<boolean> {
    if (!this.services.getModel) return false;
    try {
      return (await this.services.getModel()) !== undefined;
    } catch {
      return false; // the reason is shown when someone asks
    }
  }

  private async sendReport(): Promise<void> {
    this.post({ type: 'report', payload: this.payload, modelAvailable: await this.modelAvailable() });
  }

  /** Handles one message from the webview (the `verity.test.reportMessage` hook feeds this too). */
  receive(raw: unknown): void {
    const v = validateWebviewMessage(raw);
    if (!v.ok) {
      this.rejected++;
      this.services.log.warn(`report: rejected a malformed webview message: ${v.error}`);
      return;
    }
    const m: WebviewToHost = v.value;
    switch (m.type) {
      case 'ready':
        void this.sendReport();
        if (this.pendingPdf) void this.openPdf(0, this.pendingPdf);
        this.pendingPdf = undefined;
        break;
      case 'rendered':
        this.rendered = m.state;
        break;
      case 'log':
        this.services.log[m.level](`report webview: ${m.message}`);
        break;
      case 'openEvidence':
        if (m.evidence.kind === 'pdf' && this.services.openPdf) void this.services.openPdf(m.evidence, this.panel?.viewColumn);
        else if (m.evidence.kind === 'pdf') void this.openPdf(m.requestId, m.evidence);
        else void this.openMarkdown(m.evidence);
        break;
      case 'ask':
        void this.ask(m.askId, m.question);
        break;
      case 'cancelAsk':
        this.asks.get(m.askId)?.abort();
        break;
    }
  }

  private async openMarkdown(requested: EvidenceRef): Promise<void> {
    try {
      const view = passageViewUri(requested);
      if (view) {
        await showPassageView(view, this.panel?.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Two : vscode.ViewColumn.One);
        return;
      }
      const ev = resolveEvidence(await this.services.getVerity(), requested);
      if (typeof ev === 'string') {
        void vscode.window.showWarningMessage(`Verity: ${ev}`);
        return;
      }
      // Open beside the report, not in its editor group, so the report stays visible.
      const column = this.panel?.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Two : vscode.ViewColumn.One;
      const doc = await vscode.workspace.openTextDocument(ev.uri);
      const last = doc.lineCount - 1;
      const start = Math.min(last, Math.max(0, ev.ref.startLine - 1));
      const end = Math.min(last, Math.max(start, ev.ref.endLine - 1));
      const selection = new vscode.Range(start, 0, end, doc.lineAt(end).range.end.character);
      const editor = await vscode.window.showTextDocument(doc, { viewColumn: column, selection, preview: true });
      editor.revealRange(editor.selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    } catch (e) {
      this.services.log.error(`report: could not open ${requested.path}: ${errorText(e)}`);
      void vscode.window.showErrorMessage(`Verity: could not open ${requested.path}: ${errorText(e)}`);
    }
  }

  private async openPdf(requestId: number, requested: EvidenceRef): Promise<void> {
    try {
      const passage = passageViewUri(requested);
      if (passage) {
        // the PDF is not on this disk: its passage opens beside the report instead of the page
        this.post({ type: 'evidenceFailed', requestId, message: `${requested.path} is not on this disk: its passage opened in a read-only view.` });
        await showPassageView(passage, this.panel?.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Two : vscode.ViewColumn.One);
        return;
      }
      const verity = await this.services.getVerity();
      const ev = resolveEvidence(verity, requested);
      const view = typeof ev === 'string' ? ev : await loadPdfView(requestId, ev, verity.options.maxPdfBytes);
      if (typeof view === 'string') this.post({ type: 'evidenceFailed', requestId, message: view });
      else this.post({ type: 'pdfPage', view });
    } catch (e) {
      this.services.log.error(`report: could not load ${requested.path}: ${errorText(e)}`);
      this.post({ type: 'evidenceFailed', requestId, message: `Could not read ${requested.path}: ${errorText(e)}` });
    }
  }

  private async ask(askId: number, question: string): Promise<void> {
    const abort = new AbortController();
    this.asks.set(askId, abort);
    try {
      const model = this.services.getModel ? await this.services.getModel() : undefined;
      if (!model || !this.services.engine) {
        this.post({ type: 'askFailed', askId, message: 'No language model is configured: set an OpenAI-compatible endpoint in the Verity settings or enable a VS Code language model.' });
        return;
      }
      this.services.log.info(`report: asking (${model.id})`);
      const turn = await this.services.engine.ask({
        question,
        model,
        signal: abort.signal,
        onProgress: (p) => this.post(p.round !== undefined ? { type: 'askProgress', askId, message: p.message, round: p.round } : { type: 'askProgress', askId, message: p.message }),
        onText: (fragment) => this.post({ type: 'askText', askId, fragment }),
      });
      this.remember({ kind: 'turn', turn });
      this.post({ type: 'askDone', askId, turn });
    } catch (e) {
      if (!abort.signal.aborted) this.services.log.error(`report: ask failed: ${errorText(e)}`);
      this.post({ type: 'askFailed', askId, message: abort.signal.aborted ? 'Cancelled.' : errorText(e) });
    } finally {
      this.asks.delete(askId);
    }
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
