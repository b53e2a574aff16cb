/**
 * Text a reader never sees must not become evidence: an instruction hidden in an HTML comment or
 * split by zero-width characters is invisible in every viewer, yet the checker would match it
 * and a model would read it. Everything here removes characters only, never line breaks, so line
 * numbers of what remains stay exact.
 */

/**
 * Characters that render as nothing: zero-width spaces and joiners, word joiner, soft hyphen,
 * BOM, Mongolian vowel separator, bidi embeddings/overrides/isolates (they can reorder what a
 * reader sees), Unicode tag characters (ASCII "smuggled" as invisible tags) and the supplementary
 * variation selectors (another carrier for invisible payloads).
 */
const INVISIBLE = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]|\udb40[\udc00-\udc7f]|\udb40[\udd00-\uddef]/g;

/** Removes characters that render as nothing (see {@link INVISIBLE}). */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** Elements styled or flagged to be invisible, up to a bounded length (no nesting is assumed). */
const HIDDEN_ELEMENT = /<([a-z][a-z0-9]*)\b[^<>]{0,500}?(?:\shidden\b|display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d]*[1-9]))[^<>]{0,500}>[\s\S]{0,2000}?<\/\1\s*>/gi;

/**
 * Removes from markdown what a rendered view never shows: HTML comments (an unclosed one runs
 * to the end, as in CommonMark) and HTML elements marked hidden. Text inside fenced code blocks
 * is left alone: there a comment is the content. Line breaks are kept, so line numbers hold.
 * A hidden part that `keep` accepts stays as written: a comment that gives a model instructions
 * is no evidence either, but dropping it would hide the signal that marks its passage (the
 * checker never lets a passage that reads as instructions vouch for a claim).
 *
 * @param body markdown with LF line ends
 */
export function stripHiddenMarkdown(body: string, keep: (hidden: string) => boolean = () => false): string {
  if (!body.includes('<')) return body;
  const lines = body.split('\n');
  const out: string[] = [];
  let fence: string | undefined;
  let inComment = false;
  let run: string[] = []; // lines outside fences, cleaned together so comments can span lines
  const flush = (): void => {
    if (run.length === 0) return;
    out.push(...removeHidden(run.join('\n'), keep).split('\n'));
    run = [];
  };
  for (const line of lines) {
    if (!inComment) {
      const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
      if (fence === undefined && m) {
        flush();
        fence = m[1]!;
        out.push(line);
        continue;
      }
      if (fence !== undefined) {
        if (new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`).test(line)) fence = undefined;
        out.push(line);
        continue;
      }
    }
    run.push(line);
    // A fence inside a comment is no fence: track whether this line leaves a comment open.
    inComment = endsInComment(line, inComment);
  }
  flush();
  return out.join('\n');
}

/** Whether a comment is open after `line`, given whether one was open before it. */
function endsInComment(line: string, open: boolean): boolean {
  let i = 0;
  for (;;) {
    if (open) {
      const close = line.indexOf('-->', i);
      if (close === -1) return true;
      open = false;
      i = close + 3;
    } else {
      const start = line.indexOf('<!--', i);
      if (start === -1) return false;
      open = true;
      i = start + 4;
    }
  }
}

/** Blanks comments (an unclosed one runs to the end, as in CommonMark) and hidden elements. */
function removeHidden(text: string, keep: (hidden: string) => boolean): string {
  let out = '';
  let i = 0;
  for (;;) {
    const start = text.indexOf('<!--', i);
    if (start === -1) break;
    const close = text.indexOf('-->', start + 4);
    const end = close === -1 ? text.length : close + 3;
    const hidden = text.slice(start, end);
    out += text.slice(i, start) + (keep(hidden) ? hidden : hidden.replace(/[^\n]/g, ''));
    i = end;
  }
  out += text.slice(i);
  return out.replace(HIDDEN_ELEMENT, (c) => (keep(c) ? c : c.replace(/[^\n]/g, '')));
}
