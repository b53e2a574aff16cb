/**
 * One exchange of the conversation: the question, the answer with every sentence marked by its
 * finding (the core's vocabulary) and its [n] citations as links, the problem sentences with
 * their reasons, the cited sources, the loop's rounds (collapsed) and the answer's actions. All
 * model and document text goes in as text (dom.ts has no innerHTML), so raw HTML in an answer
 * shows as the characters it is.
 */
import type { EvidenceRef, FinalSentence, NumberedEvidence, Turn } from '../../src/protocol/messages';
import { FINDINGS, countFindings, countsText, findingOf, isProblem } from '../../src/protocol/vocabulary';
import { el } from '../dom';
import { roundList } from '../rounds';

export interface AnswerActions {
  openEvidence(e: EvidenceRef): void;
  copy(turnId: string): void;
  openReport(turnId: string): void;
  /** Runs the fix for a failed question ("Connect a Model…", "Set API Key"). */
  fix(code: string): void;
}

const STATUS: Record<Turn['status'], string> = {
  answered: 'Every claim supported',
  partially_supported: 'Partly supported — see the marked sentences',
  no_answer: 'The documents do not cover this',
  cancelled: 'Cancelled',
  error: 'Failed',
};

/** "docs/renewal.md:5–7" or "docs/fees.pdf p. 2". */
function where(p: NumberedEvidence['passage']): string {
  if (p.kind === 'pdf') return `${p.path} p. ${p.page ?? 1}`;
  return p.startLine === p.endLine ? `${p.path}:${p.startLine}` : `${p.path}:${p.startLine}–${p.endLine}`;
}

/** The evidence a citation opens: the passage, with the deciding quote when a sentence citing it has one. */
function citedRef(e: NumberedEvidence, sentences: readonly FinalSentence[]): EvidenceRef {
  const p = e.passage;
  const quote = sentences.find((s) => s.evidence?.passageId === p.id)?.evidence?.quote ?? '';
  const ref: EvidenceRef = { passageId: p.id, path: p.path, kind: p.kind, heading: p.headings.join(' › '), startLine: p.startLine, endLine: p.endLine, quote, score: e.score };
  if (p.page !== undefined) ref.page = p.page;
  return ref;
}

function citeButton(n: number, e: NumberedEvidence | undefined, sentences: readonly FinalSentence[], actions: AnswerActions): HTMLElement | string {
  if (!e) return `[${n}]`;
  return el('button', {
    class: `cite kind-${e.passage.kind}`,
    text: `[${n}]`,
    attrs: { type: 'button', title: `Open ${where(e.passage)}`, 'data-n': String(n) },
    on: { click: () => actions.openEvidence(citedRef(e, sentences)) },
  });
}

/** One sentence inline: its text with citation links, and its finding as a mark. */
function sentenceSpan(s: FinalSentence, byN: Map<number, NumberedEvidence>, all: readonly FinalSentence[], actions: AnswerActions): HTMLElement {
  const f = findingOf(s);
  const words = FINDINGS[f];
  const withCitations = (text: string): (HTMLElement | string)[] =>
    text.split(/(\[\d+\])/).filter((x) => x !== '').map((part) => {
      const m = /^\[(\d+)\]$/.exec(part);
      return m ? citeButton(Number(m[1]), byN.get(Number(m[1])), all, actions) : part;
    });
  const text = s.text.trim();
  // The last word, its citations and the mark stay on one line, so a mark never starts the next
  // line where it would read as belonging to the sentence after it.
  const tailAt = text.search(/\S+(?:\s*\[\d+\])*[.!?…"”'’)\]]*$/);
  const head = tailAt > 0 ? text.slice(0, tailAt) : '';
  const tail = tailAt > 0 ? text.slice(tailAt) : text;
  const mark = f === 'not_claim' ? null : el('span', { class: `mark f-${f}`, text: f === 'supported' ? '✓' : words.label, attrs: { title: `${words.title}: ${words.description}` } });
  return el('span', { class: `sent f-${f}`, attrs: { 'data-finding': f, title: s.reason ? `${words.title}: ${s.reason}` : words.title } }, [
    ...withCitations(head),
    el('span', { class: 'tail' }, [...withCitations(tail), mark ? ' ' : null, mark]),
    ' ',
  ]);
}

const refWhere = (r: EvidenceRef): string => `${r.path}${r.kind === 'pdf' ? ` p. ${r.page ?? 1}` : `:${r.startLine}`}`;

function problemList(shown: readonly FinalSentence[], actions: AnswerActions): HTMLElement | null {
  const problems = shown.filter(isProblem);
  if (!problems.length) return null;
  return el('ul', { class: 'problems' }, problems.map((s) => {
    const f = findingOf(s);
    const ev = s.evidence;
    const against = s.disagreement?.evidence;
    return el('li', { class: `problem f-${f}` }, [
      el('span', { class: `tag f-${f}`, text: FINDINGS[f].label }),
      ' ',
      el('q', { class: 'ptext', text: s.text.replace(/\s*\[\d+\]/g, '').trim() }),
      s.reason ? el('div', { class: 'reason', text: s.reason }) : null,
      ev ? el('button', { class: 'closest', text: `${f === 'contradicted' ? 'The source' : f === 'disputed' ? 'Supported by' : 'Closest passage'}: ${refWhere(ev)}`, attrs: { type: 'button' }, on: { click: () => actions.openEvidence(ev) } }) : null,
      against ? el('button', { class: 'closest', text: `Contradicted by: ${refWhere(against)}`, attrs: { type: 'button' }, on: { click: () => actions.openEvidence(against) } }) : null,
    ]);
  }));
}

function sourceList(turn: Turn, shown: readonly FinalSentence[], actions: AnswerActions): HTMLElement | null {
  const cited = [...new Set(shown.flatMap((s) => s.citations))].sort((a, b) => a - b);
  const items = cited.flatMap((n) => {
    const e = turn.evidence.find((x) => x.n === n);
    if (!e) return [];
    const ref = citedRef(e, shown);
    // a passage's opening may be a markdown heading: show its words, not its hashes
    const quote = (ref.quote || e.passage.text).replace(/(^|\n)\s{0,3}#{1,6}\s+/g, '$1').replace(/\s+/g, ' ').trim();
    return [el('li', {}, [
      el('button', { class: `source kind-${e.passage.kind}`, attrs: { type: 'button', title: e.passage.kind === 'pdf' ? 'Show the PDF page' : 'Open the file at these lines' }, on: { click: () => actions.openEvidence(ref) } }, [
        el('span', { class: 'n', text: `[${n}]` }),
        ' ',
        el('span', { class: 'where', text: where(e.passage) }),
        el('span', { class: 'snippet', text: quote.length > 140 ? `${quote.slice(0, 139)}…` : quote }),
      ]),
    ])];
  });
  return items.length ? el('div', { class: 'sources' }, [el('div', { class: 'label', text: 'Sources' }), el('ol', {}, items)]) : null;
}

function rounds(turn: Turn): HTMLElement | null {
  if (!turn.rounds.length) return null;
  const c = document.createElement('vscode-collapsible');
  c.heading = `How it was checked · ${turn.rounds.length} round${turn.rounds.length === 1 ? '' : 's'}`;
  c.description = `${turn.modelCalls} model call${turn.modelCalls === 1 ? '' : 's'}`;
  c.className = 'rounds-box';
  c.dataset.turn = turn.id;
  c.append(roundList(turn.rounds));
  return c;
}

function actionButton(label: string, onClick: () => void, cls: string): HTMLElement {
  const b = document.createElement('vscode-button');
  b.textContent = label;
  b.secondary = true;
  b.className = cls;
  b.addEventListener('click', onClick);
  return b;
}

const FIX_LABEL: Record<string, string> = { MODEL_AUTH: 'Set API Key', MODEL_UNAVAILABLE: 'Connect a Model…', MODEL_NOT_FOUND: 'Connect a Model…' };

/** The answer block of a finished turn. */
export function answerView(turn: Turn, actions: AnswerActions): HTMLElement {
  const shown = turn.sentences.filter((s) => !s.dropped);
  const byN = new Map(turn.evidence.map((e) => [e.n, e]));
  const counts = countFindings(shown);
  const status = shown.some((s) => s.verdict !== 'not_claim') ? `${STATUS[turn.status]} · ${countsText(counts)}` : STATUS[turn.status];
  const body = shown.length
    ? el('p', { class: 'answer' }, shown.map((s) => sentenceSpan(s, byN, shown, actions)))
    : turn.answer
      ? el('p', { class: 'answer plain', text: turn.answer })
      : null;
  const fixLabel = turn.error ? FIX_LABEL[turn.error.code] : undefined;
  const error = turn.error
    ? el('div', { class: 'error-box' }, [
        el('p', { class: 'error', text: turn.error.message }),
        fixLabel ? actionButton(fixLabel, () => actions.fix(turn.error!.code), 'fix') : null,
      ])
    : null;
  const dropped = turn.sentences.length - shown.length;
  return el('div', { class: 'answer-block', attrs: { 'data-turn': turn.id, 'data-status': turn.status } }, [
    el('p', { class: `status st-${turn.status}`, text: status }),
    turn.status === 'cancelled' ? null : error,
    body,
    dropped ? el('p', { class: 'meta', text: `${dropped} unsupported sentence${dropped === 1 ? ' was' : 's were'} removed (strict mode).` }) : null,
    problemList(shown, actions),
    sourceList(turn, shown, actions),
    rounds(turn),
    turn.status === 'cancelled' || turn.status === 'error'
      ? null
      : el('div', { class: 'actions' }, [
          actionButton('Copy with citations', () => actions.copy(turn.id), 'copy'),
          actionButton('Open as report', () => actions.openReport(turn.id), 'open-report'),
        ]),
  ]);
}

/** One exchange: the question and its answer. */
export function exchangeView(turn: Turn, actions: AnswerActions): HTMLElement {
  return el('li', { class: 'exchange' }, [el('div', { class: 'question', text: turn.question }), answerView(turn, actions)]);
}
