/**
 * Quick fixes on checked sentences: replace a contradicted value with the source's (deterministic,
 * from the verdict's conflict), open the evidence, insert a citation link to the supporting
 * passage, revise the sentence from the evidence (only when a model is available; applied as a
 * workspace edit that asks for confirmation, so VS Code shows a preview), and dismiss the verdict.
 */
import * as vscode from 'vscode';
import type { CheckedSentence, CheckStore } from './checks';
import { CODE_CONTRADICTED, CODE_DISPUTED, CODE_UNSUPPORTED } from './checks';
import { citationText, evidenceLabel, passageCitationText } from './evidence';
import { passageViewUri } from './passageView';
import { isClear } from '../core/vocabulary';
import { toWorkspacePath } from './workspacePort';

/** Where a citation goes: before the sentence's closing punctuation, if it has one. */
export function citationOffset(s: CheckedSentence): number {
  const m = /[.!?]["'”’)\]]*\s*$/.exec(s.text);
  const trailing = s.text.length - s.text.trimEnd().length;
  return m ? s.start + m.index : s.end - trailing;
}

/** A sentence already cites something: a markdown link, a [n] citation or an old-style [source: …]. */
function hasCitation(s: CheckedSentence): boolean {
  return s.verdict.citations.length > 0 || /\]\([^)]+\)|\[source: /.test(s.text);
}

export class VerdictCodeActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(
    private readonly store: CheckStore,
    /** Whether a model can be used right now ("Revise" is offered only then). */
    private readonly hasModel: () => Promise<boolean>,
  ) {}

  async provideCodeActions(doc: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): Promise<vscode.CodeAction[]> {
    const out: vscode.CodeAction[] = [];
    const sentences = this.store.within(doc, range).filter((s) => s.verdict.verdict !== 'not_claim');
    const modelReady = sentences.some((s) => s.verdict.evidence && s.verdict.verdict !== 'supported') ? await this.hasModel() : false;
    for (const s of sentences) {
      const v = s.verdict;
      const diagnostics = context.diagnostics.filter(
        (d) => d.source === 'verity' && (d.code === CODE_UNSUPPORTED || d.code === CODE_CONTRADICTED || d.code === CODE_DISPUTED) && d.range.isEqual(this.store.rangeOf(doc, s)),
      );
      const replace = this.replaceFix(doc, s);
      if (replace) {
        replace.diagnostics = diagnostics;
        out.push(replace);
      }
      const ev = v.evidence;
      if (ev) {
        const open = new vscode.CodeAction(`Verity: Open evidence (${evidenceLabel(ev)})`, vscode.CodeActionKind.QuickFix);
        open.command = { command: 'verity.openEvidence', title: 'Open evidence', arguments: [ev] };
        open.diagnostics = diagnostics;
        out.push(open);
      }
      const against = v.disagreement?.evidence;
      if (against) {
        const other = new vscode.CodeAction(`Verity: Open the source that disagrees (${evidenceLabel(against)})`, vscode.CodeActionKind.QuickFix);
        other.command = { command: 'verity.openEvidence', title: 'Open evidence', arguments: [against] };
        other.diagnostics = diagnostics;
        out.push(other);
      }
      if (ev && v.verdict === 'supported' && !against && !hasCitation(s)) {
        const cite = new vscode.CodeAction(`Verity: Insert citation to ${evidenceLabel(ev)}`, vscode.CodeActionKind.QuickFix);
        cite.edit = new vscode.WorkspaceEdit();
        // a passage of the team index whose file is not on this disk is cited by its read-only view
        const view = passageViewUri(ev);
        cite.edit.insert(doc.uri, doc.positionAt(citationOffset(s)), view ? passageCitationText(ev, view.toString()) : citationText(ev, toWorkspacePath(doc.uri)));
        cite.isPreferred = true;
        out.push(cite);
      }
      if (ev && modelReady && (v.verdict === 'unsupported' || v.verdict === 'contradicted')) {
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

  /**
   * "Replace 'two hours' with 'one hour'": offered for a clear contradiction whose conflict names
   * both sides, and only while the document still has the claim's text at the recorded place.
   */
  private replaceFix(doc: vscode.TextDocument, s: CheckedSentence): vscode.CodeAction | undefined {
    const c = s.verdict.conflict;
    if (s.verdict.verdict !== 'contradicted' || !c?.sourceText || !isClear(s.verdict)) return undefined;
    // a swap puts two words back in their places, not one in the other's: no one-word fix
    if (c.rule === 'swaps') return undefined;
    if (s.conflictStart === undefined || s.conflictEnd === undefined) return undefined;
    const range = new vscode.Range(doc.positionAt(s.conflictStart), doc.positionAt(s.conflictEnd));
    if (doc.getText(range) !== c.claimText) return undefined;
    const fix = new vscode.CodeAction(`Verity: Replace '${c.claimText}' with '${c.sourceText}'`, vscode.CodeActionKind.QuickFix);
    fix.edit = new vscode.WorkspaceEdit();
    fix.edit.replace(doc.uri, range, c.sourceText);
    fix.isPreferred = true;
    return fix;
  }
}
