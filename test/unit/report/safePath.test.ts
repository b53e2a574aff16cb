import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isPlainRelativePath } from '../../../src/vscode/report/safePath';

test('paths from the webview: only plain workspace-relative paths pass', () => {
  for (const ok of ['notes/a.md', 'docs/policy.pdf', 'root folder/x y.md']) assert.equal(isPlainRelativePath(ok), true, ok);
  for (const bad of ['', '/etc/passwd', '../secret.md', 'notes/../../x.md', 'C:/x.md', 'notes\\a.md', 'a//b.md', './a.md', 'a\0.md']) assert.equal(isPlainRelativePath(bad), false, JSON.stringify(bad));
});
