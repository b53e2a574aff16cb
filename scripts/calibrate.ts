/**
 * `npm run calibrate`: fits the checker's weights and thresholds on the dev data in
 * ../shared/data and writes src/core/check/calibration.json (naming this script and the data).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Calibration } from '../src/core/check/calibration';
import { projectRoot, sharedDataDir } from './eval/checkData';
import { fitAll } from './eval/checkFit';
import { collectRecords } from './eval/checkRecords';
import { contraPrecision } from './eval/contraPrecision';

const dir = sharedDataDir();
if (!dir) {
  console.error('calibrate: ../shared/data is missing; nothing to fit on');
  process.exit(2);
}
const { records, data } = collectRecords(dir, (l) => console.log(l));
const p = fitAll(records);
const cal: Calibration = {
  script: 'scripts/calibrate.ts',
  data: data.map((d) => `../shared/data/${d}`),
  method:
    'logistic regression (weights, bias) on RAGTruth QA claim sentences (gold: overlaps a labelled span); per contradiction type, ' +
    'the lowest alignment at which at most 0.5% of the supported claims of any dataset are called contradicted, raised where ' +
    'that improves the objective below; support ' +
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
