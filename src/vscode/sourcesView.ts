/**
 * The Verity view's "Sources" tree: every file Verity knows, grouped as sources (indexed
 * evidence), drafts (listed, never indexed nor evidence) and skipped (with the reason), each marked stale
 * when the file changed on disk since it was read. Items open the file, re-index it or say why it
 * was skipped. Grouping and wording live in sourceGroups.ts.
 */
import * as vscode from 'vscode';
import type { FileRecord } from '../core/types';
import { sourceGroups, sourcesSummary, type SourceGroup, type SourceItem } from './sourceGroups';
import { toUri } from './workspacePort';

export type { SourceGroup, SourceItem };

type Node = { group: SourceGroup } | { item: SourceItem };

export interface SourcesData {
  /** The files Verity knows, or undefined while the index has not been opened. */
  files(): Promise<readonly FileRecord[] | undefined>;
  /** Passages in the index, whether it was opened from the stored index, and whether it is being compared with the disk. */
  summary(): { passages: number; fromStore: boolean; reconciling: boolean };
}

export class SourcesView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private groups: SourceGroup[] = [];
  private readonly tree: vscode.TreeView<Node>;

  constructor(private readonly data: SourcesData) {
    this.tree = vscode.window.createTreeView('verity.sources', { treeDataProvider: this });
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  /** The groups and the line above them, as last shown (the test hooks and Show Index Status return them). */
  async snapshot(): Promise<SourceGroup[]> {
    await this.load();
    return this.groups;
  }

  /** The line above the tree, as last shown. */
  get message(): string {
    return this.tree.message ?? '';
  }

  /** Whether the view is on screen. */
  get visible(): boolean {
    return this.tree.visible;
  }

  private async load(): Promise<SourceGroup[]> {
    const files = await this.data.files();
    if (!files) {
      this.tree.message = undefined;
      return (this.groups = []);
    }
    const s = this.data.summary();
    this.tree.message = sourcesSummary(files, s.passages, s);
    this.groups = sourceGroups(files, await staleOf(files));
    return this.groups;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (!node) return (await this.load()).map((group) => ({ group }));
    return 'group' in node ? node.group.items.map((item) => ({ item })) : [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if ('group' in node) {
      const g = node.group;
      const t = new vscode.TreeItem(`${g.label} (${g.items.length})`, g.state === 'draft' ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded);
      t.id = `group:${g.state}`;
      t.contextValue = `group.${g.state}`;
      return t;
    }
    const i = node.item;
    const uri = toUri(i.path);
    const t = new vscode.TreeItem(i.path.split('/').pop() ?? i.path, vscode.TreeItemCollapsibleState.None);
    t.id = `source:${i.path}`;
    t.resourceUri = uri;
    t.description = `${i.path.includes('/') ? `${i.path.slice(0, i.path.lastIndexOf('/'))} · ` : ''}${i.description}`;
    t.tooltip = i.why;
    t.contextValue = `source.${i.state}`;
    t.iconPath = new vscode.ThemeIcon(
      i.state === 'skipped' ? 'warning' : i.stale ? 'history' : i.state === 'draft' ? 'edit' : i.record.kind === 'pdf' ? 'file-pdf' : 'book',
      i.state === 'skipped' ? new vscode.ThemeColor('list.warningForeground') : undefined,
    );
    if (uri) t.command = i.state === 'skipped' ? { command: 'verity.showSkipReason', title: 'Show Why', arguments: [{ item: i }] } : { command: 'verity.openSource', title: 'Open', arguments: [{ item: i }] };
    return t;
  }

  dispose(): void {
    this.tree.dispose();
    this.changed.dispose();
  }
}

/** Paths whose file on disk differs (size or mtime) from when it was read; capped, as it stats every file. */
async function staleOf(files: readonly FileRecord[]): Promise<Set<string>> {
  const out = new Set<string>();
  await Promise.all(files.slice(0, 2000).map(async (f) => {
    const uri = toUri(f.path);
    if (!uri || !f.mtime) return;
    try {
      const st = await vscode.workspace.fs.stat(uri);
      if (st.size !== f.size || st.mtime !== f.mtime) out.add(f.path);
    } catch {
      // gone: the watcher removes it
    }
  }));
  return out;
}
