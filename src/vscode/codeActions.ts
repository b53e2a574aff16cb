/**
 * Quick fixes on checked sentences: open the evidence, insert a citation to the supporting
 * passage (supported sentences without one), revise the sentence from the evidence (needs a
 * model; applied as a workspace edit that asks for confirmation, so VS Code shows a preview),
 * and dismiss the verdict.
 */
import * as vscode from 'vscode';
import type { CheckedSentence, CheckStore } from './checks';
import { CODE_CONTRADICTED, CODE_UNSUPPORTED } from './checks';
import { citationText, evidenceLabel } from './evidence';

/** Where a citation goes: before the sentence's closing punctuation, if it has one. */
export function citationOffset(s: CheckedSentence): number {
  const m = /[.!?]["'”’)\]]*\s*$/.exec(s.text);
  const trailing = s.text.length - s.text.trimEnd().length;
  return m ? s.start + m.index : s.end - trailing;
}

export class VerdictCodeActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly store: CheckStore) {}

  provideCodeActions(doc: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const out: vscode.CodeAction[] = [];
    for (const s of this.store.within(doc, range)) {
      const v = s.verdict;
      if (v.verdict === 'not_claim') continue;
      const diagnostics = context.diagnostics.filter(
        (d) => d.source === 'verity' && (d.code === CODE_UNSUPPORTED || d.code === CODE_CONTRADICTED) && d.range.isEqual(this.store.rangeOf(doc, s)),
      );
      const ev = v.evidence;
      if (ev) {
        const open = new vscode.CodeAction(`Verity: Open evidence (${evidenceLabel(ev)})`, vscode.CodeActionKind.QuickFix);
        open.command = { command: 'verity.openEvidence', title: 'Open evidence', arguments: [ev] };
        open.diagnostics = diagnostics;
        out.push(open);
      }
      if (ev && v.verdict === 'supported' && v.citations.length === 0 && !/\[source: /.test(s.text)) {
        const cite = new vscode.CodeAction(`Verity: Insert citation to ${evidenceLabel(ev)}`, vscode.CodeActionKind.QuickFix);
        cite.edit = new vscode.WorkspaceEdit();
        cite.edit.insert(doc.uri, doc.positionAt(citationOffset(s)), citationText(ev));
        cite.isPreferred = true;
        out.push(cite);
      }
      if (ev && (v.verdict === 'unsupported' || v.verdict === 'contradicted')) {
        const revise = new vscode.CodeAction('Verity: Revise this sentence from the evidence (uses a model)', vscode.CodeActionKind.QuickFix);
        revise.command = { command: 'verity.reviseSentence', title: 'Revise', arguments: [doc.uri, s.start] };
        revise.diagnostics = diagnostics;
        out.push(revise);
      }
      const report = new vscode.CodeAction('Verity: Show the check in the report', vscode.CodeActionKind.QuickFix);
      report.command = { command: 'verity.showReport', title: 'Show report', arguments: [{ kind: 'check', result: s.result, docUri: doc.uri.toString() }] };
      out.push(report);
      const dismiss = new vscode.CodeAction('Verity: Dismiss this verdict', vscode.CodeActionKind.QuickFix);
      dismiss.command = { command: 'verity.dismissVerdict', title: 'Dismiss', arguments: [doc.uri, s.start] };
      dismiss.diagnostics = diagnostics;
      out.push(dismiss);
    }
    return out;
  }
}
