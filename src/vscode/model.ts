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
