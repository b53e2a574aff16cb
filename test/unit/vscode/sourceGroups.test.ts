import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FileRecord } from '../../../src/core/types';

import { sourceGroups } from '../../../src/vscode/sourceGroups';

const rec = (path: string, over: Partial<FileRecord> = {}): FileRecord => ({ path, kind: path.endsWith('.pdf') ? 'pdf' : 'md', hash: 'h', size: 1, mtime: 1, state: 'indexed', passages: 2, ...over });

test('files are grouped as sources, drafts and skipped, with plain descriptions and stale marks', () => {
  const groups = sourceGroups(
    [rec('docs/renewal.md'), rec('notes/draft.md', { state: 'skipped', reason: 'DRAFT', message: 'draft — never evidence', passages: 0 }), rec('docs/scan.pdf', { state: 'skipped', reason: 'PDF_NO_TEXT', message: 'scanned PDF — no text layer, needs OCR', passages: 0 }), rec('docs/fees.pdf', { pages: 2, passages: 3 })],
    new Set(['docs/renewal.md']),
  );
  assert.deepEqual(groups.map((g) => [g.label, g.items.map((i) => i.path)]), [
    ['Sources', ['docs/fees.pdf', 'docs/renewal.md']],
    ['Drafts', ['notes/draft.md']],
    ['Skipped', ['docs/scan.pdf']],
  ]);
  assert.equal(groups[0]!.items[0]!.description, '2 pages, 3 passages');
  assert.equal(groups[0]!.items[1]!.description, '2 passages · changed since indexed');
  assert.match(groups[1]!.items[0]!.description, /^draft — never evidence/);
  assert.equal(groups[2]!.items[0]!.description, 'scanned PDF — no text layer, needs OCR');
  assert.match(groups[2]!.items[0]!.why, /not indexed: scanned PDF .* \(PDF_NO_TEXT\)\./);
});
