/**
 * The report view's entry point for the extension: `registerReport` owns one reusable webview
 * panel and returns how other features show things in it.
 */
import * as vscode from 'vscode';
import type { EvidenceRef } from '../core/types';
import type { ReportPayload } from '../protocol/messages';
import { REPORT_VIEW_TYPE, ReportPanelHost, type ReportServices } from './report/panelHost';

export type { ReportPayload };

export interface ReportHandle {
  /** Shows this payload in the report panel (created or revealed). */
  show(payload: ReportPayload): void;
  /** Opens the panel with the last payload, or empty with the Ask box (`verity.showReport` without arguments). */
  open(): void;
  /** Opens the report on a PDF evidence page with the passage highlighted; true when it took the request. */
  showPdfPage(ref: EvidenceRef): boolean;
  /** Records the latest result without opening the panel (an open panel shows it at once). */
  setLatest(payload: ReportPayload): void;
  /** Re-sends whether a model is available to an open report (its Ask box). */
  refreshModel(): void;
}

/**
 * Registers the report panel and its test hooks (not in the palette):
 * - `verity.test.reportState` returns `{ open, visible, payloadKind, rendered, rejectedMessages }`,
 *   where `rendered` is what the webview reported after its last render (sentences, problems,
 *   rounds, filter, and the open PDF page with its number of highlight boxes);
 * - `verity.test.reportShowPdfPage(ref: EvidenceRef)` opens the report on a PDF evidence page;
 * - `verity.test.reportMessage(message)` handles a message as if the webview had posted it
 *   (validated like any other), e.g. `{ type: 'openEvidence', requestId: 1, evidence }`.
 * The `verity.showReport` command itself is registered by the command module, which calls
 * `show`/`open`.
 */
export function registerReport(context: vscode.ExtensionContext, services: ReportServices): ReportHandle {
  const host = new ReportPanelHost(context.extensionUri, services);
  context.subscriptions.push(
    host,
    // After a window reload VS Code hands the report it had open back to us: it shows the latest result again.
    vscode.window.registerWebviewPanelSerializer(REPORT_VIEW_TYPE, {
      deserializeWebviewPanel: (panel) => {
        host.restore(panel);
        return Promise.resolve();
      },
    }),
    vscode.commands.registerCommand('verity.test.reportState', () => host.state()),
    vscode.commands.registerCommand('verity.test.reportShowPdfPage', (ref: EvidenceRef) => host.showPdfPage(ref)),
    vscode.commands.registerCommand('verity.test.reportMessage', (message: unknown) => host.receive(message)),
  );
  return {
    show: (payload) => host.show(payload),
    open: () => host.show(),
    showPdfPage: (ref) => {
      host.showPdfPage(ref);
      return true;
    },
    setLatest: (payload) => host.setLatest(payload),
    refreshModel: () => host.refreshModel(),
  };
}
