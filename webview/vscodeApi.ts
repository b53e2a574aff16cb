/** The one handle to the host. acquireVsCodeApi may be called once per page load. */
import type { WebviewToHost } from '../src/protocol/messages';

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

export function log(level: 'info' | 'warn' | 'error', message: string): void {
  post({ type: 'log', level, message });
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
