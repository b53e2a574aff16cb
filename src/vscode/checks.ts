/**
 * "Check This Paragraph": runs the offline checker on a selection (or the paragraph under the
 * cursor) and keeps each sentence's verdict with its document range. Unsupported and contradicted
 * sentences become diagnostics; hovers and code actions read the same verdicts back instead of
 * recomputing. An edit that touches a sentence drops its stale verdict.
 */
import * as vscode from 'vscode';
import type { CheckResult, SentenceVerdict } from '../core/types';
import { evidenceLabel, evidenceLocation } from './evidence';
import type { Severity } from './settings';

/** One checked sentence in a document: offsets move with edits before it. */
export interface CheckedSentence {
  start: number;
  end: number;
  text: string;
  verdict: SentenceVerdict;
  result: CheckResult;
}

export const DIAGNOSTIC_SOURCE = 'verity';
export const CODE_UNSUPPORTED = 'claim.unsupported';
export const CODE_CONTRADICTED = 'claim.contradicted';
const RELATED_MAX = 3;

const SEVERITY: Record<Severity, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

/** The selection, or else the paragraph (lines between blank lines) around the cursor. */
export function paragraphRange(doc: vscode.TextDocument, selection: vscode.Selection | vscode.Range): vscode.Range {
  if (!selection.isEmpty) return new vscode.Range(selection.start, selection.end);
  const blank = (line: number) => doc.lineAt(line).isEmptyOrWhitespace;
  let first = selection.start.line;
  let last = selection.start.line;
  if (blank(first)) return new vscode.Range(first, 0, first, 0);
  while (first > 0 && !blank(first - 1)) first--;
  while (last < doc.lineCount - 1 && !blank(last + 1)) last++;
  return new vscode.Range(first, 0, last, doc.lineAt(last).text.length);
}

export class CheckStore implements vscode.Disposable {
  private readonly byDoc = new Map<string, CheckedSentence[]>();
  private readonly collection = vscode.languages.createDiagnosticCollection(DIAGNOSTIC_SOURCE);
  private readonly subscription: vscode.Disposable;

  constructor(private readonly severities: () => { unsupported: Severity; contradicted: Severity }) {
    this.subscription = vscode.Disposable.from(
      vscode.workspace.onDidChangeTextDocument((e) => this.onEdit(e)),
      vscode.workspace.onDidCloseTextDocument((doc) => this.clear(doc.uri)),
    );
  }

  /** Stores a check of `range` in `doc` (replacing older verdicts that overlap it). */
  set(doc: vscode.TextDocument, range: vscode.Range, result: CheckResult): CheckedSentence[] {
    const base = doc.offsetAt(range.start);
    const key = doc.uri.toString();
    const fresh = result.sentences.map((v) => ({ start: base + v.start, end: base + v.end, text: v.text, verdict: v, result }));
    const end = doc.offsetAt(range.end);
    const kept = (this.byDoc.get(key) ?? []).filter((s) => s.end <= base || s.start >= end);
    this.byDoc.set(key, [...kept, ...fresh].sort((a, b) => a.start - b.start));
    this.publish(doc);
    return fresh;
  }

  sentences(uri: vscode.Uri): CheckedSentence[] {
    return this.byDoc.get(uri.toString()) ?? [];
  }

  /** The checked sentence at a position, if any. */
  at(doc: vscode.TextDocument, pos: vscode.Position): CheckedSentence | undefined {
    const off = doc.offsetAt(pos);
    return this.sentences(doc.uri).find((s) => s.start <= off && off <= s.end);
  }

  /** Checked sentences that intersect a range. */
  within(doc: vscode.TextDocument, range: vscode.Range): CheckedSentence[] {
    const a = doc.offsetAt(range.start);
    const b = doc.offsetAt(range.end);
    return this.sentences(doc.uri).filter((s) => s.start <= b && a <= s.end);
  }

  rangeOf(doc: vscode.TextDocument, s: CheckedSentence): vscode.Range {
    return new vscode.Range(doc.positionAt(s.start), doc.positionAt(s.end));
  }

  /** Forgets one sentence's verdict (the "dismiss" quick fix). */
  dismiss(doc: vscode.TextDocument, start: number): void {
    const key = doc.uri.toString();
    this.byDoc.set(key, this.sentences(doc.uri).filter((s) => s.start !== start));
    this.publish(doc);
  }

  clear(uri?: vscode.Uri): void {
    if (uri) {
      this.byDoc.delete(uri.toString());
      this.collection.delete(uri);
    } else {
      this.byDoc.clear();
      this.collection.clear();
    }
  }

  private onEdit(e: vscode.TextDocumentChangeEvent): void {
    const key = e.document.uri.toString();
    let list = this.byDoc.get(key);
    if (!list || e.contentChanges.length === 0) return;
    for (const c of e.contentChanges) {
      const from = c.rangeOffset;
      const to = c.rangeOffset + c.rangeLength;
      const delta = c.text.length - c.rangeLength;
      list = list.flatMap((s) => {
        if (to <= s.start) return [{ ...s, start: s.start + delta, end: s.end + delta }];
        if (from >= s.end) return [s];
        return []; // the edit touched this sentence: its verdict is stale
      });
    }
    this.byDoc.set(key, list);
    this.publish(e.document);
  }

  /** Rebuilds the document's diagnostics from its stored verdicts. */
  private publish(doc: vscode.TextDocument): void {
    const sev = this.severities();
    const diags: vscode.Diagnostic[] = [];
    for (const s of this.sentences(doc.uri)) {
      const v = s.verdict;
      if (v.verdict !== 'unsupported' && v.verdict !== 'contradicted') continue;
      const contradicted = v.verdict === 'contradicted';
      const where = v.evidence ? ` (${evidenceLabel(v.evidence)})` : '';
      const message = contradicted
        ? `Contradicted by the sources: ${v.reason}${where}`
        : `Not supported by the indexed documents: ${v.reason}`;
      const d = new vscode.Diagnostic(this.rangeOf(doc, s), message, SEVERITY[contradicted ? sev.contradicted : sev.unsupported]);
      d.source = DIAGNOSTIC_SOURCE;
      d.code = contradicted ? CODE_CONTRADICTED : CODE_UNSUPPORTED;
      const refs = [...(v.evidence ? [v.evidence] : []), ...v.alternatives.filter((a) => a.passageId !== v.evidence?.passageId)];
      d.relatedInformation = refs.slice(0, RELATED_MAX).flatMap((r) => {
        const loc = evidenceLocation(r);
        if (!loc) return [];
        const where2 = r.kind === 'pdf' ? `page ${r.page ?? 1}` : r.startLine === r.endLine ? `line ${r.startLine}` : `lines ${r.startLine}-${r.endLine}`;
        const quote = r.quote.length > 160 ? `${r.quote.slice(0, 157)}…` : r.quote;
        return [new vscode.DiagnosticRelatedInformation(loc, `${where2} (score ${r.score.toFixed(2)}): “${quote}”`)];
      });
      diags.push(d);
    }
    this.collection.set(doc.uri, diags);
  }

  dispose(): void {
    this.subscription.dispose();
    this.collection.dispose();
  }
}
