/**
 * Code in the checked text, compared with the documents (code.ts): an inline span of a sentence
 * that a passage writes with one edit makes the sentence unsupported; a fenced block gets a
 * verdict of its own, from its lines.
 */
import type { Passage, SentenceVerdict } from '../types';
import { codeEditReason, codeQuery, compareCode, type ClaimCode, type CodeEdit, type CodeFinding } from './code';
import { codeChunks, WILD } from './codeChunks';
import { passageRef } from './evidenceRef';
import type { EvidenceSource, TermStats } from './source';
import { analyze } from '../text/analyzer';

/**
 * Passages of the index that may write a piece of code (searched by its chunks), for code the
 * claim's own words did not bring among the candidates; and which chunks the workspace writes
 * often (two chunks opening with one of those are no near miss: code.ts pairNear).
 */
export interface CodeLookup {
  search(query: string): readonly Passage[];
  common(chunk: string): boolean;
}

/** Longest code read (chunks): a longer span is prose in backticks or a whole file. */
const MAX_CHUNKS = 40;

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

/** Whether a piece of code says enough to be compared: two chunks or more besides its placeholders. */
export const substantive = (c: ClaimCode): boolean => c.chunks.filter((x) => x.key !== WILD).length >= 2;

/**
 * Whether the workspace writes a chunk often: more than one passage in fifty holds it (a word the
 * analyser drops counts as common). None is, in a workspace of under 200 passages: the search for
 * a piece of code reaches every passage that may hold it there.
 */
export function commonChunk(stats: TermStats, chunk: string): boolean {
  if (stats.docCount < 200) return false;
  const t = analyze(chunk)[0];
  return t === undefined || stats.df(t) > stats.docCount / 50;
}

/**
 * A lookup over an index: `k` hits ranked with the chunks' order (code words are common words:
 * "console", "log"), those `keep` accepts.
 */
export function indexCodeLookup(source: EvidenceSource, k: number, keep: (p: Passage) => boolean): CodeLookup {
  return {
    search: (q) => source.search(q, { k, phrase: true, snippet: false }).map((h) => h.passage).filter(keep),
    common: (chunk) => commonChunk(source.termStats(), chunk),
  };
}

const short = (s: string, n = 100): string => (s.length > n ? s.slice(0, n - 1).trimEnd() + '…' : s);

/**
 * A piece of code's near miss, unless the index holds the code as written in a passage that was
 * not among `candidates` (the claim's words rank passages, not its code).
 */
function nearMiss(code: ClaimCode, candidates: readonly Passage[], lookup: CodeLookup | undefined): CodeEdit | undefined {
  const r = compareCode(code, candidates, lookup?.common);
  if (r.state === 'held' && !r.general) return undefined;
  // the index may hold the code as written, or with one change, beyond the candidates
  const all = lookup ? compareCode(code, [...new Set([...candidates, ...lookup.search(codeQuery(code))])], lookup.common) : r;
  return all.state === 'near' ? all : undefined;
}

/** The first inline span of code in `segment` that is a near miss (see the file comment). */
export function inlineCodeEdit(segment: string, candidates: readonly Passage[], lookup?: CodeLookup): CodeEdit | undefined {
  for (const code of inlineCode(segment)) {
    if (!substantive(code)) continue;
    const near = nearMiss(code, candidates, lookup);
    if (near) return near;
  }
  return undefined;
}

/** Where a near miss (or a held piece of code) is in its passage, as evidence. */
export const codeRef = (f: Exclude<CodeFinding, { state: 'none' }>): NonNullable<SentenceVerdict['evidence']> => passageRef(f.passage, f.from, f.to, f.state === 'held' ? 1 : 0.5, f.state === 'near' ? f.sourceText : undefined);

/** The query that finds passages for a fenced block: the chunks of its lines, each word once. */
export function blockQuery(segment: string): string {
  const words = new Set<string>();
  for (const line of blockLines(segment)) for (const w of codeQuery(line).split(' ')) if (w && words.size < 40) words.add(w);
  return [...words].join(' ');
}

/**
 * The verdict of a fenced block from its lines of two chunks or more: unsupported when one is a
 * near miss; supported when the documents write every such line (clear) or some of them; and
 * not a claim when they write none (code that resembles nothing of the documents is not
 * compared: the block may be the writer's own example).
 */
export function codeBlockVerdict(
  base: Omit<SentenceVerdict, 'verdict' | 'score' | 'reason' | 'alternatives'>, candidates: readonly Passage[], lookup?: CodeLookup,
): SentenceVerdict {
  const lines = blockLines(base.text).filter(substantive);
  const notClaim = (why: string): SentenceVerdict => ({ ...base, verdict: 'not_claim', score: 0, reason: `not a claim: ${why}`, alternatives: [] });
  if (lines.length === 0) return notClaim('code block');
  const held: Array<Extract<CodeFinding, { state: 'held' }>> = [];
  for (const line of lines) {
    let r = compareCode(line, candidates, lookup?.common);
    // a line no candidate writes as it is: the index is asked for it (the block's words rank
    // passages by the block, not by the line)
    if (lookup && !(r.state === 'held' && !r.general)) r = compareCode(line, [...new Set([...candidates, ...lookup.search(codeQuery(line))])], lookup.common);
    if (r.state === 'held') held.push(r);
    else if (r.state === 'near') return { ...base, verdict: 'unsupported', score: 0, certainty: 'uncertain', reason: codeEditReason(r), evidence: codeRef(r), alternatives: [] };
  }
  if (held.length === 0) return notClaim('code block that no indexed passage writes (not compared)');
  // the passage that writes most of the block's lines, quoted from its first to its last such line
  const byPassage = new Map<Passage, typeof held>();
  for (const h of held) byPassage.set(h.passage, [...(byPassage.get(h.passage) ?? []), h]);
  const [passage, its] = [...byPassage].sort((a, b) => b[1].length - a[1].length)[0]!;
  const from = Math.min(...its.map((h) => h.from));
  const to = Math.max(...its.map((h) => h.to));
  const all = held.length === lines.length;
  // a line the documents write with a placeholder where it writes a value is an instance of it,
  // not what they write: supported, but not clearly (the value itself is nowhere)
  const literal = held.every((h) => !h.general);
  const evidence = passageRef(passage, from, to, held.length / lines.length);
  const quoted = short(passage.text.slice(from, to).replace(/\s+/g, ' '));
  const reason = !all ? `the sources write ${held.length} of its ${lines.length} lines` : literal ? `the source writes it: "${quoted}"` : `the source writes it with a placeholder where this writes a value: "${quoted}"`;
  return { ...base, verdict: 'supported', score: held.length / lines.length, certainty: all && literal ? 'clear' : 'uncertain', reason, evidence, alternatives: [] };
}
