/**
 * Text a PDF viewer never paints: render mode 3 (invisible; 7 is clip-only) and white text on a
 * page that paints nothing else (white on white). pdf.js's text content carries no render mode,
 * so the page's operator list is walked alongside it: show-text operators come in the same order
 * as the text items, and the characters of invisible ones are cut from the items they landed in.
 * Runs in the PDF child process (pdfWorker.ts).
 */
import { inflateSync } from 'node:zlib';
import type { PdfTextItem } from '../core/ports';

const MAX_SCAN_BYTES = 64 * 1024 * 1024;

/**
 * Cheap pre-check on the file's bytes: can any content stream set an invisible render mode or a
 * white fill? The operator-list pass costs about as much as reading the text again (pdf.js
 * decodes images for it), so it only runs for files where this says yes. Flate streams are
 * inflated with a bounded output; anything unreadable counts as "maybe".
 */
export function mayHideText(bytes: Uint8Array): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const operators = /(?:^|[\s\]>)])(?:[37]\s+Tr|1(?:\.0*)?\s+g|1(?:\.0*)?\s+1(?:\.0*)?\s+1(?:\.0*)?\s+(?:rg|sc|scn)|0(?:\.0*)?\s+0(?:\.0*)?\s+0(?:\.0*)?\s+0(?:\.0*)?\s+k)(?=[\s\[(<\/]|$)/;
  if (operators.test(buf.toString('latin1'))) return true;
  let scanned = 0;
  for (let at = buf.indexOf('stream'); at !== -1; at = buf.indexOf('stream', at + 6)) {
    if (buf.subarray(Math.max(0, at - 3), at).toString('latin1') === 'end') continue;
    let start = at + 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    const end = buf.indexOf('endstream', start);
    if (end === -1) break;
    try {
      const out = inflateSync(buf.subarray(start, end), { maxOutputLength: 16 * 1024 * 1024, finishFlush: 2 /* Z_SYNC_FLUSH: tolerate trailing bytes */ });
      scanned += out.length;
      if (operators.test(out.toString('latin1'))) return true;
    } catch {
      // not Flate (images, other filters) or over the bound: nothing readable to scan
    }
    if (scanned > MAX_SCAN_BYTES) return true;
    at = end;
  }
  return false;
}

/** pdf.js operator codes used here (pdfjs-dist 5.x `OPS`). */
export interface PdfOps {
  save: number;
  restore: number;
  setTextRenderingMode: number;
  showText: number;
  showSpacedText: number;
  nextLineShowText: number;
  nextLineSetSpacingShowText: number;
  setFillRGBColor: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
  shadingFill: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageMaskXObject: number;
  constructPath: number;
}

interface Shown {
  text: string;
  hidden: boolean;
}

/** The strings shown by the page's text operators, in order, each marked hidden or not. */
export function shownText(fnArray: ArrayLike<number>, argsArray: ArrayLike<unknown>, ops: PdfOps): Shown[] {
  const paints = new Set([ops.fill, ops.eoFill, ops.fillStroke, ops.eoFillStroke, ops.shadingFill, ops.paintImageXObject, ops.paintInlineImageXObject, ops.paintImageMaskXObject]);
  const shows = new Set([ops.showText, ops.showSpacedText, ops.nextLineShowText, ops.nextLineSetSpacingShowText]);
  // White text only counts as hidden when the page paints nothing (no shape, no image) it could sit on.
  let paintsSomething = false;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i]!;
    if (paints.has(fn)) paintsSomething = true;
    if (fn === ops.constructPath) {
      const op = (argsArray[i] as unknown[] | undefined)?.[0];
      if (typeof op === 'number' && paints.has(op)) paintsSomething = true;
    }
  }
  const out: Shown[] = [];
  let state = { mode: 0, white: false };
  const stack: Array<typeof state> = [];
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i]!;
    const args = argsArray[i] as unknown[] | null | undefined;
    if (fn === ops.save) stack.push({ ...state });
    else if (fn === ops.restore) state = stack.pop() ?? { mode: 0, white: false };
    else if (fn === ops.setTextRenderingMode && typeof args?.[0] === 'number') state = { ...state, mode: args[0] };
    else if (fn === ops.setFillRGBColor) state = { ...state, white: isWhite(args) };
    else if (shows.has(fn)) {
      const glyphs = (fn === ops.showText || fn === ops.showSpacedText ? args?.[0] : args?.[args.length - 1]) as unknown[] | undefined;
      const text = Array.isArray(glyphs) ? glyphs.map((g) => (typeof g === 'object' && g !== null && typeof (g as { unicode?: unknown }).unicode === 'string' ? (g as { unicode: string }).unicode : '')).join('') : '';
      const invisible = state.mode === 3 || state.mode === 7 || (state.white && !paintsSomething && (state.mode === 0 || state.mode === 4));
      if (text.trim() !== '') out.push({ text, hidden: invisible });
    }
  }
  return out;
}

function isWhite(args: unknown[] | null | undefined): boolean {
  const c = args?.[0];
  if (typeof c === 'string') return /^#f[a-f0-9]f[a-f0-9]f[a-f0-9]$/i.test(c) && c.toLowerCase() >= '#f0f0f0';
  if (args && args.length >= 3 && args.every((v) => typeof v === 'number')) return (args as number[]).every((v) => v >= 0.94 * (v > 1 ? 255 : 1));
  return false;
}

/**
 * Removes the characters of hidden shown strings from the text items. Both sequences are in
 * drawing order; matching skips whitespace (pdf.js adds and merges spaces) and only looks ahead a
 * bounded distance, so a hidden string never deletes visible text elsewhere on the page.
 */
export function removeHidden(items: PdfTextItem[], shown: Shown[]): PdfTextItem[] {
  if (!shown.some((s) => s.hidden)) return items;
  // Every non-space character of the items, with where it came from.
  const chars: Array<{ item: number; at: number; ch: string }> = [];
  items.forEach((it, item) => {
    for (let at = 0; at < it.str.length; at++) if (!/\s/.test(it.str[at]!)) chars.push({ item, at, ch: it.str[at]! });
  });
  const flat = chars.map((c) => c.ch).join('');
  const cut = items.map(() => new Set<number>());
  let pos = 0;
  for (const s of shown) {
    const needle = s.text.replace(/\s+/g, '');
    if (needle === '') continue;
    const found = flat.indexOf(needle, pos);
    if (found === -1 || found - pos > 2000) continue; // not matched (ligatures, re-encoding): leave the items alone
    if (s.hidden) for (let k = found; k < found + needle.length; k++) cut[chars[k]!.item]!.add(chars[k]!.at);
    pos = found + needle.length;
  }
  const out: PdfTextItem[] = [];
  items.forEach((it, i) => {
    if (cut[i]!.size === 0) return out.push(it);
    const str = it.str.split('').filter((_, at) => !cut[i]!.has(at)).join('');
    if (str.trim() !== '') out.push({ ...it, str });
  });
  return out;
}
