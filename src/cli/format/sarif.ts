/**
 * SARIF 2.1.0 output of `verity check`, in the shape GitHub code scanning and other viewers take
 * as is (validated in the tests by Microsoft's SARIF Multitool with the GitHub rules): rules with
 * help text and markdown, the tool's home, fingerprints from file + sentence text (so a finding
 * keeps its identity when lines move), the repository and commit when run inside git, and the
 * evidence as related locations.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EvidenceRef, SentenceVerdict } from '../../core/types';
import { FINDINGS, findingOf, type SeverityName } from '../../core/vocabulary';
import { FINDINGS_HELP_URI, HOMEPAGE } from '../about';
import { baselineText } from '../baseline';
import { problemOf } from '../suppress';
import { oneLine, type CheckReport, type CheckedFile, type SentenceState } from './report';

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** SARIF's result level for a finding's severity (the editor's Information is a SARIF note). */
const SARIF_LEVEL: Readonly<Record<SeverityName, 'error' | 'warning' | 'note'>> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

const HOW_TO_SILENCE = [
  'If the sentence is right and the documents just do not say it, add the source to the indexed folder,',
  'or accept it: put `<!-- verity-disable-next-line -->` on the line before it, or record it in a baseline',
  '(`verity check … --write-baseline verity-baseline.json`, then `--baseline verity-baseline.json`).',
].join(' ');

const RULES = [
  {
    id: 'claim.unsupported',
    name: 'UnsupportedClaim',
    shortDescription: { text: 'A sentence that no indexed document supports.' },
    fullDescription: { text: 'The offline grounding checker found no passage in the indexed documents that says what this sentence says.' },
    defaultConfiguration: { level: 'warning' },
    help: {
      text: `No passage of the indexed documents states this sentence. Check it against the sources and fix or remove it; the related locations are the closest passages. ${HOW_TO_SILENCE.replace(/`/g, '')}`,
      markdown: `**No passage of the indexed documents states this sentence.** Check it against the sources and fix or remove it; the related locations are the closest passages.\n\n${HOW_TO_SILENCE}`,
    },
    helpUri: FINDINGS_HELP_URI,
    properties: { tags: ['grounding', 'documentation'], precision: 'medium' },
  },
  {
    id: 'claim.contradicted',
    name: 'ContradictedClaim',
    shortDescription: { text: 'A sentence that the matching document contradicts.' },
    fullDescription: { text: 'The best-matching passage states a different number, date or name, or the opposite polarity.' },
    defaultConfiguration: { level: 'error' },
    help: {
      text: `The passage that matches this sentence says something else (another number, date or name, or the opposite). The message names both sides; correct the sentence to what the source says, or fix the source. ${HOW_TO_SILENCE.replace(/`/g, '')}`,
      markdown: `**The passage that matches this sentence says something else** (another number, date or name, or the opposite). The message names both sides; correct the sentence to what the source says, or fix the source.\n\n${HOW_TO_SILENCE}`,
    },
    helpUri: FINDINGS_HELP_URI,
    properties: { tags: ['grounding', 'documentation'], precision: 'high' },
  },
  {
    id: 'claim.disputed',
    name: 'DisputedClaim',
    shortDescription: { text: 'A sentence one indexed document supports and another contradicts.' },
    fullDescription: { text: 'One passage states this sentence and another passage states a different number, date or value, or the opposite.' },
    defaultConfiguration: { level: 'warning' },
    help: {
      text: `The documents disagree about this sentence: one passage states it, another says something else. The message names both; decide which source is right and fix the other, or the sentence. ${HOW_TO_SILENCE.replace(/`/g, '')}`,
      markdown: `**The documents disagree about this sentence:** one passage states it, another says something else. The message names both; decide which source is right and fix the other, or the sentence.\n\n${HOW_TO_SILENCE}`,
    },
    helpUri: FINDINGS_HELP_URI,
    properties: { tags: ['grounding', 'documentation'], precision: 'medium' },
  },
];

/** Checked files are relative to the repository (inside git) under this id; evidence too when inside it. */
const SRCROOT = 'SRCROOT';
/** Evidence outside the repository is relative to the indexed folder, under this id. */
const DOCS_BASE = 'DOCS';

const uri = (p: string): string => encodeURI(p.replace(/\\/g, '/')).replace(/[?#]/g, encodeURIComponent);
const posix = (p: string): string => p.split(path.sep).join('/');
const inside = (parent: string, child: string): string | undefined => {
  const rel = path.relative(parent, child);
  return rel === '' || rel.startsWith('..') || path.isAbsolute(rel) ? undefined : posix(rel);
};

/** Where a checked file is, for a viewer: relative to the repository when inside one. */
function fileLocation(f: CheckedFile, report: CheckReport): { uri: string; uriBaseId?: string } {
  const top = report.provenance?.top;
  const rel = top && f.abs ? inside(top, f.abs) : undefined;
  return rel ? { uri: uri(rel), uriBaseId: SRCROOT } : { uri: uri(f.path) };
}

function related(ref: EvidenceRef, id: number, report: CheckReport): Record<string, unknown> {
  const where = ref.kind === 'pdf' && ref.page !== undefined ? ` (page ${ref.page})` : '';
  const top = report.provenance?.top;
  const inRepo = top && report.root ? inside(top, path.join(report.root, ref.path)) : undefined;
  const artifactLocation = inRepo ? { uri: uri(inRepo), uriBaseId: SRCROOT } : { uri: uri(ref.path), uriBaseId: DOCS_BASE };
  const physicalLocation: Record<string, unknown> = { artifactLocation };
  if (ref.kind === 'md') physicalLocation.region = { startLine: Math.max(1, ref.startLine), endLine: Math.max(1, ref.endLine) };
  return { id, physicalLocation, message: { text: `source${where}: "${oneLine(ref.quote, 300)}"` } };
}

/** A stable identity for a finding: its file, rule and sentence text (and which repeat of it). */
function fingerprint(fileKey: string, ruleId: string, text: string, occurrence: number): string {
  return createHash('sha256').update(`${fileKey}\0${ruleId}\0${baselineText(text)}\0${occurrence}`).digest('hex').slice(0, 32);
}

function result(f: CheckedFile, s: SentenceVerdict, state: SentenceState | undefined, report: CheckReport, occurrence: Map<string, number>): Record<string, unknown> {
  const problem = problemOf(s);
  const pass = problem === undefined;
  const contradicted = problem === 'contradicted';
  const finding = pass ? undefined : findingOf(s);
  const ruleIndex = problem === 'disputed' ? 2 : contradicted ? 1 : 0;
  const ruleId = RULES[ruleIndex]!.id;
  const location = fileLocation(f, report);
  const seenKey = `${location.uri}\0${ruleId}\0${baselineText(s.text)}`;
  const n = occurrence.get(seenKey) ?? 0;
  occurrence.set(seenKey, n + 1);
  const refs = [s.evidence, s.disagreement?.evidence, ...(pass ? [] : s.alternatives.filter((a) => a.passageId !== s.disagreement?.evidence.passageId))].filter((r): r is EvidenceRef => r !== undefined);
  return {
    ruleId,
    ruleIndex,
    // a supported sentence is a pass of the grounding rule; an error only for a clear conflict,
    // a note for one the checker cannot show clearly (the editor's Information)
    ...(pass ? { kind: 'pass', level: 'none' } : { level: SARIF_LEVEL[FINDINGS[finding!].severity ?? 'warning'] }),
    message: { text: `${finding ? (contradicted ? FINDINGS[finding].label : problem) : s.verdict}: "${oneLine(s.text, 300)}" — ${s.reason}` },
    locations: [
      {
        physicalLocation: {
          artifactLocation: location,
          region: { startLine: s.line, startColumn: s.col, endLine: s.endLine, endColumn: s.endCol + 1, snippet: { text: s.text } },
        },
      },
    ],
    relatedLocations: refs.map((r, i) => related(r, i + 1, report)),
    partialFingerprints: { 'verityFinding/v1': fingerprint(location.uri, ruleId, s.text, n) },
    ...(state?.baselineState && !pass ? { baselineState: state.baselineState } : {}),
    ...(state?.suppressed && !pass
      ? { suppressions: [{ kind: state.suppressed.kind, status: 'accepted', ...(state.suppressed.justification ? { justification: state.suppressed.justification } : {}) }] }
      : {}),
    properties: { score: Math.round(s.score * 1000) / 1000, citations: s.citations, ...(s.certainty ? { certainty: s.certainty } : {}) },
  };
}

/** Notes about the run (deleted inputs, stale baseline entries, malformed directives). */
function notifications(report: CheckReport): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (const d of report.deleted ?? []) out.push({ level: 'note', message: { text: `${d}: deleted, not checked` } });
  for (const e of report.baseline?.stale ?? []) {
    out.push({ level: 'note', message: { text: `stale baseline entry in ${report.baseline!.file}: ${e.file}: ${e.verdict}: "${oneLine(e.text, 200)}" is no longer found` } });
  }
  for (const n of report.notes ?? []) out.push({ level: 'warning', message: { text: n } });
  return out;
}

/**
 * The report as a SARIF 2.1.0 log (JSON text ending with a newline). Findings always; with
 * `show: 'all'`, supported sentences as `kind: "pass"` results and inline-suppressed findings
 * (marked with `suppressions`); baselined findings carry `baselineState: "unchanged"` and an
 * external suppression.
 */
export function formatSarif(report: CheckReport, toolVersion: string): string {
  const results: unknown[] = [];
  const all = report.show === 'all';
  const occurrence = new Map<string, number>();
  for (const f of report.files) {
    f.result.sentences.forEach((s, i) => {
      const state = f.states?.[i];
      const problem = problemOf(s) !== undefined;
      const shown = problem ? all || state?.suppressed?.kind !== 'inSource' : all && s.verdict === 'supported';
      if (shown) results.push(result(f, s, state, report, occurrence));
    });
  }
  const prov = report.provenance;
  const baseIds: Record<string, unknown> = {};
  if (prov) baseIds[SRCROOT] = { uri: pathToFileURL(prov.top).href + '/', description: { text: 'The root of the git repository' } };
  if (report.root) baseIds[DOCS_BASE] = { uri: pathToFileURL(report.root).href + '/', description: { text: 'The indexed folder' } };
  const run: Record<string, unknown> = {
    tool: { driver: { name: 'verity', version: toolVersion, semanticVersion: /^\d+\.\d+\.\d+/.test(toolVersion) ? toolVersion : undefined, informationUri: HOMEPAGE, rules: RULES } },
    invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications(report) }],
    ...(prov
      ? {
          versionControlProvenance: [
            { repositoryUri: prov.repositoryUri, ...(prov.revisionId ? { revisionId: prov.revisionId } : {}), ...(prov.branch ? { branch: prov.branch } : {}), mappedTo: { uriBaseId: SRCROOT } },
          ],
        }
      : {}),
    ...(Object.keys(baseIds).length ? { originalUriBaseIds: baseIds } : {}),
    columnKind: 'utf16CodeUnits',
    results,
  };
  return JSON.stringify({ $schema: SCHEMA, version: '2.1.0', runs: [run] }, null, 2) + '\n';
}
