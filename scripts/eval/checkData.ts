/**
 * Checker evaluation data: RAGTruth QA, HaluEval QA and a doc2dial perturbation set, each turned
 * into per-sentence feature records (calibration-independent) with gold labels, so calibration and
 * cross-validation can replay verdicts without re-checking.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createChecker } from '../../src/core/check/checker';
import { createMemorySource } from '../../src/core/check/memorySource';
import { cleanClaim } from '../../src/core/check/clean';
import { filterClaim } from '../../src/core/check/claimFilter';
import { segmentSentences } from '../../src/core/check/segment';
import type { FeatureRecord } from '../../src/core/check/verdict';
import { DEFAULT_CHUNK_SIZE } from '../../src/core/ingest/chunk';
import { ingestMarkdown } from '../../src/core/ingest/markdown';
import type { Passage } from '../../src/core/types';

/** `ragtruth`: per answer, its own passages (the harness, or the product with `--docs`); `ragtruth-store`: every dev passage in one store. */
export type Dataset = 'ragtruth' | 'ragtruth-store' | 'halueval-one' | 'halueval-multi' | 'perturb';

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

/** The doc2dial documents ingested into passages (sorted by path, so the set is reproducible). */
export function doc2dialPassages(dir: string): Passage[] {
  const root = path.join(dir, 'doc2dial/docs');
  const out: Passage[] = [];
  for (const domain of readdirSync(root).sort()) {
    for (const f of readdirSync(path.join(root, domain)).sort()) {
      if (!f.endsWith('.md')) continue;
      out.push(...ingestMarkdown(`${domain}/${f}`, readFileSync(path.join(root, domain, f), 'utf8'), DEFAULT_CHUNK_SIZE).passages);
    }
  }
  return out;
}

/** A small deterministic PRNG (mulberry32), so the perturbation set is the same on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const NEG_ADD: Array<[RegExp, string]> = [[/\b(is|are|was|were|must|should|will|may)\b/, '$1 not'], [/\bcan\b/, 'cannot']];
const NEG_REMOVE: Array<[RegExp, string]> = [[/\b(is|are|was|were|must|should|will|may|do|does|did) not\b/, '$1'], [/\bcannot\b/, 'can'], [/\b(do|does|did)n't\b/, '$1']];

export interface PerturbItem { original: string; perturbed: string; type: 'number' | 'date' | 'name' | 'negation'; doc: string }

/**
 * Builds the perturbation set: true sentences from doc2dial passages with one number, date, name
 * or polarity changed. Per type at most `perType` items, at most one per passage.
 */
export function buildPerturbations(passages: Passage[], perType = 120, seed = 3): PerturbItem[] {
  const rand = rng(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const nameByDoc = new Map<string, Set<string>>();
  for (const p of passages) {
    const set = nameByDoc.get(p.path) ?? new Set<string>();
    for (const m of p.text.matchAll(/(?<=[a-z,] )[A-Z][a-z]{3,}\b/g)) set.add(m[0]);
    nameByDoc.set(p.path, set);
  }
  const allNames = [...new Set([...nameByDoc.values()].flatMap((s) => [...s]))].sort();
  const counts = { number: 0, date: 0, name: 0, negation: 0 };
  const out: PerturbItem[] = [];
  const order = passages.map((_, i) => i).sort(() => rand() - 0.5);
  for (const pi of order) {
    const p = passages[pi]!;
    const sentences = segmentSentences(p.text).filter((s) => {
      if (s.kind !== 'sentence' && s.kind !== 'bullet') return false;
      const c = cleanClaim(s.text);
      const words = c.split(' ').length;
      return words >= 8 && words <= 40 && filterClaim(c, s.kind).claim === c;
    });
    if (sentences.length === 0) continue;
    const text = cleanClaim(pick(sentences).text);
    const type = pick(['number', 'date', 'name', 'negation'] as const);
    if (counts[type] >= perType) continue;
    const perturbed = perturb(text, type, p, nameByDoc.get(p.path) ?? new Set(), allNames, rand);
    if (!perturbed || perturbed === text) continue;
    counts[type]++;
    out.push({ original: text, perturbed, type, doc: p.path });
  }
  return out;
}

function perturb(text: string, type: PerturbItem['type'], _p: Passage, docNames: Set<string>, allNames: string[], rand: () => number): string | undefined {
  if (type === 'number') {
    const m = /\b\d+(?:,\d{3})*(?:\.\d+)?\b/.exec(text);
    if (!m || /^(19|20)\d\d$/.test(m[0])) return undefined;
    const n = Number(m[0].replace(/,/g, ''));
    const next = n + 1 + Math.floor(rand() * Math.max(9, n));
    return text.slice(0, m.index) + String(next) + text.slice(m.index + m[0].length);
  }
  if (type === 'date') {
    const month = new RegExp(`\\b(${MONTHS.join('|')})\\b`).exec(text);
    if (month) {
      const other = MONTHS.filter((x) => x !== month[0])[Math.floor(rand() * 11)]!;
      return text.slice(0, month.index) + other + text.slice(month.index + month[0].length);
    }
    const year = /\b(19|20)\d\d\b/.exec(text);
    if (!year) return undefined;
    const shifted = Number(year[0]) + 1 + Math.floor(rand() * 5);
    return text.slice(0, year.index) + String(shifted) + text.slice(year.index + 4);
  }
  if (type === 'name') {
    const names = [...text.matchAll(/(?<=[a-z,] )[A-Z][a-z]{3,}\b/g)].filter((m) => !MONTHS.includes(m[0]));
    if (names.length === 0) return undefined;
    const m = names[Math.floor(rand() * names.length)]!;
    const pool = allNames.filter((n) => !docNames.has(n) && !MONTHS.includes(n));
    const other = pool[Math.floor(rand() * pool.length)]!;
    return text.slice(0, m.index) + other + text.slice(m.index! + m[0].length);
  }
  const remove = NEG_REMOVE.find(([re]) => re.test(text));
  if (remove) return text.replace(remove[0], remove[1]);
  const add = NEG_ADD.find(([re]) => re.test(text));
  return add ? text.replace(add[0], add[1]) : undefined;
}

/** Perturbation records: each perturbed sentence and its original, checked against the doc2dial index. */
export function perturbRecords(dir: string): { records: SentenceRecord[]; items: PerturbItem[] } {
  const passages = doc2dialPassages(dir);
  const items = buildPerturbations(passages);
  const checker = createChecker(createMemorySource(passages));
  const records: SentenceRecord[] = [];
  items.forEach((it, i) => {
    for (const [text, isPerturbed] of [[it.original, false], [it.perturbed, true]] as const) {
      const s = checker.checkSentence(text, []);
      records.push({ ds: 'perturb', group: it.doc, item: `p${i}-${isPerturbed ? 'x' : 'o'}`, features: claimFeatures(s), gold: isPerturbed, goldStrict: isPerturbed, kind: isPerturbed ? it.type : 'original' });
    }
  });
  return { records, items };
}
