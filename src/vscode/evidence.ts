/**
 * Turning evidence (a markdown line range or a PDF page) into things VS Code can show and open:
 * locations, short labels, citation text and the `verity.openEvidence` command link.
 */
import * as vscode from 'vscode';
import type { EvidenceRef, SourceLocation } from '../core/types';
import { toUri } from './workspacePort';
import { isSafeRelativePath } from '../core/index/storeValidation';

/** Anything with a place in a document; `passageId` lets the report find the PDF boxes. */
export type Located = Pick<SourceLocation, 'path' | 'kind' | 'startLine' | 'endLine' | 'page'> & { passageId?: string };

/** "docs/a.md:L12-L18" or "docs/b.pdf, page 3". */
export function evidenceLabel(ref: Located): string {
  if (ref.kind === 'pdf') return `${ref.path}, page ${ref.page ?? 1}`;
  return ref.startLine === ref.endLine ? `${ref.path}:L${ref.startLine}` : `${ref.path}:L${ref.startLine}-L${ref.endLine}`;
}

/**
 * Where the evidence is. Markdown: its line range. PDF: the file at a zero range (the page is in
 * the label; the report view opens the page itself).
 */
export function evidenceLocation(ref: Located): vscode.Location | undefined {
  const uri = toUri(ref.path);
  if (!uri) return undefined;
  if (ref.kind === 'pdf') return new vscode.Location(uri, new vscode.Range(0, 0, 0, 0));
  return new vscode.Location(uri, new vscode.Range(Math.max(0, ref.startLine - 1), 0, Math.max(0, ref.endLine - 1), Number.MAX_SAFE_INTEGER));
}

/** A citation to append to a sentence: " [source: docs/a.md:L12-L18]". */
export function citationText(ref: Located): string {
  return ` [source: ${evidenceLabel(ref)}]`;
}

/** Escapes the characters that would end or restyle a markdown link text. */
export function escapeLinkText(text: string): string {
  return text.replace(/[\\[\]_*`<>()]/g, '\\$&');
}

/** A markdown link running `verity.openEvidence` for this evidence; `text` must be markdown-safe. */
export function openEvidenceLink(ref: Located, text = escapeLinkText(evidenceLabel(ref))): string {
  const args = encodeURIComponent(JSON.stringify([{ passageId: ref.passageId, path: ref.path, kind: ref.kind, startLine: ref.startLine, endLine: ref.endLine, page: ref.page }]));
  return `[${text}](command:verity.openEvidence?${args})`;
}

/** The full EvidenceRef shape the report view takes, from any located thing. */
export function asEvidenceRef(ref: Located | EvidenceRef): EvidenceRef {
  return { heading: '', quote: '', score: 0, ...ref, passageId: ref.passageId ?? '' };
}

/** Opens markdown at its lines (selected), a PDF in the report view when available, else as a file. */
export async function openEvidence(ref: Located | EvidenceRef, openPdfPage?: (ref: EvidenceRef) => boolean): Promise<void> {
  // The arguments may come from a link in rendered text: never open a path that leaves the workspace.
  if (!isSafeRelativePath(ref.path)) {
    void vscode.window.showWarningMessage('Verity: refused to open a path outside the workspace.');
    return;
  }
  const loc = evidenceLocation(ref);
  if (!loc) {
    void vscode.window.showWarningMessage(`Verity: ${ref.path} is not in this workspace any more.`);
    return;
  }
  if (ref.kind === 'pdf') {
    if (openPdfPage?.(asEvidenceRef(ref))) return;
    await vscode.commands.executeCommand('vscode.open', loc.uri);
    return;
  }
  const doc = await vscode.workspace.openTextDocument(loc.uri);
  const last = Math.min(loc.range.end.line, doc.lineCount - 1);
  await vscode.window.showTextDocument(doc, { selection: new vscode.Range(loc.range.start, doc.lineAt(last).range.end), preview: true });
}
