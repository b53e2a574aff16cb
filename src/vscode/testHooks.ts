/**
 * Commands the in-editor tests call to read state back (never in the palette: package.json does
 * not declare them). Each returns plain data; none changes what a user sees except the two that
 * simulate half of a window reload for the checks store.
 */
import * as vscode from 'vscode';
import type { CheckResult } from '../core/types';
import type { AskEngine } from './askEngine';
import type { VerityChat } from './chatParticipant';
import type { CheckStore } from './checks';
import type { ConversationView } from './panel/conversationView';
import type { PdfEditorProvider } from './pdfEditor';
import type { VerityService } from './service';
import type { SourcesView } from './sourcesView';
import type { Startup } from './startup';

export interface TestHookDeps {
  service: VerityService;
  checks: CheckStore;
  engine: AskEngine;
  chat: VerityChat;
  pdf: PdfEditorProvider;
  sources: SourcesView;
  startup: Startup;
  conversation: ConversationView;
}

export function registerTestHooks(context: vscode.ExtensionContext, deps: TestHookDeps): void {
  const { service, checks, engine, chat, pdf, sources, startup, conversation } = deps;
  const reg = (id: string, fn: (...args: never[]) => unknown) => context.subscriptions.push(vscode.commands.registerCommand(id, fn));

  reg('verity.test.lastTurn', () => engine.lastTurn);
  reg('verity.test.lastChatResponse', () => chat.lastResponse);
  reg('verity.test.restart', async () => {
    const verity = await service.restart();
    return { loadedFromSnapshot: service.loadedFromSnapshot, passages: verity.passageCount() };
  });
  reg('verity.test.state', async () => {
    const verity = await service.ready();
    return { activationMs: startup.snapshot().activationMs, passages: verity.passageCount(), files: verity.files(), loadedFromSnapshot: service.loadedFromSnapshot, storage: context.storageUri?.fsPath };
  });
  // The warm start as it happened: when activation began, whether the stored index was opened at
  // once, and every file read from the disk since (a reload must not re-read unchanged files).
  reg('verity.test.startup', () => ({ ...startup.snapshot(), ...service.openTimes, loadedFromSnapshot: service.loadedFromSnapshot, indexing: service.indexingNow, reads: service.reads() }));
  reg('verity.test.sourcesView', () => sources.snapshot());
  reg('verity.test.pdfViews', () => pdf.states());
  reg('verity.test.backgroundDecision', () => {
    const s = startup.snapshot();
    return s.decision ? { ...s.decision, started: service.started, firstRunMessage: s.firstRunMessage, settled: s.settled, introducedBefore: s.introducedBefore } : undefined;
  });
  reg('verity.test.statusBar', () => service.statusSnapshot());
  reg('verity.test.panelState', () => conversation.state());
  // A message as if the panel's webview had posted it (validated like any other).
  reg('verity.test.panelMessage', (message: unknown) => conversation.receive(message));
  // A window reload, in two halves: drop a document's checks from memory (stored first), then
  // bring them back from workspace state the way opening the document after a reload does.
  reg('verity.test.forgetChecks', async (uri: vscode.Uri) => {
    await checks.persist(await vscode.workspace.openTextDocument(uri));
    checks.forget(uri);
  });
  reg('verity.test.restoreChecks', async (uri: vscode.Uri) => checks.restore(await vscode.workspace.openTextDocument(uri)));
  // Stores a check result as if the checker had produced it (verdict fields the checker of this branch may not fill yet).
  reg('verity.test.storeCheck', async (uri: vscode.Uri, range: vscode.Range, result: CheckResult) => {
    const doc = await vscode.workspace.openTextDocument(uri);
    checks.set(doc, range, result);
  });
  reg('verity.test.checkedSentences', (uri: vscode.Uri) => checks.sentences(uri).map((s) => ({ start: s.start, end: s.end, verdict: s.verdict })));
}
