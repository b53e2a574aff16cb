/**
 * Which model a request uses. In chat: always the model the user picked (`request.model`) — the
 * endpoint is in the picker too, contributed as a language model (lmProvider.ts). Elsewhere: the
 * OpenAI-compatible endpoint when `verity.model.baseUrl` is set (API key from SecretStorage, else
 * the environment), otherwise the first VS Code language model. In an untrusted workspace nothing
 * is sent to any model.
 */
import * as vscode from 'vscode';
import { VerityError } from '../core/errors';
import type { ChatMessage, ChatOptions, ModelPort } from '../core/ports';
import { createOpenAIModel } from '../node/openaiModel';
import { createVsCodeLmModel } from './lmModel';
import type { ExtensionSettings } from './settings';

export const API_KEY_SECRET = 'verity.apiKey';

/** Which model: the configured OpenAI-compatible endpoint, or one VS Code language model. */
export type ModelChoice = { kind: 'endpoint' } | { kind: 'lm'; vendor: string; id: string };

/** A model a person can pick (the conversation panel lists these). */
export interface ModelOption {
  /** "endpoint" or "lm:<vendor>:<id>". */
  key: string;
  label: string;
  detail: string;
  choice: ModelChoice;
}

/** The stable key of a choice. */
export function choiceKey(c: ModelChoice): string {
  return c.kind === 'endpoint' ? 'endpoint' : `lm:${c.vendor}:${c.id}`;
}

export class ModelResolver {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly settings: () => ExtensionSettings,
  ) {}

  /** Throws MODEL_NO_PERMISSION in an untrusted workspace. */
  private assertTrusted(): void {
    if (!vscode.workspace.isTrusted) {
      throw new VerityError('MODEL_NO_PERMISSION', 'This workspace is not trusted, so Verity sends nothing to a model. Trust the workspace to ask questions; checks and search work offline.');
    }
  }

  /** The model for a chat request: the one picked in the chat, never silently another. */
  forChat(chatModel: vscode.LanguageModelChat | undefined): ModelPort {
    this.assertTrusted();
    if (!chatModel) throw new VerityError('MODEL_UNAVAILABLE', 'No language model is selected. Pick one in the chat model picker (an endpoint set in verity.model.baseUrl appears there too).');
    return createVsCodeLmModel(chatModel);
  }

  /** Whether some model can be used now (the "Revise" fix and the report's Ask box depend on it). */
  async available(): Promise<boolean> {
    if (!vscode.workspace.isTrusted) return false;
    const s = this.settings();
    if (s.modelBaseUrl && s.modelName) return true;
    try {
      return (await vscode.lm.selectChatModels({})).length > 0;
    } catch {
      return false;
    }
  }

  /** The configured endpoint as a ModelPort (undefined when none, or the workspace is untrusted); the LM provider uses it. */
  async endpointIfTrusted(): Promise<ModelPort | undefined> {
    if (!vscode.workspace.isTrusted) return undefined;
    return this.endpoint();
  }

  /** The model for work outside chat (revise, judge, Ask…): endpoint, else the first LM API model. */
  async forCommand(): Promise<ModelPort> {
    this.assertTrusted();
    const endpoint = await this.endpoint();
    if (endpoint) return endpoint;
    const name = this.settings().modelName;
    // Our own vendor's model is the endpoint, handled above.
    const models = (await vscode.lm.selectChatModels(name ? { id: name } : {})).filter((m) => m.vendor !== 'verity');
    const model = models[0] ?? (name ? (await vscode.lm.selectChatModels({}))[0] : undefined);
    if (!model) throw new VerityError('MODEL_UNAVAILABLE', 'No language model is available. Install or sign in to a chat model provider, or set verity.model.baseUrl to an OpenAI-compatible endpoint.');
    return createVsCodeLmModel(model);
  }

  /**
   * The models that can be used now, in the order `forCommand` prefers them: the endpoint, then
   * the VS Code language model named in `verity.model.name`, then the others. Empty in an
   * untrusted workspace (nothing is sent to any model there).
   */
  async options(): Promise<ModelOption[]> {
    if (!vscode.workspace.isTrusted) return [];
    const s = this.settings();
    const out: ModelOption[] = [];
    if (s.modelBaseUrl && s.modelName) {
      let host = s.modelBaseUrl;
      try {
        host = new URL(s.modelBaseUrl).host;
      } catch {
        // shown as typed
      }
      out.push({ key: 'endpoint', label: s.modelName, detail: `${host} (verity.model.baseUrl)`, choice: { kind: 'endpoint' } });
    }
    let models: vscode.LanguageModelChat[] = [];
    try {
      // Our own vendor's model is the endpoint, listed above.
      models = (await vscode.lm.selectChatModels({})).filter((m) => m.vendor !== 'verity');
    } catch {
      // no language model API access: the endpoint alone
    }
    const named = s.modelBaseUrl ? '' : s.modelName;
    models.sort((a, b) => Number(b.id === named) - Number(a.id === named));
    for (const m of models) out.push({ key: choiceKey({ kind: 'lm', vendor: m.vendor, id: m.id }), label: m.name, detail: `${m.vendor} · VS Code language model`, choice: { kind: 'lm', vendor: m.vendor, id: m.id } });
    return out;
  }

  /** The model of a choice, or `forCommand`'s when there is no choice. Throws like forCommand when it is gone. */
  async forChoice(choice: ModelChoice | undefined): Promise<ModelPort> {
    if (!choice) return this.forCommand();
    this.assertTrusted();
    if (choice.kind === 'endpoint') {
      const endpoint = await this.endpoint();
      if (!endpoint) throw new VerityError('MODEL_UNAVAILABLE', 'The OpenAI-compatible endpoint is no longer configured (verity.model.baseUrl). Connect a model again or pick another one.');
      return endpoint;
    }
    const [model] = await vscode.lm.selectChatModels({ vendor: choice.vendor, id: choice.id });
    if (!model) throw new VerityError('MODEL_NOT_FOUND', `The language model ${choice.id} is not available any more. Pick another model.`);
    return createVsCodeLmModel(model);
  }

  private async endpoint(): Promise<ModelPort | undefined> {
    const s = this.settings();
    if (!s.modelBaseUrl) return undefined;
    if (!s.modelName) throw new VerityError('MODEL_NOT_FOUND', 'verity.model.baseUrl is set but verity.model.name is empty: name the model the endpoint serves.');
    const apiKey = (await this.secrets.get(API_KEY_SECRET)) || undefined;
    return createOpenAIModel({ baseURL: s.modelBaseUrl, model: s.modelName, apiKey, timeoutMs: s.modelTimeoutSeconds * 1000 });
  }

  /** A ModelPort that picks its model at call time, for the core's optional judge. */
  lazyPort(): ModelPort {
    return {
      id: 'verity-configured-model',
      chat: async (messages: ChatMessage[], options?: ChatOptions) => (await this.forCommand()).chat(messages, options),
    };
  }
}
