/**
 * Stable JSON output of `verity check` (field order fixed, version 1). `files[].path` is the checked
 * file as given on the command line; every evidence `path` is relative to `root`, the indexed folder.
 * Every sentence is listed with its verdict and the passage that decides it (a supported sentence
 * with its citation), whatever --show says: JSON is for tools, which filter themselves.
 */
import type { EvidenceRef } from '../../core/types';
import { locationText } from '../location';
import { findingOf } from '../../core/vocabulary';
import { possiblyContradicted, setAside, totalSummary, type CheckReport } from './report';

const round = (x: number): number => Math.round(x * 1000) / 1000;

function evidenceJson(ref: EvidenceRef): Record<string, unknown> {
  return {
    location: locationText(ref, ref.path), path: ref.path, kind: ref.kind, startLine: ref.startLine, endLine: ref.endLine,
    page: ref.page ?? null, heading: ref.heading, quote: ref.quote, score: round(ref.score), passageId: ref.passageId,
  };
}

/** The report as JSON text (ends with a newline). */
export function formatJson(report: CheckReport): string {
  const doc = {
    version: 1,
    root: report.root ?? null,
    summary: { ...totalSummary(report.files), suppressed: setAside(report.files).inline, baselined: setAside(report.files).baseline },
    files: report.files.map((f) => ({
      path: f.path,
      summary: { ...f.result.summary, possiblyContradicted: possiblyContradicted(f.result.sentences) },
      sentences: f.result.sentences.map((s, i) => ({
        index: s.index, line: s.line, col: s.col, endLine: s.endLine, endCol: s.endCol, start: s.start, end: s.end,
        text: s.text, verdict: s.verdict,
        // what every surface shows it as: the verdict, a contradiction split by certainty
        // ("possibly_contradicted"), "disputed" for a supported sentence another passage contradicts
        finding: findingOf(s), score: round(s.score),
        // how sure the checker is: a calibrated probability, and whether one window decides
        confidence: s.confidence === undefined ? null : round(s.confidence), certainty: s.certainty ?? null,
        conflict: s.conflict ?? null, reason: s.reason, citations: s.citations,
        evidence: s.evidence ? evidenceJson(s.evidence) : null,
        alternatives: s.alternatives.map((a) => evidenceJson(a)),
        // a supported sentence that another passage contradicts: that passage and the conflict
        disagreement: s.disagreement ? { evidence: evidenceJson(s.disagreement.evidence), conflict: s.disagreement.conflict } : null,
        // not counted in this run: {kind: "inSource" (a verity-disable comment) | "external" (the baseline), justification}
        suppressed: f.states?.[i]?.suppressed ?? null,
        baselineState: f.states?.[i]?.baselineState ?? null,
        // the checker's feature record (null for a non-claim): lets an evaluation replay and refit
        // verdicts on exactly what the product computed
        features: s.features ?? null,
      })),
    })),
    deleted: report.deleted ?? [],
    baseline: report.baseline ? { file: report.baseline.file, stale: report.baseline.stale } : null,
    notes: report.notes ?? [],
  };
  return JSON.stringify(doc, null, 2) + '\n';
}
