import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FileRecord, SearchHit } from '../../../src/core/types';
import type { SourceGroup } from '../../../src/vscode/sourceGroups';
import { screenshot, waitFor, workspaceUri } from './helpers';
import { test } from './runner';

interface State { files: FileRecord[] }

/** The image-only fixture (test/fixtures/ocr/scanned.pdf), found from the extension's folder. */
function scannedFixture(): Uint8Array {
  const ext = vscode.extensions.all.find((e) => e.packageJSON?.name === 'verity');
  if (!ext) throw new Error('the Verity extension is not loaded');
  return new Uint8Array(readFileSync(path.join(ext.extensionPath, 'test', 'fixtures', 'ocr', 'scanned.pdf')));
}

test('a scanned PDF saved into the workspace is read by OCR in the background and becomes searchable', async () => {
  const uri = workspaceUri('docs/letter.pdf');
  await vscode.workspace.fs.writeFile(uri, scannedFixture());
  // Right away it is known and waiting; the status bar shows the OCR progress item.
  await waitFor('the scan in the file list', async () => (await vscode.commands.executeCommand<State>('verity.test.state')).files.find((f) => f.path === 'docs/letter.pdf'));
  await screenshot('ocr-status-bar.png');
  let seen: FileRecord | undefined;
  const record = await waitFor(
    'OCR of docs/letter.pdf',
    async () => {
      seen = (await vscode.commands.executeCommand<State>('verity.test.state')).files.find((f) => f.path === 'docs/letter.pdf');
      return seen?.ocr?.state === 'done' ? seen : undefined;
    },
    200_000,
  ).catch((e: unknown) => {
    throw new Error(`${String(e)}; last record: ${JSON.stringify(seen)}`);
  });
  assert.equal(record.state, 'indexed');
  assert.ok((record.ocr?.confidence ?? 0) > 60, `confidence ${record.ocr?.confidence}`);
  const hits = await vscode.commands.executeCommand<SearchHit[]>('verity.search', 'Quillfeather warrants the desk lamp', 5);
  const hit = hits.find((h) => h.passage.path === 'docs/letter.pdf');
  assert.ok(hit, 'the recognised page answers a search');
  assert.equal(hit.passage.page, 1);
  assert.ok(hit.passage.ocr && hit.passage.boxes?.length);
  const status = await vscode.commands.executeCommand<{ groups: SourceGroup[] }>('verity.showIndexStatus');
  const item = status.groups.flatMap((g) => g.items).find((i) => i.path === 'docs/letter.pdf');
  assert.equal(item?.state, 'indexed');
  assert.match(item?.description ?? '', /^1 page, 1 passage; OCR text on 1 page, confidence \d+%/);
  await vscode.workspace.fs.delete(uri);
  await waitFor('the scan gone from the index', async () => !(await vscode.commands.executeCommand<State>('verity.test.state')).files.some((f) => f.path === 'docs/letter.pdf'));
}, 240_000); // one page takes 5–60 s on two shared cores
