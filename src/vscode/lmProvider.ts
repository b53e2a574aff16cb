/**
 * Contributes the OpenAI-compatible endpoint (`verity.model.baseUrl` + `verity.model.name`) as a
 * VS Code language model (vendor "verity"), so it appears in the chat model picker and `@verity`
 * can run with it where no other chat model (e.g. Copilot) is signed in. Requests go through the
 * same `openai` client the CLI uses; the API key stays in SecretStorage.
 */
import * as vscode from 'vscode';
import type { ChatMessage, ModelPort } from '../core/ports';
import type { ExtensionSettings } from './settings';

export const LM_VENDOR = 'verity';

/** The endpoint as a ModelPort, or undefined when none is configured (or the workspace is untrusted). */
export type EndpointFactory = () => Promise<ModelPort | undefined>;

function textOf(content: ReadonlyArray<unknown>): string {
  return content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

/** LM API messages → chat messages (the API has user and assistant roles only). */
function toChatMessages(messages: readonly vscode.LanguageModelChatRequestMessage[]): ChatMessage[] {
  return messages.map((m) => ({ role: m.role === vscode.LanguageModelChatMessageRole.Assistant ? 'assistant' : 'user', content: textOf(m.content) }));
}

export class EndpointChatProvider implements vscode.LanguageModelChatProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeLanguageModelChatInformation = this.changed.event;

  constructor(
    private readonly settings: () => ExtensionSettings,
    private readonly endpoint: EndpointFactory,
  ) {}

  /** Call when the endpoint settings change: the picker asks for the models again. */
  refresh(): void {
    this.changed.fire();
  }

  provideLanguageModelChatInformation(): vscode.LanguageModelChatInformation[] {
    const s = this.settings();
    // An untrusted workspace sends nothing to a model: offer none rather than one that always fails.
    if (!s.modelBaseUrl || !s.modelName || !vscode.workspace.isTrusted) return [];
    let host = s.modelBaseUrl;
    try {
      host = new URL(s.modelBaseUrl).host;
    } catch {
      // shown as typed
    }
    return [{
      id: s.modelName,
      name: s.modelName,
      family: 'openai-compatible',
      version: '1',
      detail: host,
      tooltip: `${s.modelName} at ${s.modelBaseUrl} (verity.model.baseUrl)`,
      maxInputTokens: 128_000,
      maxOutputTokens: 8_192,
      capabilities: {},
    }];
  }

  async provideLanguageModelChatResponse(
    _model: vscode.LanguageModelChatInformation,
    messages: readonly vscode.LanguageModelChatRequestMessage[],
    _options: vscode.ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<vscode.LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ): Promise<void> {
    const model = await this.endpoint();
    if (!model) throw new Error('No OpenAI-compatible endpoint is configured (verity.model.baseUrl and verity.model.name), or this workspace is not trusted.');
    const abort = new AbortController();
    const sub = token.onCancellationRequested(() => abort.abort());
    try {
      await model.chat(toChatMessages(messages), { signal: abort.signal, onText: (t) => progress.report(new vscode.LanguageModelTextPart(t)) });
    } finally {
      sub.dispose();
    }
  }

  provideTokenCount(_model: vscode.LanguageModelChatInformation, text: string | vscode.LanguageModelChatRequestMessage): Promise<number> {
    // No tokenizer for an arbitrary endpoint: about four characters per token.
    const s = typeof text === 'string' ? text : textOf(text.content);
    return Promise.resolve(Math.ceil(s.length / 4));
  }

  dispose(): void {
    this.changed.dispose();
  }
}
