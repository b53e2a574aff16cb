/**
 * After a window reload (phase 2 of the folder run; runner.ts): the stored index answers a check
 * at once, and no file whose size and date are unchanged is read again; the conversation and the
 * report are back.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CheckResult } from '../../../src/core/types';
import type { PanelRendered } from '../../../src/protocol/panelMessages';
import { rangeOf, screenshot, waitFor, workspaceUri } from './helpers';
import { afterReload, handOver } from './runner';
import { ui } from './ui';

interface Startup { warmStart: boolean; activatedAt: number; startedAt?: number; loadedAt?: number; loadedFromSnapshot: boolean; indexing: boolean; reads: Record<string, number> }
interface StoredRecord { path: string; size: number; mtime: number; ocrPending: boolean }

/**
 * Paths whose file no longer matches its stored record by size and date, as VS Code's file system
 * reports them (what the extension compares), or that OCR still had to read: the only ones that
 * may be read after the reload.
 */
async function mayBeRead(): Promise<Set<string>> {
  const out = new Set<string>();
  for (const r of handOver.records as StoredRecord[]) {
    const st = await Promise.resolve(vscode.workspace.fs.stat(workspaceUri(r.path))).catch(() => undefined);
    const changed = !st || st.size !== r.size || st.mtime !== r.mtime;
    if (changed || r.ocrPending) {
      out.add(r.path);
      console.log(`# ${r.path} may be read: ${r.ocrPending ? 'OCR was pending' : 'its size or date changed'}`);
    }
  }
  return out;
}

afterReload('after a reload a paragraph is checked from the stored index before any unchanged file is read again', async () => {
  // the tabs VS Code restored, before anything else happens (the report test reads this)
  handOver.reportTabsAtStart = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('verity.report')).length;
  const doc = await vscode.workspace.openTextDocument(workspaceUri('notes/notes.md'));
  await vscode.window.showTextDocument(doc);
  const checkedAt = Date.now();
  const result = await vscode.commands.executeCommand<CheckResult>('verity.checkParagraph', doc.uri, rangeOf(doc, 'Passport photos may be taken in the consulate garden on Sundays.'));
  const startup = await vscode.commands.executeCommand<Startup>('verity.test.startup');
  const allowed = await mayBeRead();
  // the glossary (verity.glossary.json, read when the first check makes a checker) is no document
  allowed.add('verity.glossary.json');
  const reread = Object.keys(startup.reads).filter((p) => !allowed.has(p));
  const done = Date.now();
  const last = await vscode.commands.executeCommand<{ waitedForIndexMs: number; checkMs: number; totalMs: number }>('verity.test.lastCheck');
  console.log(`# after the reload: store opened ${(startup.startedAt ?? NaN) - startup.activatedAt} ms and loaded ${(startup.loadedAt ?? NaN) - startup.activatedAt} ms after activation; check asked ${checkedAt - startup.activatedAt} ms after activation, answered in ${done - checkedAt} ms (in the command ${last.totalMs} ms: ${last.waitedForIndexMs} ms waiting for the index, ${last.checkMs} ms checking); reconcile still running: ${startup.indexing}; reads so far: ${JSON.stringify(startup.reads)}`);
  assert.equal(startup.warmStart, true, 'the stored index was opened at activation');
  assert.equal(startup.loadedFromSnapshot, true);
  assert.ok(result.sentences[0]?.evidence, 'the check found evidence in the stored index');
  assert.deepEqual(reread, [], 'no unchanged file was read again');
  // once the reconcile is over, still no unchanged file was read
  await waitFor('the reconcile with the disk', async () => !(await vscode.commands.executeCommand<Startup>('verity.test.startup')).indexing);
  const after = await vscode.commands.executeCommand<Startup>('verity.test.startup');
  console.log(`# reads after the reconcile: ${JSON.stringify(after.reads)}`);
  assert.deepEqual(Object.keys(after.reads).filter((p) => !allowed.has(p)), [], `reads after the reconcile: ${JSON.stringify(after.reads)}`);
  await vscode.commands.executeCommand('verity.clearChecks', doc.uri);
});

afterReload('after a reload the conversation is back in the panel, as it was', async () => {
  await vscode.commands.executeCommand('verity.conversation.focus');
  const state = await waitFor('the panel after the reload', async () => {
    const s = await vscode.commands.executeCommand<{ rendered?: PanelRendered; conversationId: string; questions: string[] }>('verity.test.panelState');
    return s.rendered && s.rendered.turns > 0 ? s : undefined;
  });
  assert.equal(state.conversationId, handOver.conversationId);
  assert.deepEqual(state.questions, handOver.questions);
  assert.equal(state.rendered?.turns, (handOver.questions as string[]).length);
  assert.deepEqual(await ui.texts('panel', '.exchange .question'), handOver.questions);
  assert.ok((await ui.count('panel', '.answer .sent .mark')) > 0, 'the answers keep their marks');
  await screenshot('panel-after-reload.png');
});

afterReload('after a reload the report is restored — its tab, and the latest result kept in workspace state', async () => {
  const before = handOver.report as { kind: string; sentences: number } | undefined;
  assert.ok(before, 'the report was open before the reload');
  assert.equal(handOver.reportTabsAtStart, 1, 'VS Code brought the report tab back');
  type ReportState = { open: boolean; visible: boolean; restored: boolean; storedAtStart: string; rendered?: { kind: string; sentences: number } };
  const reportState = () => vscode.commands.executeCommand<ReportState>('verity.test.reportState');
  // the serializer hands the panel back at activation ...
  const handed = await waitFor('the serializer to hand the report back', async () => ((await reportState()).open ? reportState() : undefined));
  assert.equal(handed.restored, true, 'the serializer handed the panel back');
  // ... but a webview hidden behind another tab of its group (the first test opened a document)
  // loads its page only when shown: bring the report to the front as a user clicking its tab would
  console.log(`# the restored report was ${handed.visible ? 'in front' : 'behind another tab: brought to the front'}`);
  if (!handed.visible) await vscode.commands.executeCommand('verity.showReport');
  // the webview first draws its empty page, then what the host sends on 'ready': wait for that
  let last: ReportState | undefined;
  const report = await waitFor('the restored report', async () => {
    last = await reportState();
    return last.open && last.rendered && last.rendered.kind !== 'empty' ? last : undefined;
  }, 30_000).catch((e: unknown) => {
    throw new Error(`${String(e)}; last report state: ${JSON.stringify(last)}`);
  });
  assert.equal(report.restored, true, 'the restored panel was shown, not a new one');
  const reportTabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('verity.report')).length;
  assert.equal(reportTabs, 1, 'one report tab, the restored one');
  assert.equal(report.storedAtStart, before.kind, 'the result shown before the reload was kept');
  // the reload tests' own check (the first test) is now the latest result, and the report follows it
  assert.equal(report.rendered?.kind, 'check');
  await screenshot('report-after-reload.png');
});
