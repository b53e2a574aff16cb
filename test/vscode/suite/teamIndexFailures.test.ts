/**
 * The editor and a team index (verity.store) that cannot be read, against a real server, and
 * the team index's files that are not on this disk:
 * - a server that refuses connections: the status bar and one error message name the store
 *   (never a password), a check returns without verdicts and without hanging;
 * - over TCP the server asks for a password: none stored, then a wrong one typed into the real
 *   "Set Store Password" box (the command the error message's button runs), then the right one:
 *   the index opens and the check runs; the password shows up nowhere;
 * - the Sources list's "Open" on a file of the team index shows its passages read-only, and
 *   "Insert citation" cites the passage's read-only view instead of a file that is not there.
 * Registered only when VERITY_TEST_PG names a throwaway server (scripts/pg/cluster.sh, which
 * also sets VERITY_PG_PORT and VERITY_PG_PASSWORD).
 */
import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import * as vscode from 'vscode';
import type { CheckResult } from '../../../src/core/types';
import { writeTeamFile } from './teamCorpus';
import type { SourceGroup } from '../../../src/vscode/sourceGroups';
import { rangeOf, screenshot, waitFor } from './helpers';
import { test } from './runner';
import { ui } from './ui';

const PG = process.env.VERITY_TEST_PG;
const PORT = process.env.VERITY_PG_PORT;
const PASSWORD = process.env.VERITY_PG_PASSWORD;
const TEAM_FILE = 'team-handbook/travel/visas.md';
const SOURCE = '# Visas\n\n## Processing\n\nA tourist visa is processed within 15 working days. The fee is 60 euros and is not refunded.\n';
const CLAIM = 'A tourist visa is processed within 20 working days.';
const SUPPORTED = 'A tourist visa is processed within 15 working days.';

type Status = { text: string; tooltip: string };
const statusBar = () => vscode.commands.executeCommand<Status>('verity.test.statusBar');

/** A TCP port nothing listens on (bound and released). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const writeCorpus = (url: string): Promise<void> => writeTeamFile(url, TEAM_FILE, SOURCE, 'team-visas-1');

async function setStore(url: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration().update('verity.store', url, vscode.ConfigurationTarget.Global);
}

/** A check of `text` in a new markdown document. */
async function check(text: string): Promise<{ doc: vscode.TextDocument; result: CheckResult | undefined }> {
  const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: `${text}\n` });
  const editor = await vscode.window.showTextDocument(doc);
  editor.selection = new vscode.Selection(0, 0, 0, 0);
  return { doc, result: await vscode.commands.executeCommand<CheckResult | undefined>('verity.checkParagraph') };
}

/**
 * The error message a check showed, when it matches `re` (read back through a test hook: the
 * notification toasts are not rendered in this test host, see the screenshots).
 */
async function notice(re: RegExp): Promise<string> {
  let last: string | undefined;
  try {
    return await waitFor(`an error message matching ${re}`, async () => {
      last = await vscode.commands.executeCommand<string | undefined>('verity.test.lastStoreError');
      return last && re.test(last) ? last : undefined;
    }, 20_000);
  } catch (e) {
    throw new Error(`${e instanceof Error ? e.message : String(e)}; the last one: ${last ?? 'none'}`);
  }
}

/** The status bar item once it says the team index is unreachable (its text and tooltip). */
function unreachable(): Promise<Status> {
  return waitFor('the status bar to say the team index is unreachable', async () => {
    const s = await statusBar();
    return /team index unreachable/.test(s.text) ? s : undefined;
  }, 30_000);
}

/** Types `value` into the open quick input box (Set Store Password's) and presses Enter. */
async function typeIntoInputBox(value: string): Promise<void> {
  const box = '.quick-input-widget .quick-input-box input';
  await waitFor('the input box', () => ui.visible('workbench', box), 10_000);
  await ui.fill('workbench', box, value);
  await ui.press('workbench', box, 'Enter');
}

/** Back to the workspace's own index; a failure here is reported only when the test itself passed. */
const back = async (passed: boolean): Promise<void> => {
  try {
    await backToLocal();
  } catch (e) {
    if (passed) throw e;
    console.log(`# cleanup after a failure: ${String(e)}`);
  }
};

const backToLocal = async (): Promise<void> => {
  await setStore(undefined);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('notifications.clearAll');
  await waitFor('the local index again', async () => {
    const s = await statusBar();
    return !/team index/.test(s.text) && /Verity: /.test(s.text) ? s : undefined;
  }, 30_000);
};

if (!PG || !PORT || !PASSWORD) {
  console.log('# team index failure tests skipped: VERITY_TEST_PG, VERITY_PG_PORT and VERITY_PG_PASSWORD are not all set (scripts/pg/cluster.sh sets them)');
} else {
  test('verity.store on a server that refuses connections: a clear status and message, a check that returns', async () => {
    const port = await closedPort();
    await setStore(`postgres://verity@127.0.0.1:${port}/verity_test?corpus=nowhere`);
    let passed = false;
    try {
      const status = await unreachable();
      assert.match(status.tooltip, new RegExp(`cannot reach postgres://verity@127\\.0\\.0\\.1:${port}/verity_test \\(corpus nowhere\\)`));
      const { result } = await check(CLAIM);
      assert.equal(result, undefined, 'no verdicts from a store that could not be read');
      const text = await notice(/could not read the team index/);
      assert.match(text, new RegExp(`cannot reach postgres://verity@127\\.0\\.0\\.1:${port}/verity_test \\(corpus nowhere\\)`));
      await screenshot('team-index-unreachable.png', { keepNotifications: true });
      // the extension is still there: another command answers
      const s = await statusBar();
      assert.match(s.text, /team index unreachable/);
      passed = true;
    } finally {
      await back(passed);
    }
  }, 120_000);

  test('verity.store asking for a password: none, a wrong one typed into Set Store Password, then the right one', async () => {
    const socket = new URL(PG);
    const corpus = `vscode-pw-${Date.now().toString(36)}`;
    socket.searchParams.set('corpus', corpus);
    await writeCorpus(socket.href);
    // over TCP the throwaway server asks for a password (scram-sha-256); the URL has none
    await setStore(`postgres://verity@127.0.0.1:${PORT}/verity_test?corpus=${corpus}`);
    const wrong = `wrong-${Date.now().toString(36)}`;
    let passed = false;
    try {
      const status = await unreachable();
      assert.match(status.tooltip, /refused the credentials/);
      const none = await check(CLAIM);
      assert.equal(none.result, undefined);
      assert.match(await notice(/refused the credentials/), /postgres:\/\/verity@127\.0\.0\.1:\d+\/verity_test \(corpus vscode-pw-/);
      await screenshot('team-index-password.png', { keepNotifications: true });

      // Set Store Password (the message's button runs it): a wrong password typed into its box is kept and refused
      const first = vscode.commands.executeCommand('verity.setStorePassword');
      await typeIntoInputBox(wrong);
      await first;
      await waitFor('the team index to be refused again', async () => {
        const s = await statusBar();
        return /team index unreachable/.test(s.text) && /refused the credentials/.test(s.tooltip) ? s : undefined;
      }, 30_000);
      const again = await check(CLAIM);
      assert.equal(again.result, undefined);
      const refused = await notice(/password authentication failed/);
      for (const t of [(await statusBar()).tooltip, refused]) assert.ok(!t.includes(wrong) && !t.includes(PASSWORD), `a password in: ${t}`);

      // the right one: the index opens and the check runs against it
      const setting = vscode.commands.executeCommand('verity.setStorePassword');
      await typeIntoInputBox(PASSWORD);
      await setting;
      const open = await waitFor('the team index to open', async () => {
        const s = await statusBar();
        return /team index ·/.test(s.text) ? s : undefined;
      }, 30_000);
      assert.match(open.text, /Verity: team index · \d+ passages?/);
      assert.ok(!open.tooltip.includes(PASSWORD));
      const second = await check(CLAIM);
      assert.equal(second.result?.sentences[0]?.verdict, 'contradicted', second.result?.sentences[0]?.reason);
      assert.equal(second.result?.sentences[0]?.evidence?.path, TEAM_FILE);
      passed = true;
    } finally {
      // leave no password behind: an empty value removes it
      const clearing = vscode.commands.executeCommand('verity.setStorePassword');
      await typeIntoInputBox('');
      await clearing;
      await back(passed);
    }
  }, 180_000);

  test('a team-index file not on this disk: Open in Sources shows its passages; Insert citation cites the passage view', async () => {
    const url = new URL(PG);
    url.searchParams.set('corpus', `vscode-open-${Date.now().toString(36)}`);
    await writeCorpus(url.href);
    await setStore(url.href);
    let passed = false;
    try {
      await waitFor('the team index', async () => /team index ·/.test((await statusBar()).text), 30_000);
      const groups = await waitFor('the Sources list to hold the team file', async () => {
        const g = await vscode.commands.executeCommand<SourceGroup[]>('verity.test.sourcesView');
        return g.some((x) => x.items.some((i) => i.path === TEAM_FILE)) ? g : undefined;
      }, 20_000);
      const item = groups.flatMap((g) => g.items).find((i) => i.path === TEAM_FILE)!;
      // what the tree item's click (and its inline Open button) runs
      await vscode.commands.executeCommand('verity.openSource', { item });
      const shown = await waitFor('the file view in an editor', () => {
        const d = vscode.window.activeTextEditor?.document;
        return d?.uri.scheme === 'verity-passage' ? d : undefined;
      }, 10_000);
      assert.match(shown.getText(), /^team-handbook\/travel\/visas\.md — \d+ passages? in the team index/);
      assert.match(shown.getText(), /read-only: this file is not on this disk/);
      assert.match(shown.getText(), /Visas › Processing/);
      assert.match(shown.getText(), /processed within 15 working days/);
      await vscode.commands.executeCommand('workbench.view.extension.verity');
      await screenshot('team-index-open-file.png');

      const { doc, result } = await check(SUPPORTED);
      assert.equal(result?.sentences[0]?.verdict, 'supported', result?.sentences[0]?.reason);
      const range = rangeOf(doc, SUPPORTED);
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, range);
      const cite = actions.find((a) => a.title.startsWith('Verity: Insert citation'));
      assert.ok(cite?.edit, `actions: ${actions.map((a) => a.title).join(' | ')}`);
      assert.ok(await vscode.workspace.applyEdit(cite.edit));
      const m = /days \(\[visas\.md, lines? \d+(?:-\d+)?\]\((verity-passage:[^)\s]+)\)\)\./.exec(doc.getText());
      assert.ok(m, `a citation of the passage view: ${doc.getText()}`);
      // the link opens the cited passage, read-only, from the store
      const view = await vscode.workspace.openTextDocument(vscode.Uri.parse(m[1]!));
      assert.match(view.getText(), /^team-handbook\/travel\/visas\.md — lines? \d/);
      assert.match(view.getText(), /processed within 15 working days/);
      passed = true;
    } finally {
      await back(passed);
    }
  }, 120_000);
}
