/** The one handle to the host. acquireVsCodeApi may be called once per page load. */
import type { WebviewToHost } from '../src/protocol/messages';
import type { PanelToHost } from '../src/protocol/panelMessages';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const api = acquireVsCodeApi();

/** Sends a typed message to the extension host. */
export function post(message: WebviewToHost): void {
  api.postMessage(message);
}

/** Sends a typed message from the conversation panel to the extension host. */
export function postPanel(message: PanelToHost): void {
  api.postMessage(message);
}

export function log(level: 'info' | 'warn' | 'error', message: string): void {
  post({ type: 'log', level, message });
}

/** The conversation panel's UI state (the conversation itself is the host's; this is what the user was doing). */
export interface PanelUiState {
  /** The unsent question in the box. */
  draft: string;
}

export function loadPanelState(): PanelUiState {
  const s = api.getState() as Partial<PanelUiState> | undefined;
  return { draft: typeof s?.draft === 'string' ? s.draft : '' };
}

export function savePanelState(s: PanelUiState): void {
  api.setState(s);
}

/** UI state that survives the webview being hidden and recreated (VS Code keeps it for us). */
export interface SavedState {
  problemsOnly: boolean;
}

export function loadState(): SavedState {
  const s = api.getState() as Partial<SavedState> | undefined;
  return { problemsOnly: s?.problemsOnly === true };
}

export function saveState(s: SavedState): void {
  api.setState(s);
}
