import { test } from 'node:test';
import assert from 'node:assert/strict';
import { citationText, findQuote, narrowToQuote, relativePath } from '../../../src/vscode/evidenceText';

const FILE = '# Renewal\n\nYou can renew online.\n\nThe online renewal fee is **75 euros**.\nThe new passport arrives by post\nwithin 30 days of the application.\n\n## Other\n\nNothing else.\n';

test('a quote is found across line breaks and markup, and a reference narrows to its lines', () => {
  const hit = findQuote(FILE, 'The new passport arrives by post within 30 days of the application.');
  assert.ok(hit);
  assert.equal(FILE.slice(hit.start, hit.end), 'The new passport arrives by post\nwithin 30 days of the application');
  const ref = narrowToQuote({ path: 'docs/renewal.md', kind: 'md' as const, startLine: 1, endLine: 11, quote: 'The online renewal fee is 75 euros.' }, FILE);
  assert.deepEqual([ref.startLine, ref.endLine], [5, 5]);
  const two = narrowToQuote({ path: 'docs/renewal.md', kind: 'md' as const, startLine: 3, endLine: 11, quote: 'arrives by post within 30 days' }, FILE);
  assert.deepEqual([two.startLine, two.endLine], [6, 7]);
  assert.equal(findQuote(FILE, 'a sentence that is not there'), undefined);
});

test('citations are real markdown links relative to the citing document', () => {
  assert.equal(relativePath('notes/draft.md', 'docs/travel.md'), '../docs/travel.md');
  assert.equal(relativePath('draft.md', 'docs/travel.md'), 'docs/travel.md');
  assert.equal(relativePath('docs/a/b.md', 'docs/c.md'), '../c.md');
  assert.equal(citationText({ path: 'docs/travel.md', kind: 'md', startLine: 7, endLine: 7 }, 'notes/draft.md'), ' ([travel.md, line 7](../docs/travel.md#L7))');
  assert.equal(citationText({ path: 'docs/my fees.pdf', kind: 'pdf', startLine: 1, endLine: 1, page: 2 }, 'notes/draft.md'), ' ([my fees.pdf, page 2](../docs/my%20fees.pdf#page=2))');
});
