/**
 * Collects the sentence records of every checker dev set that is present, with timing lines:
 * through the product (the `verity` CLI, see productRecords.ts) for the reported figures and the
 * shipped calibration, and through the old in-process harness for comparison.
 */
import { haluevalRecords, perturbRecords, ragtruthRecords, type PerturbItem, type SentenceRecord } from './checkData';
import { haluevalProductRecords, perturbProductRecords, ragtruthProductRecords, tempFolder } from './productRecords';

export interface AllRecords {
  records: SentenceRecord[];
  perturbItems: PerturbItem[];
  /** The data files used, relative to the shared data folder. */
  data: string[];
}

const dataFiles = (items: number): string[] => [
  'ragtruth-qa/response.dev.jsonl', 'ragtruth-qa/source_info.dev.jsonl',
  'halueval/generation/qa/qa_one-turn_data.json', 'halueval/generation/qa/qa_multi-turn_data.json',
  `doc2dial/docs (perturbation set: ${items} items, seed 3, scripts/eval/perturb.ts)`,
  'halueval/data/general_data.json (generic-word list for unseenSpecific: src/core/check/generic-words.json, scripts/genericWords.ts)',
];

/** The old harness: the checker called directly, each answer's passages passed as evidence. */
export function collectRecords(dir: string, log: (line: string) => void): AllRecords {
  const t0 = Date.now();
  const rag = ragtruthRecords(dir);
  log(`harness ragtruth-qa: ${rag.length} sentences checked (${Date.now() - t0} ms)`);
  const t1 = Date.now();
  const one = haluevalRecords(dir, 'one');
  const multi = haluevalRecords(dir, 'multi');
  log(`harness halueval qa: ${one.length + multi.length} sentences checked (${Date.now() - t1} ms)`);
  const t2 = Date.now();
  const pert = perturbRecords(dir);
  log(`harness doc2dial perturbations: ${pert.items.length} items, ${pert.records.length} sentences checked (${Date.now() - t2} ms)`);
  return { records: [...rag, ...one, ...multi, ...pert.records], perturbItems: pert.items, data: dataFiles(pert.items.length) };
}

/**
 * Every dev set checked through the `verity` CLI in a temporary folder: RAGTruth in both product
 * modes (`--docs` per answer, one `--store`), HaluEval QA with `--question`, the perturbation set
 * against a store of the doc2dial folder.
 */
export async function collectProductRecords(dir: string, log: (line: string) => void): Promise<AllRecords> {
  const tmp = tempFolder();
  try {
    const t0 = Date.now();
    const rag = await ragtruthProductRecords(dir, tmp.dir);
    log(`verity check, ragtruth-qa (--docs per answer, then one --store): ${rag.length} sentences (${Date.now() - t0} ms)`);
    const t1 = Date.now();
    const one = await haluevalProductRecords(dir, tmp.dir, 'one');
    const multi = await haluevalProductRecords(dir, tmp.dir, 'multi');
    log(`verity check, halueval qa (--docs --question per row): ${one.length + multi.length} sentences (${Date.now() - t1} ms)`);
    const t2 = Date.now();
    const pert = await perturbProductRecords(dir, tmp.dir);
    log(`verity check, doc2dial perturbations (--store): ${pert.items.length} items, ${pert.records.length} sentences (${Date.now() - t2} ms)`);
    return {
      records: [...rag, ...one, ...multi, ...pert.records],
      perturbItems: pert.items,
      data: dataFiles(pert.items.length),
    };
  } finally {
    tmp.remove();
  }
}
