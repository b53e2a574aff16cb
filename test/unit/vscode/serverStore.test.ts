/**
 * `verity.store` (a team index on PostgreSQL) as the editor reads it: declared as a machine
 * setting, listed among the configurations Restricted Mode turns off, and read from the user's
 * or machine's settings only; and the read-only passage view its citations open.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readServerStore, SETTINGS } from '../../../src/vscode/settings';
import { parsePassageViewAddress, passageViewAddress, renderPassageView, type PassageViewRef } from '../../../src/vscode/passageText';
import type { Passage } from '../../../src/core/types';

const root = path.resolve(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
  contributes: { configuration: { properties: Record<string, { scope?: string; default?: unknown }> }; commands: Array<{ command: string }> };
};
const URL_A = 'postgres://reader@db.example.com/docs?corpus=handbook';

test('every user-only setting is a machine or application setting that Restricted Mode turns off', () => {
  const userOnly = SETTINGS.filter((s) => s.userOnly).map((s) => s.key);
  assert.deepEqual(userOnly, ['verity.store']);
  for (const key of userOnly) {
    const scope = pkg.contributes.configuration.properties[key]?.scope;
    assert.ok(scope === 'machine' || scope === 'application', `${key} has scope ${scope}`);
    assert.ok(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.includes(key), `${key} is a restricted configuration`);
  }
  assert.ok(pkg.contributes.commands.some((c) => c.command === 'verity.setStorePassword'));
});

test('verity.store is read from the user or machine settings only, and only in a trusted workspace', () => {
  assert.deepEqual(readServerStore({ defaultValue: '', globalValue: URL_A }, true), { url: URL_A });
  assert.deepEqual(readServerStore({ defaultValue: '' }, true), {});
  assert.deepEqual(readServerStore(undefined, true), {});
  // a repository's .vscode/settings.json cannot point the editor at its own server
  const hostile = readServerStore({ defaultValue: '', workspaceValue: 'postgres://evil.example.com/x?corpus=y' }, true);
  assert.equal(hostile.url, undefined);
  assert.match(hostile.ignored ?? '', /workspace settings: ignored/);
  const folder = readServerStore({ defaultValue: '', workspaceFolderValue: 'postgres://evil.example.com/x' }, true);
  assert.equal(folder.url, undefined);
  // the user's own value wins, and the workspace's is still reported as ignored
  const both = readServerStore({ globalValue: URL_A, workspaceValue: 'postgres://evil.example.com/x' }, true);
  assert.equal(both.url, URL_A);
  assert.match(both.ignored ?? '', /ignored/);
  // Restricted Mode: off
  const untrusted = readServerStore({ globalValue: URL_A }, false);
  assert.equal(untrusted.url, undefined);
  assert.match(untrusted.ignored ?? '', /Restricted Mode/);
  // not a server URL, or not a string: the local index
  assert.equal(readServerStore({ globalValue: '/srv/verity-store' }, true).url, undefined);
  assert.match(readServerStore({ globalValue: 'mysql://db/x' }, true).ignored ?? '', /postgres:\/\//);
  assert.equal(readServerStore({ globalValue: 42 }, true).url, undefined);
  assert.deepEqual(readServerStore({ globalValue: `  ${URL_A} ` }, true), { url: URL_A });
});

const PASSAGE: Passage = {
  id: 'p-42',
  path: 'handbook/leave.md',
  kind: 'md',
  title: 'Leave',
  headings: ['Leave', 'Annual leave'],
  startLine: 5,
  endLine: 6,
  text: 'Employees get 25 days of annual leave per year.\nUnused days carry over until March.\u0007',
  hash: 'h',
};
const REF: PassageViewRef = { passageId: 'p-42', path: 'handbook/leave.md', kind: 'md', startLine: 5, endLine: 6 };

test('a passage view address round-trips, and refuses what it did not make', () => {
  const a = passageViewAddress(REF);
  assert.equal(a.path, '/handbook/leave.md');
  assert.deepEqual(parsePassageViewAddress(a.path, a.query), REF);
  const pdf: PassageViewRef = { passageId: 'id with spaces&=', path: 'specs/Guide v2.pdf', kind: 'pdf', startLine: 1, endLine: 9, page: 14 };
  const b = passageViewAddress(pdf);
  assert.deepEqual(parsePassageViewAddress(b.path, b.query), pdf);
  assert.equal(parsePassageViewAddress('/a.md', 'kind=md&lines=1-2'), undefined);
  assert.equal(parsePassageViewAddress('/a.md', 'id=x&kind=exe&lines=1-2'), undefined);
  assert.equal(parsePassageViewAddress('/', 'id=x&kind=md&lines=1-2'), undefined);
  assert.equal(parsePassageViewAddress('/a.md', 'id=x&kind=md&lines=one'), undefined);
});

test('a passage view shows the file, heading, lines or page and the text, read from the store', () => {
  const store = 'postgres://reader@db.example.com:5432/docs (corpus handbook)';
  const text = renderPassageView(REF, PASSAGE, store);
  const lines = text.split('\n');
  assert.equal(lines[0], 'handbook/leave.md — lines 5–6');
  assert.equal(lines[1], 'Leave › Annual leave');
  assert.match(text, /team index postgres:\/\/reader@db\.example\.com:5432\/docs \(corpus handbook\), shown read-only: this file is not on this disk/);
  assert.ok(text.includes('Employees get 25 days of annual leave per year.\nUnused days carry over until March.'));
  assert.ok(!text.includes('\u0007'), 'control characters are not shown');
  const page = renderPassageView({ ...REF, kind: 'pdf', page: 3 }, { ...PASSAGE, kind: 'pdf', page: 3, path: 'specs/leave.pdf', headings: [], ocr: { confidence: 87.4 } }, store);
  assert.match(page, /^specs\/leave\.pdf — page 3\nLeave\n/);
  assert.match(page, /OCR, mean confidence 87/);
  // gone from the store (re-indexed since), or the store unreachable: where it was, and why there is no text
  const gone = renderPassageView(REF, undefined, store);
  assert.match(gone, /^handbook\/leave\.md — lines 5–6\n/);
  assert.match(gone, /no longer in the team index/);
  const down = renderPassageView(REF, undefined, store, 'STORE_UNREACHABLE: cannot reach postgres://reader@db.example.com:5432/docs (corpus handbook)');
  assert.match(down, /could not be fetched from the team index: STORE_UNREACHABLE/);
  assert.ok(!down.includes('Employees'));
});
