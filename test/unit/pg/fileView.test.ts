/**
 * The editor's read-only views of a team index's files that are not on this disk (pure parts,
 * src/vscode/passageText.ts and evidenceText.ts): the file view the Sources list's "Open" shows,
 * its address, and the citation "Insert citation" writes for such a passage. Plain Node.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Passage } from '../../../src/core/types';
import { fileViewAddress, parseFileViewAddress, parsePassageViewAddress, passageViewAddress, renderFileView } from '../../../src/vscode/passageText';
import { citationText, passageCitationText } from '../../../src/vscode/evidenceText';

const STORE = 'postgres://reader@db.example.com:5432/docs (corpus handbook)';
const passage = (id: string, startLine: number, text: string, headings: string[]): Passage => ({ id, path: 'handbook/leave.md', kind: 'md', title: 'Leave', headings, startLine, endLine: startLine + 1, text, hash: id });

test('a file view address round-trips and is never taken for a passage view (nor the other way)', () => {
  const a = fileViewAddress({ path: 'handbook/Leave policy.md', kind: 'md' });
  assert.equal(a.path, '/handbook/Leave policy.md');
  assert.deepEqual(parseFileViewAddress(a.path, a.query), { path: 'handbook/Leave policy.md', kind: 'md' });
  assert.equal(parsePassageViewAddress(a.path, a.query), undefined);
  const p = passageViewAddress({ passageId: 'p1', path: 'handbook/leave.md', kind: 'md', startLine: 1, endLine: 2 });
  assert.equal(parseFileViewAddress(p.path, p.query), undefined);
  assert.equal(parseFileViewAddress('/x.md', 'file=1&kind=exe'), undefined);
  assert.equal(parseFileViewAddress('/', 'file=1&kind=md'), undefined);
});

test("a file view lists the file's passages in order under their lines and headings, read-only", () => {
  const text = renderFileView({ path: 'handbook/leave.md', kind: 'md' }, [passage('a', 3, 'Employees get 25 days.\u0007', ['Leave', 'Annual leave']), passage('b', 9, 'Sick leave needs a note.', ['Leave', 'Sick leave'])], STORE);
  assert.match(text, /^handbook\/leave\.md — 2 passages in the team index\n/);
  assert.match(text, /team index postgres:\/\/reader@db\.example\.com:5432\/docs \(corpus handbook\), shown read-only: this file is not on this disk/);
  const a = text.indexOf('lines 3–4 · Leave › Annual leave\n\nEmployees get 25 days.');
  const b = text.indexOf('lines 9–10 · Leave › Sick leave\n\nSick leave needs a note.');
  assert.ok(a > 0 && b > a, text);
  assert.ok(!text.includes('\u0007'));
  assert.match(renderFileView({ path: 'x.md', kind: 'md' }, [], STORE), /holds no passage of this file any more/);
  const down = renderFileView({ path: 'x.md', kind: 'md' }, undefined, STORE, 'STORE_UNREACHABLE: cannot reach the server');
  assert.match(down, /could not be fetched from the team index: STORE_UNREACHABLE/);
});

test('a citation of a passage not on disk links its passage view; a file on disk keeps its relative link', () => {
  const ref = { path: 'team/travel/visas.md', kind: 'md' as const, startLine: 5, endLine: 6, passageId: 'p9' };
  const href = 'verity-passage:/team/travel/visas.md?id%3Dp9%26kind%3Dmd%26lines%3D5-6';
  assert.equal(passageCitationText(ref, href), ` ([visas.md, lines 5-6](${href}))`);
  // parentheses or spaces in the address cannot end the markdown link early
  assert.equal(passageCitationText({ ...ref, path: 'a/b (old).md' }, 'verity-passage:/a/b (old).md?x'), ' ([b \\(old\\).md, lines 5-6](verity-passage:/a/b%20%28old%29.md?x))');
  assert.equal(citationText(ref, 'answers/draft.md'), ' ([visas.md, lines 5-6](../team/travel/visas.md#L5-L6))');
});
