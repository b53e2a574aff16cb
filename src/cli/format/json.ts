/** Stable JSON output of `verity check` (field order fixed, version 1). */
import type { EvidenceRef } from '../../core/types';
import { locationText } from '../location';
import { totalSummary, type CheckReport } from './report';

const round = (x: number): number => Math.round(x * 1000) / 1000;

function evidenceJson(ref: EvidenceRef, report: CheckReport): Record<string, unknown> {
  const path = report.showPath(ref);
  return {
    location: locationText(ref, path), path, kind: ref.kind, startLine: ref.startLine, endLine: ref.endLine,
    page: ref.page ?? null, heading: ref.heading, quote: ref.quote, score: round(ref.score), passageId: ref.passageId,
  };
}

/** The report as JSON text (ends with a newline). */
export function formatJson(report: CheckReport): string {
  const doc = {
    version: 1,
    summary: totalSummary(report.files),
    files: report.files.map((f) => ({
      path: f.path,
      summary: f.result.summary,
      sentences: f.result.sentences.map((s) => ({
        index: s.index, line: s.line, col: s.col, endLine: s.endLine, endCol: s.endCol, start: s.start, end: s.end,
        text: s.text, verdict: s.verdict, score: round(s.score), reason: s.reason, citations: s.citations,
        evidence: s.evidence ? evidenceJson(s.evidence, report) : null,
        alternatives: s.alternatives.map((a) => evidenceJson(a, report)),
        // the checker's feature record (null for a non-claim): lets an evaluation replay and refit
        // verdicts on exactly what the product computed
        features: s.features ?? null,
      })),
    })),
  };
  return JSON.stringify(doc, null, 2) + '\n';
}
