/**
 * Activation: registers everything (each registration owned by context.subscriptions) and
 * returns at once. The index is opened in the background shortly after — only in a documentation
 * workspace (backgroundPolicy.ts) — or on first need.
 */
import * as vscode from 'vscode';
import { backgroundIndexDecision } from './backgroundPolicy';
import { VerdictCodeActions } from './codeActions';
import { CheckStore } from './checks';
import { registerCommands } from './commands';
import { VerdictHoverProvider } from './hoverProvider';
import { IndexStatusProvider, STATUS_SCHEME, statusMarkdown } from './indexStatus';
import { EndpointChatProvider, LM_VENDOR } from './lmProvider';
import { ModelResolver } from './model';
import { PdfEditorProvider } from './pdfEditor';
import { INDEXED_BEFORE_KEY, readSetting, VerityService } from './service';
import { readExtensionSettings } from './settings';
import { SourcesView } from './sourcesView';
import { VerityChat } from './chatParticipant';
import { registerReport } from './reportPanel';

/** Delay before the background index starts, so opening a window stays snappy. */
const BACKGROUND_START_MS = 1000;
/** The background decision looks at this many markdown/PDF files at most. */
const BACKGROUND_SAMPLE = 50;

let service: VerityService | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const started = performance.now();
  const log = vscode.window.createOutputChannel('Verity', { log: true });
  context.subscriptions.push(log);
  const settings = () => readExtensionSettings(readSetting);
  const models = new ModelResolver(context.secrets, settings);
  const svc = new VerityService(context, log, models.lazyPort());
  service = svc;
  context.subscriptions.push(svc);

  const checks = new CheckStore({
    severities: () => {
      const s = svc.settings();
      return { unsupported: s.unsupportedSeverity, contradicted: s.contradictedSeverity };
    },
    markSupported: () => svc.settings().markSupported,
    state: context.workspaceState,
    supportedIcon: vscode.Uri.joinPath(context.extensionUri, 'media', 'supported.svg'),
  });
  context.subscriptions.push(checks);
  const selector: vscode.DocumentSelector = [{ scheme: 'file' }, { scheme: 'untitled' }, { scheme: 'vscode-remote' }];
  context.subscriptions.push(
    vscode.languages.registerHoverProvider(selector, new VerdictHoverProvider(checks)),
    vscode.languages.registerCodeActionsProvider(selector, new VerdictCodeActions(checks, () => models.available()), { providedCodeActionKinds: VerdictCodeActions.kinds }),
  );

  const status = new IndexStatusProvider(async () => statusMarkdown(await svc.getVerity(), context.storageUri?.fsPath, svc.loadedFromSnapshot));
  context.subscriptions.push(status, vscode.workspace.registerTextDocumentContentProvider(STATUS_SCHEME, status), svc.onDidChange(() => status.refresh()));

  const sources = new SourcesView({
    files: async () => (svc.started ? (await svc.getVerity()).files() : undefined),
  });
  context.subscriptions.push(sources, vscode.window.registerTreeDataProvider('verity.sources', sources), svc.onDidChange(() => sources.refresh()));

  const pdf = PdfEditorProvider.register(context, { getVerity: () => svc.ready(), log });
  const lm = new EndpointChatProvider(settings, () => models.endpointIfTrusted());
  context.subscriptions.push(lm, vscode.lm.registerLanguageModelChatProvider(LM_VENDOR, lm));

  const report = registerReport(context, {
    getVerity: () => svc.ready(),
    log,
    openPdf: (ref) => pdf.open(ref),
    // The report's Ask box: no model (untrusted workspace, none configured) is shown there as a message.
    getModel: () => models.forCommand().catch((e: unknown) => {
      log.warn(`report: no model (${e instanceof Error ? e.message : String(e)})`);
      return undefined;
    }),
  });
  const chat = new VerityChat({ ready: () => svc.ready(), models, log, showReport: (p) => report.show(p), setLatest: (p) => report.setLatest(p), rememberPdf: (r) => pdf.remember(r) });
  chat.register(context);
  registerCommands(context, { service: svc, checks, models, chat, log, report, pdf, sources, status });

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

  if (vscode.workspace.workspaceFolders?.length) {
    const timer = setTimeout(() => void startInBackground(context, svc, log), BACKGROUND_START_MS);
    context.subscriptions.push({ dispose: () => clearTimeout(timer) });
  }
  activationMs = performance.now() - started;
  log.info(`activated in ${activationMs.toFixed(1)} ms`);
}

/** Opens the index in the background only in a documentation workspace (see backgroundPolicy.ts). */
async function startInBackground(context: vscode.ExtensionContext, svc: VerityService, log: vscode.LogOutputChannel): Promise<void> {
  const s = svc.settings();
  // read before any await: a command run meanwhile (a check, a search) indexes and sets it
  const indexedBefore = context.workspaceState.get<boolean>(INDEXED_BEFORE_KEY) === true;
  const inspect = vscode.workspace.getConfiguration().inspect('verity.include');
  const sample = s.backgroundIndex === 'auto' ? await vscode.workspace.findFiles('**/*.{md,markdown,mdx,pdf,MD,PDF}', '**/node_modules/**', BACKGROUND_SAMPLE) : [];
  const decision = backgroundIndexDecision({
    mode: s.backgroundIndex,
    docPaths: sample.map((u) => vscode.workspace.asRelativePath(u, false)),
    sourcesConfigured: inspect?.workspaceValue !== undefined || inspect?.workspaceFolderValue !== undefined,
    indexedBefore,
  });
  backgroundDecision = decision;
  log.info(`background index: ${decision.index ? 'yes' : 'no'} (${decision.reason})`);
  if (!decision.index) {
    firstRunSettled = true;
    return;
  }
  await svc.ready();
  // First run in a workspace whose sources nobody chose: say what counts as a source, once.
  introducedBefore = context.workspaceState.get<boolean>(INTRODUCED_KEY) === true;
  if (introducedBefore || inspect?.workspaceValue !== undefined) {
    firstRunSettled = true;
    return;
  }
  await context.workspaceState.update(INTRODUCED_KEY, true);
  const files = (await svc.getVerity()).files();
  const sources = files.filter((f) => f.state === 'indexed').length;
  const drafts = files.filter((f) => f.reason === 'DRAFT').length;
  firstRunMessage = `Verity: ${sources} file${sources === 1 ? ' is a source' : 's are sources'}${drafts ? `; ${drafts} draft${drafts === 1 ? ' is' : 's are'} never evidence` : ''}. Is that what Verity should check against?`;
  firstRunSettled = true;
  const pick = await vscode.window.showInformationMessage(firstRunMessage, 'Choose Sources', 'Open the Verity View');
  if (pick === 'Choose Sources') await vscode.commands.executeCommand('verity.chooseSources');
  else if (pick === 'Open the Verity View') await vscode.commands.executeCommand('verity.sources.focus');
}

const INTRODUCED_KEY = 'verity.sourcesIntroduced';
/** The first-run message, when it was shown (the test hook reports it). */
export let firstRunMessage: string | undefined;
/** The background start has decided whether to show the first-run message (the test hook reports it). */
export let firstRunSettled = false;
/** An earlier session already showed the first-run message (the test hook reports it). */
export let introducedBefore = false;

/** How long the last activate() took (the test hook reports it). */
export let activationMs = 0;
/** What the background start decided, and why (the test hook reports it). */
export let backgroundDecision: { index: boolean; reason: string } | undefined;

export async function deactivate(): Promise<void> {
  await service?.saveNow();
  service = undefined;
}
