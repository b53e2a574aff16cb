/**
 * Plain words for verdicts, built on the core's vocabulary (core/vocabulary.ts): what a diagnostic
 * or hover says instead of raw scores, how sure it may sound (an uncertain finding names "the
 * closest passage", never "the source says"), which related passages are worth showing, and
 * document text cleaned of markdown markup. Pure (no 'vscode' import) so unit tests run it in Node.
 */
import type { CheckResult, EvidenceRef, SentenceVerdict } from '../core/types';
import { countFindings, countsText, FINDINGS, findingLabel, findingOf, isClear } from '../core/vocabulary';

/** Related passages scoring under this (or far under the best one) are noise, not help. */
export const RELATED_MIN_SCORE = 0.35;
const RELATED_MIN_SHARE = 0.6;

/** The checker's reason, worded as sure as the verdict is: an uncertain one never says "the source says". */
export function reasonWords(v: SentenceVerdict): string {
  const reason = cleanText(v.reason);
  return isClear(v) ? reason : reason.replace(/\bthe source (says|states)\b/gi, 'the closest passage $1');
}

/**
 * The verdict as the hover names it: the vocabulary's label, with how well the passage matches
 * for a supported sentence ("supported (close match)").
 */
export function verdictHeadline(v: SentenceVerdict): string {
  const label = findingLabel(v);
  return v.verdict === 'supported' && v.evidence ? `${label} (${matchWords(v.evidence.score)})` : label;
}

/** How well a passage matches, in words (instead of "score 0.17"). */
export function matchWords(score: number): string {
  return score >= 0.75 ? 'close match' : score >= 0.5 ? 'partial match' : 'weak match';
}

/**
 * The diagnostic message: one line that starts with the vocabulary's title ("Contradicted",
 * "Possibly contradicted", "Unsupported") and is worded as sure as the verdict is.
 */
export function diagnosticMessage(v: SentenceVerdict): string {
  const finding = findingOf(v);
  const title = FINDINGS[finding].title;
  const reason = v.reason ? reasonWords(v) : '';
  // two words each in the other's place: the reason says which, the other way round
  if (finding === 'contradicted' && v.conflict?.kind === 'order') return `${title} — ${reason}`;
  if (finding === 'contradicted' && v.conflict?.sourceText) return `${title} — the source says “${cleanText(v.conflict.sourceText)}”, not “${cleanText(v.conflict.claimText)}”`;
  if (finding === 'possibly_contradicted') return `${title} — compare with the closest passage${reason ? `: ${reason}` : ''}`;
  if (finding === 'unsupported') return `${title} — ${reason || 'no indexed passage says this'}`;
  return reason ? `${title} — ${reason}` : title;
}

/** The status-bar line after a check: the vocabulary's counts, clear and possible contradictions apart. */
export function checkStatusLine(result: Pick<CheckResult, 'sentences'>): string {
  return `Verity: ${countsText(countFindings(result.sentences))} — Show Report for details`;
}

/** Evidence worth listing beside a finding: the deciding passage, then alternatives that are close enough. */
export function relevantEvidence(v: SentenceVerdict, max = 3): EvidenceRef[] {
  const against = v.disagreement?.evidence;
  const all = [...(v.evidence ? [v.evidence] : []), ...v.alternatives.filter((a) => a.passageId !== v.evidence?.passageId && a.passageId !== against?.passageId)];
  const best = Math.max(0, ...all.map((r) => r.score));
  const shown = all.filter((r, i) => (i === 0 && r === v.evidence) || (r.score >= RELATED_MIN_SCORE && r.score >= best * RELATED_MIN_SHARE));
  // when sources disagree, the one that contradicts is always shown beside the one that supports
  if (against) shown.splice(v.evidence ? 1 : 0, 0, against);
  return shown.slice(0, max);
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
