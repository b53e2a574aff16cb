import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gitignoreGlobs, globMatcher } from '../../../src/vscode/glob';

test('globs match workspace-relative paths like VS Code globs', () => {
  const m = globMatcher(['**/*.{md,pdf}']);
  assert.ok(m('a.md'));
  assert.ok(m('docs/deep/b.pdf'));
  assert.ok(!m('docs/c.txt'));
  const ex = globMatcher(['**/node_modules/**', 'notes/**']);
  assert.ok(ex('node_modules/x/readme.md'));
  assert.ok(ex('pkg/node_modules/y.md'));
  assert.ok(ex('notes/draft.md'));
  assert.ok(!ex('docs/notes.md'));
});

test('.gitignore patterns: anchored, any depth, folders; comments and negations skipped', () => {
  const m = globMatcher(gitignoreGlobs('# comment\n/build\nsecret.md\ncache/\n!keep.md\n\ndocs/private/*.pdf\n'));
  assert.ok(m('build/out.md'));
  assert.ok(!m('src/build/out.md'), 'anchored');
  assert.ok(m('secret.md'));
  assert.ok(m('a/b/secret.md'));
  assert.ok(m('x/cache/y.md'));
  assert.ok(m('docs/private/a.pdf'));
  assert.ok(!m('docs/private/a.md'));
  assert.ok(!m('keep.md'));
});
