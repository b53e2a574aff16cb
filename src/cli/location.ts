import type { EvidenceRef, Passage } from '../core/types';

/** `path:line` for markdown, `path#page=N` for PDF: what a terminal or editor can open. */
export function locationText(p: Pick<Passage, 'kind' | 'startLine' | 'page'> | Pick<EvidenceRef, 'kind' | 'startLine' | 'page'>, shownPath: string): string {
  return p.kind === 'pdf' && p.page !== undefined ? `${shownPath}#page=${p.page}` : `${shownPath}:${p.startLine}`;
}
