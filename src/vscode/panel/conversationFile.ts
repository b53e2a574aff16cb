/**
 * The stored form of the conversation panel's conversations and how it is read back. The file
 * lives in the extension's workspace storage but is still read as untrusted data: every turn is
 * validated like a webview message, and entries that do not validate are dropped and named.
 * Pure (no 'vscode' import) so unit tests feed it hostile files.
 */
import type { Turn } from '../../core/types';
import { hashString } from '../../core/hash';
import { checkTurn } from '../../protocol/validate';
import { obj } from '../../protocol/shape';

export interface Conversation {
  id: string;
  title: string;
  created: number;
  updated: number;
  turns: Turn[];
}

/** Conversations kept (oldest dropped first). */
export const MAX_CONVERSATIONS = 20;
/** Turns kept per conversation (oldest dropped first; the history uses only recent ones anyway). */
export const MAX_TURNS = 50;
export const FILE_VERSION = 1;
export const TITLE_CHARS = 60;

export interface StoredFile {
  version: number;
  currentId: string;
  conversations: Conversation[];
}

export function newConversation(): Conversation {
  const now = Date.now();
  return { id: hashString(`${now}\u0000${Math.random()}`), title: '', created: now, updated: now, turns: [] };
}

/** A turn as stored: without its copy of the earlier dialogue (the conversation holds that once). */
export function compact(turn: Turn): Turn {
  return { ...turn, history: [] };
}

/** The stored conversations that validate; the reason for each one that does not. */
export function readConversations(raw: unknown): { conversations: Conversation[]; currentId?: string; dropped: string[] } {
  const dropped: string[] = [];
  const out: Conversation[] = [];
  let currentId: string | undefined;
  try {
    const file = obj(raw, 'file');
    if (file.version !== FILE_VERSION) return { conversations: [], dropped: [`unknown version ${String(file.version).slice(0, 20)}`] };
    if (typeof file.currentId === 'string') currentId = file.currentId;
    const list = Array.isArray(file.conversations) ? file.conversations : [];
    for (const [i, c] of list.slice(0, MAX_CONVERSATIONS).entries()) {
      try {
        const o = obj(c, `conversations[${i}]`);
        if (typeof o.id !== 'string' || typeof o.title !== 'string' || typeof o.created !== 'number' || typeof o.updated !== 'number' || !Array.isArray(o.turns)) throw new Error(`conversations[${i}]: missing fields`);
        const turns = (o.turns as unknown[]).slice(-MAX_TURNS).map((t, j) => checkTurn(t, `conversations[${i}].turns[${j}]`));
        out.push({ id: o.id, title: o.title.slice(0, TITLE_CHARS), created: o.created, updated: o.updated, turns });
      } catch (e) {
        dropped.push(e instanceof Error ? e.message : String(e));
      }
    }
  } catch (e) {
    dropped.push(e instanceof Error ? e.message : String(e));
  }
  return { conversations: out, currentId, dropped };
}

