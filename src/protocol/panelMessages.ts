/**
 * The typed messages between the extension and the conversation panel (Verity's own chat, a
 * webview view). Like the report's protocol (messages.ts) both directions are discriminated
 * unions on `type`, validated on arrival (validatePanel.ts). A conversation is a list of the
 * core's `Turn` objects — the same object `@verity` and the report render.
 */
import type { EvidenceRef, Turn } from './messages';

/** One model the panel can use: the configured endpoint or a VS Code language model. */
export interface ModelOptionView {
  /** Stable key: "endpoint" or "lm:<vendor>:<id>". */
  key: string;
  label: string;
  /** Where it runs, e.g. "127.0.0.1:11434 (verity.model.baseUrl)" or "VS Code language model". */
  detail: string;
}

/** What the panel may do now, and why not. */
export interface PanelAccess {
  /** Workspace Trust: false in Restricted Mode (nothing is sent to any model). */
  trusted: boolean;
  /** A model is connected (and the workspace trusted), so questions can be asked. */
  modelReady: boolean;
}

/** A question in flight, for a panel that (re)loads while it runs. */
export interface RunView {
  runId: number;
  question: string;
  /** Progress lines so far ("Searching 12 passages", "Round 2: Revising 1 sentence"). */
  progress: string[];
  /** The streamed text of the current round's draft. */
  text: string;
  round: number;
}

export interface ConversationView {
  id: string;
  title: string;
  turns: Turn[];
}

// ---------------------------------------------------------------------------------------------
// host → panel

export type HostToPanel =
  | {
      type: 'state';
      conversation: ConversationView;
      models: ModelOptionView[];
      /** Key of the model in use, when one is. */
      model?: string;
      access: PanelAccess;
      running: RunView | null;
    }
  | { type: 'progress'; runId: number; message: string; round?: number }
  | { type: 'text'; runId: number; fragment: string; round: number }
  /** The question finished: answered, partly supported, no answer, cancelled or failed (the Turn says which). */
  | { type: 'done'; runId: number; turn: Turn }
  /** The question could not start (no model, Restricted Mode): nothing was added to the conversation. */
  | { type: 'failed'; runId: number; message: string; fix?: PanelCommand }
  | { type: 'copied'; turnId: string };

// ---------------------------------------------------------------------------------------------
// panel → host

/** Commands the panel may ask the host to run (a fixed list: the webview never names a command). */
export type PanelCommand = 'connectModel' | 'setApiKey' | 'manageTrust' | 'showConversations';
export const PANEL_COMMANDS: readonly PanelCommand[] = ['connectModel', 'setApiKey', 'manageTrust', 'showConversations'];

export type PanelToHost =
  | { type: 'ready' }
  | { type: 'ask'; runId: number; question: string }
  | { type: 'cancel'; runId: number }
  | { type: 'newConversation' }
  | { type: 'openEvidence'; evidence: EvidenceRef }
  | { type: 'copyAnswer'; turnId: string }
  | { type: 'openReport'; turnId: string }
  | { type: 'pickModel'; key: string }
  | { type: 'run'; command: PanelCommand }
  | { type: 'rendered'; state: PanelRendered }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string };

/** What the panel shows, reported after every render (the test hooks read it back). */
export interface PanelRendered {
  conversationId: string;
  /** Exchanges shown (finished turns). */
  turns: number;
  /** Findings of the last answer's sentences as marked on screen, by finding. */
  lastFindings: Record<string, number>;
  /** Citation links in the last answer. */
  citations: number;
  /** A question is in flight; `streamed` characters of its draft are on screen. */
  running: boolean;
  streamed: number;
  /** The label of the model shown as in use ('' when none). */
  model: string;
  /** The notice shown above the conversation ('' when none): no model, Restricted Mode. */
  notice: string;
}
