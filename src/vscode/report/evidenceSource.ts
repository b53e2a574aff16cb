/**
 * Resolves evidence the webview asks to open. The request is untrusted: the passage id is looked
 * up in the index and the indexed passage's own path and page are used; only when the passage is
 * gone (stale report) does the request's path count, and then only a plain relative path.
 */
import * as vscode from 'vscode';
import type { Verity } from '../../core/api';
import type { EvidenceRef } from '../../core/types';
import type { PdfPageView } from '../../protocol/messages';
import { toUri } from '../workspacePort';
import { isPlainRelativePath } from './safePath';

export interface ResolvedEvidence {
  ref: EvidenceRef;
  uri: vscode.Uri;
  /** PDF: the passage's boxes and page size, when the index knows them. */
  boxes: PdfPageView['boxes'];
  pageWidth?: number;
  pageHeight?: number;
}

/** The evidence with trusted location fields, or a message saying why it cannot be opened. */
export function resolveEvidence(verity: Verity, requested: EvidenceRef): ResolvedEvidence | string {
  const passage = verity.getPassage(requested.passageId);
  let ref: EvidenceRef = requested;
  if (passage) {
    ref = { ...requested, path: passage.path, kind: passage.kind, startLine: passage.startLine, endLine: passage.endLine };
    if (passage.page !== undefined) ref.page = passage.page;
  } else if (!isPlainRelativePath(requested.path)) {
    return `Refused to open "${requested.path.slice(0, 80)}": not a workspace path.`;
  }
  const uri = toUri(ref.path);
  if (!uri) return `${ref.path} is not in this workspace any more.`;
  const out: ResolvedEvidence = { ref, uri, boxes: passage?.boxes ?? [] };
  if (passage?.pageWidth !== undefined) out.pageWidth = passage.pageWidth;
  if (passage?.pageHeight !== undefined) out.pageHeight = passage.pageHeight;
  return out;
}

/**
 * The PDF page view for the webview. The bytes go over postMessage (typed arrays are transferred,
 * not JSON-encoded) rather than through a webview URI, so no workspace folder has to become a
 * localResourceRoot of the webview.
 */
export async function loadPdfView(requestId: number, ev: ResolvedEvidence, maxBytes: number): Promise<PdfPageView | string> {
  const stat = await vscode.workspace.fs.stat(ev.uri);
  if (maxBytes > 0 && stat.size > maxBytes) return `${ev.ref.path} is larger than the PDF size limit (${Math.round(maxBytes / 1e6)} MB).`;
  // The extension host hands back a Node Buffer, which postMessage would JSON-encode through
  // Buffer.toJSON ({ type: 'Buffer', data: [...] }); a plain Uint8Array is sent as binary.
  const bytes = new Uint8Array(await vscode.workspace.fs.readFile(ev.uri));
  const view: PdfPageView = { requestId, path: ev.ref.path, bytes, page: Math.max(1, ev.ref.page ?? 1), passageId: ev.ref.passageId, boxes: ev.boxes };
  if (ev.pageWidth !== undefined) view.pageWidth = ev.pageWidth;
  if (ev.pageHeight !== undefined) view.pageHeight = ev.pageHeight;
  return view;
}
