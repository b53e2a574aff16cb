/**
 * Citation verification: a sentence must cite a passage that supports it. When the checker finds
 * the support in another passage than the one cited ([2] cited, [4] supports), the citation is
 * rewritten to [4]; a claim with no citation gets the supporting one; a sentence nothing supports
 * keeps its verdict (unsupported) and its citation is left for the feedback to fix.
 */
import type { LoopChecker } from './loopChecker';
import type { NumberedEvidence, SentenceVerdict } from '../types';
import { evidenceNumber } from './feedback';

export interface CitationFix {
  /** Sentence index. */
  index: number;
  from: number[];
  to: number[];
}

const CITATION = /\s*\[\d+(?:\s*[,;]\s*\d+)*\]/g;
const TRAILING_CITATIONS = /^(?:\s*\[\d+(?:\s*[,;]\s*\d+)*\])+/;

/** Works out which supported sentences cite the wrong passage (or none) and what they should cite. */
export async function findCitationFixes(sentences: SentenceVerdict[], evidence: NumberedEvidence[], checker: Pick<LoopChecker, 'checkSentence'>): Promise<CitationFix[]> {
  const fixes: CitationFix[] = [];
  for (const s of sentences) {
    if (s.verdict !== 'supported') continue;
    const supporting = evidenceNumber(evidence, s.evidence?.passageId);
    if (supporting === undefined) continue;
    if (s.citations.includes(supporting)) continue;
    const cited = s.citations.map((n) => evidence.find((e) => e.n === n)?.passage).filter((p) => p !== undefined);
    if (cited.length > 0 && (await checker.checkSentence(s.text, cited, { useIndex: false })).verdict === 'supported') continue;
    fixes.push({ index: s.index, from: s.citations, to: [supporting] });
  }
  return fixes;
}

/**
 * Applies citation fixes to the text the sentences were checked in. Offsets refer to `text`;
 * citations written just after a sentence's end (outside its range) are replaced too.
 */
export function applyCitationFixes(text: string, sentences: SentenceVerdict[], fixes: CitationFix[]): string {
  const byIndex = new Map(sentences.map((s) => [s.index, s]));
  const ordered = [...fixes].sort((a, b) => (byIndex.get(b.index)?.start ?? 0) - (byIndex.get(a.index)?.start ?? 0));
  let out = text;
  for (const f of ordered) {
    const s = byIndex.get(f.index);
    if (!s) continue;
    let end = s.end;
    const tail = TRAILING_CITATIONS.exec(out.slice(end));
    if (tail) end += tail[0].length;
    const segment = out.slice(s.start, end);
    const stripped = segment.replace(CITATION, '');
    const m = /([.!?…]+["'’”)\]]*)?(\s*)$/.exec(stripped)!;
    const body = stripped.slice(0, m.index);
    const marker = f.to.map((n) => `[${n}]`).join('');
    out = out.slice(0, s.start) + `${body} ${marker}${m[1] ?? ''}${m[2] ?? ''}` + out.slice(end);
  }
  return out;
}
