/**
 * Bounds on what marked has to parse. marked's block lexer recurses once per container level
 * (blockquote, list item) and re-lexes each container's inner text, so nesting depth costs stack
 * and depth × size costs heap: 2,000 nested `>` overflow the stack, a deeply indented list runs
 * for minutes, and a few MB of growing blockquotes exhaust the heap. Limiting the width of each
 * line's container prefix bounds the depth by construction (every nesting level needs at least
 * one column of prefix), whatever the mix of quotes, list markers, spaces and tabs.
 *
 * Only the lexer's input is changed, line for line: passage text is still sliced from the
 * original lines, so nothing a reader sees is altered.
 */

/** Widest container prefix (columns of indentation, `>` and list markers) the lexer sees. */
export const MAX_PREFIX_COLUMNS = 40;

const TAB_WIDTH = 4;

/**
 * Returns `body` with every line's container prefix cut to {@link MAX_PREFIX_COLUMNS} columns.
 * Line count is preserved; lines within the limit are returned unchanged.
 */
export function boundNesting(body: string): string {
  const lines = body.split('\n');
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const end = prefixEnd(line, MAX_PREFIX_COLUMNS);
    if (end === undefined) continue;
    // Keep the prefix up to the limit, drop the excess markers/indentation, keep the content.
    lines[i] = line.slice(0, end.cut) + ' ' + line.slice(end.contentStart);
    changed = true;
  }
  return changed ? lines.join('\n') : body;
}

/**
 * Scans a line's container prefix. Returns undefined when it fits in `limit` columns; otherwise
 * `cut` (index where the limit is reached, at a token boundary) and `contentStart` (first
 * character after the whole prefix).
 */
function prefixEnd(line: string, limit: number): { cut: number; contentStart: number } | undefined {
  let col = 0;
  let i = 0;
  let cut = -1;
  for (;;) {
    const c = line[i];
    let width = 0;
    let len = 1;
    if (c === ' ') width = 1;
    else if (c === '\t') width = TAB_WIDTH - (col % TAB_WIDTH);
    else if (c === '>') width = 1;
    else {
      const m = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/.exec(line.slice(i, i + 11));
      if (m === null) break;
      width = len = m[0].length;
    }
    if (cut === -1 && col + width > limit) cut = i;
    col += width;
    i += len;
  }
  return cut === -1 ? undefined : { cut, contentStart: i };
}
