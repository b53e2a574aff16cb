/**
 * The skipping search (MaxScore with block bounds, then the file-level share on the candidate
 * pool) against exhaustive scoring of every posting, on the dev questions of both eval corpora
 * with the queries the product builds (last turn + history): the same top 10, in the same order.
 * The index is spread over several segments with deletions, as a long-lived index is.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildQuery, createPassageIndex } from '../../../src/core/index/index';
import { DEFAULT_OPTIONS } from '../../../src/core/verity';
import { loadDoc2dial, loadRhdh, type Corpus } from '../../../scripts/eval/corpora';

const data = path.resolve(__dirname, '../../../../shared/data');
const chunk = { minWords: DEFAULT_OPTIONS.passageMinWords, maxWords: DEFAULT_OPTIONS.passageMaxWords };

async function compare(corpus: Corpus, every: number): Promise<{ same: number; n: number; share: number }> {
  const index = createPassageIndex({ flushPostings: 8_000, batchSize: 20 });
  // every file indexed, a tenth of them edited later (their first version is deleted, not merged away)
  await index.add(corpus.passages);
  const edited = corpus.files.filter((_, i) => i % 10 === 3).map((f) => f.path);
  assert.ok(edited.length >= 3, `${edited.length} edited files`);
  for (const f of edited) {
    const ps = corpus.passages.filter((p) => p.path === f);
    await index.removeByPath(f);
    await index.add(ps);
  }
  assert.ok(index.status().segments >= 3, `${index.status().segments} segments`);
  let same = 0;
  let n = 0;
  let scored = 0;
  let total = 0;
  for (let i = 0; i < corpus.questions.length; i += every) {
    const q = corpus.questions[i]!;
    const query = buildQuery(q.lastTurn, q.history);
    const fast = index.search(query, { k: 10, snippet: false });
    const st = index.status().lastQuery!;
    scored += st.scored;
    total += st.total;
    const full = index.search(query, { k: 10, snippet: false, exhaustive: true });
    n++;
    if (fast.map((h) => h.passage.id).join() === full.map((h) => h.passage.id).join()) same++;
  }
  return { same, n, share: scored / Math.max(1, total) };
}

for (const [name, load] of [
  ['doc2dial', () => loadDoc2dial(path.join(data, 'doc2dial'), path.join(data, 'doc2dial', 'questions.dev.jsonl'), chunk)],
  ['rhdh', () => loadRhdh(path.join(data, 'rhdh-docs'), path.join(data, 'rhdh-docs', 'questions.dev.jsonl'), chunk)],
] as const) {
  test(`${name}: the skipping search returns the exhaustive top 10 for at least 99% of the dev questions`, async (t) => {
    if (!existsSync(data)) {
      t.skip('../shared/data is absent');
      return;
    }
    const corpus = load();
    const { same, n, share } = await compare(corpus, name === 'doc2dial' ? 8 : 2);
    t.diagnostic(`${name}: ${same}/${n} identical top 10s; ${(100 * share).toFixed(1)}% of the query terms' postings scored`);
    assert.ok(n >= 50, `${n} questions`);
    assert.ok(same / n >= 0.99, `${same}/${n} identical`);
  });
}
