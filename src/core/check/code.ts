/**
 * Code the claim writes — an inline span (`npm install --save-dev x`) or a line of a fenced block —
 * compared as a value, not as prose: a command, a flag or a setting is right only as the
 * documents write it. Both sides are read as chunks (letters and digits in lower case; the
 * punctuation between them, quoting and spacing are left out, so "--use-oc-mirror" and
 * "- use oc mirror" are one command, as text pasted through a word processor often has it), and a
 * placeholder (`<namespace>`) matches one to three chunks of the other side.
 *
 * A piece of code some candidate passage writes, chunk for chunk in a row, is held. One no
 * passage writes, but that a passage writes with one edit in an otherwise matching run ("--save"
 * for "--save-dev", "--namespace dev" for "--namespace prod", "secure: false" for "secure:
 * true"), is a near miss: the claim says something the documents do not, and the reason shows
 * both (the verdict is unsupported, never contradicted: the two commands may be for two cases).
 * Code that resembles nothing is left to the rest of the checker.
 */
import type { Passage } from '../types';

/** One chunk of code: letters and digits in lower case, or a placeholder ('*'). */
interface Chunk {
  key: string;
  start: number;
  end: number;
  /** The word of code (a run without white space) the chunk is part of, numbered in order. */
  word: number;
}

/** A piece of code of the claim: its text (trimmed), where it is in the segment, and its chunks (offsets into `text`). */
export interface ClaimCode {
  text: string;
  start: number;
  end: number;
  chunks: Chunk[];
}

/** What a piece of code of the claim is, against the candidate passages. */
export type CodeFinding =
  | { state: 'held'; code: ClaimCode; passage: Passage; from: number; to: number }
  | { state: 'near'; code: ClaimCode; passage: Passage; from: number; to: number; sourceText: string }
  | { state: 'none'; code: ClaimCode };

const WILD = '*';
/** A placeholder: `<name>`, `<your_namespace>`, also in emphasis (`_<name>_`). */
const PLACEHOLDER = /<[\p{L}\p{N}_.\- ]{1,60}>/gu;
const CHUNK = /[\p{L}\p{N}]+/gu;
/**
 * Chunks a placeholder stands for, at most, all of one word of code: a placeholder is one value
 * (a file name, a namespace), never a run of words ("<file>" is not "helm uninstall rhdh").
 */
const WILD_SPAN = 12;
/** Longest code read (chunks): a longer span is prose in backticks or a whole file. */
const MAX_CHUNKS = 40;

/** The chunks of `text` (see the file comment), offsets into `text`. */
export function codeChunks(text: string): Chunk[] {
  const out: Chunk[] = [];
  const holes: Array<[number, number]> = [];
  for (const m of text.matchAll(PLACEHOLDER)) holes.push([m.index, m.index + m[0].length]);
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

/** The inline code spans of a segment as written (`…`), each with at least one chunk. */
export function inlineCode(segment: string): ClaimCode[] {
  const out: ClaimCode[] = [];
  for (const m of segment.matchAll(/(`+)([^`\n]+?)\1(?!`)/g)) {
    const raw = m[2]!;
    const start = m.index + m[1]!.length + (raw.length - raw.trimStart().length);
    const text = raw.trim();
    const chunks = codeChunks(text);
    if (chunks.length > 0 && chunks.length <= MAX_CHUNKS) out.push({ text, start, end: start + text.length, chunks });
  }
  return out;
}

/** The lines of a fenced block (fences and blank lines left out) as pieces of code. */
export function blockLines(segment: string): ClaimCode[] {
  const out: ClaimCode[] = [];
  let at = 0;
  for (const line of segment.split('\n')) {
    const start = at;
    at += line.length + 1;
    if (/^\s*(```|~~~)/.test(line)) continue;
    const text = line.trim();
    const chunks = codeChunks(text);
    const from = start + (line.length - line.trimStart().length);
    if (chunks.length > 0 && chunks.length <= MAX_CHUNKS) out.push({ text, start: from, end: from + text.length, chunks });
  }
  return out;
}

/** Whether a piece of code says enough to be compared: two chunks or more, not all placeholders. */
export const substantive = (c: ClaimCode): boolean => c.chunks.length >= 2 && c.chunks.some((x) => x.key !== WILD);

/** Chunks of each passage's text and the set of their keys, remembered by passage (a passage never changes once made). */
const passageChunks = new WeakMap<Passage, { chunks: Chunk[]; keys: Set<string> }>();
const readOf = (p: Passage): { chunks: Chunk[]; keys: Set<string> } => {
  let c = passageChunks.get(p);
  if (!c) {
    const chunks = codeChunks(p.text);
    passageChunks.set(p, (c = { chunks, keys: new Set(chunks.map((x) => x.key)) }));
  }
  return c;
};
const chunksOf = (p: Passage): Chunk[] => readOf(p).chunks;

/** Whether a passage holds enough of the code's chunks to be worth aligning (two, or all when fewer). */
function worthAligning(code: ClaimCode, p: Passage): boolean {
  const keys = readOf(p).keys;
  const own = new Set(code.chunks.filter((x) => x.key !== WILD).map((x) => x.key));
  let held = 0;
  for (const k of own) if (keys.has(k)) held++;
  return held >= Math.min(2, own.size);
}

/** Cost of the best alignment of the claim's chunks with a run of the passage's, and that run. */
interface Fit {
  cost: number;
  matched: number;
  /** Passage chunk indices [first, last] of the run. */
  first: number;
  last: number;
}

const better = (a: Fit | undefined, b: Fit): boolean => !a || b.cost < a.cost || (b.cost === a.cost && b.matched > a.matched);

/**
 * The best run of `p` for the claim's chunks `c` (an edit alignment free at both ends of the
 * passage; a placeholder on either side takes 1–3 chunks of the other at no cost).
 */
function bestFit(c: readonly Chunk[], p: readonly Chunk[], limit: number): Fit | undefined {
  const n = c.length;
  const m = p.length;
  if (m === 0) return undefined;
  // cost, matched and run start per cell, row by row over the claim's chunks (rows kept: placeholders look back)
  const cost: Int32Array[] = [];
  const matched: Int32Array[] = [];
  const from: Int32Array[] = [];
  for (let i = 0; i <= n; i++) {
    cost.push(new Int32Array(m + 1));
    matched.push(new Int32Array(m + 1));
    from.push(new Int32Array(m + 1));
  }
  for (let j = 0; j <= m; j++) from[0]![j] = j;
  for (let i = 1; i <= n; i++) {
    cost[i]![0] = i;
    from[i]![0] = 0;
    const ci = c[i - 1]!;
    let rowMin = Infinity;
    for (let j = 1; j <= m; j++) {
      const pj = p[j - 1]!;
      let bc = cost[i - 1]![j]! + 1;
      let bm = matched[i - 1]![j]!;
      let bf = from[i - 1]![j]!;
      const take = (k: number, l: number, add: number, hit: number): void => {
        const x = cost[k]![l]! + add;
        const y = matched[k]![l]! + hit;
        if (x < bc || (x === bc && y > bm)) {
          bc = x;
          bm = y;
          bf = from[k]![l]!;
        }
      };
      take(i, j - 1, 1, 0);
      // a placeholder takes chunks of one word of the other side
      if (ci.key === WILD) for (let k = 1; k <= WILD_SPAN && j - k >= 0 && p[j - k]!.word === pj.word; k++) take(i - 1, j - k, 0, 0);
      else if (pj.key === WILD) for (let k = 1; k <= WILD_SPAN && i - k >= 0 && c[i - k]!.word === ci.word; k++) take(i - k, j - 1, 0, 0);
      else take(i - 1, j - 1, ci.key === pj.key ? 0 : 1, ci.key === pj.key ? 1 : 0);
      cost[i]![j] = bc;
      matched[i]![j] = bm;
      from[i]![j] = bf;
      rowMin = Math.min(rowMin, bc);
    }
    // no run can come back under the limit once a whole row is above it
    if (rowMin > limit) return undefined;
  }
  let best: Fit | undefined;
  for (let j = 1; j <= m; j++) {
    const fit = { cost: cost[n]![j]!, matched: matched[n]![j]!, first: from[n]![j]!, last: j - 1 };
    if (better(best, fit)) best = fit;
  }
  return best;
}

/** Edits a near miss may hold: one, or one per four chunks of a long command. */
const maxEdits = (n: number): number => Math.max(1, Math.floor(n / 4));

/** A key and its value ("secure: true", "--port=8080"): the text between two chunks. */
const KEY_VALUE = /^\s*["']?\s*[:=]\s*["']?\s*$/;

/**
 * What one piece of code is against `passages` (see {@link CodeFinding}): held by the first that
 * writes it, else the closest near miss, else none.
 */
export function compareCode(code: ClaimCode, passages: readonly Passage[]): CodeFinding {
  let near: { fit: Fit; passage: Passage } | undefined;
  const n = code.chunks.length;
  for (const passage of passages) {
    if (!worthAligning(code, passage)) continue;
    const p = chunksOf(passage);
    const fit = bestFit(code.chunks, p, maxEdits(n));
    // a fit that matches no chunk of its own (placeholders only) holds nothing
    if (!fit || fit.matched === 0) continue;
    if (fit.cost === 0) return { state: 'held', code, passage, from: p[Math.min(fit.first, fit.last)]!.start, to: p[fit.last]!.end };
    if (!near || better(near.fit, fit)) near = { fit, passage };
  }
  if (near && near.fit.cost <= maxEdits(n) && near.fit.matched >= 2) {
    const p = chunksOf(near.passage);
    return nearAt(code, near.passage, p[Math.min(near.fit.first, near.fit.last)]!.start, p[near.fit.last]!.end);
  }
  return keyValueNear(code, passages) ?? { state: 'none', code };
}

/** A near miss at [from, to) of a passage, shown with the whole line(s) it is on. */
function nearAt(code: ClaimCode, passage: Passage, from: number, to: number): CodeFinding {
  const t = passage.text;
  const lineStart = t.lastIndexOf('\n', from - 1) + 1;
  const lineEnd = t.indexOf('\n', to) < 0 ? t.length : t.indexOf('\n', to);
  // the span of code the run is in, when the passage writes it inline
  const open = t.lastIndexOf('`', from - 1);
  const close = t.indexOf('`', to);
  const ticksBefore = (t.slice(lineStart, from).match(/`/g) ?? []).length;
  const inSpan = ticksBefore % 2 === 1 && open >= lineStart && close >= 0 && close < lineEnd && !t.slice(open + 1, close).includes('`');
  const shown = inSpan ? t.slice(open + 1, close) : lineEnd - lineStart <= SHOWN ? t.slice(lineStart, lineEnd) : t.slice(Math.max(lineStart, from - 40), Math.min(lineEnd, to + 40));
  return { state: 'near', code, passage, from, to, sourceText: shown.trim() };
}
/** Longest line of a passage shown whole beside a near miss. */
const SHOWN = 160;

/**
 * A key and its value ("secure: false") that a passage writes as a key with another value
 * ("secure: true"): a near miss, though only one of its two chunks matches.
 */
function keyValueNear(code: ClaimCode, passages: readonly Passage[]): CodeFinding | undefined {
  const c = code.chunks;
  if (c.length !== 2 || c[0]!.key === WILD || c[1]!.key === WILD || !KEY_VALUE.test(code.text.slice(c[0]!.end, c[1]!.start))) return undefined;
  for (const passage of passages) {
    const { chunks: p, keys } = readOf(passage);
    if (!keys.has(c[0]!.key)) continue;
    for (let j = 0; j + 1 < p.length; j++) {
      if (p[j]!.key !== c[0]!.key || p[j + 1]!.key === WILD || !KEY_VALUE.test(passage.text.slice(p[j]!.end, p[j + 1]!.start))) continue;
      return nearAt(code, passage, p[j]!.start, p[j + 1]!.end);
    }
  }
  return undefined;
}

/** The words a query for a piece of code uses: its chunks, placeholders left out. */
export const codeQuery = (code: ClaimCode): string => code.chunks.filter((x) => x.key !== WILD).map((x) => x.key).join(' ');

/** A near miss: a piece of code of the claim that a passage writes with one edit. */
export type CodeEdit = Extract<CodeFinding, { state: 'near' }>;

const shortCode = (s: string, n = 100): string => (s.length > n ? s.slice(0, n - 1).trimEnd() + '…' : s);

/** The reason a near miss gives: both pieces of code, as written. */
export const codeEditReason = (e: CodeEdit): string => `the closest passage writes \`${shortCode(e.sourceText)}\` where this writes \`${shortCode(e.code.text)}\``;
