/**
 * Collects the sentence records of every checker dev set that is present, with timing lines.
 */
import { haluevalRecords, perturbRecords, ragtruthRecords, type PerturbItem, type SentenceRecord } from './checkData';

export interface AllRecords {
  records: SentenceRecord[];
  perturbItems: PerturbItem[];
  /** The data files used, relative to the shared data folder. */
  data: string[];
}

/** Checks every dev set in `dir` and returns the records. */
export function collectRecords(dir: string, log: (line: string) => void): AllRecords {
  const t0 = Date.now();
  const rag = ragtruthRecords(dir);
  log(`ragtruth-qa: ${rag.length} sentences checked (${Date.now() - t0} ms)`);
  const t1 = Date.now();
  const one = haluevalRecords(dir, 'one');
  const multi = haluevalRecords(dir, 'multi');
  log(`halueval qa: ${one.length + multi.length} sentences checked (${Date.now() - t1} ms)`);
  const t2 = Date.now();
  const pert = perturbRecords(dir);
  log(`doc2dial perturbations: ${pert.items.length} items, ${pert.records.length} sentences checked (${Date.now() - t2} ms)`);
  return {
    records: [...rag, ...one, ...multi, ...pert.records],
    perturbItems: pert.items,
    data: [
      'ragtruth-qa/response.dev.jsonl', 'ragtruth-qa/source_info.dev.jsonl',
      'halueval/generation/qa/qa_one-turn_data.json', 'halueval/generation/qa/qa_multi-turn_data.json',
      `doc2dial/docs (perturbation set: ${pert.items.length} items, seed 3, scripts/eval/checkData.ts)`,
      'halueval/data/general_data.json (generic-word list for unseenSpecific: src/core/check/generic-words.json, scripts/genericWords.ts)',
    ],
  };
}
