/**
 * Hover over a checked sentence: its verdict, the deciding quote, where it is (a link that opens
 * it) and the score. Reads the verdicts the check stored; never re-checks.
 */
import * as vscode from 'vscode';
import type { SentenceVerdict } from '../core/types';
import type { CheckStore } from './checks';
import { openEvidenceLink } from './evidence';

const TITLES: Record<SentenceVerdict['verdict'], string> = {
  supported: '$(pass) Supported by the sources',
  unsupported: '$(warning) Not supported by the indexed documents',
  contradicted: '$(error) Contradicted by the sources',
  not_claim: '$(info) Not a factual claim',
};

/** Escapes markdown syntax in document text (appendText would also turn spaces into &nbsp;). */
function escapeMd(s: string): string {
  return s.replace(/\s+/g, ' ').replace(/[\\`*_{}[\]()#+\-!|<>]/g, '\\$&');
}

/** Markdown for one verdict (also used by tests through the hover provider). */
export function verdictMarkdown(v: SentenceVerdict): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.isTrusted = { enabledCommands: ['verity.openEvidence', 'verity.showReport'] };
  md.appendMarkdown(`**Verity:** ${TITLES[v.verdict]} — score ${v.score.toFixed(2)}\n\n`);
  if (v.reason) md.appendMarkdown(`${escapeMd(v.reason)}\n\n`);
  const ev = v.evidence;
  if (ev) {
    md.appendMarkdown(v.verdict === 'contradicted' ? 'The source says:\n\n' : v.verdict === 'supported' ? 'Supporting passage:\n\n' : 'Closest passage:\n\n');
    md.appendMarkdown(`> ${escapeMd(ev.quote)}\n\n`);
    md.appendMarkdown(`${openEvidenceLink(ev)}${ev.heading ? ` — ${ev.heading.replace(/[[\]*_`]/g, '')}` : ''} (score ${ev.score.toFixed(2)})`);
  }
  if (v.judge) md.appendMarkdown(`\n\nJudge (${v.judge.model}): ${v.judge.label}`);
  return md;
}

export class VerdictHoverProvider implements vscode.HoverProvider {
  constructor(private readonly store: CheckStore) {}

  provideHover(doc: vscode.TextDocument, pos: vscode.Position): vscode.Hover | undefined {
    const s = this.store.at(doc, pos);
    if (!s || s.verdict.verdict === 'not_claim') return undefined;
    return new vscode.Hover(verdictMarkdown(s.verdict), this.store.rangeOf(doc, s));
  }
}
