/**
 * The markdown `@verity` writes into the chat view. Model and document text is data: it is
 * escaped so that it shows as text — raw HTML such as `<img src=x onerror=…>` stays literal, and
 * no text can add links (or command links) to the trusted response. Verdicts use the core's
 * vocabulary. Pure (no 'vscode' import) so unit tests render it with the real markdown parser.
 */
import type { SentenceVerdict } from '../core/types';
import { FINDINGS, findingOf, type Finding } from '../core/vocabulary';

/** Marks for problem sentences, by finding. */
const MARK: Partial<Record<Finding, string>> = { unsupported: '⚠️', contradicted: '⛔', possibly_contradicted: '⚠️', disputed: '⚠️' };

/**
 * Escapes markdown (and HTML) in model or document text, so it cannot add links, markup or tags
 * of its own: every character markdown or an HTML parser could act on is backslash-escaped,
 * which a CommonMark renderer shows as the character itself.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\\`*_{}[\]()<>#|!~&]/g, '\\$&');
}

/** The mark before a sentence (✅ for supported, when `withSupported`), or ''. */
export function verdictMark(s: Pick<SentenceVerdict, 'verdict' | 'certainty' | 'confidence'>, withSupported = false): string {
  const f = findingOf(s);
  if (f === 'supported') return withSupported ? '✅' : '';
  return MARK[f] ?? '';
}

/** "_(contradicted: the source says 30 days, not 60)_" after a problem sentence, or ''. */
export function verdictNote(s: SentenceVerdict): string {
  const f = findingOf(s);
  if (f === 'supported' || f === 'not_claim') return '';
  const reason = s.reason.trim();
  return `_(${FINDINGS[f].label}${reason ? `: ${escapeMarkdown(reason)}` : ''})_`;
}

/**
 * One answer sentence as markdown: `[n]` citations become links made by `link` (or stay escaped
 * text when it has none for that number), and problem sentences are marked with their finding.
 */
export function renderAnswerSentence(s: SentenceVerdict, link: (n: number, label: string) => string | undefined): string {
  const parts = s.text.trim().split(/(\[\d+\])/);
  let text = parts
    .map((part) => {
      const m = /^\[(\d+)\]$/.exec(part);
      if (!m) return escapeMarkdown(part);
      return link(Number(m[1]), `\\[${m[1]}\\]`) ?? escapeMarkdown(part);
    })
    .join('');
  const mark = verdictMark(s);
  if (mark) text = `${mark} ${text} ${verdictNote(s)}`;
  return text;
}
