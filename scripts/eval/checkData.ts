/**
 * Checker evaluation data: RAGTruth QA, HaluEval QA and a doc2dial perturbation set, each turned
 * into per-sentence feature records (calibration-independent) with gold labels, so calibration and
 * cross-validation can replay verdicts without re-checking.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createChecker } from '../../src/core/check/checker';
import { createMemorySource } from '../../src/core/check/memorySource';
import type { FeatureRecord } from '../../src/core/check/verdict';
import { DEFAULT_CHUNK_SIZE } from '../../src/core/ingest/chunk';
import { ingestMarkdown } from '../../src/core/ingest/markdown';
import type { Passage } from '../../src/core/types';
import { partOf, type Part } from './lockbox';
import { buildPerturbationSet, type PerturbItem } from './perturb';

/** `ragtruth`: per answer, its own passages (the harness, or the product with `--docs`); `ragtruth-store`: every dev passage in one store. */
/**
 * 'perturb-heldout' and 'perturb-heldout-pdf': perturbation sets built from corpora the calibration
 * is never fitted on (the RHDH guides; PDF books and papers), checked with the shipped calibration
 * only (see PERTURB_CORPORA).
 */
export type Dataset =
  | 'ragtruth' | 'ragtruth-store' | 'halueval-one' | 'halueval-multi' | 'perturb' | 'perturb-heldout' | 'perturb-heldout-pdf'
  | 'natural-rhdh' | 'natural-doc2dial';

/**
 * The dev set a dataset's groups come from, for the lockbox split (lockbox.ts): both RAGTruth
 * modes are one set, and a corpus's perturbations and its natural text split by the same documents.
 */
export const LOCKBOX_SET: Record<Dataset, string> = {
  ragtruth: 'ragtruth', 'ragtruth-store': 'ragtruth', 'halueval-one': 'halueval-one', 'halueval-multi': 'halueval-multi',
  perturb: 'doc2dial', 'natural-doc2dial': 'doc2dial', 'perturb-heldout': 'rhdh', 'natural-rhdh': 'rhdh', 'perturb-heldout-pdf': 'pdf',
};

/** What the product showed for a sentence (its JSON output with the shipped calibration). */
export interface Shown {
  verdict: string;
  certainty?: 'clear' | 'uncertain';
  /** The kind of the conflict a contradiction names ('number', 'name', 'antonym' …). */
  conflict?: string;
  reason: string;
  evidence?: string;
}

/** One checked sentence. `features` is null for a segment that is not a claim. */
export interface SentenceRecord {
  ds: Dataset;
  /** Cross-validation group (question / document). */
  group: string;
  /** The answer (or perturbation item) the sentence belongs to. */
  item: string;
  features: FeatureRecord | null;
  /** Gold: the sentence is unsupported (ragtruth: overlaps any span / any non-implicit-true span). */
  gold: boolean;
  goldStrict: boolean;
  /** Perturbation type, or 'original' (perturb set only). */
  kind?: string;
  /** RAGTruth: the types of the labelled spans the sentence overlaps ("Evident Conflict", …). */
  labels?: string[];
  /** The sentence as checked (product records), for reading failures. */
  text?: string;
  /** What the product showed (product records only). */
  shown?: Shown;
}

/** The lockbox part of a record (see lockbox.ts). */
export function partOfRecord(r: SentenceRecord): Part {
  return partOf(LOCKBOX_SET[r.ds], r.group);
}

export const projectRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** The shared data folder (../shared/data from the project root), or undefined when absent. */
export function sharedDataDir(): string | undefined {
  const d = path.resolve(projectRoot, '../shared/data');
  return existsSync(d) ? d : undefined;
}

/** The rows of a JSON-lines file (blank lines skipped). */
export const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as T);

const passage = (id: string, p: string, text: string): Passage => ({
  id, path: p, kind: 'md', headings: [], startLine: 1, endLine: text.split('\n').length, text, hash: id,
});

interface RagResponse { id: string; source_id: string; response: string; labels: Array<{ start: number; end: number; implicit_true: boolean }> }
interface RagSource { source_id: string; source_info: { question: string; passages: string } }

/** The passages of a RAGTruth source ("passage 1: … passage 2: …"). */
export function splitRagPassages(text: string): string[] {
  return text.split(/(?:^|\n+)passage \d+:/).map((x) => x.trim()).filter(Boolean);
}

/** RAGTruth QA: each answer checked against its own passages (IDF from all passages of the set). */
export function ragtruthRecords(dir: string): SentenceRecord[] {
  const sources = new Map<string, Passage[]>();
  for (const s of readJsonl<RagSource>(path.join(dir, 'ragtruth-qa/source_info.dev.jsonl'))) {
    const parts = splitRagPassages(s.source_info.passages);
    sources.set(s.source_id, parts.map((t, i) => passage(`${s.source_id}#${i + 1}`, `ragtruth/${s.source_id}`, t)));
  }
  const checker = createChecker(createMemorySource([...sources.values()].flat()));
  const out: SentenceRecord[] = [];
  for (const r of readJsonl<RagResponse>(path.join(dir, 'ragtruth-qa/response.dev.jsonl'))) {
    const res = checker.check(r.response, { evidence: sources.get(r.source_id) ?? [], useIndex: false });
    for (const s of res.sentences) {
      const overl = r.labels.filter((l) => l.start < s.end && l.end > s.start);
      out.push({
        ds: 'ragtruth', group: r.source_id, item: r.id, features: claimFeatures(s),
        gold: overl.length > 0, goldStrict: overl.some((l) => !l.implicit_true),
      });
    }
  }
  return out;
}

interface HaluRow { knowledge: string; question: string; right_answer: string; hallucinated_answer: string }

/** HaluEval QA: the right answer must pass, the hallucinated one must be flagged. */
export function haluevalRecords(dir: string, which: 'one' | 'multi'): SentenceRecord[] {
  const rows = readJsonl<HaluRow>(path.join(dir, `halueval/generation/qa/qa_${which}-turn_data.json`));
  const knowledge = rows.map((r, i) => passage(`h${which}${i}`, `halueval/${i}`, r.knowledge));
  const checker = createChecker(createMemorySource(knowledge));
  const out: SentenceRecord[] = [];
  rows.forEach((r, i) => {
    for (const [answer, halluc] of [[r.right_answer, false], [r.hallucinated_answer, true]] as const) {
      const res = checker.check(answer, { evidence: [knowledge[i]!], useIndex: false, question: r.question });
      for (const s of res.sentences) {
        out.push({ ds: which === 'one' ? 'halueval-one' : 'halueval-multi', group: `h${i}`, item: `h${i}-${halluc ? 'h' : 'r'}`, features: claimFeatures(s), gold: halluc, goldStrict: halluc });
      }
    }
  });
  return out;
}

function claimFeatures(s: { verdict: string; features?: Record<string, number> }): FeatureRecord | null {
  return s.verdict === 'not_claim' || !s.features ? null : (s.features as FeatureRecord);
}

/** The markdown files under `root`, ingested into passages (sorted by path, so a set built from them is reproducible). */
export function folderPassages(root: string): Passage[] {
  const out: Passage[] = [];
  const walk = (rel: string): void => {
    for (const e of readdirSync(path.join(root, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else if (e.name.endsWith('.md')) out.push(...ingestMarkdown(r, readFileSync(path.join(root, r), 'utf8'), DEFAULT_CHUNK_SIZE).passages);
    }
  };
  walk('');
  return out;
}

/** The doc2dial documents ingested into passages. */
export function doc2dialPassages(dir: string): Passage[] {
  return folderPassages(path.join(dir, 'doc2dial/docs'));
}

export type { PerturbItem } from './perturb';

/**
 * Builds the perturbation set (see perturb.ts): true sentences from doc2dial passages with one
 * fact changed, every kind of contradiction, at most `perType` items per kind.
 */
export function buildPerturbations(passages: Passage[], perType = 120, seed = 3): PerturbItem[] {
  return buildPerturbationSet(passages, perType, seed);
}

/** Perturbation records: each perturbed sentence and its original, checked against the doc2dial index. */
export function perturbRecords(dir: string): { records: SentenceRecord[]; items: PerturbItem[] } {
  const passages = doc2dialPassages(dir);
  const items = buildPerturbations(passages);
  const checker = createChecker(createMemorySource(passages));
  const records: SentenceRecord[] = [];
  const seen = new Set<string>();
  items.forEach((it, i) => {
    for (const [text, isPerturbed] of [[it.original, false], [it.perturbed, true]] as const) {
      // a sentence perturbed in several kinds is one original
      if (!isPerturbed && (seen.has(text) || !seen.add(text))) continue;
      const s = checker.checkSentence(text, []);
      records.push({ ds: 'perturb', group: it.doc, item: `p${i}-${isPerturbed ? 'x' : 'o'}`, features: claimFeatures(s), gold: isPerturbed, goldStrict: isPerturbed, kind: isPerturbed ? it.type : 'original' });
    }
  });
  return { records, items };
}
