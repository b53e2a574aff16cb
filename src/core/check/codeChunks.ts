/**
 * Code read as chunks (code.ts): letters and digits in lower case, each with the word of code
 * (a run without white space) it is part of; a placeholder (`<namespace>`) is one chunk, '*'.
 */

/** One chunk of code: letters and digits in lower case, or a placeholder ('*'). */
export interface Chunk {
  key: string;
  start: number;
  end: number;
  /** The word of code (a run without white space) the chunk is part of, numbered in order. */
  word: number;
}

/** A placeholder's key. */
export const WILD = '*';
/** A placeholder: `<name>`, `<your_namespace>`, also in emphasis (`_<name>_`). */
const PLACEHOLDER = /<[\p{L}\p{N}_.\- ]{1,60}>/gu;
const CHUNK = /[\p{L}\p{N}]+/gu;
/** Tags that look like placeholders but are markup ("<script>", "<div>"). */
const HTML_ELEMENTS: ReadonlySet<string> = new Set([
  'a', 'abbr', 'article', 'aside', 'audio', 'b', 'base', 'blockquote', 'body', 'br', 'button', 'canvas', 'caption', 'cite', 'code', 'col',
  'details', 'dialog', 'div', 'dl', 'dd', 'dt', 'em', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hr', 'html',
  'i', 'iframe', 'img', 'input', 'kbd', 'label', 'li', 'link', 'main', 'meta', 'nav', 'noscript', 'ol', 'option', 'p', 'path', 'picture',
  'pre', 'script', 'section', 'select', 'slot', 'small', 'source', 'span', 'strong', 'style', 'sub', 'summary', 'sup', 'svg', 'table',
  'tbody', 'td', 'template', 'textarea', 'th', 'thead', 'title', 'tr', 'u', 'ul', 'video',
]);

/** The chunks of `text` (see the file comment of code.ts), offsets into `text`. */
export function codeChunks(text: string): Chunk[] {
  const out: Chunk[] = [];
  const holes: Array<[number, number]> = [];
  for (const m of text.matchAll(PLACEHOLDER)) if (!HTML_ELEMENTS.has(m[0].slice(1, -1).trim().toLowerCase())) holes.push([m.index, m.index + m[0].length]);
  let h = 0;
  let word = 0;
  let last = 0;
  const push = (key: string, start: number, end: number): void => {
    if (out.length > 0 && /\s/.test(text.slice(last, start))) word++;
    out.push({ key, start, end, word });
    last = end;
  };
  for (const m of text.matchAll(CHUNK)) {
    while (h < holes.length && holes[h]![1] <= m.index) h++;
    const hole = holes[h];
    if (hole && m.index >= hole[0] && m.index < hole[1]) {
      if (out[out.length - 1]?.start !== hole[0]) push(WILD, hole[0], hole[1]);
      continue;
    }
    push(m[0].toLowerCase(), m.index, m.index + m[0].length);
  }
  return out;
}
