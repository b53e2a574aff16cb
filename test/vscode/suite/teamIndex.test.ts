/**
 * The editor reading a team index on PostgreSQL (verity.store), against a real server: the test
 * writes a throwaway corpus whose file is not in the workspace, points the user setting at it,
 * checks a paragraph, and opens the diagnostic's related information: the read-only view of the
 * passage, fetched from the store. Registered only when VERITY_TEST_PG names a server
 * (`bash scripts/pg/withCluster.sh npm run test:vscode` starts a throwaway one).
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CheckResult } from '../../../src/core/types';
import { writeTeamFile } from './teamCorpus';
import { screenshot, waitFor } from './helpers';
import { test } from './runner';

const PG = process.env.VERITY_TEST_PG;
const TEAM_FILE = 'team-handbook/travel/passports.md';
const SOURCE = '# Passports\n\n## Delivery\n\nThe new passport arrives by post within 30 days of the application. Collect it at the town hall if you are abroad.\n';
const CLAIM = 'The new passport arrives by post within 45 days of the application.';

const writeCorpus = (url: string): Promise<void> => writeTeamFile(url, TEAM_FILE, SOURCE, 'team-1');

if (!PG) {
  console.log('# team index (verity.store) test skipped: VERITY_TEST_PG is not set');
} else {
  test('verity.store: a check against the team index; its evidence opens read-only from the store', async () => {
    const url = new URL(PG);
    url.searchParams.set('corpus', `vscode-${Date.now().toString(36)}`);
    await writeCorpus(url.href);
    const config = vscode.workspace.getConfiguration();
    await config.update('verity.store', url.href, vscode.ConfigurationTarget.Global);
    try {
      const status = await waitFor('the status bar to name the team index', async () => {
        const s = await vscode.commands.executeCommand<{ text: string; tooltip: string }>('verity.test.statusBar');
        return /team index/.test(s.text) ? s : undefined;
      }, 30_000);
      assert.match(status.text, /Verity: team index · \d+ passage/);
      assert.match(status.tooltip, /\(corpus vscode-/);
      assert.ok(!status.tooltip.includes(url.password || '\u0000'), 'no password in the status');

      const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: `${CLAIM}\n` });
      const editor = await vscode.window.showTextDocument(doc);
      editor.selection = new vscode.Selection(0, 0, 0, 0);
      const result = await vscode.commands.executeCommand<CheckResult>('verity.checkParagraph');
      assert.ok(result, 'the check ran');
      assert.equal(result.sentences[0]?.verdict, 'contradicted', result.sentences[0]?.reason);
      assert.equal(result.sentences[0]?.evidence?.path, TEAM_FILE);

      const diag = await waitFor('a verity diagnostic', () => vscode.languages.getDiagnostics(doc.uri).find((d) => d.source === 'verity'), 5000);
      const related = diag.relatedInformation?.[0];
      assert.ok(related, 'related information');
      assert.equal(related.location.uri.scheme, 'verity-passage', related.location.uri.toString());
      assert.ok(related.location.uri.path.endsWith(`/${TEAM_FILE}`));

      // the link opens the passage as the store holds it, read-only
      const view = await vscode.workspace.openTextDocument(related.location.uri);
      const text = view.getText();
      assert.match(text, /^team-handbook\/travel\/passports\.md — lines? \d/);
      assert.match(text, /Passports › Delivery/);
      assert.match(text, /within 30 days of the application/);
      assert.match(text, /team index postgres:\/\/.*\(corpus vscode-.*read-only: this file is not on this disk/);

      // "Open evidence" (quick fix, hover and report links) opens the same view
      await vscode.commands.executeCommand('verity.openEvidence', result.sentences[0]!.evidence);
      const shown = await waitFor('the passage view in an editor', () => {
        const d = vscode.window.activeTextEditor?.document;
        return d?.uri.scheme === 'verity-passage' ? d : undefined;
      }, 5000);
      assert.match(shown.getText(), /within 30 days/);
      await screenshot('team-index-passage.png');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    } finally {
      await config.update('verity.store', undefined, vscode.ConfigurationTarget.Global);
    }
    // back to the workspace's own index
    await waitFor('the local index again', async () => {
      const s = await vscode.commands.executeCommand<{ text: string }>('verity.test.statusBar');
      return !/team index/.test(s.text) && /Verity: /.test(s.text) ? s : undefined;
    }, 30_000);
  }, 90_000);
}
