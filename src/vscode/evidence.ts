/**
 * Turning evidence (a markdown line range or a PDF page) into things VS Code can show and open:
 * locations, short labels, citation text and the `verity.openEvidence` command link.
 */
import * as vscode from 'vscode';
import type { EvidenceRef } from '../core/types';
import { escapeLinkText, evidenceLabel, findQuote, type Located } from './evidenceText';
import { toUri } from './workspacePort';
import { isSafeRelativePath } from '../core/index/storeValidation';
import { passageViewUri, showPassageView } from './passageView';
export { citationText, escapeLinkText, evidenceLabel, findQuote, narrowToQuote, passageCitationText, relativePath, type Located } from './evidenceText';

/** Link arguments carry at most this much of the quote (enough to find it again). */
const LINK_QUOTE_MAX = 240;

/**
 * Where the evidence is. Markdown: its line range. PDF: the file at a zero range (the page is in
 * the label; the report view opens the page itself). A passage of a team index whose file is not
 * on this disk: its read-only view (passageView.ts).
 */
export function evidenceLocation(ref: Located): vscode.Location | undefined {
  const view = passageViewUri(ref);
  if (view) return new vscode.Location(view, new vscode.Range(0, 0, 0, 0));
  const uri = toUri(ref.path);
  if (!uri) return undefined;
  if (ref.kind === 'pdf') return new vscode.Location(uri, new vscode.Range(0, 0, 0, 0));
  return new vscode.Location(uri, new vscode.Range(Math.max(0, ref.startLine - 1), 0, Math.max(0, ref.endLine - 1), Number.MAX_SAFE_INTEGER));
}

/** A markdown link running `verity.openEvidence` for this evidence; `text` must be markdown-safe. */
export function openEvidenceLink(ref: Located, text = escapeLinkText(evidenceLabel(ref))): string {
  const quote = ref.quote ? ref.quote.slice(0, LINK_QUOTE_MAX) : undefined;
  const args = encodeURIComponent(JSON.stringify([{ passageId: ref.passageId, path: ref.path, kind: ref.kind, startLine: ref.startLine, endLine: ref.endLine, page: ref.page, quote }]));
  return `[${text}](command:verity.openEvidence?${args})`;
}

/** The full EvidenceRef shape the report view takes, from any located thing. */
export function asEvidenceRef(ref: Located | EvidenceRef): EvidenceRef {
  return { heading: '', quote: '', score: 0, ...ref, passageId: ref.passageId ?? '' };
}

/**
 * Opens evidence where it is readable: markdown with the quote selected (else its lines), a PDF
 * in the PDF view at its page with the quote highlighted. Never the raw bytes of a PDF.
 */
export async function openEvidence(ref: Located | EvidenceRef, openPdf: (ref: EvidenceRef) => Promise<unknown>): Promise<void> {
  // The arguments may come from a link in rendered text: never open a path that leaves the workspace.
  if (!isSafeRelativePath(ref.path)) {
    void vscode.window.showWarningMessage('Verity: refused to open a path outside the workspace.');
    return;
  }
  const view = passageViewUri(ref);
  if (view) {
    await showPassageView(view);
    return;
  }
  const loc = evidenceLocation(ref);
  if (!loc) {
    void vscode.window.showWarningMessage(`Verity: ${ref.path} is not in this workspace any more.`);
    return;
  }
  if (ref.kind === 'pdf') {
    await openPdf(asEvidenceRef(ref));
    return;
  }
  const doc = await vscode.workspace.openTextDocument(loc.uri);
  const last = Math.min(loc.range.end.line, doc.lineCount - 1);
  const hit = ref.quote ? findQuote(doc.getText(), ref.quote, doc.offsetAt(loc.range.start)) : undefined;
  const selection = hit ? new vscode.Range(doc.positionAt(hit.start), doc.positionAt(hit.end)) : new vscode.Range(loc.range.start, doc.lineAt(last).range.end);
  const editor = await vscode.window.showTextDocument(doc, { selection, preview: true });
  editor.revealRange(selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
