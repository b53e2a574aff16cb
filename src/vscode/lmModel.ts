/**
 * ModelPort over the VS Code Language Model API (`request.model` in chat, `vscode.lm` elsewhere).
 *
 * Written against a structural slice of `vscode.LanguageModelChat` and takes the message and
 * cancellation factories as a parameter, so it runs in plain Node under unit tests with a fake.
 * The real factories are loaded from 'vscode' only when none are passed.
 */
import type * as vscode from 'vscode';
import { VerityError, isVerityError } from '../core/errors';
import type { ChatMessage, ChatOptions, ChatResult, ModelPort } from '../core/ports';

/** The part of a CancellationToken the model reads. */
export interface CancellationTokenLike {
  readonly isCancellationRequested: boolean;
}

/** The part of `vscode.LanguageModelChat` this adapter uses. */
export interface LmChatLike {
  readonly id: string;
  readonly name: string;
  readonly vendor: string;
  sendRequest(messages: unknown[], options?: { justification?: string }, token?: CancellationTokenLike): Thenable<{ readonly text: AsyncIterable<string> }>;
}

/** Factories from the `vscode` module (passed in so tests can use plain objects). */
export interface LmApi {
  userMessage(content: string): unknown;
  assistantMessage(content: string): unknown;
  newCancellation(): { readonly token: CancellationTokenLike; cancel(): void; dispose(): void };
  /** `LanguageModelError.code` when `e` is one, else undefined. */
  errorCode(e: unknown): string | undefined;
}

function vscodeApi(): LmApi {
  // A plain require, loaded on first use: the extension host provides 'vscode' only to require()
  // (a dynamic import() would fail there), and unit tests never reach this line.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const v = require('vscode') as typeof vscode;
  return {
    userMessage: (c) => v.LanguageModelChatMessage.User(c),
    assistantMessage: (c) => v.LanguageModelChatMessage.Assistant(c),
    newCancellation: () => new v.CancellationTokenSource(),
    errorCode: (e) => (e instanceof v.LanguageModelError ? e.code : undefined),
  };
}

/**
 * The LM API has no system role: system text is put at the top of the first user message,
 * and consecutive messages of one role are kept as they are.
 */
export function toLmMessages(messages: ChatMessage[], api: Pick<LmApi, 'userMessage' | 'assistantMessage'>): unknown[] {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n\n');
  const rest = messages.filter((m) => m.role !== 'system');
  const out: unknown[] = [];
  let systemPlaced = system === '';
  for (const m of rest) {
    if (m.role === 'user') {
      out.push(api.userMessage(systemPlaced ? m.content : `${system}\n\n${m.content}`));
      systemPlaced = true;
    } else out.push(api.assistantMessage(m.content));
  }
  if (!systemPlaced) out.unshift(api.userMessage(system));
  return out;
}

/** Wraps a VS Code chat model as a ModelPort. Usage is not reported by the LM API (the loop estimates it). */
export function createVsCodeLmModel(model: LmChatLike, api?: LmApi): ModelPort {
  let loaded: LmApi | undefined = api;
  const getApi = () => (loaded ??= vscodeApi());

  async function chat(messages: ChatMessage[], options: ChatOptions = {}): Promise<ChatResult> {
    const signal = options.signal;
    if (signal?.aborted) throw new VerityError('CANCELLED', 'Cancelled.');
    const lm = getApi();
    const cts = lm.newCancellation();
    const onAbort = () => cts.cancel();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await model.sendRequest(toLmMessages(messages, lm), { justification: 'Verity answers from your documents and checks every sentence.' }, cts.token);
      let text = '';
      for await (const piece of response.text) {
        // A cancelled LM stream may just end: check the signal ourselves.
        if (signal?.aborted) break;
        text += piece;
        options.onText?.(piece);
      }
      if (signal?.aborted) throw new VerityError('CANCELLED', 'Cancelled.');
      return { text };
    } catch (e) {
      throw toLmError(e, model, lm, signal);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      cts.dispose();
    }
  }

  return { id: `${model.name} (${model.vendor})`, chat };
}

function toLmError(e: unknown, model: LmChatLike, lm: LmApi, signal?: AbortSignal): VerityError {
  if (isVerityError(e)) return e;
  if (signal?.aborted) return new VerityError('CANCELLED', 'Cancelled.');
  const code = lm.errorCode(e);
  const name = model.name;
  if (code === 'NoPermissions') return new VerityError('MODEL_NO_PERMISSION', `Verity may not use ${name}: allow it when VS Code asks, or pick another model.`, e);
  if (code === 'Blocked') return new VerityError('MODEL_RATE_LIMITED', `${name} refused the request (blocked or over quota); wait and try again, or pick another model.`, e);
  if (code === 'NotFound') return new VerityError('MODEL_NOT_FOUND', `${name} is no longer available; pick another model in the chat model picker.`, e);
  const msg = e instanceof Error ? e.message.split('\n')[0] : String(e);
  return new VerityError('MODEL_BAD_RESPONSE', `${name} failed to answer: ${msg}`, e);
}
