/**
 * Activation: registers everything (each registration owned by context.subscriptions) and
 * returns at once. An index built here before is opened right after (warm start, startup.ts);
 * otherwise the index is built in the background only in a documentation workspace
 * (backgroundPolicy.ts), or on first need.
 */
import * as vscode from 'vscode';
import { AskEngine } from './askEngine';
import { VerdictCodeActions } from './codeActions';
import { CheckStore } from './checks';
import { registerCommands } from './commands';
import { openEvidence } from './evidence';
import { VerdictHoverProvider } from './hoverProvider';
import { EndpointChatProvider, LM_VENDOR } from './lmProvider';
import { ModelResolver } from './model';
import { ConversationStore } from './panel/conversationStore';
import { CONVERSATION_VIEW, ConversationView } from './panel/conversationView';
import { PdfEditorProvider } from './pdfEditor';
import { registerPassageViews } from './passageView';
import { readSetting, VerityService } from './service';
import { readExtensionSettings } from './settings';
import { SourcesView } from './sourcesView';
import { Startup } from './startup';
import { registerTestHooks } from './testHooks';
import { VerityChat } from './chatParticipant';
import { registerReport } from './reportPanel';
import { limitCacheToMachine } from '../node/cacheCeiling';

let service: VerityService | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Verity', { log: true });
  context.subscriptions.push(log);
  limitCacheToMachine();
  const settings = () => readExtensionSettings(readSetting);
  const models = new ModelResolver(context.secrets, settings);
  const svc = new VerityService(context, log, models.lazyPort());
  service = svc;
  const startup = new Startup(context, svc, log);
  context.subscriptions.push(svc, startup);

  const checks = new CheckStore({
    severities: () => {
      const s = svc.settings();
      return { unsupported: s.unsupportedSeverity, contradicted: s.contradictedSeverity };
    },
    markSupported: () => svc.settings().markSupported,
    state: context.workspaceState,
    supportedIcon: vscode.Uri.joinPath(context.extensionUri, 'media', 'supported.svg'),
  });
  context.subscriptions.push(checks, registerPassageViews(log));
  const selector: vscode.DocumentSelector = [{ scheme: 'file' }, { scheme: 'untitled' }, { scheme: 'vscode-remote' }];
  context.subscriptions.push(
    vscode.languages.registerHoverProvider(selector, new VerdictHoverProvider(checks)),
    vscode.languages.registerCodeActionsProvider(selector, new VerdictCodeActions(checks, () => models.available()), { providedCodeActionKinds: VerdictCodeActions.kinds }),
  );

  const sources = new SourcesView({
    files: async () => (svc.started ? (await svc.getVerity()).files() : undefined),
    summary: () => ({ passages: svc.passageCount(), fromStore: svc.loadedFromSnapshot, reconciling: svc.loadedFromSnapshot && svc.indexingNow }),
  });
  context.subscriptions.push(sources, svc.onDidChange(() => sources.refresh()));

  const pdf = PdfEditorProvider.register(context, { getVerity: () => svc.answering(), log });
  const lm = new EndpointChatProvider(settings, () => models.endpointIfTrusted());
  context.subscriptions.push(lm, vscode.lm.registerLanguageModelChatProvider(LM_VENDOR, lm));

  // One engine for every place a question is asked; the report and the PDF view follow its answers.
  const engine = new AskEngine(() => svc.answering(), log);
  context.subscriptions.push(engine);
  const report = registerReport(context, {
    getVerity: () => svc.answering(),
    log,
    engine,
    state: context.workspaceState,
    openPdf: (ref, avoid) => pdf.open(ref, avoid),
    // The report's Ask box: no model (untrusted workspace, none configured) is shown there as a message.
    getModel: () => models.forCommand().catch((e: unknown) => {
      log.warn(`report: no model (${e instanceof Error ? e.message : String(e)})`);
      return undefined;
    }),
  });
  context.subscriptions.push(engine.onDidAnswer((turn) => report.setLatest({ kind: 'turn', turn })));

  const chat = new VerityChat({ answering: () => svc.answering(), engine, models, log, showReport: (p) => report.show(p), rememberPdf: (r) => pdf.remember(r) });
  chat.register(context);

  const conversation = new ConversationView(context.extensionUri, {
    engine,
    models,
    store: new ConversationStore(context.storageUri, log),
    log,
    preferences: context.globalState,
    openEvidence: (ref) => openEvidence(ref, (r) => pdf.open(r)),
    showReport: (p) => report.show(p),
  });
  context.subscriptions.push(
    conversation,
    vscode.window.registerWebviewViewProvider(CONVERSATION_VIEW, conversation, { webviewOptions: { retainContextWhenHidden: true } }),
  );

  registerCommands(context, { service: svc, checks, models, engine, log, report, pdf, sources, conversation });
  registerTestHooks(context, { service: svc, checks, engine, chat, pdf, sources, startup, conversation });

  // Prose languages scope the context menu and keybinding (package.json `when` clauses).
  const setLanguages = () => void vscode.commands.executeCommand('setContext', 'verity.proseLanguages', settings().languages);
  setLanguages();
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('verity.languages')) setLanguages();
      if (e.affectsConfiguration('verity.model')) {
        lm.refresh();
        report.refreshModel();
      }
      if (e.affectsConfiguration('verity.drafts')) sources.refresh();
    }),
    vscode.lm.onDidChangeChatModels(() => report.refreshModel()),
  );
  startup.begin();
}

export async function deactivate(): Promise<void> {
  await service?.saveNow();
  service = undefined;
}
