/**
 * Activation: registers everything (each registration owned by context.subscriptions) and
 * returns at once. The index is opened in the background shortly after, or on first need.
 */
import * as vscode from 'vscode';
import { VerdictCodeActions } from './codeActions';
import { CheckStore } from './checks';
import { registerCommands } from './commands';
import { VerdictHoverProvider } from './hoverProvider';
import { IndexStatusProvider, STATUS_SCHEME, statusMarkdown } from './indexStatus';
import { ModelResolver } from './model';
import { readSetting, VerityService } from './service';
import { readExtensionSettings } from './settings';
import { VerityChat } from './chatParticipant';
import { registerReport } from './reportPanel';

/** Delay before the background index starts, so opening a window stays snappy. */
const BACKGROUND_START_MS = 1000;

let service: VerityService | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const started = performance.now();
  const log = vscode.window.createOutputChannel('Verity', { log: true });
  context.subscriptions.push(log);
  const models = new ModelResolver(context.secrets, () => readExtensionSettings(readSetting));
  const svc = new VerityService(context, log, models.lazyPort());
  service = svc;
  context.subscriptions.push(svc);

  const checks = new CheckStore(() => {
    const s = svc.settings();
    return { unsupported: s.unsupportedSeverity, contradicted: s.contradictedSeverity };
  });
  context.subscriptions.push(checks);
  const selector: vscode.DocumentSelector = [{ scheme: 'file' }, { scheme: 'untitled' }, { scheme: 'vscode-remote' }];
  context.subscriptions.push(
    vscode.languages.registerHoverProvider(selector, new VerdictHoverProvider(checks)),
    vscode.languages.registerCodeActionsProvider(selector, new VerdictCodeActions(checks), { providedCodeActionKinds: VerdictCodeActions.kinds }),
  );

  const status = new IndexStatusProvider(async () => statusMarkdown(await svc.getVerity(), context.storageUri?.fsPath, svc.loadedFromSnapshot));
  context.subscriptions.push(status, vscode.workspace.registerTextDocumentContentProvider(STATUS_SCHEME, status), svc.onDidChange(() => status.refresh()));

  const report = registerReport(context, {
    getVerity: () => svc.ready(),
    log,
    // The report's Ask box: no model (untrusted workspace, none configured) is shown there as a message.
    getModel: () => models.forCommand().catch((e: unknown) => {
      log.warn(`report: no model (${e instanceof Error ? e.message : String(e)})`);
      return undefined;
    }),
  });
  const chat = new VerityChat({ ready: () => svc.ready(), models, log, showReport: (p) => report.show(p) });
  chat.register(context);
  registerCommands(context, { service: svc, checks, models, chat, log, report });

  if (vscode.workspace.workspaceFolders?.length) {
    const timer = setTimeout(() => void svc.getVerity(), BACKGROUND_START_MS);
    context.subscriptions.push({ dispose: () => clearTimeout(timer) });
  }
  activationMs = performance.now() - started;
  log.info(`activated in ${activationMs.toFixed(1)} ms`);
}

/** How long the last activate() took (the test hook reports it). */
export let activationMs = 0;

export async function deactivate(): Promise<void> {
  await service?.saveNow();
  service = undefined;
}
