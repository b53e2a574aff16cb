/**
 * The conversation panel: Verity's own chat, a webview view in the Verity view container, for
 * every VS Code-based editor (the chat view demands a Copilot sign-in even for contributed
 * models). Thin over the shared engine (askEngine.ts): a question becomes one `engine.ask` with
 * the conversation's history, its progress and streamed drafts go to the webview, and the
 * finished Turn is stored in the conversation. The panel never runs a loop of its own.
 */
import * as vscode from 'vscode';
import { historyFromTurns } from '../../core/conversation';
import { isVerityError } from '../../core/errors';
import type { EvidenceRef } from '../../core/types';
import type { HostToPanel, PanelCommand, PanelRendered, PanelToHost, RunView } from '../../protocol/panelMessages';
import type { ReportPayload } from '../../protocol/messages';
import { MAX_TURNS_SHOWN, validatePanelToHost } from '../../protocol/validatePanel';
import type { AskEngine } from '../askEngine';
import { choiceKey, type ModelChoice, type ModelOption, type ModelResolver } from '../model';
import { makeNonce, reportHtml } from '../report/html';
import { answerWithCitations } from './answerText';
import type { ConversationStore } from './conversationStore';

export const CONVERSATION_VIEW = 'verity.conversation';
/** The model picked in the panel (user-wide: a model is a person's choice, not a workspace's). */
const MODEL_KEY = 'verity.panel.model';

export interface ConversationServices {
  engine: AskEngine;
  models: ModelResolver;
  store: ConversationStore;
  log: vscode.LogOutputChannel;
  /** Where the model choice is kept (the extension's global state). */
  preferences: vscode.Memento;
  /** Opens evidence: markdown at the quoted lines, a PDF in the PDF view at the page. */
  openEvidence(ref: EvidenceRef): Promise<void>;
  showReport(payload: ReportPayload): void;
}

interface Running extends RunView {
  abort: AbortController;
}

/** What the panel shows and does (the `verity.test.panelState` hook returns it). */
export interface PanelState {
  visible: boolean;
  rendered: PanelRendered | undefined;
  running: boolean;
  conversationId: string;
  questions: string[];
  rejectedMessages: number;
  /** The most streamed text the webview reported on screen during the last question. */
  maxStreamed: number;
  /** Streamed pieces and characters the last question's drafts arrived in. */
  lastRun?: { fragments: number; chars: number };
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The fix to offer for a model error: connect a model, store a key, or trust the workspace. */
function fixFor(code: string | undefined): PanelCommand | undefined {
  if (code === 'MODEL_NO_PERMISSION' && !vscode.workspace.isTrusted) return 'manageTrust';
  if (code === 'MODEL_AUTH') return 'setApiKey';
  if (code === 'MODEL_UNAVAILABLE' || code === 'MODEL_NOT_FOUND') return 'connectModel';
  return undefined;
}

export class ConversationView implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private running: Running | undefined;
  private rendered: PanelRendered | undefined;
  private rejected = 0;
  private maxStreamed = 0;
  private lastRun: { fragments: number; chars: number } | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly services: ConversationServices,
  ) {
    const refresh = () => void this.sendState();
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('verity.model')) refresh();
      }),
      vscode.lm.onDidChangeChatModels(refresh),
      vscode.workspace.onDidGrantWorkspaceTrust(refresh),
    );
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    const root = vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview');
    const web = view.webview;
    web.options = { enableScripts: true, enableForms: false, enableCommandUris: false, localResourceRoots: [root] };
    web.html = reportHtml({ cspSource: web.cspSource, nonce: makeNonce(), scriptUri: web.asWebviewUri(vscode.Uri.joinPath(root, 'panel.js')).toString(), title: 'Verity', view: 'panel' });
    const subs = [web.onDidReceiveMessage((m: unknown) => this.receive(m))];
    view.onDidDispose(() => {
      for (const s of subs) s.dispose();
      if (this.view === view) {
        this.view = undefined;
        this.rendered = undefined;
      }
    });
  }

  /** What the panel shows now. */
  state(): PanelState {
    const c = this.services.store.current();
    const out: PanelState = { visible: this.view?.visible ?? false, rendered: this.rendered, running: this.running !== undefined, conversationId: c.id, questions: c.turns.map((t) => t.question), rejectedMessages: this.rejected, maxStreamed: this.maxStreamed };
    if (this.lastRun) out.lastRun = { ...this.lastRun };
    return out;
  }

  /** Starts a new, empty conversation (cancelling a question in flight). */
  async newConversation(): Promise<void> {
    // The question in flight belongs to the old conversation: stop it and forget it here.
    this.running?.abort.abort();
    this.running = undefined;
    await this.services.store.load();
    this.services.store.startNew();
    await this.services.store.save();
    await this.sendState();
  }

  /** Lets the user reopen a stored conversation. */
  async showConversations(): Promise<void> {
    await this.services.store.load();
    const items = this.services.store.list().filter((c) => c.turns.length > 0).map((c) => ({
      label: c.title || '(untitled)',
      description: `${c.turns.length} question${c.turns.length === 1 ? '' : 's'}`,
      detail: new Date(c.updated).toLocaleString(),
      id: c.id,
    }));
    if (items.length === 0) {
      void vscode.window.showInformationMessage('Verity: no earlier conversations in this workspace yet.');
      return;
    }
    const pick = await vscode.window.showQuickPick(items, { title: 'Verity: open a conversation' });
    if (!pick || this.running) return;
    this.services.store.select(pick.id);
    await this.services.store.save();
    await this.sendState();
  }

  private post(m: HostToPanel): void {
    void this.view?.webview.postMessage(m).then(undefined, (e: unknown) => this.services.log.warn(`panel: could not post ${m.type}: ${errorText(e)}`));
  }

  private preferred(): ModelChoice | undefined {
    return this.services.preferences.get<ModelChoice>(MODEL_KEY);
  }

  /** The option in use: the one picked in the panel while it is available, else the default (the first). */
  private current(options: ModelOption[]): ModelOption | undefined {
    const preferred = this.preferred();
    const key = preferred && choiceKey(preferred);
    return options.find((o) => o.key === key) ?? options[0];
  }

  private async sendState(): Promise<void> {
    if (!this.view) return;
    await this.services.store.load();
    const options = await this.services.models.options().catch(() => [] as ModelOption[]);
    const c = this.services.store.current();
    const r = this.running;
    const model = this.current(options)?.key;
    this.post({
      type: 'state',
      conversation: { id: c.id, title: c.title, turns: c.turns.slice(-MAX_TURNS_SHOWN) },
      models: options.map(({ key, label, detail }) => ({ key, label, detail })),
      ...(model ? { model } : {}),
      access: { trusted: vscode.workspace.isTrusted, modelReady: options.length > 0 },
      running: r ? { runId: r.runId, question: r.question, progress: r.progress, text: r.text, round: r.round } : null,
    });
  }

  /** Handles one message from the webview (the `verity.test.panelMessage` hook feeds this too). */
  receive(raw: unknown): void {
    const v = validatePanelToHost(raw);
    if (!v.ok) {
      this.rejected++;
      this.services.log.warn(`panel: rejected a malformed webview message: ${v.error}`);
      return;
    }
    const m: PanelToHost = v.value;
    switch (m.type) {
      case 'ready':
        void this.sendState();
        break;
      case 'ask':
        void this.ask(m.runId, m.question);
        break;
      case 'cancel':
        if (this.running?.runId === m.runId) this.running.abort.abort();
        break;
      case 'newConversation':
        void this.newConversation();
        break;
      case 'openEvidence':
        void this.services.openEvidence(m.evidence).catch((e: unknown) => this.services.log.error(`panel: could not open ${m.evidence.path}: ${errorText(e)}`));
        break;
      case 'copyAnswer':
        void this.copy(m.turnId);
        break;
      case 'openReport': {
        const turn = this.services.store.turn(m.turnId);
        if (turn) this.services.showReport({ kind: 'turn', turn });
        break;
      }
      case 'pickModel':
        void this.pickModel(m.key);
        break;
      case 'run':
        void this.run(m.command);
        break;
      case 'rendered':
        this.rendered = m.state;
        this.maxStreamed = Math.max(this.maxStreamed, m.state.streamed);
        break;
      case 'log':
        this.services.log[m.level](`panel webview: ${m.message}`);
        break;
    }
  }

  private async run(command: PanelCommand): Promise<void> {
    if (command === 'connectModel') await vscode.commands.executeCommand('verity.configureModel');
    else if (command === 'setApiKey') await vscode.commands.executeCommand('verity.setApiKey');
    else if (command === 'manageTrust') await vscode.commands.executeCommand('workbench.trust.manage');
    else await this.showConversations();
    await this.sendState();
  }

  private async pickModel(key: string): Promise<void> {
    const option = (await this.services.models.options()).find((o) => o.key === key);
    if (!option) {
      this.services.log.warn(`panel: the model ${key.slice(0, 80)} is not available`);
      return;
    }
    await this.services.preferences.update(MODEL_KEY, option.choice);
    this.services.log.info(`panel: using ${option.label} (${option.detail})`);
    await this.sendState();
  }

  private async copy(turnId: string): Promise<void> {
    const turn = this.services.store.turn(turnId);
    if (!turn) return;
    await vscode.env.clipboard.writeText(answerWithCitations(turn));
    this.post({ type: 'copied', turnId });
  }

  private async ask(runId: number, question: string): Promise<void> {
    if (this.running) {
      this.post({ type: 'failed', runId, message: 'A question is still being answered: wait for it or cancel it first.' });
      return;
    }
    await this.services.store.load();
    const abort = new AbortController();
    const run: Running = { runId, question, progress: [], text: '', round: 1, abort };
    this.running = run;
    const streamed = { fragments: 0, chars: 0 };
    this.lastRun = streamed;
    this.maxStreamed = 0;
    try {
      const options = await this.services.models.options().catch(() => [] as ModelOption[]);
      const model = await this.services.models.forChoice(this.current(options)?.choice);
      const conversation = this.services.store.current();
      const turn = await this.services.engine.ask({
        question,
        model,
        history: historyFromTurns(conversation.turns),
        signal: abort.signal,
        onProgress: (p) => {
          // A progress line for a later round starts that round's draft afresh.
          if (p.round !== undefined && p.round > run.round) {
            run.round = p.round;
            run.text = '';
          }
          const line = p.round !== undefined ? `Round ${p.round}: ${p.message}` : p.message;
          run.progress.push(line);
          this.post(p.round !== undefined ? { type: 'progress', runId, message: p.message, round: p.round } : { type: 'progress', runId, message: p.message });
        },
        onText: (fragment) => {
          streamed.fragments++;
          streamed.chars += fragment.length;
          run.text += fragment;
          this.post({ type: 'text', runId, fragment, round: run.round });
        },
      });
      if (this.running === run) this.running = undefined;
      // A new conversation started meanwhile: the answer belongs to the old one, which was left.
      if (this.services.store.current() !== conversation) return;
      this.services.store.append(turn);
      void this.services.store.save();
      this.post({ type: 'done', runId, turn });
    } catch (e) {
      if (this.running === run) this.running = undefined;
      const code = isVerityError(e) ? e.code : undefined;
      if (!isVerityError(e)) this.services.log.error(`panel: the question failed: ${errorText(e)}`);
      const fix = fixFor(code);
      this.post(fix ? { type: 'failed', runId, message: errorText(e), fix } : { type: 'failed', runId, message: errorText(e) });
    }
  }

  dispose(): void {
    this.running?.abort.abort();
    for (const d of this.disposables) d.dispose();
  }
}
