/**
 * The one engine behind every place a question is asked in the editor — `@verity` in chat, the
 * conversation panel, the report's Ask box and "Verity: Ask a Question…". Each surface resolves
 * its model and renders the result; the engine runs the core's loop (`Verity.ask`: retrieve,
 * draft, check, feed back, revise) and tells the rest of the extension about the answer (the
 * report's latest result). There is no second copy of the loop anywhere in the extension.
 */
import * as vscode from 'vscode';
import type { AskProgress, Verity } from '../core/api';
import type { ModelPort } from '../core/ports';
import type { HistoryTurn, Turn } from '../core/types';

export interface AskRequest {
  question: string;
  model: ModelPort;
  history?: HistoryTurn[];
  strict?: boolean;
  signal?: AbortSignal;
  onProgress?: (p: AskProgress) => void;
  /** Streamed text of the current round's draft. */
  onText?: (fragment: string) => void;
}

/** Turns kept for lookups by id (chat history reads earlier answers back by their turn id). */
const RECENT_TURNS = 50;

export class AskEngine implements vscode.Disposable {
  private readonly answered = new vscode.EventEmitter<Turn>();
  /** Fires after every finished turn (answered, partly supported, no answer, cancelled or failed). */
  readonly onDidAnswer = this.answered.event;
  private readonly recent = new Map<string, Turn>();
  /** The last finished turn (the report and the tests read it). */
  lastTurn: Turn | undefined;

  constructor(
    private readonly verity: () => Promise<Verity>,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** Runs one question through the core's loop. Model and cancellation failures end the turn; they do not throw. */
  async ask(req: AskRequest): Promise<Turn> {
    const verity = await this.verity();
    const turn = await verity.ask(req.question, {
      model: req.model,
      history: req.history,
      strict: req.strict,
      signal: req.signal,
      onProgress: req.onProgress,
      onText: req.onText,
    });
    this.lastTurn = turn;
    this.recent.delete(turn.id);
    this.recent.set(turn.id, turn);
    for (const id of [...this.recent.keys()].slice(0, Math.max(0, this.recent.size - RECENT_TURNS))) this.recent.delete(id);
    this.log.info(`answer: ${turn.status} after ${turn.rounds.length} round(s), ${turn.modelCalls} model call(s), ${turn.ms} ms (${turn.model ?? 'no model'})`);
    this.answered.fire(turn);
    return turn;
  }

  /** A recent turn by id. */
  turn(id: string): Turn | undefined {
    return this.recent.get(id);
  }

  dispose(): void {
    this.answered.dispose();
  }
}
