/**
 * SARIF 2.1.0 output of `verity check`, so code-scanning tools can show unsupported and
 * contradicted sentences as findings with the evidence as related locations.
 */
import { pathToFileURL } from 'node:url';
import type { EvidenceRef } from '../../core/types';
import { oneLine, PROBLEM_RANK, type CheckReport } from './report';

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

const RULES = [
  {
    id: 'claim.unsupported',
    name: 'UnsupportedClaim',
    shortDescription: { text: 'A sentence that no indexed document supports.' },
    fullDescription: { text: 'The offline grounding checker found no passage that says what this sentence says.' },
    defaultConfiguration: { level: 'warning' },
  },
  {
    id: 'claim.contradicted',
    name: 'ContradictedClaim',
    shortDescription: { text: 'A sentence that the matching document contradicts.' },
    fullDescription: { text: 'The best-matching passage states a different number, date or name, or the opposite polarity.' },
    defaultConfiguration: { level: 'error' },
  },
];

/** Evidence locations are relative to the indexed folder, which the run names under this id. */
const DOCS_BASE = 'DOCS';

const uri = (p: string): string => encodeURI(p.replace(/\\/g, '/'));

function related(ref: EvidenceRef, id: number): Record<string, unknown> {
  const where = ref.kind === 'pdf' && ref.page !== undefined ? ` (page ${ref.page})` : '';
  const physicalLocation: Record<string, unknown> = { artifactLocation: { uri: uri(ref.path), uriBaseId: DOCS_BASE } };
  if (ref.kind === 'md') physicalLocation.region = { startLine: ref.startLine, endLine: ref.endLine };
  return { id, physicalLocation, message: { text: `source${where}: "${oneLine(ref.quote, 300)}"` } };
}

/** The report as a SARIF 2.1.0 log (JSON text ending with a newline). */
export function formatSarif(report: CheckReport, toolVersion: string): string {
  const results: unknown[] = [];
  for (const f of report.files) {
    for (const s of f.result.sentences) {
      if (!PROBLEM_RANK[s.verdict]) continue;
      const contradicted = s.verdict === 'contradicted';
      const refs = [s.evidence, ...s.alternatives].filter((r): r is EvidenceRef => r !== undefined);
      results.push({
        ruleId: contradicted ? 'claim.contradicted' : 'claim.unsupported',
        ruleIndex: contradicted ? 1 : 0,
        // an error only for a clear conflict in one aligned window; an uncertain one is a warning
        level: contradicted && s.certainty !== 'uncertain' ? 'error' : 'warning',
        message: { text: `${s.verdict}: "${oneLine(s.text, 300)}" — ${s.reason}` },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: uri(f.path) },
              region: { startLine: s.line, startColumn: s.col, endLine: s.endLine, endColumn: s.endCol + 1, snippet: { text: s.text } },
            },
          },
        ],
        relatedLocations: refs.map((r, i) => related(r, i + 1)),
        properties: { score: Math.round(s.score * 1000) / 1000, citations: s.citations },
      });
    }
  }
  const log = {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'verity', version: toolVersion, rules: RULES } },
        ...(report.root ? { originalUriBaseIds: { [DOCS_BASE]: { uri: pathToFileURL(report.root).href + '/' } } } : {}),
        results,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
