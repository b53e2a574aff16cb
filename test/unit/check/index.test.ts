import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createChecker } from '../../../src/core/check/checker';
import { createPassageIndex } from '../../../src/core/index/passageIndex';
import { ingestMarkdown } from '../../../src/core/ingest/markdown';
import { DEFAULT_CHUNK_SIZE } from '../../../src/core/ingest/chunk';

test('checks against the real PassageIndex built from ingested markdown', async () => {
  const index = createPassageIndex();
  const md = '# Refund policy\n\n## Eligibility\n\nCustomers can request a refund within 30 days of purchase.\nYou must keep the original receipt.\n';
  await index.add(ingestMarkdown('policy/refunds.md', md, DEFAULT_CHUNK_SIZE).passages);
  await index.add(ingestMarkdown('shipping.md', '# Shipping\n\nOrders ship from the Rotterdam warehouse.\n', DEFAULT_CHUNK_SIZE).passages);
  const r = createChecker(index).check('Customers can request a refund within 60 days of purchase. Orders ship from the Rotterdam warehouse.');
  const [a, b] = r.sentences;
  assert.equal(a!.verdict, 'contradicted');
  assert.equal(a!.evidence?.path, 'policy/refunds.md');
  assert.equal(a!.evidence?.startLine, 5);
  assert.equal(b!.verdict, 'supported');
  assert.equal(b!.evidence?.path, 'shipping.md');
});
