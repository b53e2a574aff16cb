/**
 * Code the claim writes — an inline span (`npm install --save-dev x`) or a line of a fenced block —
 * compared as a value, not as prose: a command, a flag or a setting is right only as the
 * documents write it. Both sides are read as chunks (letters and digits in lower case; the
 * punctuation between them, quoting and spacing are left out, so "--use-oc-mirror" and
 * "- use oc mirror" are one command, as text pasted through a word processor often has it), and a
 * placeholder (`<namespace>`) stands for the chunks of one word of code of the other side.
 *
 * A piece of code some candidate passage writes, chunk for chunk in a row, is held. One no
 * passage writes, but that a passage writes with one edit inside an otherwise matching run
 * ("--save" for "--save-dev", "--namespace dev" for "--namespace prod"), or two chunks a passage
 * writes as code with the same first chunk and separator and another second one ("secure: false"
 * for "secure: true", "git removal" for "git clone"), is a near miss: the claim says something
 * the documents do not, and the reason shows both (the verdict is unsupported, never
 * contradicted: the two commands may be for two cases). Code that resembles nothing is left to
 * the rest of the checker. Which code a claim writes is codeCheck.ts's to say.
 */
import type { Passage } from '../types';
import { codeChunks, WILD, type Chunk } from './codeChunks';

export { WILD, type Chunk } from './codeChunks';

/** A piece of code of the claim: its text (trimmed), where it is in the segment, and its chunks (offsets into `text`). */
export interface ClaimCode {
  text: string;
  start: number;
  end: number;
  chunks: Chunk[];
}

/** What a piece of code of the claim is, against the candidate passages. */
export type CodeFinding =
  /** `general`: the passage writes a placeholder where the claim writes a value (the claim is an instance of it). */
  | { state: 'held'; code: ClaimCode; passage: Passage; from: number; to: number; general: boolean }
  | { state: 'near'; code: ClaimCode; passage: Passage; from: number; to: number; sourceText: string }
  | { state: 'none'; code: ClaimCode };

/**
 * Chunks a placeholder stands for, at most, all of one word of code: a placeholder is one value
 * (a file name, a namespace), never a run of words ("<file>" is not "helm uninstall rhdh").
 */
const WILD_SPAN = 12;

/** A passage read as code: its chunks, the set of their keys, and where it writes code (spans, fenced blocks). */
interface PassageCode {
  chunks: Chunk[];
  keys: Set<string>;
  code: Array<[number, number]>;
}
/** Remembered by passage (a passage never changes once made). */
const passageChunks = new WeakMap<Passage, PassageCode>();
const readOf = (p: Passage): PassageCode => {
  let c = passageChunks.get(p);
  if (!c) {
    const chunks = codeChunks(p.text);
    const code: Array<[number, number]> = [];
    for (const m of p.text.matchAll(/```[^]*?(?:```|$)|~~~[^]*?(?:~~~|$)|`[^`\n]+`/g)) code.push([m.index, m.index + m[0].length]);
    passageChunks.set(p, (c = { chunks, keys: new Set(chunks.map((x) => x.key)), code }));
  }
  return c;
};
/** Whether [from, to) of a passage lies in code it writes. */
const inCode = (pc: PassageCode, from: number, to: number): boolean => pc.code.some(([a, b]) => from >= a && to <= b);
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
  /** Whether the claim's first and last chunks are aligned (matched or changed), not left out. */
  edges: boolean;
  /** Whether a placeholder of the passage stands for chunks of the claim on the way. */
  general: boolean;
}

const better = (a: Fit | undefined, b: Fit): boolean => !a || b.cost < a.cost || (b.cost === a.cost && b.matched > a.matched);

/**
 * The best run of `p` for the claim's chunks `c`: an edit alignment free at both ends of the
 * passage; a placeholder on either side takes chunks of one word of the other at no cost; a
 * changed chunk is preferred to one left out (at the same cost), so a value changed at the end
 * of a command shows as changed.
 */
function bestFit(c: readonly Chunk[], p: readonly Chunk[], limit: number): Fit | undefined {
  const n = c.length;
  const m = p.length;
  if (m === 0) return undefined;
  // per cell: cost, matched, run start, whether the claim's first chunk was aligned, whether the
  // move into it aligned the claim's chunk (rows kept: placeholders look back)
  const cost: Int32Array[] = [];
  const matched: Int32Array[] = [];
  const from: Int32Array[] = [];
  const lead: Uint8Array[] = [];
  const tail: Uint8Array[] = [];
  const gen: Uint8Array[] = [];
  for (let i = 0; i <= n; i++) {
    cost.push(new Int32Array(m + 1));
    matched.push(new Int32Array(m + 1));
    from.push(new Int32Array(m + 1));
    lead.push(new Uint8Array(m + 1));
    tail.push(new Uint8Array(m + 1));
    gen.push(new Uint8Array(m + 1));
  }
  for (let j = 0; j <= m; j++) from[0]![j] = j;
  for (let i = 1; i <= n; i++) {
    cost[i]![0] = i;
    const ci = c[i - 1]!;
    let rowMin = Infinity;
    for (let j = 1; j <= m; j++) {
      const pj = p[j - 1]!;
      let bc = Infinity;
      let bm = 0;
      let bf = 0;
      let bl = 0;
      let bt = 0;
      let bg = 0;
      // `aligned`: the move aligns the claim's chunk i (1) or leaves it out (0); -1: a passage chunk skipped
      const take = (k: number, l: number, add: number, hit: number, aligned: number, general = 0): void => {
        const x = cost[k]![l]! + add;
        const y = matched[k]![l]! + hit;
        if (x < bc || (x === bc && y > bm)) {
          bc = x;
          bm = y;
          bf = from[k]![l]!;
          bl = k === 0 && aligned >= 0 ? aligned : lead[k]![l]!;
          bt = aligned < 0 ? tail[k]![l]! : aligned;
          bg = general | gen[k]![l]!;
        }
      };
      // a placeholder takes chunks of one word of the other side
      if (ci.key === WILD) for (let k = 1; k <= WILD_SPAN && j - k >= 0 && p[j - k]!.word === pj.word; k++) take(i - 1, j - k, 0, 0, 1);
      else if (pj.key === WILD) for (let k = 1; k <= WILD_SPAN && i - k >= 0 && c[i - k]!.word === ci.word; k++) take(i - k, j - 1, 0, 0, 1, 1);
      else take(i - 1, j - 1, ci.key === pj.key ? 0 : 1, ci.key === pj.key ? 1 : 0, 1);
      take(i, j - 1, 1, 0, -1);
      take(i - 1, j, 1, 0, 0);
      cost[i]![j] = bc;
      matched[i]![j] = bm;
      from[i]![j] = bf;
      lead[i]![j] = bl;
      tail[i]![j] = bt;
      gen[i]![j] = bg;
      rowMin = Math.min(rowMin, bc);
    }
    // no run can come back under the limit once a whole row is above it
    if (rowMin > limit) return undefined;
  }
  let best: Fit | undefined;
  for (let j = 1; j <= m; j++) {
    const fit = { cost: cost[n]![j]!, matched: matched[n]![j]!, first: from[n]![j]!, last: j - 1, edges: lead[n]![j]! === 1 && tail[n]![j]! === 1, general: gen[n]![j]! === 1 };
    // (at the same cost, a run that ends on a changed chunk, not one that leaves it out)
    if (better(best, fit) || (best && fit.cost === best.cost && fit.matched === best.matched && fit.edges && !best.edges)) best = fit;
  }
  return best;
}

/** Edits a near miss may hold: one, or one per four chunks of a long command. */
const maxEdits = (n: number): number => Math.max(1, Math.floor(n / 4));

/**
 * What one piece of code is against `passages` (see {@link CodeFinding}): held by the first that
 * writes it as it is, else the closest near miss, else held as an instance of a placeholder, else
 * none.
 */
export function compareCode(code: ClaimCode, passages: readonly Passage[], common: (chunk: string) => boolean = () => false): CodeFinding {
  let near: { fit: Fit; passage: Passage } | undefined;
  let instance: CodeFinding | undefined;
  const n = code.chunks.length;
  for (const passage of passages) {
    if (!worthAligning(code, passage)) continue;
    const p = chunksOf(passage);
    const fit = bestFit(code.chunks, p, maxEdits(n));
    // a fit that matches no chunk of its own (placeholders only) holds nothing
    if (!fit || fit.matched === 0) continue;
    if (fit.cost === 0) {
      const held: CodeFinding = { state: 'held', code, passage, from: p[Math.min(fit.first, fit.last)]!.start, to: p[fit.last]!.end, general: fit.general };
      // (a passage that writes it as it is, before one that writes a placeholder in its place)
      if (!fit.general) return held;
      instance ??= held;
      continue;
    }
    if (!near || better(near.fit, fit)) near = { fit, passage };
  }
  // a near miss changes the code inside a run the passage writes: its first and last chunks
  // aligned (a run that covers only a part of it, "console.log" for "console.log('Done')", is no
  // near miss), and two chunks matched around the change
  if (near && n >= 3 && near.fit.cost <= maxEdits(n) && near.fit.matched >= 2 && near.fit.edges) {
    const p = chunksOf(near.passage);
    return nearAt(code, near.passage, p[Math.min(near.fit.first, near.fit.last)]!.start, p[near.fit.last]!.end);
  }
  // a placeholder the documents write where the claim writes a value holds it only where no
  // passage writes the code with another value: "package: <package_location>" says nothing
  // against "package: ./dist/plugin-a", a line that reads "package: ./dist/plugin-b" does
  return pairNear(code, passages, common) ?? instance ?? { state: 'none', code };
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

/** The text between two chunks, its white space made one space. */
const separator = (text: string, a: Chunk, b: Chunk): string => text.slice(a.end, b.start).replace(/\s+/g, ' ');

/**
 * Two chunks ("secure: false", "visitor.fallback", "git clone", "fs.R_OK") that a passage writes
 * as code with the same first chunk and the same separator and another second chunk ("secure:
 * true", "visitor.consists", "git removal", "fs.F_OK"): a near miss, though only one chunk matches.
 */
function pairNear(code: ClaimCode, passages: readonly Passage[], common: (chunk: string) => boolean): CodeFinding | undefined {
  // (a first chunk the workspace writes often, "npm", "fs", "git", opens many pairs: the pair as
  // written may be in a passage the search did not reach)
  const c = code.chunks;
  if (c.length !== 2 || c[0]!.key === WILD || c[1]!.key === WILD || common(c[0]!.key)) return undefined;
  const sep = separator(code.text, c[0]!, c[1]!);
  for (const passage of passages) {
    const pc = readOf(passage);
    const p = pc.chunks;
    if (!pc.keys.has(c[0]!.key)) continue;
    for (let j = 0; j + 1 < p.length; j++) {
      if (p[j]!.key !== c[0]!.key || p[j + 1]!.key === WILD || p[j + 1]!.key === c[1]!.key || separator(passage.text, p[j]!, p[j + 1]!) !== sep) continue;
      // written as code there too (two words in prose, "git repository", are no command)
      if (!inCode(pc, p[j]!.start, p[j + 1]!.end)) continue;
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
