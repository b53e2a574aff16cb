// Draft patterns as people write them — folders as in .gitignore as well as globs — for the CLI's
// --drafts and the editor's verity.drafts alike (both reach the core's draft matcher), and the
// editor's limit settings kept inside their documented ranges.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pathPatternGlobs, pathPatternMatcher } from '../../../src/core/glob';
import { createVerity } from '../../../src/core/verity';
import type { WorkspacePort } from '../../../src/core/ports';
import { readExtensionSettings, readVerityOptions } from '../../../src/vscode/settings';

test('folder forms expand to globs the way .gitignore reads them', () => {
  assert.deepEqual(pathPatternGlobs('answers'), ['**/answers', '**/answers/**']);
  assert.deepEqual(pathPatternGlobs('answers/'), ['**/answers/**']);
  assert.deepEqual(pathPatternGlobs('./answers'), ['answers', 'answers/**']);
  assert.deepEqual(pathPatternGlobs('docs/answers/'), ['docs/answers/**']);
  assert.deepEqual(pathPatternGlobs('./docs/**/*.md'), ['docs/**/*.md']);
  assert.deepEqual(pathPatternGlobs('  '), []);
  const m = pathPatternMatcher(['answers/', './notes', 'draft.md']);
  assert.ok(m('answers/a.md') && m('docs/answers/deep/b.md'), 'a folder at any depth');
  assert.ok(!m('answers.md') && !m('docs/answers-old/a.md'), 'only that folder name');
  assert.ok(m('notes/x.md') && !m('docs/notes/x.md'), './notes is anchored');
  assert.ok(m('draft.md') && m('a/b/draft.md') && !m('my-draft.md'));
});

test('the editor\'s verity.drafts takes a folder form too: its files are drafts, never evidence', async () => {
  const files: Record<string, string> = {
    'docs/warranty.md': '# Warranty\n\nThe desk lamp has a two-year warranty.\n',
    'answers/a.md': '# A\n\nThe desk lamp is assembled in Portland.\n',
  };
  const workspace: WorkspacePort = {
    listFiles: async () => Object.keys(files),
    stat: async (p) => (p in files ? { size: files[p]!.length, mtime: 1 } : undefined),
    readFile: async (p) => (p in files ? new TextEncoder().encode(files[p]) : undefined),
  };
  const options = readVerityOptions((key) => (key === 'verity.drafts' ? ['answers/'] : undefined));
  const verity = createVerity({ workspace, pdf: { extract: async () => ({ pageCount: 0, pages: [] }) }, options });
  await verity.indexWorkspace();
  assert.equal(verity.files().find((f) => f.path === 'answers/a.md')?.reason, 'DRAFT');
  const result = await verity.check('The desk lamp is assembled in Portland.');
  assert.equal(result.sentences[0]!.verdict, 'unsupported');
});

test('limit settings outside their range fall back to the default (VS Code only warns about them)', () => {
  const read = (values: Record<string, unknown>) => (key: string) => values[key];
  const options = readVerityOptions(read({ 'verity.maxFileSizeMB': 1e9, 'verity.maxPdfSizeMB': 2, 'verity.ocr.maxPagesPerFile': 0 }));
  assert.equal(options.maxFileBytes, 10 * 1024 * 1024);
  assert.equal(options.maxPdfBytes, 2 * 1024 * 1024);
  assert.equal(options.ocrMaxPagesPerFile, 20);
  const ext = readExtensionSettings(read({ 'verity.pdfTimeoutSeconds': 86_400 * 30, 'verity.maxPdfPages': 5000 }));
  assert.equal(ext.pdfTimeoutSeconds, 20);
  assert.equal(ext.maxPdfPages, 5000);
});
