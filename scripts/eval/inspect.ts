/**
 * `npm run eval:inspect -- <what> [--limit N]`: prints the sentences behind a figure of
 * `npm run eval:check`, for reading failures — from the READ part of the dev sets only: the lockbox
 * (lockbox.ts) is never printed, so nobody opens it by hand.
 *
 *   natural-contradicted   correct natural text called contradicted (RHDH answers, doc2dial turns, RAGTruth unlabelled)
 *   natural-unsupported    correct natural text called unsupported
 *   natural-partial        correct natural text called supported only as uncertain (what a stricter rule would flag)
 *   rag-contradicted       RAGTruth sentences called contradicted, with their gold label
 *   rag-conflict           RAGTruth sentences overlapping a span labelled a conflict, whatever the verdict
 *   originals-flagged      originals of the perturbation sets (true sentences copied from the documents) not shown supported
 *   missed:<kind>          perturbations of <kind> not flagged (shown supported); missed:all for every kind that
 *                          contradicts (invented-detail, which should be unsupported, only by name)
 *   candidates:<kind>      correct text (natural sets, RAGTruth unlabelled) where conflict kind <kind>
 *                          found a tight substitution, whatever the calibration decides, highest alignment first
 *
 * Sets are checked through the CLI as in eval:check (only the ones `<what>` needs).
 */
import { partOfRecord, sharedDataDir, type SentenceRecord } from './checkData';
import { doc2dialAgentRecords, rhdhReferenceRecords } from './naturalText';
import { PERTURB_CORPORA, perturbProductRecords, ragtruthProductRecords, tempFolder } from './productRecords';

const args = process.argv.slice(2);
const what = args[0] ?? 'natural-contradicted';
const limit = Number(args[args.indexOf('--limit') + 1] ?? 0) || Infinity;
const dir = sharedDataDir();
if (!dir) {
  console.log('eval:inspect: ../shared/data is missing');
  process.exit(0);
}

function show(r: SentenceRecord): void {
  const s = r.shown!;
  console.log(`[${r.ds} ${r.group}] ${s.verdict}${s.certainty ? ` (${s.certainty})` : ''}${s.conflict ? ` ${s.conflict}` : ''}${r.gold ? ` GOLD${r.labels?.length ? ` ${r.labels.join('/')}` : ''}` : ''}${r.kind && r.kind !== 'original' ? ` <${r.kind}>` : ''}`);
  console.log(`   claim:  ${r.text?.replace(/\s+/g, ' ')}`);
  console.log(`   reason: ${s.reason}`);
  if (s.evidence) console.log(`   source: ${s.evidence.replace(/\s+/g, ' ').slice(0, 400)}`);
}

async function main(dir: string): Promise<void> {
  const tmp = tempFolder();
  let recs: SentenceRecord[] = [];
  try {
    if (what.startsWith('natural') || what.startsWith('candidates:')) {
      recs = [...(await rhdhReferenceRecords(dir, tmp.dir)), ...(await doc2dialAgentRecords(dir, tmp.dir))];
      recs.push(...(await ragtruthProductRecords(dir, tmp.dir, ['docs'])).filter((r) => !r.gold));
    } else if (what === 'rag-contradicted' || what === 'rag-conflict') recs = await ragtruthProductRecords(dir, tmp.dir);
    else if (what.startsWith('missed:') || what === 'originals-flagged') {
      for (const c of [PERTURB_CORPORA.doc2dial, PERTURB_CORPORA.rhdh, PERTURB_CORPORA.pdf]) recs.push(...(await perturbProductRecords(dir, tmp.dir, c)).records);
    }
  } finally {
    tmp.remove();
  }
  // the lockbox is never printed
  const read = recs.filter((r) => partOfRecord(r) === 'read' && r.shown);
  let picked: SentenceRecord[];
  if (what === 'natural-contradicted' || what === 'rag-contradicted') picked = read.filter((r) => r.shown!.verdict === 'contradicted');
  else if (what === 'rag-conflict') picked = read.filter((r) => r.labels?.some((l) => /conflict/i.test(l)));
  else if (what === 'natural-unsupported') picked = read.filter((r) => r.shown!.verdict === 'unsupported');
  else if (what === 'natural-partial') picked = read.filter((r) => r.shown!.verdict === 'supported' && r.shown!.certainty === 'uncertain');
  else if (what === 'originals-flagged') picked = read.filter((r) => !r.gold && r.kind === 'original' && r.shown!.verdict !== 'supported');
  else if (what.startsWith('missed:')) {
    const kind = what.slice('missed:'.length);
    picked = read.filter((r) => r.gold && (kind === 'all' ? r.kind !== 'invented-detail' : r.kind === kind) && r.shown!.verdict === 'supported');
  } else if (what.startsWith('candidates:')) {
    const kind = what.slice('candidates:'.length);
    picked = read.filter((r) => r.features && r.features[`contra_${kind}` as keyof typeof r.features] === 1 && r.features.contraTight === 1).sort((a, b) => b.features!.contraAt - a.features!.contraAt);
    for (const r of picked.slice(0, limit)) console.log(`contraAt ${r.features!.contraAt.toFixed(3)}`) ;
  } else throw new Error(`unknown: ${what}`);
  picked.slice(0, limit).forEach(show);
  console.log(`\n${picked.length} sentences (read part only)`);
}

void main(dir).catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : String(e));
  process.exit(2);
});
