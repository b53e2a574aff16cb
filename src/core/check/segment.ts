/**
 * Sentence segmentation for checking: splits markdown or plain prose into sentences, headings,
 * bullet items, table rows and code blocks, each with its exact range in the input. Front matter
 * is skipped; code blocks come back as one `code` segment so callers can skip them visibly.
 */

export type SegmentKind = 'sentence' | 'heading' | 'bullet' | 'table_row' | 'code';

export interface Segment {
  /** The segment as written (trimmed), markdown included. */
  text: string;
  /** 0-based offsets into the input, end exclusive. */
  start: number;
  end: number;
  /** 1-based line/column of the first and the last character. */
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  kind: SegmentKind;
}

/** Words that end with a dot without ending the sentence (lower-case, without the final dot). */
const ABBREVIATIONS = new Set([
  'e.g', 'i.e', 'vs', 'dr', 'mr', 'mrs', 'ms', 'prof', 'inc', 'ltd', 'co', 'corp', 'jr', 'sr', 'st',
  'fig', 'figs', 'approx', 'dept', 'est', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct',
  'nov', 'dec', 'u.s', 'u.k', 'a.m', 'p.m', 'ph.d', 'cf', 'al', 'ca', 'vol', 'pp', 'ed', 'eds', 'gov', 'rev', 'gen',
  'mt', 'ft', 'sec', 'min', 'max', 'ref', 'resp', 'viz', 'u.s.a', 'd.c', 'n.y',
]);

/** Abbreviations of "number": only a number after them continues the sentence. */
const NUMBER_SIGNS: ReadonlySet<string> = new Set(['no', 'nos']);

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+|$)/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const BULLET = /^([ \t]*)([-*+]|\d{1,9}[.)])[ \t]+(\[[ xX]\][ \t]+)?/;
const TABLE_SEPARATOR = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$/;
const CITATION_AFTER = /^[ \t]*(\[\d+(?:\s*[,;–-]\s*\d+)*\])+/;
const CLOSERS = ')]"\'”’*_`';

interface Block {
  start: number;
  end: number;
  kind: 'paragraph' | 'bullet' | 'table_row';
}

/**
 * Splits `text` into sentences and other checkable segments with exact ranges.
 * Line/column are 1-based (columns in UTF-16 code units); offsets are 0-based.
 */
export function segmentSentences(text: string): Segment[] {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const lineEnd = (ln: number): number => {
    const next = lineStarts[ln + 1];
    if (next === undefined) return text.length;
    return text[next - 2] === '\r' ? next - 2 : next - 1;
  };
  const out: Segment[] = [];
  const push = (start: number, end: number, kind: SegmentKind): void => {
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    if (end <= start) return;
    const [line, col] = position(lineStarts, start);
    const [endLine, endCol] = position(lineStarts, end - 1);
    out.push({ text: text.slice(start, end), start, end, line, col, endLine, endCol, kind });
  };

  let ln = 0;
  // front matter: only when the very first line is '---'
  if (/^---[ \t]*$/.test(text.slice(0, lineEnd(0)))) {
    for (let j = 1; j < lineStarts.length; j++) {
      const l = text.slice(lineStarts[j]!, lineEnd(j));
      if (/^(---|\.\.\.)[ \t]*$/.test(l)) {
        ln = j + 1;
        break;
      }
    }
  }

  let block: Block | undefined;
  const flush = (): void => {
    if (block) splitBlock(text, block, push);
    block = undefined;
  };
  for (; ln < lineStarts.length; ln++) {
    const s = lineStarts[ln]!;
    const e = lineEnd(ln);
    const line = text.slice(s, e);
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const marker = fence[1]!;
      let j = ln + 1;
      while (j < lineStarts.length && !text.slice(lineStarts[j]!, lineEnd(j)).trimStart().startsWith(marker)) j++;
      const last = Math.min(j, lineStarts.length - 1);
      push(s, lineEnd(last), 'code');
      ln = last;
      continue;
    }
    if (line.trim() === '' || THEMATIC_BREAK.test(line) || /^ {0,3}(=+|-+)[ \t]*$/.test(line)) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const contentEnd = s + line.replace(/[ \t]+#+[ \t]*$/, '').length;
      push(s + heading[0].length, contentEnd, 'heading');
      continue;
    }
    if (/^[ \t]*\|/.test(line)) {
      flush();
      if (!TABLE_SEPARATOR.test(line)) splitBlock(text, { start: s, end: e, kind: 'table_row' }, push);
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet) {
      flush();
      block = { start: s + bullet[0].length, end: e, kind: 'bullet' };
      continue;
    }
    if (block) block.end = e;
    else {
      const quote = /^ {0,3}(>[ \t]?)+/.exec(line);
      block = { start: s + (quote ? quote[0].length : 0), end: e, kind: 'paragraph' };
    }
  }
  flush();
  return out;
}

function position(lineStarts: number[], offset: number): [number, number] {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return [lo + 1, offset - lineStarts[lo]! + 1];
}

/**
 * Splits one paragraph, bullet item or table row into sentences at terminal punctuation. A table
 * row is cut only between sentences of three words or more on each side: a cell may hold a
 * paragraph ("| **Index** | Verity indexes … It starts on its own …"), read as one unit it holds
 * nearly every word of any claim, while a short row ("| 1. | Install |", "| Timeout | 30 s. |")
 * stays one unit that pairs a key with its value.
 */
function splitBlock(text: string, block: Block, push: (s: number, e: number, k: SegmentKind) => void): void {
  const kind: SegmentKind = block.kind === 'paragraph' ? 'sentence' : block.kind;
  const row = block.kind === 'table_row';
  let sentenceStart = block.start;
  let i = block.start;
  while (i < block.end) {
    const c = text[i]!;
    if (c !== '.' && c !== '!' && c !== '?' && c !== '…') {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < block.end && (text[j] === '.' || text[j] === '!' || text[j] === '?')) j++;
    while (j < block.end && CLOSERS.includes(text[j]!)) j++;
    const cite = CITATION_AFTER.exec(text.slice(j, Math.min(block.end, j + 40)));
    if (cite) j += cite[0].length;
    if (j < block.end && !/\s/.test(text[j]!)) {
      i = j;
      continue;
    }
    if (c === '.' && !endsSentence(text, sentenceStart, i, j, block.end)) {
      i = j;
      continue;
    }
    if (row && (!hasWords(text, sentenceStart, j, 3) || !hasWords(text, j, block.end, 3))) {
      i = j;
      continue;
    }
    push(sentenceStart, j, kind);
    sentenceStart = j;
    i = j;
  }
  push(sentenceStart, block.end, kind);
}

/**
 * Whether text[from, to) holds `n` words of two letters or more. It stops at the n-th, so asking
 * it at every full stop of a long row reads a few words ahead, not the rest of the row each time.
 */
function hasWords(text: string, from: number, to: number, n: number): boolean {
  const word = /\p{L}{2,}/gu;
  word.lastIndex = from;
  for (let found = 0; found < n; found++) {
    const m = word.exec(text);
    if (!m || m.index + m[0].length > to) return false;
  }
  return true;
}

/** Whether the dot at `dot` ends a sentence (not an abbreviation, initial or ellipsis mid-sentence). */
function endsSentence(text: string, from: number, dot: number, after: number, blockEnd: number): boolean {
  const before = /[\p{L}\p{N}.]*$/u.exec(text.slice(Math.max(from, dot - 20), dot))?.[0] ?? '';
  const word = before.toLowerCase();
  let k = after;
  while (k < blockEnd && /\s/.test(text[k]!)) k++;
  const next = text[k];
  // "etc." ends a sentence when a capital follows, and not otherwise
  if (word === 'etc') return next === undefined || /\p{Lu}/u.test(next);
  // "No." and "Nos." abbreviate "number" before one ("No. 5", "Nos. 3-4"); anywhere else "no" is
  // the word, and its dot ends the sentence ("The answer to both questions is no. The …")
  if (NUMBER_SIGNS.has(word)) return next === undefined || !/[\d#]/.test(next);
  if (ABBREVIATIONS.has(word)) return false;
  // a lower-case start after a full stop is a new sentence all the same ("… run the installer.
  // pip install verity then …", "… several formats. e.g. YAML …"): merged, a false claim would hide
  // inside a true one. Only an abbreviation (above), an initial or a number's dot continues one.
  if (next !== undefined && /\p{Ll}/u.test(next) && /^\p{L}$|\d$/u.test(before)) return false;
  // single initials ("J. Smith") and dotted acronyms ("U.S.") do not end a sentence; a letter
  // after a number or "degrees" is a unit ("reaches 150 degrees F. Once cooked, …", "350 F. Put")
  if (/^\p{Lu}$/u.test(before) && !/(\d|\bdegrees?)\s*$/iu.test(text.slice(Math.max(from, dot - 30), dot - 1))) return false;
  if (/^(\p{L}\.)+\p{L}$/u.test(before)) return false;
  return true;
}
