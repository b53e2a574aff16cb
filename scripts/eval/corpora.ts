/**
 * The dev corpora for retrieval evaluation and benchmarks: markdown files ingested with the
 * product's own ingest, questions with their gold documents and gold passages.
 *
 * Gold passage, defined:
 * - doc2dial: the passage of the gold document whose line range overlaps the lines of the gold
 *   answer span most (the span's offset is into the document text after its "# title" line and
 *   the blank line that follows; first passage wins ties).
 * - rhdh: the reference context is a verbatim (flattened) chunk of ~700 words, i.e. several
 *   passages, so every passage of the gold document(s) with at least half of its word 5-grams
 *   (lower-cased, split on non-alphanumerics) inside the reference context is gold; when none
 *   is, the passage sharing the most 5-grams. Found at k = any gold passage in the top k.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ingestMarkdown } from '../../src/core/ingest/markdown';
import type { HistoryTurn, Passage } from '../../src/core/types';

export interface EvalQuestion {
  id: string;
  lastTurn: string;
  /** Earlier turns, oldest first (empty for single-turn sets). */
  history: HistoryTurn[];
  goldDocs: Set<string>;
  goldPassages: Set<string>;
}

export interface Corpus {
  name: string;
  passages: Passage[];
  files: Array<{ path: string; source: string }>;
  questions: EvalQuestion[];
}

export interface ChunkOpts {
  minWords: number;
  maxWords: number;
}

/** Markdown files under `dir` (recursively), paths relative to `base` with forward slashes. */
export function readMarkdown(dir: string, base: string): Array<{ path: string; source: string }> {
  const out: Array<{ path: string; source: string }> = [];
  for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = path.join(dir, name.name);
    if (name.isDirectory()) out.push(...readMarkdown(p, base));
    else if (name.name.endsWith('.md')) out.push({ path: path.relative(base, p).split(path.sep).join('/'), source: readFileSync(p, 'utf8') });
  }
  return out;
}

/** Ingests files with the product's markdown ingest. */
export function ingestAll(files: Array<{ path: string; source: string }>, chunk: ChunkOpts, prefix = ''): Passage[] {
  const out: Passage[] = [];
  for (const f of files) out.push(...ingestMarkdown(prefix + f.path, f.source, chunk).passages);
  return out;
}

function readJsonl(file: string): Array<Record<string, unknown>> {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function byPath(passages: Passage[]): Map<string, Passage[]> {
  const m = new Map<string, Passage[]>();
  for (const p of passages) {
    let a = m.get(p.path);
    if (!a) m.set(p.path, (a = []));
    a.push(p);
  }
  return m;
}

/** doc2dial: docs/<domain>/*.md and a question file of the doc2dial format. */
export function loadDoc2dial(root: string, questionsFile: string, chunk: ChunkOpts): Corpus {
  const files = readMarkdown(path.join(root, 'docs'), root);
  const passages = ingestAll(files, chunk);
  const sources = new Map(files.map((f) => [f.path, f.source.replace(/\r\n?/g, '\n')]));
  const ofPath = byPath(passages);
  const questions: EvalQuestion[] = readJsonl(questionsFile).map((q) => {
    const doc = String(q.doc_file);
    const turns = String(q.history_newest_first ?? '')
      .split('\t')
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t): HistoryTurn => (t.startsWith('agent:') ? { role: 'assistant', text: t.slice(6).trim() } : { role: 'user', text: t.replace(/^user:/, '').trim() }));
    const last = String(q.last_user_turn ?? '').trim();
    // the newest entry of the history is the last user turn itself
    if (turns[0] && turns[0].role === 'user' && turns[0].text === last) turns.shift();
    const src = sources.get(doc);
    let goldPassage: string | undefined;
    if (src !== undefined && typeof q.answer_start_in_doc_text === 'number') {
      const bodyStart = src.indexOf('\n') + 2;
      const start = bodyStart + q.answer_start_in_doc_text;
      const from = lineAt(src, start);
      const to = lineAt(src, start + String(q.answer_text ?? '').trimEnd().length);
      let best = 0;
      for (const p of ofPath.get(doc) ?? []) {
        const ov = Math.min(to, p.endLine) - Math.max(from, p.startLine) + 1;
        if (ov > best) {
          best = ov;
          goldPassage = p.id;
        }
      }
    }
    return { id: String(q.id), lastTurn: last, history: turns.reverse(), goldDocs: new Set([doc]), goldPassages: new Set(goldPassage ? [goldPassage] : []) };
  });
  return { name: 'doc2dial', passages, files, questions };
}

function shingles(text: string, n = 5): Set<string> {
  const w = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i + n <= w.length; i++) out.add(w.slice(i, i + n).join(' '));
  return out;
}

/** rhdh-docs: docs/*.md and questions with a verbatim reference context. */
export function loadRhdh(root: string, questionsFile: string, chunk: ChunkOpts): Corpus {
  const files = readMarkdown(path.join(root, 'docs'), root);
  const passages = ingestAll(files, chunk);
  const ofPath = byPath(passages);
  const grams = new Map(passages.map((p) => [p.id, shingles(p.text)]));
  const questions: EvalQuestion[] = [];
  for (const q of readJsonl(questionsFile)) {
    const docs = (q.doc_files as string[] | undefined) ?? [];
    if (docs.length === 0) continue;
    const ref = shingles(String(q.reference_context ?? ''));
    let best = 0;
    let bestId: string | undefined;
    const gold = new Set<string>();
    for (const d of docs)
      for (const p of ofPath.get(d) ?? []) {
        const mine = grams.get(p.id)!;
        let ov = 0;
        for (const g of mine) if (ref.has(g)) ov++;
        if (mine.size > 0 && ov >= 0.5 * mine.size) gold.add(p.id);
        if (ov > best) {
          best = ov;
          bestId = p.id;
        }
      }
    if (gold.size === 0 && bestId) gold.add(bestId);
    questions.push({ id: String(q.uuid), lastTurn: String(q.question), history: [], goldDocs: new Set(docs), goldPassages: gold });
  }
  return { name: 'rhdh', passages, files, questions };
}

/** The shared data folder (../shared/data relative to the project root), if present. */
export function sharedDataDir(projectRoot: string): string | undefined {
  const d = path.join(projectRoot, '..', 'shared', 'data');
  return existsSync(d) ? d : undefined;
}
