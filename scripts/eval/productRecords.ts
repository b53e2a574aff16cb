/**
 * Checker evaluation through the product: every dev set is written to files in a temporary folder
 * and checked with the `verity` command line (its exported `main`, run in-process with captured
 * output: the same code as `verity` in a terminal), and the sentence records are read back from
 * `--format json` (verdict, offsets and the feature record the checker computed). Nothing here
 * calls the checker directly, so the figures are what a user gets.
 */
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main';
import type { FeatureRecord } from '../../src/core/check/verdict';
import { DEFAULT_CHUNK_SIZE } from '../../src/core/ingest/chunk';
import { pdfToPassages } from '../../src/core/ingest/pdf';
import type { Passage } from '../../src/core/types';
import { WorkerPdfExtractor } from '../../src/node/pdfExtractor';
import { buildPerturbations, folderPassages, readJsonl, splitRagPassages, type Dataset, type PerturbItem, type SentenceRecord } from './checkData';

/** One sentence of `verity check --format json`. */
export interface JsonSentence {
  start: number;
  end: number;
  text: string;
  verdict: string;
  certainty: 'clear' | 'uncertain' | null;
  conflict: { kind: string; rule?: string; claimText: string; sourceText: string } | null;
  reason: string;
  evidence: { location: string; quote: string } | null;
  features: FeatureRecord | null;
}

/** Runs `verity <argv>` in-process at `cwd`; returns its exit code and what it printed. */
export async function runCli(argv: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (s: string) => void (stdout += s), stderr: (s: string) => void (stderr += s), isTTY: false, cwd, env: {} };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

/**
 * `verity check <files> --format json --fail-on none <where...>`: the sentences of each file, in
 * the order given. A failing run (exit 2) throws with the CLI's own message.
 */
export async function checkWithCli(files: string[], where: string[], cwd: string): Promise<JsonSentence[][]> {
  const r = await runCli(['check', ...files, ...where, '--format', 'json', '--fail-on', 'none'], cwd);
  if (r.code !== 0) throw new Error(`verity check ${where.join(' ')} exited ${r.code}: ${r.stderr.trim()}`);
  const doc = JSON.parse(r.stdout) as { files: Array<{ sentences: JsonSentence[] }> };
  return doc.files.map((f) => f.sentences);
}

const claimFeatures = (s: JsonSentence): FeatureRecord | null => (s.verdict === 'not_claim' ? null : s.features);

/**
 * The record of one sentence the CLI printed: its feature record (replayed by calibration and
 * cross-validation) and what the product showed with the shipped calibration (verdict, certainty,
 * the kind of conflict, the reason and the deciding passage), for the natural-text and lockbox figures.
 */
export function toRecord(s: JsonSentence, r: Omit<SentenceRecord, 'features' | 'text' | 'goldStrict'> & { goldStrict?: boolean }): SentenceRecord {
  return {
    ...r, goldStrict: r.goldStrict ?? r.gold, features: claimFeatures(s), text: s.text,
    shown: { verdict: s.verdict, certainty: s.certainty ?? undefined, conflict: s.conflict?.rule ?? s.conflict?.kind, reason: s.reason, evidence: s.evidence ? `${s.evidence.location} ${s.evidence.quote}` : undefined },
  };
}

interface RagResponse { id: string; source_id: string; response: string; labels: Array<{ start: number; end: number; implicit_true: boolean; label_type?: string }> }
interface RagSource { source_id: string; source_info: { question: string; passages: string } }

/** The product modes RAGTruth answers are checked in. */
export type RagMode = 'docs' | 'store';
export const RAG_DATASET: Record<RagMode, Dataset> = { docs: 'ragtruth', store: 'ragtruth-store' };

/**
 * RAGTruth QA through the CLI. Mode `docs`: per answer, its own passages as files in a folder and
 * `verity check answer.md --docs <folder>`. Mode `store`: every dev passage indexed once
 * (`verity index`), then `verity check answer.md --store <store>` per answer (answers live outside
 * the indexed folder). Sentences map onto the labelled spans by offset, as in the harness.
 */
export async function ragtruthProductRecords(dir: string, tmp: string, modes: RagMode[] = ['docs', 'store']): Promise<SentenceRecord[]> {
  const sources = new Map<string, string[]>();
  for (const s of readJsonl<RagSource>(path.join(dir, 'ragtruth-qa/source_info.dev.jsonl'))) sources.set(s.source_id, splitRagPassages(s.source_info.passages));
  const docs = path.join(tmp, 'rag-docs');
  for (const [id, parts] of sources) {
    mkdirSync(path.join(docs, id), { recursive: true });
    parts.forEach((t, i) => writeFileSync(path.join(docs, id, `passage-${i + 1}.md`), t + '\n'));
  }
  const answers = readJsonl<RagResponse>(path.join(dir, 'ragtruth-qa/response.dev.jsonl'));
  mkdirSync(path.join(tmp, 'rag-answers'), { recursive: true });
  for (const r of answers) writeFileSync(path.join(tmp, 'rag-answers', `${r.id}.md`), r.response);
  if (modes.includes('store')) {
    const ix = await runCli(['index', 'rag-docs', '--store', 'rag-store'], tmp);
    if (ix.code !== 0) throw new Error(`verity index exited ${ix.code}: ${ix.stderr.trim()}`);
  }
  const out: SentenceRecord[] = [];
  for (const mode of modes) {
    for (const r of answers) {
      const where = mode === 'docs' ? ['--docs', `rag-docs/${r.source_id}`] : ['--store', 'rag-store'];
      const [sentences] = await checkWithCli([`rag-answers/${r.id}.md`], where, tmp);
      for (const s of sentences!) {
        const overl = r.labels.filter((l) => l.start < s.end && l.end > s.start);
        out.push(toRecord(s, { ds: RAG_DATASET[mode], group: r.source_id, item: `${mode}:${r.id}`, gold: overl.length > 0, goldStrict: overl.some((l) => !l.implicit_true), labels: overl.map((l) => l.label_type ?? '') }));
      }
    }
  }
  return out;
}

interface HaluRow { knowledge: string; question: string; right_answer: string; hallucinated_answer: string }

/**
 * HaluEval QA through the CLI: per row, its knowledge as a file and
 * `verity check right.md hallucinated.md --docs <folder> --question "<question>"`.
 */
export async function haluevalProductRecords(dir: string, tmp: string, which: 'one' | 'multi'): Promise<SentenceRecord[]> {
  const rows = readJsonl<HaluRow>(path.join(dir, `halueval/generation/qa/qa_${which}-turn_data.json`));
  const ds: Dataset = which === 'one' ? 'halueval-one' : 'halueval-multi';
  const out: SentenceRecord[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const base = path.join(tmp, `halu-${which}`, String(i));
    mkdirSync(path.join(base, 'docs'), { recursive: true });
    writeFileSync(path.join(base, 'docs', 'knowledge.md'), r.knowledge + '\n');
    writeFileSync(path.join(base, 'right.md'), r.right_answer);
    writeFileSync(path.join(base, 'hallucinated.md'), r.hallucinated_answer);
    const res = await checkWithCli(['right.md', 'hallucinated.md'], ['--docs', 'docs', '--question', r.question], base);
    res.forEach((sentences, j) => {
      const halluc = j === 1;
      for (const s of sentences) out.push(toRecord(s, { ds, group: `h${i}`, item: `h${i}-${halluc ? 'h' : 'r'}`, gold: halluc }));
    });
  }
  return out;
}

/**
 * A corpus perturbation sets are built from, and how many items per kind: every markdown file of
 * the `docs` folder, or only the PDFs named in `pdfs`.
 */
export interface PerturbCorpus { name: string; docs: string; ds: Dataset; perKind: number; pdfs?: readonly string[] }
export const PERTURB_CORPORA = {
  /** The dev set: its figures are cross-validated, and the calibration is fitted on them. */
  doc2dial: { name: 'doc2dial', docs: 'doc2dial/docs', ds: 'perturb', perKind: 120 },
  /**
   * Held out: product guides (RHDH) in another register (steps, versions, product names). No
   * parameter is ever fitted on it; it is checked with the shipped calibration only.
   */
  rhdh: { name: 'rhdh', docs: 'rhdh-docs/docs', ds: 'perturb-heldout', perKind: 60 },
  /**
   * Held out: PDF books and papers, read by the product's PDF extraction. The five documents of the
   * pdf.js test corpus with the most words (copies of one paper counted once): Lessig's "Free
   * Culture", public-domain stories for children, the TraceMonkey paper, colour-space test pages
   * (tables of numbers) and a literature review whose bibliography extracts as garbled text.
   */
  pdf: { name: 'pdf', docs: 'pdf-corpus/pdfs', ds: 'perturb-heldout-pdf', perKind: 60, pdfs: ['freeculture.pdf', 'pdkids.pdf', 'tracemonkey.pdf', 'calrgb.pdf', 'TAMReview.pdf'] },
} as const satisfies Record<string, PerturbCorpus>;

/** The passages of `files` in `root` as indexing makes them: the product's PDF worker, then its passage builder. */
async function pdfPassages(root: string, files: readonly string[]): Promise<Passage[]> {
  const extractor = new WorkerPdfExtractor({ timeoutMs: 120_000 });
  try {
    const out: Passage[] = [];
    for (const f of files) out.push(...pdfToPassages(f, await extractor.extract(new Uint8Array(readFileSync(path.join(root, f)))), DEFAULT_CHUNK_SIZE).passages);
    return out;
  } finally {
    await extractor.close();
  }
}

/**
 * A perturbation set through the CLI: the corpus folder indexed once into a store, each original
 * and perturbed sentence written as its own file and checked against it.
 */
export async function perturbProductRecords(dir: string, tmp: string, corpus: PerturbCorpus = PERTURB_CORPORA.doc2dial): Promise<{ records: SentenceRecord[]; items: PerturbItem[] }> {
  const src = path.join(dir, corpus.docs);
  const items = buildPerturbations(corpus.pdfs ? await pdfPassages(src, corpus.pdfs) : folderPassages(src), corpus.perKind);
  // a store indexes only the folder that holds it (or one inside it): the documents are copied
  // beside it, as a user keeps their store with their documents
  const docs = `${corpus.name}-docs`;
  const store = `${corpus.name}-store`;
  if (corpus.pdfs) {
    mkdirSync(path.join(tmp, docs), { recursive: true });
    for (const f of corpus.pdfs) copyFileSync(path.join(src, f), path.join(tmp, docs, f));
  } else cpSync(src, path.join(tmp, docs), { recursive: true });
  // a loaded machine must not turn a slow PDF into a failed run: the longest timeout the CLI takes
  const ix = await runCli(['index', docs, '--store', store, ...(corpus.pdfs ? ['--pdf-timeout', '600'] : [])], tmp);
  if (ix.code !== 0) throw new Error(`verity index exited ${ix.code}: ${ix.stderr.trim()}`);
  const sub = `${corpus.name}-pert`;
  mkdirSync(path.join(tmp, sub), { recursive: true });
  // each perturbed sentence is a file; an original perturbed in several kinds is one file
  const files: Array<{ file: string; item: string; it: PerturbItem; perturbed: boolean }> = [];
  const seen = new Set<string>();
  items.forEach((it, i) => {
    for (const [text, tag] of [[it.original, 'o'], [it.perturbed, 'x']] as const) {
      if (tag === 'o' && (seen.has(text) || !seen.add(text))) continue;
      const file = `${sub}/p${i}-${tag}.md`;
      writeFileSync(path.join(tmp, file), text + '\n');
      files.push({ file, item: `p${i}-${tag}`, it, perturbed: tag === 'x' });
    }
  });
  const res = await checkWithCli(files.map((f) => f.file), ['--store', store], tmp);
  const records: SentenceRecord[] = [];
  files.forEach((f, k) => {
    for (const s of res[k]!) {
      records.push(toRecord(s, { ds: corpus.ds, group: f.it.doc, item: f.item, gold: f.perturbed, kind: f.perturbed ? f.it.type : 'original' }));
    }
  });
  return { records, items };
}

/** A fresh temporary folder, removed by the returned function. */
export function tempFolder(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'verity-eval-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
