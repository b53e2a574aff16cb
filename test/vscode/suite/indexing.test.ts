import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FileRecord, SearchHit } from '../../../src/core/types';
import type { SourceGroup } from '../../../src/vscode/sourceGroups';
import { screenshot, waitFor, workspaceUri } from './helpers';
import { test } from './runner';

interface State { activationMs: number; passages: number; files: FileRecord[]; loadedFromSnapshot: boolean; storage?: string }

const search = (q: string) => vscode.commands.executeCommand<SearchHit[]>('verity.search', q, 10);

test('the index is built for the workspace (include/exclude settings applied)', async () => {
  const state = await vscode.commands.executeCommand<State>('verity.test.state');
  console.log(`# activation took ${state.activationMs.toFixed(1)} ms; ${state.passages} passages`);
  const paths = state.files.map((f) => f.path).sort();
  assert.deepEqual(paths, ['docs/fees.pdf', 'docs/renewal.md', 'docs/scan.pdf', 'docs/travel.md', 'notes/draft.md', 'notes/notes.md']);
  assert.equal(state.files.find((f) => f.path === 'docs/fees.pdf')?.pages, 2);
  const scan = state.files.find((f) => f.path === 'docs/scan.pdf');
  assert.equal(scan?.state, 'skipped');
  assert.equal(scan?.reason, 'PDF_NO_TEXT');
  assert.equal(state.files.find((f) => f.path === 'notes/draft.md')?.reason, 'DRAFT', 'a draft is listed, never indexed');
  assert.ok(state.files.filter((f) => f.path !== 'docs/scan.pdf' && f.path !== 'notes/draft.md').every((f) => f.state === 'indexed'));
  assert.ok(state.passages >= 2, `passages: ${state.passages}`);
  assert.ok(state.storage, 'the extension has workspace storage');
  // Show Index Status focuses the Verity view (no markdown copy of it): the line above the tree
  // counts passages and files, and each file says its state.
  const status = await vscode.commands.executeCommand<{ message: string; groups: SourceGroup[]; visible: boolean }>('verity.showIndexStatus');
  assert.equal(status.visible, true, 'the Verity view is on screen');
  assert.match(status.message, /^\d+ passages from 4 sources · 1 draft · 1 skipped/);
  const items = new Map(status.groups.flatMap((g) => g.items.map((i) => [i.path, i])));
  assert.equal(items.get('docs/renewal.md')?.state, 'indexed');
  // OCR reads it in the background: "needs OCR (queued)" first, then why it stays empty.
  assert.match(items.get('docs/scan.pdf')?.description ?? '', /^scanned PDF — no text layer/);
  assert.ok(vscode.workspace.textDocuments.every((d) => d.languageId !== 'markdown' || d.uri.scheme === 'file'), 'no status document was opened');
  await screenshot('index-status-view.png');
});

test('the index is reloaded from workspace storage after a restart', async () => {
  const before = await vscode.commands.executeCommand<State>('verity.test.state');
  // Disposes the facade (saving the snapshot) and opens a new one from storage.
  const after = await vscode.commands.executeCommand<{ loadedFromSnapshot: boolean; passages: number }>('verity.test.restart');
  assert.equal(after.loadedFromSnapshot, true);
  assert.equal(after.passages, before.passages);
  const hits = await search('online renewal fee');
  assert.equal(hits[0]?.passage.path, 'docs/renewal.md');
});

test('creating, editing, renaming and deleting a file updates search results', async () => {
  const uri = workspaceUri('docs/visas.md');
  assert.equal((await search('embassy Lisbon visa stamp')).filter((h) => h.passage.path === 'docs/visas.md').length, 0);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('# Visas\n\nVisa stamps are issued by the embassy in Lisbon.\n'));
  await waitFor('the new file in search results', async () => (await search('embassy Lisbon visa stamp')).some((h) => h.passage.path === 'docs/visas.md'));
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('# Visas\n\nVisa stamps are issued by the consulate in Porto.\n'));
  await waitFor('the edited text in search results', async () => (await search('consulate Porto')).some((h) => h.passage.path === 'docs/visas.md'));
  assert.equal((await search('embassy Lisbon')).filter((h) => h.passage.path === 'docs/visas.md').length, 0, 'old text is gone');
  // A rename made in the editor (a workspace edit) moves the file's passages.
  const renamed = workspaceUri('docs/visa-offices.md');
  const edit = new vscode.WorkspaceEdit();
  edit.renameFile(uri, renamed);
  assert.ok(await vscode.workspace.applyEdit(edit));
  await waitFor('the renamed path in search results', async () => {
    const hits = await search('consulate Porto');
    return hits.some((h) => h.passage.path === 'docs/visa-offices.md') && !hits.some((h) => h.passage.path === 'docs/visas.md');
  });
  await vscode.workspace.fs.delete(renamed);
  await waitFor('the deleted file gone from search results', async () => !(await search('consulate Porto')).some((h) => h.passage.path.startsWith('docs/visa')));
});
