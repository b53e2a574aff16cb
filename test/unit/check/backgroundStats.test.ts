import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultPrior, idfOf, withBackground } from '../../../src/core/check/backgroundStats';
import type { TermStats } from '../../../src/core/check/checker';
import { checkWithCli, tempFolder } from '../../../scripts/eval/productRecords';
import { readJsonl, splitRagPassages } from '../../../scripts/eval/checkData';

const root = path.resolve(__dirname, '../../..');
const dataDir = path.resolve(root, '../shared/data');

const stats = (docCount: number, df: Record<string, number>): TermStats => ({ docCount, avgLength: 100, df: (t) => df[t] ?? 0 });

test('the prior weighs a small folder like general English and a large workspace by its own counts', () => {
  const prior = { docCount: 1000, df: (t: string) => ({ servic: 100, lamp: 1 })[t] ?? 0 };
  // in a 3-passage folder every passage says "lamp": alone that makes it worthless, with the
  // prior it stays a rare, telling word and weighs more than a common one
  const small = idfOf(withBackground(stats(3, { lamp: 3, servic: 0 }), prior, 1000));
  assert.ok(idfOf(stats(3, { lamp: 3 }))('lamp') < 0.2);
  assert.ok(small('lamp') > 2 * small('servic'), `lamp ${small('lamp')} servic ${small('servic')}`);
  // in a large workspace its own counts decide: "lamp" in half the passages is common there
  const big = idfOf(withBackground(stats(100_000, { lamp: 50_000, servic: 10 }), prior, 1000));
  assert.ok(big('lamp') < big('servic'));
});

test('the shipped prior is general English: common words are common, and it has a size', () => {
  const p = defaultPrior();
  assert.ok(p.docCount > 5000);
  assert.ok(p.df('time') > 100 * Math.max(1, p.df('quillfeath')));
});

interface RagSource { source_id: string; source_info: { passages: string } }
interface RagResponse { id: string; source_id: string; response: string }

/**
 * RAGTruth answers, each checked with `--docs` against a folder of its own 2–4 passages and
 * against one large workspace holding every dev passage plus the ~270 doc2dial pages: a small
 * folder must weigh words as the large workspace does, so the verdicts must agree. Before the
 * background prior 89% of these claims agreed (388 of 434), with it 96.5%.
 */
test('the same claims get the same verdicts in a 3-file folder and in a large workspace holding the same files', async (t) => {
  if (!existsSync(path.join(dataDir, 'doc2dial/docs')) || !existsSync(path.join(dataDir, 'ragtruth-qa'))) {
    t.skip('../shared/data is absent');
    return;
  }
  const tmp = tempFolder();
  try {
    const sources = readJsonl<RagSource>(path.join(dataDir, 'ragtruth-qa/source_info.dev.jsonl'));
    cpSync(path.join(dataDir, 'doc2dial/docs'), path.join(tmp.dir, 'big', 'unrelated'), { recursive: true });
    for (const s of sources) {
      splitRagPassages(s.source_info.passages).forEach((text, i) => {
        for (const where of [`small/${s.source_id}`, `big/${s.source_id}`]) {
          mkdirSync(path.join(tmp.dir, where), { recursive: true });
          writeFileSync(path.join(tmp.dir, where, `passage-${i + 1}.md`), text + '\n');
        }
      });
    }
    const chosen = new Set(sources.slice(0, 12).map((s) => s.source_id));
    const answers = readJsonl<RagResponse>(path.join(dataDir, 'ragtruth-qa/response.dev.jsonl')).filter((r) => chosen.has(r.source_id));
    let same = 0, claims = 0;
    for (const r of answers) {
      writeFileSync(path.join(tmp.dir, `${r.id}.md`), r.response);
      const [small] = await checkWithCli([`${r.id}.md`], ['--docs', `small/${r.source_id}`], tmp.dir);
      const [big] = await checkWithCli([`${r.id}.md`], ['--docs', 'big'], tmp.dir);
      small!.forEach((s, i) => {
        if (s.verdict === 'not_claim' && big![i]!.verdict === 'not_claim') return;
        claims++;
        if (s.verdict === big![i]!.verdict) same++;
      });
    }
    assert.ok(claims > 200, `${claims} claims`);
    assert.ok(same / claims >= 0.94, `${same} of ${claims} claims got the same verdict`);
  } finally {
    tmp.remove();
  }
});
