/**
 * `npm run calibrate`: fits the checker's weights and thresholds on the dev data in
 * ../shared/data and writes src/core/check/calibration.json (naming this script and the data).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Calibration } from '../src/core/check/calibration';
import { partOfRecord, projectRoot, sharedDataDir, type SentenceRecord } from './eval/checkData';
import { doc2dialAgentRecords, rhdhReferenceRecords } from './eval/naturalText';
import { tempFolder } from './eval/productRecords';
import { fitAll } from './eval/checkFit';
import { collectProductRecords } from './eval/checkRecords';
import { contraPrecision } from './eval/contraPrecision';

const dir = sharedDataDir();
if (!dir) {
  console.error('calibrate: ../shared/data is missing; nothing to fit on');
  process.exit(2);
}
void run(dir).catch((e: unknown) => {
  console.error(`calibrate failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
});

async function run(dir: string): Promise<void> {
  // fitted on what the product computes: every record comes from the verity CLI's JSON output
  // fitted on the part of each dev set the team reads: the lockbox stays out of sample (eval/lockbox.ts)
  const { records: product, data } = await collectProductRecords(dir, (l) => console.log(l));
  // the natural-text sets bound each conflict kind's false alarms (fitContraAlign, fitKindClear)
  const tmp = tempFolder();
  let natural: SentenceRecord[];
  try {
    natural = [...(await rhdhReferenceRecords(dir, tmp.dir)), ...(await doc2dialAgentRecords(dir, tmp.dir))];
  } finally {
    tmp.remove();
  }
  const records = [...product, ...natural].filter((r) => partOfRecord(r) === 'read');
  const p = fitAll(records);
  const cal: Calibration = {
    script: 'scripts/calibrate.ts',
    data: data.map((d) => `../shared/data/${d}`),
    method:
      'read part of every dev set only (scripts/eval/lockbox.ts), with the natural-text sets (RHDH reference answers, doc2dial agent turns) bounding each conflict kind\'s false alarms; features read from `verity check --format json` (the CLI in-process: RAGTruth with --docs per answer and with one --store, ' +
      'HaluEval with --docs --question, perturbations with --store); ' +
      'logistic regression (weights, bias) on RAGTruth QA claim sentences (gold: overlaps a labelled span); per contradiction type, ' +
      'the lowest alignment at which at most 0.5% of the supported claims of any dataset are called contradicted, raised only where ' +
      'that gains more than 0.01 on the objective below (within it, the lowest alignment); support ' +
      'threshold maximising 2 x RAGTruth (sentence F1 + answer F1) + perturbation originals-pass and detection; question-answer ' +
      'model (qa: answers checked with their question, i.e. HaluEval QA) fitted the same way on those claims without the ' +
      'length features (termCount, unseenCount; weight 0), its threshold maximising the HaluEval accuracies',
    fittedAt: new Date().toISOString(),
    ...p,
  };
  cal.contraPrecision = contraPrecision(records, cal);
  const out = path.join(projectRoot, 'src/core/check/calibration.json');
  writeFileSync(out, JSON.stringify(cal, null, 2) + '\n');
  console.log(`wrote ${path.relative(projectRoot, out)}: threshold ${cal.threshold}, contraAlign ${JSON.stringify(cal.contraAlign)}`);
}
