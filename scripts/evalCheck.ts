/**
 * `npm run eval:check`: quality of the offline checker as users get it. Every dev set is checked
 * through the `verity` CLI (scripts/eval/productRecords.ts, naturalText.ts):
 *
 * - both sides of every checker change: changed facts caught (perturbation sets built from doc2dial,
 *   and from two corpora no parameter is fitted on: the RHDH guides and PDF books and papers) and
 *   false alarms on correct natural text (RHDH reference answers, doc2dial agent turns, RAGTruth
 *   sentences with no labelled span);
 * - each conflict kind's false alarms and the perturbations it catches;
 * - RAGTruth QA in both product modes — (a) `verity check answer.md --docs <its passages>`, (b)
 *   `verity check answer.md --store <one store of every dev passage>` — and HaluEval QA, with
 *   parameters refitted by cross-validation (grouped by question / document), as before;
 * - every figure for the part of each dev set the team reads and for its lockbox (lockbox.ts),
 *   side by side. The shipped calibration is fitted on the read part only (npm run calibrate).
 */
import { sharedDataDir, type SentenceRecord } from './eval/checkData';
import { crossValidate, fitAll, metrics, verdictOf, type Metrics, type PRF, type RagMetrics } from './eval/checkFit';
import { collectProductRecords } from './eval/checkRecords';
import { naturalSets, partRecords, printConflictKinds, printNatural, printPerturbations, printRagContradictions } from './eval/naturalReport';
import { doc2dialAgentRecords, rhdhReferenceRecords } from './eval/naturalText';
import { PERTURB_CORPORA, perturbProductRecords, tempFolder } from './eval/productRecords';

const FOLDS = 5;
/**
 * Fold assignments the cross-validation is repeated over. One assignment is a single draw: on
 * 487 answers (97 hallucinated) the answer-level F1 moves by several points between draws, so
 * the spread is printed next to the mean.
 */
const REPEATS = Number(process.env.VERITY_CV_REPEATS ?? 8);
const started = Date.now();
const dir = sharedDataDir();
if (!dir) {
  console.log('eval:check skipped: ../shared/data is missing');
  process.exit(0);
}
const log = (l: string): void => console.log(l);
void run(dir).catch((e: unknown) => {
  console.error(`eval:check failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
  process.exit(2);
});

/** Records of a step, timed. */
async function timed(label: string, f: () => Promise<SentenceRecord[]>): Promise<SentenceRecord[]> {
  const t0 = Date.now();
  const r = await f();
  log(`${label}: ${r.length} sentences (${Date.now() - t0} ms)`);
  return r;
}

async function run(dir: string): Promise<void> {
  const product = await collectProductRecords(dir, log);
  const tmp = tempFolder();
  let natural: SentenceRecord[];
  let heldRhdh: SentenceRecord[];
  let heldPdf: SentenceRecord[];
  try {
    natural = [
      ...(await timed('verity check, rhdh reference answers (--store <rhdh guides>)', () => rhdhReferenceRecords(dir, tmp.dir))),
      ...(await timed('verity check, doc2dial agent turns (--store <doc2dial documents>)', () => doc2dialAgentRecords(dir, tmp.dir))),
    ];
    heldRhdh = await timed('verity check, rhdh perturbations (--store, held out)', async () => (await perturbProductRecords(dir, tmp.dir, PERTURB_CORPORA.rhdh)).records);
    heldPdf = await timed('verity check, pdf perturbations (--store, held out)', async () => (await perturbProductRecords(dir, tmp.dir, PERTURB_CORPORA.pdf)).records);
  } finally {
    tmp.remove();
  }
  const all = [...product.records, ...natural, ...heldRhdh, ...heldPdf];

  // the false-alarm side: correct text by people, as the product shows it
  const sets = naturalSets(all);
  printNatural(sets, log);
  printRagContradictions(all, log);
  printConflictKinds(all, sets, log);
  // the changed-facts side
  printPerturbations(`doc2dial perturbations (verity check --store <doc2dial>; the calibration's perturbation set)`, product.records.filter((r) => r.ds === 'perturb'), log);
  printPerturbations(`rhdh perturbations (verity check --store <rhdh guides>; never fitted on)`, heldRhdh, log);
  printPerturbations(`pdf perturbations (${PERTURB_CORPORA.pdf.pdfs.join(', ')}; verity check --store <the PDFs>; never fitted on)`, heldPdf, log);

  printFitted([...product.records, ...natural]);
  log(`\neval:check wall time ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const pct = (x: number): string => (x * 100).toFixed(1).padStart(5) + '%';
const f = (x: PRF): string => `P ${x.p.toFixed(3)}  R ${x.r.toFixed(3)}  F1 ${x.f1.toFixed(3)}`;

function printRag(label: string, m: RagMetrics | undefined): void {
  if (!m) return;
  log(`  ragtruth-qa ${label} (${m.n} answers)`);
  log(`    sentence-level, all spans              ${f(m.sentence)}`);
  log(`    sentence-level, without implicit_true  ${f(m.sentenceStrict)}`);
  log(`    answer-level                           ${f(m.answer)}`);
}

function printMetrics(title: string, m: Metrics): void {
  log(`\n-- ${title}`);
  printRag('(a) verity check answer.md --docs <its passages>', m.ragtruth);
  printRag('(b) verity check answer.md --store <every dev passage>', m.ragtruthStore);
  if (m.haluevalOne !== undefined) log(`  halueval qa one-turn   accuracy ${pct(m.haluevalOne)}   target >= 97%`);
  if (m.haluevalMulti !== undefined) log(`  halueval qa multi-turn accuracy ${pct(m.haluevalMulti)}   target >= 97%`);
}

/**
 * RAGTruth and HaluEval with parameters refitted from the feature records: cross-validated over all
 * dev data (comparable with earlier rounds) and within the read part, and fitted on the read part
 * then applied to the lockbox (what an unseen answer gets).
 */
function printFitted(records: SentenceRecord[]): void {
  // the natural-text sets take part in fitting only as the bound on each conflict kind's false alarms
  const qa = records.filter((r) => r.ds.startsWith('ragtruth') || r.ds.startsWith('halueval') || r.ds === 'perturb' || r.ds.startsWith('natural'));
  const read = partRecords(qa, 'read');
  const lock = partRecords(qa, 'lockbox');
  log(`\n== RAGTruth and HaluEval, parameters refitted on the product's feature records (${FOLDS}-fold cross-validation grouped by question/document)`);
  printMetrics('cross-validated over all dev data (as in earlier rounds)', metrics(qa, crossValidate(qa, FOLDS).verdicts));
  printMetrics('cross-validated within the read part', metrics(read, crossValidate(read, FOLDS).verdicts));
  const p = fitAll(read);
  printMetrics(`lockbox, parameters fitted on the read part (threshold ${p.threshold}, contradiction alignments ${JSON.stringify(p.contraAlign)})`, metrics(lock, lock.map((r) => verdictOf(r, p))));
  if (REPEATS <= 1) return;
  const stat = (xs: number[]): string => {
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    return `mean ${mean.toFixed(3)}  min ${Math.min(...xs).toFixed(3)}  max ${Math.max(...xs).toFixed(3)}`;
  };
  log(`\n-- the cross-validation over all dev data repeated over ${REPEATS} fold assignments`);
  const runs = Array.from({ length: REPEATS }, (_, seed) => metrics(qa, crossValidate(qa, FOLDS, seed).verdicts));
  for (const [label, ms] of [['(a) --docs per answer', runs.map((m) => m.ragtruth)], ['(b) one --store      ', runs.map((m) => m.ragtruthStore)]] as const) {
    const xs = ms.filter((m) => m !== undefined);
    if (!xs.length) continue;
    log(`  ragtruth-qa ${label} sentence-level F1 ${stat(xs.map((m) => m.sentence.f1))}`);
    log(`  ragtruth-qa ${label} answer-level F1   ${stat(xs.map((m) => m.answer.f1))}`);
  }
}
