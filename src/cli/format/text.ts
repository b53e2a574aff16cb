/** Plain-text output of `verity check`: one line per problem, like a compiler, then a summary. */
import { locationText } from '../location';
import { oneLine, PROBLEM_RANK, totalSummary, type CheckReport } from './report';

/**
 * `path:line:col: contradicted: "<sentence>" — source: <path:line|path#page=N> "<quote>"` per problem
 * ("— closest passage: …" when the finding is uncertain).
 */
export function formatText(report: CheckReport): string {
  let out = '';
  for (const f of report.files) {
    for (const s of f.result.sentences) {
      if (!PROBLEM_RANK[s.verdict]) continue;
      const head = `${f.path}:${s.line}:${s.col}: ${s.verdict}: "${oneLine(s.text)}"`;
      if (s.evidence) {
        const where = locationText(s.evidence, s.evidence.path);
        // only a clear finding speaks for the source; an uncertain one shows the closest passage
        const label = s.certainty === 'uncertain' ? 'closest passage' : 'source';
        out += `${head} — ${label}: ${where} "${oneLine(s.evidence.quote)}"\n    ${s.reason}\n`;
      } else out += `${head} — ${s.reason}\n`;
    }
  }
  const t = totalSummary(report.files);
  const files = report.files.length === 1 ? '1 file' : `${report.files.length} files`;
  out +=
    `${t.sentences} sentences in ${files}: ${t.supported} supported, ${t.unsupported} unsupported, ` +
    `${t.contradicted} contradicted, ${t.notClaim} not claims\n`;
  return out;
}
