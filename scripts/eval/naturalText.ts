/**
 * Natural-text precision sets: correct text written by people, checked through the `verity` CLI
 * as a user would, to count the false alarms that perturbation sets cannot show.
 *
 * - `natural-rhdh`: the reference answers of the RHDH dev questions (written by people from the
 *   guides), each as a file, checked with `verity check --store <the RHDH guides>`.
 * - `natural-doc2dial`: the agent turns of the doc2dial dev dialogues (people paraphrasing the
 *   document in conversation, read from `history_newest_first`, each turn once per dialogue),
 *   checked with `verity check --store <the doc2dial documents>`.
 *
 * Every sentence is gold "not a hallucination"; RAGTruth sentences that overlap no labelled span
 * are the third set and come from the RAGTruth records themselves. Nothing is fitted on these sets.
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readJsonl, type SentenceRecord } from './checkData';
import { checkWithCli, runCli, toRecord } from './productRecords';

interface RhdhQuestion { uuid: string; question: string; reference_answer: string; doc_files: string[] }
interface Doc2dialRow { id: string; doc_file: string; history_newest_first: string }

/** The group of an RHDH question: its first gold document (the lockbox splits by document). */
const rhdhGroup = (q: RhdhQuestion): string => (q.doc_files[0] ? q.doc_files[0].replace(/^docs\//, '') : `(no document) ${q.uuid}`);

/** Indexes `docs` (under the shared data folder) into `<tmp>/<name>-store`; returns the store's name. */
async function storeOf(dir: string, tmp: string, docs: string, name: string): Promise<string> {
  const copy = `${name}-docs`;
  cpSync(path.join(dir, docs), path.join(tmp, copy), { recursive: true });
  const ix = await runCli(['index', copy, '--store', `${name}-store`], tmp);
  if (ix.code !== 0) throw new Error(`verity index ${copy} exited ${ix.code}: ${ix.stderr.trim()}`);
  return `${name}-store`;
}

/** Writes each text as its own file under `<tmp>/<sub>` and checks them all against `store`. */
async function checkTexts(tmp: string, sub: string, texts: string[], store: string): Promise<ReturnType<typeof checkWithCli>> {
  mkdirSync(path.join(tmp, sub), { recursive: true });
  const files = texts.map((t, i) => {
    const f = `${sub}/t${i}.md`;
    writeFileSync(path.join(tmp, f), t.trim() + '\n');
    return f;
  });
  return checkWithCli(files, ['--store', store], tmp);
}

/** The RHDH reference answers checked against the RHDH guides. */
export async function rhdhReferenceRecords(dir: string, tmp: string): Promise<SentenceRecord[]> {
  const qs = readJsonl<RhdhQuestion>(path.join(dir, 'rhdh-docs/questions.dev.jsonl')).filter((q) => q.reference_answer?.trim());
  const store = await storeOf(dir, tmp, 'rhdh-docs/docs', 'natural-rhdh');
  const res = await checkTexts(tmp, 'natural-rhdh-answers', qs.map((q) => q.reference_answer), store);
  return qs.flatMap((q, i) => res[i]!.map((s) => toRecord(s, { ds: 'natural-rhdh', group: rhdhGroup(q), item: q.uuid, gold: false })));
}

/** The agent turns of the doc2dial dev dialogues, each once per dialogue, with their document. */
export function doc2dialAgentTurns(dir: string): Array<{ dialogue: string; doc: string; text: string }> {
  const seen = new Set<string>();
  const out: Array<{ dialogue: string; doc: string; text: string }> = [];
  for (const r of readJsonl<Doc2dialRow>(path.join(dir, 'doc2dial/questions.dev.jsonl'))) {
    const dialogue = r.id.replace(/_\d+$/, '');
    for (const turn of r.history_newest_first.split('\t')) {
      const m = /^\s*agent:\s*([^]*\S)\s*$/.exec(turn);
      if (!m) continue;
      const key = `${dialogue}\u0000${m[1]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ dialogue, doc: r.doc_file.replace(/^docs\//, ''), text: m[1]! });
    }
  }
  return out;
}

/** The doc2dial agent turns checked against the doc2dial documents. */
export async function doc2dialAgentRecords(dir: string, tmp: string): Promise<SentenceRecord[]> {
  const turns = doc2dialAgentTurns(dir);
  const store = await storeOf(dir, tmp, 'doc2dial/docs', 'natural-doc2dial');
  const res = await checkTexts(tmp, 'natural-doc2dial-turns', turns.map((t) => t.text), store);
  return turns.flatMap((t, i) => res[i]!.map((s) => toRecord(s, { ds: 'natural-doc2dial', group: t.doc, item: `${t.dialogue}#${i}`, gold: false })));
}
