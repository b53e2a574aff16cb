/** Sentence list: verdict chip, score, reason and the deciding evidence (plus close alternatives). */
import type { EvidenceRef, SentenceVerdict } from '../src/protocol/messages';
import { FINDINGS, findingOf, isProblem } from '../src/protocol/vocabulary';
import { el } from './dom';

export { isProblem };

/** "notes/renewal.md:12–14 · Renewal › Online" or "manual.pdf p. 3" */
export function locationText(e: EvidenceRef): string {
  const where = e.kind === 'pdf' && e.page !== undefined ? `${e.path} p. ${e.page}` : e.startLine === e.endLine ? `${e.path}:${e.startLine}` : `${e.path}:${e.startLine}–${e.endLine}`;
  return e.heading ? `${where} · ${e.heading}` : where;
}

/** A focusable evidence item; activating it (click, Enter, Space — it is a button) opens it. */
export function evidenceButton(e: EvidenceRef, open: (e: EvidenceRef) => void, label = 'Evidence'): HTMLElement {
  return el('button', { class: `evidence kind-${e.kind}`, attrs: { type: 'button', title: e.kind === 'pdf' ? 'Show the PDF page' : 'Open the file at these lines' }, on: { click: () => open(e) } }, [
    el('span', { class: 'ev-label', text: label }),
    el('q', { class: 'quote', text: e.quote }),
    el('span', { class: 'loc', text: `${locationText(e)} · score ${e.score.toFixed(2)}` }),
  ]);
}

function sentenceItem(s: SentenceVerdict & { dropped?: boolean }, open: (e: EvidenceRef) => void, showLine: boolean): HTMLElement {
  const detailsId = `s${s.index}-details`;
  const details = el('div', { class: 'details', attrs: { id: detailsId, hidden: '' } }, [
    s.alternatives.length ? el('div', { class: 'alts-title', text: 'Other close passages' }) : el('div', { class: 'alts-title', text: 'No other close passages' }),
    ...s.alternatives.map((a) => evidenceButton(a, open, 'Alternative')),
    s.judge ? el('div', { class: 'judge', text: `Judge (${s.judge.model}): ${s.judge.label}${s.judge.decisive ? ' — decided the verdict' : ''}` }) : null,
    s.features ? el('div', { class: 'features', text: Object.entries(s.features).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(' · ') }) : null,
  ]);
  const finding = findingOf(s);
  const chip = el('button', {
    class: `chip v-${s.verdict} f-${finding}`,
    text: FINDINGS[finding].label,
    attrs: { type: 'button', 'aria-expanded': 'false', 'aria-controls': detailsId, title: `${FINDINGS[finding].description} Show details.` },
    on: {
      click: () => {
        const open = details.hasAttribute('hidden');
        details.toggleAttribute('hidden', !open);
        chip.setAttribute('aria-expanded', String(open));
      },
    },
  });
  return el('li', { class: `sentence v-${s.verdict} f-${finding}${s.dropped ? ' dropped' : ''}`, attrs: { 'data-verdict': s.verdict, 'data-finding': finding } }, [
    el('div', { class: 'head' }, [
      chip,
      s.verdict !== 'not_claim' ? el('span', { class: 'score', text: `score ${s.score.toFixed(2)}` }) : null,
      showLine ? el('span', { class: 'pos', text: `line ${s.line}` }) : null,
      s.dropped ? el('span', { class: 'dropped-note', text: 'removed (strict mode)' }) : null,
    ]),
    el('p', { class: 'text', text: s.text }),
    s.reason ? el('p', { class: 'reason', text: s.reason }) : null,
    s.evidence ? evidenceButton(s.evidence, open) : s.verdict !== 'not_claim' ? el('p', { class: 'none', text: 'No passage came close.' }) : null,
    s.disagreement ? el('p', { class: 'against', text: 'The source that disagrees:' }) : null,
    s.disagreement ? evidenceButton(s.disagreement.evidence, open) : null,
    details,
  ]);
}

/**
 * The list of sentences; with `problemsOnly` only unsupported and contradicted ones. `showLine`
 * for checks of a document, where the line is where to look (an answer's lines mean nothing).
 */
export function sentenceList(sentences: readonly (SentenceVerdict & { dropped?: boolean })[], problemsOnly: boolean, open: (e: EvidenceRef) => void, showLine = false): HTMLElement {
  const shown = problemsOnly ? sentences.filter(isProblem) : sentences;
  if (shown.length === 0) {
    return el('p', { class: 'empty-list', text: problemsOnly ? 'No problems: every claim is supported.' : 'No sentences.' });
  }
  return el('ol', { class: 'sentences' }, shown.map((s) => sentenceItem(s, open, showLine)));
}
