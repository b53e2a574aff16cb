/**
 * Hover over a checked sentence: the deciding quote and a link that opens it at the quoted line
 * (or the PDF page). For a flagged sentence VS Code already shows the diagnostic's message in the
 * same hover, so this part adds only the evidence, never the verdict again. Reads the verdicts the
 * check stored; never re-checks.
 */
import * as vscode from 'vscode';
import type { SentenceVerdict } from '../core/types';
import type { CheckStore } from './checks';
import { openEvidenceLink } from './evidence';
import { isClear } from '../core/vocabulary';
import { cleanText, matchWords, verdictHeadline } from './verdictWords';

/** Escapes markdown syntax in document text (appendText would also turn spaces into &nbsp;). */
function escapeMd(s: string): string {
  return s.replace(/\s+/g, ' ').replace(/[\\`*_{}[\]()#+\-!|<>]/g, '\\$&');
}

const QUOTE_MAX = 280;

/** Markdown for one verdict (also used by tests through the hover provider). */
export function verdictMarkdown(v: SentenceVerdict): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.isTrusted = { enabledCommands: ['verity.openEvidence', 'verity.showReport'] };
  const flagged = v.verdict === 'unsupported' || v.verdict === 'contradicted';
  // Flagged sentences: the diagnostic above already says what is wrong.
  if (!flagged) md.appendMarkdown(`$(pass) **Verity:** ${verdictHeadline(v)}\n\n`);
  const ev = v.evidence;
  if (ev) {
    const voice = v.verdict === 'contradicted' && isClear(v) ? 'The source says' : v.verdict === 'supported' ? 'Supporting passage' : 'Closest passage';
    md.appendMarkdown(`${voice} (${matchWords(ev.score)}):\n\n`);
    const quote = cleanText(ev.quote);
    md.appendMarkdown(`> ${escapeMd(quote.length > QUOTE_MAX ? `${quote.slice(0, QUOTE_MAX - 1)}…` : quote)}\n\n`);
    md.appendMarkdown(`${openEvidenceLink(ev)}${ev.heading ? ` — ${escapeMd(cleanText(ev.heading))}` : ''}`);
  } else if (flagged) {
    md.appendMarkdown('No indexed passage comes close.');
  }
  if (v.judge) md.appendMarkdown(`\n\nSecond opinion (${escapeMd(v.judge.model)}): ${v.judge.label}`);
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
