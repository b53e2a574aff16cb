/**
 * `node --import tsx scripts/eval/debugCheck.ts <docs folder> "<claim>" ...`: checks claims
 * against the markdown under a folder (in memory, the product's ingest and checker) and prints, for
 * each, the verdict and every conflict the kinds found in the candidate sentences — decided or not,
 * with how much of the rest each restates. For reading why a verdict came out as it did.
 */
import { createChecker } from '../../src/core/check/checker';
import { createMemorySource } from '../../src/core/check/memorySource';
import { folderPassages } from './checkData';

const [dir, ...claims] = process.argv.slice(2);
if (!dir || claims.length === 0) {
  console.error('usage: debugCheck.ts <docs folder> "<claim>" ...');
  process.exit(2);
}
const passages = folderPassages(dir);
const checker = createChecker(createMemorySource(passages), { debug: true });
for (const c of claims) {
  const r = checker.check(c);
  for (const s of r.sentences) {
    console.log(`\n${s.verdict} (${s.certainty ?? '-'}): ${s.text}\n  reason: ${s.reason}`);
    for (const f of (s as { debugFindings?: Array<Record<string, unknown>> }).debugFindings ?? []) console.log(`  - ${f.kind} ${f.tight ? 'tight' : 'loose'} restated ${Number(f.restated).toFixed(2)} anchors ${f.anchors}: '${f.claimText}' vs '${f.sourceText}' in "${String(f.sentence).slice(0, 160)}"`);
  }
}
