// extensionTestsPath entry for the multi-root run (a .code-workspace with two folders).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CheckResult, FileRecord, SearchHit } from '../../../src/core/types';
import { waitFor } from '../suite/helpers';
import { runAll, test } from '../suite/runner';

test('multi-root: two documents are not a documentation workspace, so nothing is indexed until asked', async () => {
  await vscode.extensions.getExtension('verity-dev.verity')!.activate();
  const d = await waitFor('the background decision', () => vscode.commands.executeCommand<{ index: boolean; reason: string; started: boolean } | undefined>('verity.test.backgroundDecision'));
  assert.equal(d.index, false);
  assert.match(d.reason, /only 2 documentation files/);
  assert.equal(d.started, false, 'no background work');
});

test('multi-root: every folder is indexed with paths prefixed by the folder name', async () => {
  await vscode.extensions.getExtension('verity-dev.verity')!.activate();
  assert.deepEqual(vscode.workspace.workspaceFolders?.map((f) => f.name), ['handbook', 'policies']);
  const state = await vscode.commands.executeCommand<{ files: FileRecord[] }>('verity.test.state');
  assert.deepEqual(state.files.map((f) => f.path).sort(), ['handbook/leave.md', 'policies/travel-policy.md']);
  const hits = await vscode.commands.executeCommand<SearchHit[]>('verity.search', 'train travel kilometres', 5);
  assert.equal(hits[0]?.passage.path, 'policies/travel-policy.md');
});

test('multi-root: diagnostics link to the source in the right folder', async () => {
  const folder = vscode.workspace.workspaceFolders![0]!;
  const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: 'Employees receive 40 days of annual leave per year.\n' });
  await vscode.window.showTextDocument(doc);
  const result = await vscode.commands.executeCommand<CheckResult>('verity.checkParagraph', doc.uri, doc.lineAt(0).range);
  assert.equal(result?.sentences[0]?.verdict, 'contradicted');
  const d = vscode.languages.getDiagnostics(doc.uri).find((x) => x.source === 'verity');
  const rel = d?.relatedInformation?.[0];
  assert.ok(rel, 'related information');
  assert.equal(rel.location.uri.toString(), vscode.Uri.joinPath(folder.uri, 'leave.md').toString());
  assert.equal(rel.location.range.start.line, 4);
});

export function run(): Promise<void> {
  return runAll();
}
