import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backgroundIndexDecision } from '../../../src/vscode/backgroundPolicy';

const base = { mode: 'auto' as const, sourcesConfigured: false, indexedBefore: false };

test('a code repository with a README, a changelog and tool markdown is not indexed in the background', () => {
  const d = backgroundIndexDecision({ ...base, docPaths: ['README.md', 'CHANGELOG.md', 'LICENSE.md', '.github/PULL_REQUEST_TEMPLATE.md', 'node_modules/x/README.md', 'packages/a/README.md', 'docs/CONTRIBUTING.md'] });
  assert.equal(d.index, false);
  assert.match(d.reason, /only 0 documentation files/);
});

test('a documentation workspace (3+ real documents), configured sources or an earlier index start indexing', () => {
  assert.equal(backgroundIndexDecision({ ...base, docPaths: ['README.md', 'docs/a.md', 'docs/b.md', 'manual.pdf'] }).index, true);
  assert.equal(backgroundIndexDecision({ ...base, docPaths: ['docs/a.md', 'docs/b.md'] }).index, false);
  assert.equal(backgroundIndexDecision({ ...base, docPaths: ['README.md'], sourcesConfigured: true }).index, true);
  assert.equal(backgroundIndexDecision({ ...base, docPaths: [], indexedBefore: true }).index, true);
  assert.equal(backgroundIndexDecision({ ...base, mode: 'never', docPaths: ['a.md', 'b.md', 'c.md'] }).index, false);
  assert.equal(backgroundIndexDecision({ ...base, mode: 'always', docPaths: [] }).index, true);
});
