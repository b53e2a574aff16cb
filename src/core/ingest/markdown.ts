/**
 * Markdown → passages. marked's lexer gives top-level blocks whose `raw` strings concatenate to
 * the source, so counting newlines yields exact line ranges. Passages follow headings; a long
 * section is split between blocks, and a block far past the passage size (a reference list, a
 * long table, a scraped page with no blank line) between its rows, items or sentences; a code
 * block is never cut.
 */
import { marked, type Token, type Tokens } from 'marked';
import type { Passage } from '../types';
import { hashString } from '../hash';
import { countWords, packUnits, PassageIdMaker, type ChunkSize } from './chunk';
import { boundNesting } from './markdownLimits';
import { stripHiddenMarkdown, stripInvisible } from './hiddenText';
import { looksLikeHiddenInstruction } from './injection';

/** Result of ingesting one markdown file. */
export interface MarkdownIngest {
  /** Text of the first H1, if any. */
  title?: string;
  passages: Passage[];
}

/** One top-level block with its 1-based line range in the original file. */
interface Block {
  token: Token;
  startLine: number;
  endLine: number;
  words: number;
}

interface Section {
  headings: string[];
  blocks: Block[];
}

/**
 * Splits a markdown document into passages.
 *
 * @param path workspace-relative path, stored on each passage and part of its id
 * @param source the file's text (CRLF or LF; may start with YAML front matter)
 * @param opts target passage size in words
 */
export function ingestMarkdown(path: string, source: string, opts: ChunkSize): MarkdownIngest {
  const normalised = stripInvisible(source.replace(/\r\n?/g, '\n'));
  const { body: visible, lineOffset } = stripFrontMatter(normalised);
  // What a rendered view hides is no evidence; blanking keeps the line numbers of the rest. Hidden
  // instructions to a model stay, so their passage reads as instructions and never vouches.
  const body = stripHiddenMarkdown(visible, looksLikeHiddenInstruction);
  if (body.trim() === '') return { passages: [] };

  const lines = body.split('\n');
  const blocks = splitOversized(toBlocks(lexBlocks(body), lineOffset), lines, lineOffset, opts);
  const { sections, title } = toSections(blocks);

  const ids = new PassageIdMaker(path);
  const passages: Passage[] = [];
  for (let i = 0; i < sections.length; i++) {
    const section = sections[i]!;
    // A bare heading directly followed by its first subsection adds nothing a search could use:
    // the subsection's heading path already carries it.
    if (section.blocks.length === 1 && section.headings.length > 0 && isChildOf(sections[i + 1], section)) continue;
    // The heading travels with the block after it, so no passage is a lone heading line.
    const headed = section.blocks[0]?.token.type === 'heading' && section.blocks.length > 1;
    const units = headed ? [section.blocks.slice(0, 2), ...section.blocks.slice(2).map((b) => [b])] : section.blocks.map((b) => [b]);
    for (const [from, to] of packUnits(units.map((u) => u.reduce((n, b) => n + b.words, 0)), opts)) {
      const first = units[from]![0]!;
      const lastUnit = units[to - 1]!;
      const last = lastUnit[lastUnit.length - 1]!;
      // Slice the original lines rather than joining raws: identical, and robust to lexer quirks.
      const text = lines.slice(first.startLine - 1 - lineOffset, last.endLine - lineOffset).join('\n').trim();
      if (text === '') continue;
      passages.push({
        id: ids.next(section.headings.join('\u0001'), text),
        path,
        kind: 'md',
        ...(title !== undefined ? { title } : {}),
        headings: section.headings,
        startLine: first.startLine,
        endLine: last.endLine,
        text,
        hash: hashString(text),
      });
    }
  }
  return title !== undefined ? { title, passages } : { passages };
}

/**
 * Block tokens only. marked's inline pass is super-linear on hostile runs (200,000 `*a` take
 * minutes) and only heading text needs it, so headings are lexed inline on their own, capped
 * (see {@link headingText}); nesting is bounded before the block pass (markdownLimits.ts).
 */
function lexBlocks(body: string): Token[] {
  return new marked.Lexer().blockTokens(boundNesting(body));
}

/** Longest heading text given to the inline lexer; no real heading comes close. */
const MAX_HEADING_CHARS = 500;

function headingText(heading: Tokens.Heading): string {
  const text = heading.text.slice(0, MAX_HEADING_CHARS);
  return inlineText(marked.Lexer.lexInline(text)).trim() || text.trim();
}

function isChildOf(next: Section | undefined, parent: Section): boolean {
  return next !== undefined && next.headings.length > parent.headings.length && parent.headings.every((h, i) => next.headings[i] === h);
}

/**
 * Removes a leading YAML front matter block (`---` … `---` or `...`). marked does not know front
 * matter and would lex it as a rule plus a setext heading. Returns how many lines were removed.
 */
export function stripFrontMatter(text: string): { body: string; lineOffset: number } {
  if (!/^---[ \t]*\n/.test(text)) return { body: text, lineOffset: 0 };
  const lines = text.split('\n');
  for (let i = 1; i < lines.length; i++) {
    if (/^(---|\.\.\.)[ \t]*$/.test(lines[i]!)) {
      return { body: lines.slice(i + 1).join('\n'), lineOffset: i + 1 };
    }
  }
  return { body: text, lineOffset: 0 };
}

/** A block this many times the passage size is cut into pieces (see {@link splitOversized}). */
const OVERSIZED = 2;
/** A piece with no good place to cut is cut at any line once it is this many times the size. */
const FORCED_CUT = 3;
const LIST_ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])([ \t]|$)/;
const SENTENCE_END = /[.!?:;|]["')\]*_`]*[ \t]*$/;

/**
 * Cuts each block far past the passage size into runs of whole lines, so that one passage is not
 * a whole reference list or a table of hundreds of rows: a search finds its part, and one line
 * that reads as instructions to a model (a prompt quoted in a paper's appendix) keeps only its
 * own piece from vouching, not every reference. A table is cut between rows (its header and
 * separator stay with the first piece), a list before an item at its own indentation, a paragraph
 * after a line that ends a sentence; a piece that finds no such place for three times the size is
 * cut at a line. A code block or HTML stays whole.
 */
function splitOversized(blocks: Block[], lines: readonly string[], lineOffset: number, size: ChunkSize): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    const type = b.token.type;
    if (b.words <= OVERSIZED * size.maxWords || (type !== 'table' && type !== 'list' && type !== 'paragraph' && type !== 'blockquote') || b.endLine === b.startLine) {
      out.push(b);
      continue;
    }
    const line = (n: number): string => lines[n - 1 - lineOffset] ?? '';
    const indent = LIST_ITEM.exec(line(b.startLine))?.[1]!.length ?? 0;
    const cutBefore = (n: number): boolean => {
      if (type === 'table') return n >= b.startLine + 2;
      if (type === 'list') {
        const m = LIST_ITEM.exec(line(n));
        return m !== null && m[1]!.length <= indent;
      }
      return line(n).trim() === '' || SENTENCE_END.test(line(n - 1));
    };
    // pieces of even size, none over the passage size where the lines allow: 1,536 words make four
    // of about 384, not three of 400 and a fragment
    const target = b.words / Math.ceil(b.words / size.maxWords);
    let from = b.startLine;
    let words = 0;
    for (let n = b.startLine; n <= b.endLine; n++) {
      const w = countWords(line(n));
      // (a piece of a few words, such as a title line before one huge line, is no cut worth making)
      if (words >= target / 2 && words + w > target && (cutBefore(n) || words >= FORCED_CUT * size.maxWords)) {
        out.push({ token: b.token, startLine: from, endLine: n - 1, words });
        from = n;
        words = 0;
      }
      words += w;
    }
    out.push({ token: b.token, startLine: from, endLine: b.endLine, words });
  }
  return out;
}

/** Top-level tokens → non-blank blocks with line ranges (offset past the front matter). */
function toBlocks(tokens: Token[], lineOffset: number): Block[] {
  const blocks: Block[] = [];
  let line = 1 + lineOffset; // line on which the next token's raw begins
  for (const token of tokens) {
    const raw = token.raw;
    const newlines = countNewlines(raw);
    if (token.type !== 'space' && raw.trim() !== '') {
      const lead = raw.match(/^\s*/)![0];
      const startLine = line + countNewlines(lead);
      const endLine = line + countNewlines(raw.trimEnd());
      blocks.push({ token, startLine, endLine, words: countWords(raw) });
    }
    line += newlines;
  }
  return blocks;
}

function toSections(blocks: Block[]): { sections: Section[]; title?: string } {
  const sections: Section[] = [];
  const stack: Array<{ depth: number; text: string }> = [];
  let title: string | undefined;
  let current: Section | undefined;
  let openDelimiter: string | undefined; // see asciidocDelimiter
  for (const block of blocks) {
    let isHeading = block.token.type === 'heading';
    if (isHeading) {
      const underline = setextUnderline(block.token.raw);
      if (openDelimiter !== undefined && underline === openDelimiter) {
        isHeading = false; // closes an AsciiDoc block: "text\n----" is not a heading either
        openDelimiter = undefined;
      } else if (underline !== undefined && /^\[[^\]\n]*\]$/.test((block.token as Tokens.Heading).text.trim())) {
        isHeading = false;
        openDelimiter = underline;
      } else if (underline !== undefined && isOneLineAdmonition((block.token as Tokens.Heading).text)) {
        isHeading = false;
      }
    }
    if (isHeading) {
      const heading = block.token as Tokens.Heading;
      const text = headingText(heading);
      if (heading.depth === 1 && title === undefined && text !== '') title = text;
      while (stack.length > 0 && stack[stack.length - 1]!.depth >= heading.depth) stack.pop();
      stack.push({ depth: heading.depth, text });
      current = { headings: stack.map((h) => h.text), blocks: [block] };
      sections.push(current);
    } else {
      if (current === undefined) {
        current = { headings: [], blocks: [] };
        sections.push(current);
      }
      current.blocks.push(block);
    }
  }
  return title !== undefined ? { sections, title } : { sections };
}

/**
 * The underline of a setext heading (`---`, `===`), or undefined for an ATX heading. Docs
 * converted from AsciiDoc keep admonitions such as `[NOTE]` + `----` … `----`, which markdown
 * reads as two setext headings; they are treated as content so they do not fragment sections.
 */
function setextUnderline(raw: string): string | undefined {
  const lines = raw.trimEnd().split('\n');
  const last = lines[lines.length - 1]!.trim();
  return lines.length > 1 && /^(-+|=+)$/.test(last) ? last : undefined;
}

/**
 * True for a setext "heading" that is really an AsciiDoc one-line admonition ("NOTE: …", "TIP: …",
 * "IMPORTANT: …", "WARNING: …", "CAUTION: …") sitting on a `----`/`====` line: a sentence, not a title.
 */
function isOneLineAdmonition(text: string): boolean {
  return text.split('\n').some((line) => /^(NOTE|TIP|IMPORTANT|WARNING|CAUTION):\s+\S/.test(line.trim()));
}

/** Plain text of inline tokens: `**Renewal** [online](x)` → "Renewal online". */
function inlineText(tokens: Token[] | undefined): string {
  if (tokens === undefined) return '';
  let out = '';
  for (const t of tokens) {
    const children = (t as { tokens?: Token[] }).tokens;
    if (children !== undefined && children.length > 0) out += inlineText(children);
    else if (t.type === 'html' || t.type === 'image') continue;
    else if (t.type === 'br') out += ' ';
    else out += decodeEntities((t as { text?: string }).text ?? '');
  }
  return out.replace(/\s+/g, ' ');
}

function decodeEntities(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? _);
}

function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++;
  return n;
}
