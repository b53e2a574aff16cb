/**
 * The checker over an index reached asynchronously gives the verdicts of a synchronous source
 * holding the same passages, and asks the index little: one statistics round trip per pass and one
 * search per claim.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAsyncChecker, type AsyncEvidenceSource } from '../../../src/core/check/asyncChecker';
import { createChecker } from '../../../src/core/check/checker';
import { createMemorySource } from '../../../src/core/check/memorySource';
import { passage, releaseNotes } from './corpus';

const PASSAGES = [
  passage('warranty', 'Quill desk lamps come with a two-year limited warranty. Accessories are covered for one year.'),
  passage('returns', 'You can return any item within 30 days of the delivery date. Refunds are issued within 5 business days.'),
  passage('helm', 'Helm packages the application and its configuration into one chart.'),
  ...releaseNotes(),
];

test('an async source gives the same verdicts, reasons and evidence as a synchronous one', async () => {
  const sync = createMemorySource(PASSAGES);
  let searches = 0;
  let statCalls = 0;
  const remote: AsyncEvidenceSource = {
    async search(q, o) {
      searches++;
      await new Promise((r) => setTimeout(r, 1));
      return sync.search(q, o);
    },
    async termStats(terms) {
      statCalls++;
      const s = sync.termStats();
      return { docCount: s.docCount, avgLength: s.avgLength, df: new Map(terms.map((t) => [t, s.df(t)])) };
    },
  };
  const text = 'Quill desk lamps come with a three-year limited warranty. Refunds are issued within 5 business days. Helm packages the application. It makes upgrades easier. All lamps are made in Oregon.';
  const expected = createChecker(sync).check(text);
  const actual = await createAsyncChecker(remote).check(text);
  const view = (r: typeof expected) => r.sentences.map((s) => [s.verdict, s.certainty, s.reason, s.evidence?.passageId]);
  assert.deepEqual(view(actual), view(expected));
  assert.ok(searches <= expected.summary.claims, `${searches} searches for ${expected.summary.claims} claims`);
  assert.ok(statCalls <= 4, `${statCalls} statistics round trips`);
});

test('a swapped word the corpus lists as an alternative elsewhere is looked up over an async source too', async () => {
  const fillers = Array.from({ length: 12 }, (_, i) => passage(`ns${i}`, `Team ${i} keeps a set of resources in the namespace of the Operator for its services.`));
  const sync = createMemorySource([
    passage('operator', 'The Operator creates a set of resources in the namespace.'), ...fillers,
    passage('rbac', 'Each role can read, create, or delete catalog entities.'), ...releaseNotes(),
  ]);
  const remote: AsyncEvidenceSource = {
    search: async (q, o) => sync.search(q, o),
    termStats: async (terms) => {
      const s = sync.termStats();
      return { docCount: s.docCount, avgLength: s.avgLength, df: new Map(terms.map((t) => [t, s.df(t)])) };
    },
  };
  const text = 'The Operator deletes a set of resources in the namespace.';
  const expected = createChecker(sync).check(text).sentences[0]!;
  const actual = (await createAsyncChecker(remote).check(text)).sentences[0]!;
  assert.equal(expected.verdict, 'unsupported', expected.reason);
  assert.deepEqual([actual.verdict, actual.reason], [expected.verdict, expected.reason]);
});
