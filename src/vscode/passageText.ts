/**
 * The read-only view of a passage of a team index (a server store) whose file is not on this
 * disk: its `verity-passage:` address and its text. Pure (no 'vscode' import) so plain Node
 * tests run it; passageView.ts serves it to the editor.
 *
 * The address carries the passage id and where the passage is (path, lines or page), so the view
 * still says where it was when the passage is gone from the store (the file was re-indexed since).
 */
import type { Passage, PassageKind } from '../core/types';

export const PASSAGE_SCHEME = 'verity-passage';

/** What a passage view shows: one passage, by id, and where it is. */
export interface PassageViewRef {
  passageId: string;
  path: string;
  kind: PassageKind;
  startLine: number;
  endLine: number;
  page?: number;
}

/** The path and query of a passage view's URI (the path ends in the file's name: the tab's title). */
export function passageViewAddress(ref: PassageViewRef): { path: string; query: string } {
  const q = new URLSearchParams({ id: ref.passageId, kind: ref.kind, lines: `${ref.startLine}-${ref.endLine}` });
  if (ref.page !== undefined) q.set('page', String(ref.page));
  return { path: `/${ref.path.replace(/^\/+/, '')}`, query: q.toString() };
}

/** The passage a view's URI names, or undefined when the address is not one this module made. */
export function parsePassageViewAddress(path: string, query: string): PassageViewRef | undefined {
  const q = new URLSearchParams(query);
  const id = q.get('id');
  const kind = q.get('kind');
  const lines = /^(\d+)-(\d+)$/.exec(q.get('lines') ?? '');
  const file = path.replace(/^\/+/, '');
  if (!id || !file || (kind !== 'md' && kind !== 'pdf') || !lines) return undefined;
  const ref: PassageViewRef = { passageId: id, path: file, kind, startLine: Number(lines[1]), endLine: Number(lines[2]) };
  const page = q.get('page');
  if (page !== null && /^\d+$/.test(page)) ref.page = Number(page);
  return ref;
}

/** A read-only view of every passage of one file of the team index (the Sources list's "Open"). */
export interface FileViewRef {
  path: string;
  kind: PassageKind;
}

/** The path and query of a file view's URI (`file=1` tells it from a passage view). */
export function fileViewAddress(ref: FileViewRef): { path: string; query: string } {
  return { path: `/${ref.path.replace(/^\/+/, '')}`, query: new URLSearchParams({ file: '1', kind: ref.kind }).toString() };
}

/** The file a view's URI names, or undefined when it is not a file view. */
export function parseFileViewAddress(path: string, query: string): FileViewRef | undefined {
  const q = new URLSearchParams(query);
  const kind = q.get('kind');
  const file = path.replace(/^\/+/, '');
  if (q.get('file') !== '1' || !file || (kind !== 'md' && kind !== 'pdf')) return undefined;
  return { path: file, kind };
}

/**
 * The text of a file view: the file's passages as the store holds them, in document order, each
 * under its place and headings. `problem` says why the store could not be asked.
 */
export function renderFileView(ref: FileViewRef, passages: readonly Passage[] | undefined, store: string, problem?: string): string {
  const head = [`${clean(ref.path)} — ${passages?.length ?? 0} passage${passages?.length === 1 ? '' : 's'} in the team index`, '', `The passages of this file in the team index ${store}, shown read-only: this file is not on this disk.`];
  if (problem) return [...head, '', `The file's passages could not be fetched from the team index: ${clean(problem)}`, ''].join('\n');
  if (!passages || passages.length === 0) return [...head, '', 'The team index holds no passage of this file any more (it was removed or skipped when CI last indexed).', ''].join('\n');
  const out = [...head];
  for (const p of passages) {
    const headings = p.headings.filter((h) => h.trim() !== '');
    out.push('', '─'.repeat(60), `${whereIn(p)}${headings.length ? ` · ${clean(headings.join(' › '))}` : ''}`, '', clean(p.text).trimEnd());
  }
  return [...out, ''].join('\n');
}

/** "lines 12–18", "line 4" or "page 3". */
export function whereIn(ref: Pick<PassageViewRef, 'kind' | 'startLine' | 'endLine' | 'page'>): string {
  if (ref.kind === 'pdf') return `page ${ref.page ?? 1}`;
  return ref.startLine === ref.endLine ? `line ${ref.startLine}` : `lines ${ref.startLine}–${ref.endLine}`;
}

/** Control characters other than line breaks and tabs are shown as spaces: the text is data. */
const clean = (s: string): string => s.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');

/**
 * The text of a passage view. `passage` is what the store holds under the id (undefined: gone);
 * `store` names the store for a person (never its password); `problem` says why the store could
 * not be asked.
 */
export function renderPassageView(ref: PassageViewRef, passage: Passage | undefined, store: string, problem?: string): string {
  const p = passage ?? undefined;
  const where = whereIn(p ?? ref);
  const head = [`${clean(p?.path ?? ref.path)} — ${where}`];
  const headings = p?.headings.filter((h) => h.trim() !== '') ?? [];
  if (headings.length) head.push(clean(headings.join(' › ')));
  else if (p?.title) head.push(clean(p.title));
  const note = `A passage of the team index ${store}, shown read-only: this file is not on this disk.`;
  let body: string;
  if (problem) body = `The passage could not be fetched from the team index: ${clean(problem)}`;
  else if (!p) body = 'This passage is no longer in the team index (its file was indexed again since this check). Check the text again to see the current passages.';
  else body = clean(p.text).trimEnd();
  const ocr = p?.ocr ? [`Recognised from the page image (OCR, mean confidence ${Math.round(p.ocr.confidence)}).`] : [];
  return [...head, '', note, ...ocr, '', '─'.repeat(60), '', body, ''].join('\n');
}
