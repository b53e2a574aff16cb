/**
 * The PDF view: a read-only custom editor for `*.pdf` (pdf.js in a webview with a nonce-only CSP),
 * so every PDF link — related information, hovers, the report, chat references — opens the page
 * readable instead of the raw bytes. Opened from evidence it shows the evidence's page with the
 * deciding quote highlighted; opened from a plain link (related information carries no page) it
 * uses the latest evidence Verity linked for that file.
 */
import * as vscode from 'vscode';
import type { Verity } from '../core/api';
import type { EvidenceRef } from '../core/types';
import type { HostToWebview, PdfPageView, PdfViewState } from '../protocol/messages';
import { validateWebviewMessage } from '../protocol/validate';
import { loadPdfView, resolveEvidence } from './report/evidenceSource';
import { makeNonce, reportHtml } from './report/html';
import { toUri, toWorkspacePath } from './workspacePort';

export const PDF_VIEW_TYPE = 'verity.pdf';

interface OpenView {
  panel: vscode.WebviewPanel;
  ready: boolean;
  state?: PdfViewState;
  /** The evidence this view shows (undefined: the file from page 1). */
  shown?: EvidenceRef;
}

export interface PdfEditorServices {
  getVerity(): Promise<Verity>;
  log: vscode.LogOutputChannel;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export class PdfEditorProvider implements vscode.CustomReadonlyEditorProvider, vscode.Disposable {
  private readonly views = new Map<string, OpenView>();
  /** Evidence to show when a file's view opens or is revealed next (by uri). */
  private readonly pending = new Map<string, EvidenceRef>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly services: PdfEditorServices,
  ) {}

  static register(context: vscode.ExtensionContext, services: PdfEditorServices): PdfEditorProvider {
    const provider = new PdfEditorProvider(context.extensionUri, services);
    context.subscriptions.push(
      provider,
      vscode.window.registerCustomEditorProvider(PDF_VIEW_TYPE, provider, { webviewOptions: { retainContextWhenHidden: true }, supportsMultipleEditorsPerDocument: false }),
    );
    return provider;
  }

  /** Remembers evidence Verity linked for a PDF, for when the file is opened by a plain link. */
  remember(ref: EvidenceRef): void {
    const uri = toUri(ref.path);
    if (uri && ref.kind === 'pdf') this.pending.set(uri.toString(), ref);
  }

  /**
   * Opens a PDF at the evidence's page with its quote highlighted. With `avoid` (the column of the
   * view the link was clicked in, e.g. the report) it opens in another column, so that view stays
   * visible beside the page instead of being covered by it.
   */
  async open(ref: EvidenceRef, avoid?: vscode.ViewColumn): Promise<void> {
    const uri = toUri(ref.path);
    if (!uri) {
      void vscode.window.showWarningMessage(`Verity: ${ref.path} is not in this workspace any more.`);
      return;
    }
    this.pending.set(uri.toString(), ref);
    const column = avoid === undefined ? vscode.ViewColumn.Beside : avoid === vscode.ViewColumn.One ? vscode.ViewColumn.Two : vscode.ViewColumn.One;
    const open = this.views.get(uri.toString());
    if (open) {
      open.panel.reveal(avoid !== undefined && open.panel.viewColumn === avoid ? column : undefined, false);
      if (open.ready) void this.send(uri, open);
      return;
    }
    await vscode.commands.executeCommand('vscode.openWith', uri, PDF_VIEW_TYPE, { viewColumn: column, preview: true });
  }

  /** What each open PDF view shows (the `verity.test.pdfViews` hook returns it). */
  states(): Array<{ path: string | undefined; state: PdfViewState | undefined; active: boolean; visible: boolean; column: vscode.ViewColumn | undefined }> {
    return [...this.views.entries()].map(([key, v]) => ({ path: toWorkspacePath(vscode.Uri.parse(key)), state: v.state, active: v.panel.active, visible: v.panel.visible, column: v.panel.viewColumn }));
  }

  openCustomDocument(uri: vscode.Uri): vscode.CustomDocument {
    return { uri, dispose: () => undefined };
  }

  resolveCustomEditor(document: vscode.CustomDocument, panel: vscode.WebviewPanel): void {
    const root = vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview');
    const web = panel.webview;
    web.options = { enableScripts: true, enableForms: false, enableCommandUris: false, localResourceRoots: [root] };
    const uri = (f: string): string => web.asWebviewUri(vscode.Uri.joinPath(root, f)).toString();
    web.html = reportHtml({ cspSource: web.cspSource, nonce: makeNonce(), scriptUri: uri('pdf.js'), pdfjsUri: uri('pdf.min.mjs'), pdfWorkerUri: uri('pdf.worker.min.mjs'), title: 'PDF', view: 'pdf' });
    const key = document.uri.toString();
    const view: OpenView = { panel, ready: false };
    this.views.set(key, view);
    const subs = [
      web.onDidReceiveMessage((raw: unknown) => {
        const v = validateWebviewMessage(raw);
        if (!v.ok) {
          this.services.log.warn(`PDF view: rejected a malformed message: ${v.error}`);
          return;
        }
        const m = v.value;
        if (m.type === 'ready') {
          view.ready = true;
          void this.send(document.uri, view);
        } else if (m.type === 'pdfRendered') view.state = m.state;
        else if (m.type === 'log') this.services.log[m.level](`PDF view: ${m.message}`);
      }),
      // Revealed again by a link (e.g. related information): show the evidence linked since.
      panel.onDidChangeViewState(() => {
        const next = this.pending.get(key);
        if (panel.active && view.ready && next && next !== view.shown) void this.send(document.uri, view);
      }),
    ];
    panel.onDidDispose(() => {
      for (const s of subs) s.dispose();
      if (this.views.get(key) === view) this.views.delete(key);
    });
  }

  private post(view: OpenView, m: HostToWebview): void {
    void view.panel.webview.postMessage(m).then(undefined, (e: unknown) => this.services.log.warn(`PDF view: could not post: ${errorText(e)}`));
  }

  /** Sends the file with the evidence to show (or page 1 when there is none). */
  private async send(uri: vscode.Uri, view: OpenView): Promise<void> {
    const ref = this.pending.get(uri.toString());
    try {
      const verity = await this.services.getVerity();
      let page: PdfPageView | string;
      if (ref) {
        const ev = resolveEvidence(verity, ref);
        page = typeof ev === 'string' ? ev : await loadPdfView(0, ev, verity.options.maxPdfBytes);
        if (typeof page !== 'string' && ref.quote) page.quote = ref.quote;
      } else {
        const bytes = new Uint8Array(await vscode.workspace.fs.readFile(uri));
        page = { requestId: 0, path: toWorkspacePath(uri) ?? uri.path.split('/').pop() ?? 'PDF', bytes, page: 1, passageId: '', boxes: [] };
      }
      view.shown = ref;
      if (typeof page === 'string') this.post(view, { type: 'evidenceFailed', requestId: 0, message: page });
      else this.post(view, { type: 'pdfPage', view: page });
    } catch (e) {
      this.services.log.error(`PDF view: could not load ${uri.fsPath}: ${errorText(e)}`);
      this.post(view, { type: 'evidenceFailed', requestId: 0, message: `Could not read the PDF: ${errorText(e)}` });
    }
  }

  dispose(): void {
    for (const v of this.views.values()) v.panel.dispose();
    this.views.clear();
  }
}
