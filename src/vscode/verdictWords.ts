/**
 * Plain words for verdicts: what a diagnostic or hover says instead of raw scores, how sure it
 * may sound (an uncertain finding names "the closest passage", never "the source says"), which
 * related passages are worth showing, and document text cleaned of markdown markup. Pure (no
 * 'vscode' import) so unit tests run it in Node.
 */
import type { EvidenceRef, SentenceVerdict } from '../core/types';

/** Related passages scoring under this (or far under the best one) are noise, not help. */
export const RELATED_MIN_SCORE = 0.35;
const RELATED_MIN_SHARE = 0.6;

/**
 * True when a finding may speak with the source's voice. The checker's `certainty` decides; a
 * verdict without one (made before the checker gave it) keeps its old standing unless a
 * calibrated confidence says it is a toss-up. (`score` is the support score: low for a
 * contradiction, so it says nothing about how sure the contradiction is.)
 */
export function isClear(v: SentenceVerdict): boolean {
  if (v.certainty) return v.certainty === 'clear';
  return v.confidence === undefined || v.confidence >= 0.7;
}

/** The checker's reason, worded as sure as the verdict is: an uncertain one never says "the source says". */
export function reasonWords(v: SentenceVerdict): string {
  const reason = cleanText(v.reason);
  return isClear(v) ? reason : reason.replace(/\bthe source (says|states)\b/gi, 'the closest passage $1');
}

/**
 * How sure the verdict is, in words. Uses the calibrated confidence when the checker gives one,
 * else the support score.
 */
export function strengthWords(v: SentenceVerdict): string {
  const p = v.confidence ?? v.score;
  switch (v.verdict) {
    case 'supported':
      return p >= 0.85 ? 'clearly supported' : p >= 0.6 ? 'likely supported' : 'weak match';
    case 'contradicted':
      return isClear(v) ? (p >= 0.85 ? 'clearly contradicted' : 'likely contradicted') : 'possibly contradicted';
    case 'unsupported':
      return p >= 0.85 ? 'not found in the sources' : 'probably not in the sources';
    default:
      return 'not a factual claim';
  }
}

/** How well a passage matches, in words (instead of "score 0.17"). */
export function matchWords(score: number): string {
  return score >= 0.75 ? 'close match' : score >= 0.5 ? 'partial match' : 'weak match';
}

/** The diagnostic message: one line, worded as sure as the verdict is. */
export function diagnosticMessage(v: SentenceVerdict): string {
  const reason = v.reason ? `: ${reasonWords(v)}` : '';
  if (v.verdict === 'contradicted') {
    if (v.conflict && isClear(v) && v.conflict.sourceText) return `Contradicted — the source says “${cleanText(v.conflict.sourceText)}”, not “${cleanText(v.conflict.claimText)}”`;
    return isClear(v) ? `Contradicted by the sources${reason}` : `Possibly contradicted — compare with the closest passage${reason}`;
  }
  return `Not supported by the sources${reason}`;
}

/** Evidence worth listing beside a finding: the deciding passage, then alternatives that are close enough. */
export function relevantEvidence(v: SentenceVerdict, max = 3): EvidenceRef[] {
  const all = [...(v.evidence ? [v.evidence] : []), ...v.alternatives.filter((a) => a.passageId !== v.evidence?.passageId)];
  const best = Math.max(0, ...all.map((r) => r.score));
  return all.filter((r, i) => (i === 0 && r === v.evidence) || (r.score >= RELATED_MIN_SCORE && r.score >= best * RELATED_MIN_SHARE)).slice(0, max);
}

/** Document text without markdown markup: emphasis markers, table pipes, heading hashes, link syntax. */
export function cleanText(s: string): string {
  return s
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|`)(?=\S)([^]*?\S)\1/g, '$2')
    .replace(/\*\*|__/g, '')
    .replace(/^\s*#{1,6}\s+/gm, '')
    .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, '')
    .replace(/\s*\|\s*/g, ' · ')
    .replace(/^ · | · $/g, '')
    .replace(/\s+/g, ' ')
    .replace(/·(\s*·)+/g, '·')
    .replace(/^[ ·]+|[ ·]+$/g, '')
    .trim();
}
