/**
 * Checked sentences of documents: each sentence's verdict with its document range. Unsupported
 * and contradicted sentences become diagnostics, supported ones get a faint mark; hovers and code
 * actions read the same verdicts back instead of recomputing. An edit that touches a sentence
 * drops its stale verdict. Checks are kept in workspace state keyed by document and content hash,
 * so they come back after a reload as long as the text is unchanged.
 */
import * as vscode from 'vscode';
import { hashString } from '../core/hash';
import type { CheckResult, SentenceVerdict } from '../core/types';
import { FINDINGS, findingOf, isProblem, RULE_IDS } from '../core/vocabulary';
import { evidenceLocation } from './evidence';
import type { Severity } from './settings';
import { cleanText, diagnosticMessage, matchWords, relevantEvidence } from './verdictWords';

/** One checked sentence in a document: offsets move with edits before it. */
export interface CheckedSentence {
  start: number;
  end: number;
  text: string;
  verdict: SentenceVerdict;
  result: CheckResult;
  /** Document offsets of the conflicting text (`verdict.conflict`), when there is one. */
  conflictStart?: number;
  conflictEnd?: number;
}

/** What the store remembers per document across reloads. */
interface StoredDoc {
  hash: string;
  savedAt: number;
  results: CheckResult[];
  sentences: Array<Omit<CheckedSentence, 'result'> & { result: number }>;
}

const STATE_KEY = 'verity.checks.v1';
/** Documents remembered at most (oldest dropped first): workspace state is not a database. */
const MAX_STORED_DOCS = 50;
const PERSIST_DELAY_MS = 400;

export const DIAGNOSTIC_SOURCE = 'verity';
export const CODE_UNSUPPORTED = RULE_IDS.unsupported;
export const CODE_CONTRADICTED = RULE_IDS.contradicted;
export const CODE_DISPUTED = RULE_IDS.disputed;
const RELATED_MAX = 3;

export interface CheckStoreOptions {
  severities: () => { unsupported: Severity; contradicted: Severity };
  markSupported: () => boolean;
  state?: vscode.Memento;
  /** The gutter icon of supported sentences. */
  supportedIcon?: vscode.Uri;
}

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
  private readonly supportedMark: vscode.TextEditorDecorationType;
  private readonly persistTimers = new Map<string, NodeJS.Timeout>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  /** Fires when a document's checks changed (the report follows the latest check). */
  readonly onDidChange = this.changed.event;

  constructor(private readonly opts: CheckStoreOptions) {
    this.supportedMark = vscode.window.createTextEditorDecorationType({
      // Subtle on purpose: a tick in the gutter and a mark in the overview ruler, no text styling.
      gutterIconPath: opts.supportedIcon,
      gutterIconSize: '70%',
      overviewRulerColor: new vscode.ThemeColor('testing.iconPassed'),
      overviewRulerLane: vscode.OverviewRulerLane.Left,
    });
    this.subscription = vscode.Disposable.from(
      this.supportedMark,
      this.changed,
      vscode.workspace.onDidChangeTextDocument((e) => this.onEdit(e)),
      // A closed document keeps its stored checks: they come back when it is opened unchanged.
      vscode.workspace.onDidCloseTextDocument((doc) => this.forget(doc.uri)),
      vscode.workspace.onDidOpenTextDocument((doc) => this.restore(doc)),
      vscode.window.onDidChangeVisibleTextEditors(() => this.decorateAll()),
    );
    for (const doc of vscode.workspace.textDocuments) this.restore(doc);
  }

  /** Stores a check of `range` in `doc` (replacing older verdicts that overlap it). */
  set(doc: vscode.TextDocument, range: vscode.Range, result: CheckResult): CheckedSentence[] {
    const base = doc.offsetAt(range.start);
    const key = doc.uri.toString();
    const fresh = result.sentences.map((v): CheckedSentence => {
      const s: CheckedSentence = { start: base + v.start, end: base + v.end, text: v.text, verdict: v, result };
      if (v.conflict && v.conflict.end > v.conflict.start) {
        s.conflictStart = base + v.conflict.start;
        s.conflictEnd = base + v.conflict.end;
      }
      return s;
    });
    const end = doc.offsetAt(range.end);
    const kept = (this.byDoc.get(key) ?? []).filter((s) => s.end <= base || s.start >= end);
    this.byDoc.set(key, [...kept, ...fresh].sort((a, b) => a.start - b.start));
    this.publish(doc);
    this.schedulePersist(doc);
    this.changed.fire(doc.uri);
    return fresh;
  }

  /** Drops a document's checks from memory and the Problems view, keeping what is stored. */
  forget(uri: vscode.Uri): void {
    this.byDoc.delete(uri.toString());
    this.collection.delete(uri);
  }

  /** Brings back the stored checks of a document whose text is unchanged since they were made. */
  restore(doc: vscode.TextDocument): boolean {
    const key = doc.uri.toString();
    if (this.byDoc.has(key) || !this.opts.state) return false;
    const stored = this.stored()[key];
    if (!stored || stored.hash !== hashString(doc.getText())) return false;
    this.byDoc.set(key, stored.sentences.map((s) => ({ ...s, result: stored.results[s.result]! })).filter((s) => s.result));
    this.publish(doc);
    return true;
  }

  private stored(): Record<string, StoredDoc> {
    return this.opts.state?.get<Record<string, StoredDoc>>(STATE_KEY) ?? {};
  }

  private schedulePersist(doc: vscode.TextDocument): void {
    if (!this.opts.state) return;
    const key = doc.uri.toString();
    clearTimeout(this.persistTimers.get(key));
    this.persistTimers.set(key, setTimeout(() => {
      this.persistTimers.delete(key);
      void this.persist(doc);
    }, PERSIST_DELAY_MS));
  }

  /** Writes a document's checks now (keyed by its current text's hash); tests call it to skip the delay. */
  async persist(doc: vscode.TextDocument): Promise<void> {
    if (!this.opts.state) return;
    const key = doc.uri.toString();
    const all = { ...this.stored() };
    const list = this.byDoc.get(key) ?? [];
    if (list.length === 0) delete all[key];
    else {
      const results = [...new Set(list.map((s) => s.result))];
      all[key] = { hash: hashString(doc.getText()), savedAt: Date.now(), results, sentences: list.map((s) => ({ ...s, result: results.indexOf(s.result) })) };
    }
    const keys = Object.keys(all).sort((a, b) => all[b]!.savedAt - all[a]!.savedAt);
    for (const k of keys.slice(MAX_STORED_DOCS)) delete all[k];
    await this.opts.state.update(STATE_KEY, all);
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
    this.schedulePersist(doc);
  }

  /** Forgets the checks of one document (or all), stored ones included. */
  clear(uri?: vscode.Uri): void {
    const all = { ...this.stored() };
    if (uri) {
      this.forget(uri);
      delete all[uri.toString()];
    } else {
      this.byDoc.clear();
      this.collection.clear();
      for (const k of Object.keys(all)) delete all[k];
    }
    void this.opts.state?.update(STATE_KEY, all);
    this.decorateAll();
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
        if (to <= s.start) {
          const moved: CheckedSentence = { ...s, start: s.start + delta, end: s.end + delta };
          if (s.conflictStart !== undefined && s.conflictEnd !== undefined) {
            moved.conflictStart = s.conflictStart + delta;
            moved.conflictEnd = s.conflictEnd + delta;
          }
          return [moved];
        }
        if (from >= s.end) return [s];
        return []; // the edit touched this sentence: its verdict is stale
      });
    }
    this.byDoc.set(key, list);
    this.publish(e.document);
    this.schedulePersist(e.document);
  }

  /**
   * The severity of a finding: a contradiction is shown with its configured severity only when one
   * aligned window clearly decides it; an uncertain one is information. Unsupported sentences are
   * always "uncertain" (nothing states them), so they keep their configured severity.
   */
  severityOf(v: SentenceVerdict): vscode.DiagnosticSeverity {
    const finding = findingOf(v);
    if (finding === 'possibly_contradicted') return SEVERITY[FINDINGS.possibly_contradicted.severity ?? 'information'];
    if (finding === 'disputed') return SEVERITY[FINDINGS.disputed.severity ?? 'warning'];
    const sev = this.opts.severities();
    return SEVERITY[finding === 'contradicted' ? sev.contradicted : sev.unsupported];
  }

  /** Rebuilds the document's diagnostics (and supported marks) from its stored verdicts. */
  private publish(doc: vscode.TextDocument): void {
    const diags: vscode.Diagnostic[] = [];
    for (const s of this.sentences(doc.uri)) {
      const v = s.verdict;
      if (!isProblem(v)) continue;
      const d = new vscode.Diagnostic(this.rangeOf(doc, s), diagnosticMessage(v), this.severityOf(v));
      d.source = DIAGNOSTIC_SOURCE;
      d.code = FINDINGS[findingOf(v)].ruleId ?? CODE_UNSUPPORTED;
      // Only passages worth reading: the deciding one and close alternatives, opened at the quote.
      d.relatedInformation = relevantEvidence(v, RELATED_MAX).flatMap((r) => {
        const loc = evidenceLocation(r);
        if (!loc) return [];
        const where = r.kind === 'pdf' ? `page ${r.page ?? 1}` : r.startLine === r.endLine ? `line ${r.startLine}` : `lines ${r.startLine}-${r.endLine}`;
        const clean = cleanText(r.quote);
        const quote = clean.length > 160 ? `${clean.slice(0, 157)}…` : clean;
        return [new vscode.DiagnosticRelatedInformation(loc, `${where} (${matchWords(r.score)}): “${quote}”`)];
      });
      diags.push(d);
    }
    this.collection.set(doc.uri, diags);
    this.decorate(doc);
  }

  private decorate(doc: vscode.TextDocument): void {
    const on = this.opts.markSupported();
    for (const editor of vscode.window.visibleTextEditors) {
      if (editor.document !== doc) continue;
      const ranges = on ? this.sentences(doc.uri).filter((s) => s.verdict.verdict === 'supported').map((s) => this.rangeOf(doc, s)) : [];
      editor.setDecorations(this.supportedMark, ranges.map((range) => ({ range, hoverMessage: undefined })));
    }
  }

  private decorateAll(): void {
    for (const editor of vscode.window.visibleTextEditors) this.decorate(editor.document);
  }

  dispose(): void {
    for (const t of this.persistTimers.values()) clearTimeout(t);
    this.subscription.dispose();
    this.collection.dispose();
  }
}
