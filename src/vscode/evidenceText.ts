/**
 * Evidence as text: labels, citation links, and finding a quote in a file. Pure (no 'vscode'
 * import) so unit tests run it in Node; evidence.ts re-exports it.
 */
import type { SourceLocation } from '../core/types';

/** Anything with a place in a document; `passageId` lets the report find the PDF boxes; `quote` is the deciding text. */
export type Located = Pick<SourceLocation, 'path' | 'kind' | 'startLine' | 'endLine' | 'page'> & { passageId?: string; quote?: string };

/** "docs/a.md:L12-L18" or "docs/b.pdf, page 3". */
export function evidenceLabel(ref: Located): string {
  if (ref.kind === 'pdf') return `${ref.path}, page ${ref.page ?? 1}`;
  return ref.startLine === ref.endLine ? `${ref.path}:L${ref.startLine}` : `${ref.path}:L${ref.startLine}-L${ref.endLine}`;
}

/** Escapes the characters that would end or restyle a markdown link text. */
export function escapeLinkText(text: string): string {
  return text.replace(/[\\[\]_*`<>()]/g, '\\$&');
}

/**
 * A citation to append to a sentence, as a real markdown link relative to the citing document:
 * " ([renewal.md, line 7](../docs/renewal.md#L7))" or " ([fees.pdf, page 2](docs/fees.pdf#page=2))".
 */
export function citationText(ref: Located, fromPath: string | undefined): string {
  const target = fromPath ? relativePath(fromPath, ref.path) : ref.path;
  const name = ref.path.split('/').pop() ?? ref.path;
  const where = ref.kind === 'pdf' ? `page ${ref.page ?? 1}` : ref.startLine === ref.endLine ? `line ${ref.startLine}` : `lines ${ref.startLine}-${ref.endLine}`;
  const anchor = ref.kind === 'pdf' ? `#page=${ref.page ?? 1}` : ref.startLine === ref.endLine ? `#L${ref.startLine}` : `#L${ref.startLine}-L${ref.endLine}`;
  const href = target.split('/').map(encodeURIComponent).join('/');
  return ` ([${escapeLinkText(name)}, ${where}](${href}${anchor}))`;
}

/**
 * A citation of a team-index passage whose file is not on this disk: the same label, linked to
 * the passage's read-only view (`href`, a `verity-passage:` URI) rather than to a file that is
 * not there.
 */
export function passageCitationText(ref: Located, href: string): string {
  const name = ref.path.split('/').pop() ?? ref.path;
  const where = ref.kind === 'pdf' ? `page ${ref.page ?? 1}` : ref.startLine === ref.endLine ? `line ${ref.startLine}` : `lines ${ref.startLine}-${ref.endLine}`;
  return ` ([${escapeLinkText(name)}, ${where}](${href.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}))`;
}

/** `to` relative to the folder of `from` (both workspace paths with forward slashes). */
export function relativePath(from: string, to: string): string {
  const a = from.split('/').slice(0, -1);
  const b = to.split('/');
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
}

/**
 * Where a quote sits in a file's text: its 0-based character span, found with whitespace and
 * markup differences ignored (a quote may span lines, or lose `**` around words).
 */
export function findQuote(text: string, quote: string, from = 0): { start: number; end: number } | undefined {
  const words = quote.match(/[\p{L}\p{N}]+/gu);
  if (!words?.length) return undefined;
  // The first dozen words find the place; all of them would break on a table cell or a footnote.
  const head = words.slice(0, 12).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const re = new RegExp(head.join('[^\\p{L}\\p{N}]+'), 'gu');
  re.lastIndex = from;
  const m = re.exec(text) ?? (from > 0 ? ((re.lastIndex = 0), re.exec(text)) : null);
  if (!m) return undefined;
  let end = m.index + m[0].length;
  if (words.length > 12) {
    const tail = words[words.length - 1]!;
    const at = text.indexOf(tail, end);
    if (at >= 0 && at - end < quote.length * 2) end = at + tail.length;
  }
  return { start: m.index, end };
}

/** Narrows a markdown reference to the lines of its quote (1-based), when the quote is found in `fileText`. */
export function narrowToQuote<T extends Located>(ref: T, fileText: string): T {
  if (ref.kind !== 'md' || !ref.quote) return ref;
  const lineStart = nthLineOffset(fileText, ref.startLine - 1);
  const hit = findQuote(fileText, ref.quote, lineStart);
  if (!hit) return ref;
  const startLine = countLines(fileText, hit.start) + 1;
  const endLine = countLines(fileText, hit.end) + 1;
  return { ...ref, startLine, endLine };
}

function countLines(text: string, upTo: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < upTo; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function nthLineOffset(text: string, line: number): number {
  let at = 0;
  for (let i = 0; i < line; i++) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) return at;
    at = nl + 1;
  }
  return at;
}
