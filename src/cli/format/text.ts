/** Plain-text output of `verity check`: one line per finding, like a compiler, then a summary. */
import type { EvidenceRef, SentenceVerdict } from '../../core/types';
import { findingLabel } from '../../core/vocabulary';
import { locationText } from '../location';
import { printable, shownPath } from '../printable';
import { problemOf } from '../suppress';
import { isFinding, oneLine, plural, setAside, totalSummary, type CheckReport, type SentenceState } from './report';

/**
 * `— source: <path:line|path#page=N> "<quote>"`, or "closest passage" when the verdict is
 * uncertain (a supported sentence too: that passage states most of it, not all).
 */
function evidenceText(s: SentenceVerdict, e: EvidenceRef): string {
  const label = s.certainty === 'uncertain' ? 'closest passage' : 'source';
  return ` — ${label}: ${locationText(e, shownPath(e.path))} "${printable(oneLine(e.quote))}"`;
}

function tag(state: SentenceState | undefined): string {
  if (state?.suppressed?.kind === 'inSource') return ` [suppressed${state.suppressed.justification ? `: ${printable(oneLine(state.suppressed.justification, 80))}` : ''}]`;
  if (state?.suppressed?.kind === 'external') return ' [in the baseline]';
  return '';
}

/**
 * `path:line:col: contradicted: "<sentence>" — source: <path:line|path#page=N> "<quote>"` per
 * finding, then the reason indented; with `show: 'all'` supported sentences (with the passage
 * that supports them) and set-aside findings (tagged) as well. Every path and quote is one line.
 */
export function formatText(report: CheckReport): string {
  let out = '';
  const all = report.show === 'all';
  for (const f of report.files) {
    f.result.sentences.forEach((s, i) => {
      const state = f.states?.[i];
      const kind = problemOf(s);
      const problem = kind !== undefined;
      if (!(problem ? isFinding(s, state) || all : all && s.verdict === 'supported')) return;
      // a contradiction in the words every surface uses ("possibly contradicted" when the checker
      // cannot show it clearly); other problems by the words directives and baselines use
      const shown = kind === 'contradicted' ? findingLabel(s) : (kind ?? s.verdict);
      const head = `${shownPath(f.path)}:${s.line}:${s.col}: ${shown}: "${printable(oneLine(s.text))}"`;
      const cite = s.evidence ? evidenceText(s, s.evidence) : problem ? ` — ${printable(s.reason)}` : '';
      out += `${head}${cite}${tag(state)}\n`;
      // a problem says why; so does a sentence supported only in part (--show all: what is not stated)
      if (s.evidence && (problem || s.certainty === 'uncertain')) out += `    ${printable(s.reason)}\n`;
    });
  }
  for (const d of report.deleted ?? []) out += `${shownPath(d)}: deleted, not checked\n`;
  if (report.baseline?.stale.length) {
    const n = report.baseline.stale.reduce((m, e) => m + e.count, 0);
    out += `${shownPath(report.baseline.file)}: ${plural(n, 'entry', 'entries')} no longer found in the files checked (fixed or reworded); --write-baseline ${shownPath(report.baseline.file)} drops ${n === 1 ? 'it' : 'them'}:\n`;
    for (const e of report.baseline.stale) out += `    ${shownPath(e.file)}: ${e.verdict}: "${printable(oneLine(e.text))}"${e.count > 1 ? ` (×${e.count})` : ''}\n`;
  }
  for (const note of report.notes ?? []) out += `${printable(note)}\n`;
  out += summaryLine(report);
  return out;
}

/**
 * `7 sentences in 1 file: 1 supported, 1 unsupported, 2 contradicted, 3 not claims` (+ what was set
 * aside); contradictions the checker cannot show clearly are counted apart when there are any
 * (`1 contradicted, 1 possibly contradicted`).
 */
export function summaryLine(report: CheckReport): string {
  const t = totalSummary(report.files);
  const aside = setAside(report.files);
  const extra = [aside.inline ? `${aside.inline} suppressed inline` : '', aside.baseline ? `${aside.baseline} in the baseline` : ''].filter(Boolean);
  return (
    `${plural(t.sentences, 'sentence')} in ${plural(report.files.length, 'file')}: ${t.supported} supported, ${t.unsupported} unsupported, ` +
    `${t.contradicted - t.possiblyContradicted} contradicted, ${t.possiblyContradicted ? `${t.possiblyContradicted} possibly contradicted, ` : ''}` +
    `${plural(t.notClaim, 'not a claim', 'not claims')}${extra.length ? ` (${extra.join(', ')})` : ''}\n`
  );
}
