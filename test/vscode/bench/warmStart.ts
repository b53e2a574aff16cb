/**
 * The warm-start benchmark's in-editor side (scripts/vscodeTest/warmStartBench.mjs runs it): index
 * the workspace, leave a document open, reload the window, and as soon as the reloaded window runs
 * tests, check a paragraph of that document the way a person does (cursor in the paragraph,
 * "Check This Paragraph"). Prints one "# bench {json}" line with the figures; asserts only what
 * makes the figures meaningful (the check found evidence), never a time.
 *
 * It uses only commands every version of Verity has (plus optional test hooks read when present),
 * so the script can run it against an older build side by side.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CheckResult } from '../../../src/core/types';
import { waitFor, workspaceUri } from '../suite/helpers';
import { afterReload, handOver, runAll, test } from '../suite/runner';
import { handOverFile } from '../suite/ui';

/** The document checked after the reload, and a paragraph of it every index can support. */
const DOC = 'warranty.md';
const PARAGRAPH_START = 'The warranty period starts on the delivery date.';

async function optional<T>(command: string): Promise<T | undefined> {
  try {
    return await vscode.commands.executeCommand<T>(command);
  } catch {
    return undefined; // an older build without this test hook
  }
}

test('bench: index the workspace and leave the document open', async () => {
  const t0 = Date.now();
  const state = await vscode.commands.executeCommand<{ files: unknown[]; passages: number }>('verity.test.state');
  const doc = await vscode.workspace.openTextDocument(workspaceUri(DOC));
  await vscode.window.showTextDocument(doc);
  // let debounced saves land before the reload (the extension also saves on deactivate)
  await new Promise((r) => setTimeout(r, 2500));
  handOver.files = state.files.length;
  handOver.passages = state.passages;
  handOver.indexWaitMs = Date.now() - t0;
}, 600_000);

afterReload('bench: check a paragraph right after the reload', async () => {
  const asked0 = Date.now();
  const editor = await waitFor('the restored editor', () => (vscode.window.activeTextEditor?.document.uri.path.endsWith(`/${DOC}`) ? vscode.window.activeTextEditor : undefined), 30_000);
  const at = editor.document.getText().indexOf(PARAGRAPH_START);
  assert.ok(at >= 0, `the paragraph is in ${DOC}`);
  const pos = editor.document.positionAt(at);
  editor.selection = new vscode.Selection(pos, pos);
  const asked = Date.now();
  const result = await vscode.commands.executeCommand<CheckResult>('verity.checkParagraph');
  const answered = Date.now();
  assert.ok(result?.sentences.some((s) => s.evidence), 'the check found evidence');
  const startup = await optional<{ activatedAt: number; startedAt?: number; loadedAt?: number; indexing: boolean; reads: Record<string, number> }>('verity.test.startup');
  const last = await optional<{ waitedForIndexMs: number; checkMs: number; totalMs: number }>('verity.test.lastCheck');
  // an older build has no reads counter: wait for its index to be complete, for the file count
  const state = await vscode.commands.executeCommand<{ files: unknown[] }>('verity.test.state');
  const reconciled = await optional<{ reads: Record<string, number> }>('verity.test.startup');
  const figures = {
    files: state.files.length,
    passages: handOver.passages,
    sentences: result.sentences.length,
    reloadToAnsweredMs: answered - (handOver.reloadRequestedAt as number),
    askedToAnsweredMs: answered - asked,
    editorRestoredMs: asked - asked0,
    activationToAnsweredMs: startup ? answered - startup.activatedAt : null,
    activationToStoreLoadedMs: startup?.loadedAt ? startup.loadedAt - startup.activatedAt : null,
    waitedForIndexMs: last?.waitedForIndexMs ?? null,
    checkerMs: result.ms,
    reconcileRunningWhenAnswered: startup ? startup.indexing : null,
    filesReadByThen: startup ? Object.keys(startup.reads).length : null,
    filesReadByTheReconcile: reconciled ? Object.keys(reconciled.reads).length : null,
  };
  console.log(`# bench ${JSON.stringify(figures)}`);
}, 300_000);

export function run(): Promise<void> {
  return runAll(handOverFile());
}
