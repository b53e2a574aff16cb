/**
 * PDF text (items with positions, from a PdfTextPort) → passages. Items are joined into lines in
 * content order, lines into paragraphs by vertical gaps and font-size changes, paragraphs into
 * passages of the target size. A passage never crosses a page; it keeps its page number, the
 * page size and one box per line, enough to highlight it on the rendered page.
 */
import type { PdfDocText, PdfPageText, PdfTextItem } from '../ports';
import type { Box, Passage } from '../types';
import { hashString } from '../hash';
import { countWords, packUnits, PassageIdMaker, type ChunkSize } from './chunk';
import { stripInvisible } from './hiddenText';

/** Result of turning one PDF's text into passages. */
export interface PdfIngest {
  title?: string;
  passages: Passage[];
}

interface Line {
  text: string;
  box: Box;
  /** 1-based number of the line within the page's text. */
  n: number;
}

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g;

/** The item's text with control characters removed and whitespace runs folded to one space. */
function cleanText(s: string): string {
  return stripInvisible(s).replace(CONTROL, '').replace(/\s+/g, ' ');
}

/** True when any page holds visible text: the line between "passages" and PDF_NO_TEXT. */
export function pdfHasText(doc: PdfDocText): boolean {
  return doc.pages.some((p) => p.items.some((i) => cleanText(i.str).trim() !== ''));
}

/**
 * Splits extracted PDF text into passages. Never throws; pages without text yield nothing.
 *
 * @param path workspace-relative path, stored on each passage and part of its id
 * @param doc text items per page (top-left origin, PDF points)
 * @param opts target passage size in words
 */
export function pdfToPassages(path: string, doc: PdfDocText, opts: ChunkSize): PdfIngest {
  const title = doc.title?.trim() || undefined;
  const ids = new PassageIdMaker(path);
  const passages: Passage[] = [];
  for (const page of doc.pages) {
    const lines = pageLines(page);
    if (lines.length === 0) continue;
    const heightOf = (l: Line): number => l.box.h;
    const typical = median(lines.map(heightOf));
    const paragraphs = splitParagraphs(lines);

    // Units: paragraphs, except that an oversized one is cut between lines (layout analysis
    // can merge a whole page into one "paragraph"; a PDF line is never cut).
    const units: Line[][] = [];
    for (const para of paragraphs) {
      const words = para.map((l) => countWords(l.text));
      if (words.reduce((a, b) => a + b, 0) <= opts.maxWords) units.push(para);
      else for (const [a, b] of packUnits(words, { minWords: opts.maxWords / 2, maxWords: opts.maxWords })) units.push(para.slice(a, b));
    }

    let heading: string | undefined;
    const unitWords = units.map((u) => u.reduce((a, l) => a + countWords(l.text), 0));
    for (const [a, b] of packUnits(unitWords, opts)) {
      const chunk = units.slice(a, b).flat();
      // A short first line set larger than the page's body text reads as a section heading.
      const first = chunk[0]!;
      if (typical > 0 && first.box.h > typical * 1.25 && countWords(first.text) <= 12) heading = first.text;
      const text = chunk.map((l) => l.text).join('\n');
      const headings = [...(title !== undefined ? [title] : []), ...(heading !== undefined && heading !== title ? [heading] : [])];
      passages.push({
        id: ids.next(`page ${page.page}`, text),
        path,
        kind: 'pdf',
        ...(title !== undefined ? { title } : {}),
        headings,
        startLine: first.n,
        endLine: chunk[chunk.length - 1]!.n,
        page: page.page,
        pageWidth: page.width,
        pageHeight: page.height,
        boxes: chunk.map((l) => l.box),
        text,
        hash: hashString(text),
      });
    }
  }
  return title !== undefined ? { title, passages } : { passages };
}

/** Joins a page's items into text lines: a new line after `hasEOL` or when the baseline moves. */
function pageLines(page: PdfPageText): Line[] {
  const lines: Line[] = [];
  let text = '';
  let box: Box | undefined;
  let right = 0;
  let ended = false;
  const close = (): void => {
    const t = text.trim();
    if (t !== '' && box !== undefined) lines.push({ text: t, box: roundBox(box), n: lines.length + 1 });
    text = '';
    box = undefined;
    ended = false;
  };
  for (const item of page.items) {
    const s = cleanText(item.str);
    const visible = s.trim() !== '' && validGeometry(item);
    // pdf.js also flags hasEOL inside a visual line (justified text, wide gaps): only honour it
    // when the next item does not simply continue the same baseline to the right.
    if (visible && box !== undefined && (movedLine(item, box) || (ended && item.x < right - 1))) close();
    if (visible) {
      const gap = item.x - right;
      if (box !== undefined && !text.endsWith(' ') && !s.startsWith(' ') && gap > Math.max(item.h, 1) * 0.15) text += ' ';
      text += s;
      right = item.x + item.w;
      box = box === undefined ? { x: item.x, y: item.y, w: item.w, h: item.h } : union(box, item);
    } else if (s !== '' && box !== undefined && !text.endsWith(' ')) {
      text += ' ';
    }
    if (item.hasEOL && box !== undefined) ended = true;
  }
  close();
  return lines;
}

function validGeometry(i: PdfTextItem): boolean {
  return Number.isFinite(i.x) && Number.isFinite(i.y) && Number.isFinite(i.w) && Number.isFinite(i.h);
}

/** The item sits on another line when its vertical centre is off the line's by half a height. */
function movedLine(item: PdfTextItem, line: Box): boolean {
  const h = Math.max(item.h, line.h, 1);
  return Math.abs(item.y + item.h / 2 - (line.y + line.h / 2)) > h * 0.5;
}

/** Paragraph breaks: a vertical gap of more than ~0.7 line heights, a jump upwards, or a size change. */
function splitParagraphs(lines: Line[]): Line[][] {
  const paragraphs: Line[][] = [];
  let current: Line[] = [];
  for (const line of lines) {
    const prev = current[current.length - 1];
    if (prev !== undefined) {
      const h = Math.max(Math.min(prev.box.h, line.box.h), 1);
      const gap = line.box.y - (prev.box.y + prev.box.h);
      const sizeChange = Math.abs(line.box.h - prev.box.h) > 0.25 * Math.max(line.box.h, prev.box.h);
      if (gap > h * 0.7 || line.box.y < prev.box.y - h || sizeChange) {
        paragraphs.push(current);
        current = [];
      }
    }
    current.push(line);
  }
  if (current.length > 0) paragraphs.push(current);
  return paragraphs;
}

function union(b: Box, i: PdfTextItem): Box {
  const x = Math.min(b.x, i.x);
  const y = Math.min(b.y, i.y);
  return { x, y, w: Math.max(b.x + b.w, i.x + i.w) - x, h: Math.max(b.y + b.h, i.y + i.h) - y };
}

function roundBox(b: Box): Box {
  const r = (v: number): number => Math.round(v * 100) / 100;
  return { x: r(b.x), y: r(b.y), w: r(b.w), h: r(b.h) };
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
