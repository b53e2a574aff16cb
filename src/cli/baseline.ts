/**
 * A baseline of accepted findings, the way ESLint's bulk suppressions work: `verity check …
 * --write-baseline verity-baseline.json` records today's unsupported and contradicted sentences,
 * `--baseline verity-baseline.json` then reports only the others. A finding is keyed by its file
 * (relative to the baseline's folder, so any working folder gives the same key), its verdict and
 * its sentence text with spacing normalised — never by line, so an edit above it keeps it
 * baselined and reflowing a paragraph does too. Entries of the files checked in a run that no
 * longer match a finding are stale: listed, and dropped by the next --write-baseline.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { VerityError } from '../core/errors';
import type { ProblemVerdict } from './suppress';

export const BASELINE_VERSION = 1;

export interface BaselineEntry {
  verdict: ProblemVerdict;
  text: string;
  /** How many sentences of the file say exactly this (a repeated sentence is two findings). */
  count: number;
}

/** File key → its accepted findings. */
export type Baseline = Map<string, BaselineEntry[]>;

/** One finding of this run as the baseline sees it. */
export interface Finding {
  /** Baseline key of the file (see {@link baselineKey}). */
  file: string;
  verdict: ProblemVerdict;
  text: string;
}

export interface BaselineMatch {
  /** Per finding (same order as given): true when the baseline holds it. */
  known: boolean[];
  /** Accepted findings of the checked files that this run did not find again. */
  stale: Array<{ file: string; verdict: ProblemVerdict; text: string; count: number }>;
}

/** Sentence text as the baseline keys it: spacing normalised, nothing else changed. */
export const baselineText = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** The key of a checked file: its path relative to the baseline file's folder, with `/`. */
export function baselineKey(baselineFile: string, fileAbs: string): string {
  const rel = path.relative(path.dirname(baselineFile), fileAbs);
  return (path.isAbsolute(rel) ? fileAbs : rel).split(path.sep).join('/');
}

/** Reads a baseline; undefined when the file does not exist; a coded error when it is not one. */
export async function readBaseline(file: string, shownName: string): Promise<Baseline | undefined> {
  let raw: string;
  try {
    raw = await fs.readFile(file, 'utf8');
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return undefined;
    throw new VerityError('BAD_INPUT', `cannot read the baseline ${shownName}: ${(e as { code?: string }).code ?? 'unreadable'}`);
  }
  const bad = (why: string) => new VerityError('BAD_INPUT', `${shownName} is not a verity baseline (${why}); write one with --write-baseline ${shownName}`);
  let doc: unknown;
  try {
    doc = JSON.parse(raw);
  } catch {
    throw bad('not JSON');
  }
  const d = doc as { version?: unknown; files?: unknown };
  if (typeof doc !== 'object' || doc === null || d.version !== BASELINE_VERSION) throw bad(`no "version": ${BASELINE_VERSION}`);
  if (typeof d.files !== 'object' || d.files === null || Array.isArray(d.files)) throw bad('no "files" object');
  const out: Baseline = new Map();
  // Object.entries reads own keys only: a "__proto__" key is just a file name here
  for (const [file, list] of Object.entries(d.files as Record<string, unknown>)) {
    if (!Array.isArray(list)) throw bad(`the entry of ${file} is not a list`);
    const entries: BaselineEntry[] = [];
    for (const e of list as Array<Record<string, unknown>>) {
      const ok = typeof e === 'object' && e !== null && (e.verdict === 'unsupported' || e.verdict === 'contradicted' || e.verdict === 'disputed') && typeof e.text === 'string';
      if (!ok) throw bad(`an entry of ${file} needs "verdict" (unsupported, contradicted or disputed) and "text"`);
      const count = Number.isInteger(e.count) && (e.count as number) > 0 ? (e.count as number) : 1;
      entries.push({ verdict: e.verdict as ProblemVerdict, text: baselineText(e.text as string), count });
    }
    out.set(file, entries);
  }
  return out;
}

/** Which findings the baseline holds, and which of its entries for `checkedFiles` are stale. */
export function matchBaseline(baseline: Baseline, findings: readonly Finding[], checkedFiles: readonly string[]): BaselineMatch {
  const left = new Map<string, number>();
  const key = (file: string, verdict: string, text: string) => JSON.stringify([file, verdict, text]);
  for (const file of checkedFiles) for (const e of baseline.get(file) ?? []) left.set(key(file, e.verdict, e.text), (left.get(key(file, e.verdict, e.text)) ?? 0) + e.count);
  const known = findings.map((f) => {
    const k = key(f.file, f.verdict, baselineText(f.text));
    const n = left.get(k) ?? 0;
    if (n > 0) left.set(k, n - 1);
    return n > 0;
  });
  const stale: BaselineMatch['stale'] = [];
  for (const [k, count] of left) {
    if (count <= 0) continue;
    const [file, verdict, text] = JSON.parse(k) as [string, ProblemVerdict, string];
    stale.push({ file, verdict, text, count });
  }
  return { known, stale };
}

/**
 * The baseline after a run: the entries of `replacedFiles` (checked or deleted in this run) are
 * replaced by this run's findings; every other file keeps its entries.
 */
export function updateBaseline(previous: Baseline | undefined, findings: readonly Finding[], replacedFiles: readonly string[]): Baseline {
  const next: Baseline = new Map(previous ?? []);
  for (const f of replacedFiles) next.delete(f);
  for (const f of findings) {
    const list = next.get(f.file) ?? [];
    const text = baselineText(f.text);
    const same = list.find((e) => e.verdict === f.verdict && e.text === text);
    if (same) same.count++;
    else list.push({ verdict: f.verdict, text, count: 1 });
    next.set(f.file, list);
  }
  return next;
}

/** The baseline as stable JSON: files sorted, entries in a fixed order, so diffs stay small. */
export function formatBaseline(baseline: Baseline): string {
  const files: Record<string, BaselineEntry[]> = {};
  for (const file of [...baseline.keys()].sort()) {
    const list = [...baseline.get(file)!].sort((a, b) => (a.verdict === b.verdict ? (a.text < b.text ? -1 : a.text > b.text ? 1 : 0) : a.verdict < b.verdict ? -1 : 1));
    if (list.length) Object.defineProperty(files, file, { value: list.map((e) => ({ verdict: e.verdict, text: e.text, count: e.count })), enumerable: true });
  }
  const doc = {
    version: BASELINE_VERSION,
    description: 'Findings of "verity check" accepted as reviewed. "verity check --baseline <this file>" reports only findings not listed here; "--write-baseline <this file>" updates the entries of the files it checks.',
    files,
  };
  return JSON.stringify(doc, null, 2) + '\n';
}

/** Total findings a baseline holds. */
export const baselineSize = (b: Baseline): number => [...b.values()].reduce((n, list) => n + list.reduce((m, e) => m + e.count, 0), 0);
