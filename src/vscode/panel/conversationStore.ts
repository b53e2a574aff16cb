/**
 * The conversation panel's conversations, kept in the extension's workspace storage (one JSON
 * file in a folder of its own beside the index store), so they survive a window reload and a
 * restart. Reading validates every entry (conversationFile.ts). Bounded: the newest
 * conversations and turns are kept.
 */
import * as vscode from 'vscode';
import type { Turn } from '../../core/types';
import { compact, FILE_VERSION, MAX_CONVERSATIONS, MAX_TURNS, newConversation, readConversations, TITLE_CHARS, type Conversation, type StoredFile } from './conversationFile';

export type { Conversation };

export class ConversationStore {
  private conversations: Conversation[] = [];
  private currentId = '';
  private loaded: Promise<void> | undefined;
  private writing: Promise<void> = Promise.resolve();

  /** `dir`: the extension's workspace storage (undefined without a workspace: kept in memory only). */
  constructor(
    private readonly dir: vscode.Uri | undefined,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  private get file(): vscode.Uri | undefined {
    return this.dir && vscode.Uri.joinPath(this.dir, 'conversations', 'conversations.json');
  }

  /** Reads the stored conversations once; later calls wait for the first. */
  load(): Promise<void> {
    this.loaded ??= this.read();
    return this.loaded;
  }

  private async read(): Promise<void> {
    const file = this.file;
    if (file) {
      try {
        const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
        const r = readConversations(JSON.parse(text));
        for (const d of r.dropped) this.log.warn(`conversations: dropped a stored entry (${d})`);
        this.conversations = r.conversations;
        if (r.currentId && r.conversations.some((c) => c.id === r.currentId)) this.currentId = r.currentId;
      } catch (e) {
        if (!(e instanceof vscode.FileSystemError && e.code === 'FileNotFound')) this.log.warn(`conversations: could not read the stored conversations (${e instanceof Error ? e.message : String(e)}); starting a new one`);
      }
    }
    if (!this.currentId) this.startNew();
  }

  /** The conversation the panel shows. */
  current(): Conversation {
    let c = this.conversations.find((x) => x.id === this.currentId);
    if (!c) c = this.startNew();
    return c;
  }

  /** Every stored conversation, newest first. */
  list(): readonly Conversation[] {
    return [...this.conversations].sort((a, b) => b.updated - a.updated);
  }

  /** Starts an empty conversation and makes it current (an empty current one is reused). */
  startNew(): Conversation {
    const existing = this.conversations.find((x) => x.id === this.currentId);
    if (existing && existing.turns.length === 0) return existing;
    const c = newConversation();
    this.conversations.push(c);
    this.currentId = c.id;
    this.trim();
    return c;
  }

  /** Makes a stored conversation current; false when it is gone. */
  select(id: string): boolean {
    if (!this.conversations.some((c) => c.id === id)) return false;
    this.currentId = id;
    return true;
  }

  /** Adds a finished turn to the current conversation and writes the file. */
  append(turn: Turn): Conversation {
    const c = this.current();
    c.turns.push(compact(turn));
    if (c.turns.length > MAX_TURNS) c.turns.splice(0, c.turns.length - MAX_TURNS);
    if (!c.title) c.title = turn.question.replace(/\s+/g, ' ').trim().slice(0, TITLE_CHARS);
    c.updated = Date.now();
    return c;
  }

  /** A turn of the current conversation by id. */
  turn(id: string): Turn | undefined {
    return this.current().turns.find((t) => t.id === id);
  }

  private trim(): void {
    if (this.conversations.length <= MAX_CONVERSATIONS) return;
    const keep = new Set(this.list().slice(0, MAX_CONVERSATIONS).map((c) => c.id));
    keep.add(this.currentId);
    this.conversations = this.conversations.filter((c) => keep.has(c.id));
  }

  /** Writes the file (one write at a time; a temp file renamed over the old one, so a reader never sees half). */
  save(): Promise<void> {
    const file = this.file;
    if (!file) return Promise.resolve();
    const body: StoredFile = { version: FILE_VERSION, currentId: this.currentId, conversations: this.conversations.filter((c) => c.turns.length > 0 || c.id === this.currentId) };
    const bytes = new TextEncoder().encode(JSON.stringify(body));
    const write = async () => {
      const tmp = vscode.Uri.joinPath(file, '..', `conversations.${Date.now().toString(36)}.tmp`);
      try {
        await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(file, '..'));
        await vscode.workspace.fs.writeFile(tmp, bytes);
        await vscode.workspace.fs.rename(tmp, file, { overwrite: true });
      } catch (e) {
        this.log.error(`conversations: could not save (${e instanceof Error ? e.message : String(e)})`);
        await Promise.resolve(vscode.workspace.fs.delete(tmp)).catch(() => undefined);
      }
    };
    this.writing = this.writing.then(write, write);
    return this.writing;
  }
}
