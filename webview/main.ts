/**
 * The report webview: renders a check result or a Turn sent by the host, lets the user filter to
 * problems, open evidence (markdown in the editor, PDF pages here), and ask new questions.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import '@vscode-elements/elements/dist/vscode-textarea/index.js';
import type { EvidenceRef, HostToWebview, RenderedState, ReportPayload, SentenceVerdict } from '../src/protocol/messages';
import { validateHostMessage } from '../src/protocol/validate';
import { countFindings, FINDING_ORDER, FINDINGS, type Finding } from '../src/protocol/vocabulary';
import { AskBox } from './ask';
import { clear, el, fmt } from './dom';
import { PdfViewer } from './pdfViewer';
import { roundList } from './rounds';
import { isProblem, sentenceList } from './sentences';
import css from './styles.css';
import { loadState, log, post, saveState } from './vscodeApi';

const sheet = new CSSStyleSheet();
sheet.replaceSync(css);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

const app = document.getElementById('app')!;
let payload: ReportPayload | null = null;
let problemsOnly = loadState().problemsOnly;
let nextRequest = 1;
let pendingPdf = 0;

const ask = new AskBox();
const pdf = new PdfViewer(app.dataset.pdfjs ?? '', app.dataset.pdfWorker ?? '', () => reportRendered());
const report = el('main', { class: 'report' });
const filter = document.createElement('vscode-checkbox');
filter.label = 'Problems only';
filter.checked = problemsOnly;
filter.addEventListener('change', () => {
  problemsOnly = filter.checked;
  saveState({ problemsOnly });
  render();
});

app.append(el('header', { class: 'top' }, [el('h1', { text: 'Verity report' }), filter]), ask.root, report, pdf.root);

function openEvidence(e: EvidenceRef): void {
  const requestId = nextRequest++;
  if (e.kind === 'pdf') pendingPdf = requestId;
  post({ type: 'openEvidence', requestId, evidence: e });
}

function sentencesOf(p: ReportPayload): SentenceVerdict[] {
  return p.kind === 'check' ? p.result.sentences : p.turn.sentences;
}

/** Counts by finding, in the vocabulary's words and order (clear and possible contradictions apart). */
function summaryLine(sentences: readonly SentenceVerdict[]): HTMLElement {
  const counts = countFindings(sentences);
  const badge = (f: Finding): HTMLElement => {
    const b = document.createElement('vscode-badge');
    b.textContent = fmt(counts[f]);
    return el('span', { class: `count f-${f}` }, [b, ` ${f === 'not_claim' ? 'not claims' : FINDINGS[f].label}`]);
  };
  // "possibly contradicted" only when there is one: most reports have none
  return el('div', { class: 'summary' }, FINDING_ORDER.filter((f) => (f !== 'possibly_contradicted' && f !== 'disputed') || counts[f] > 0).map(badge));
}

const STATUS: Record<string, string> = {
  answered: 'Answered — every claim supported',
  partially_supported: 'Partly supported — see the marked sentences',
  no_answer: 'No answer — the documents do not cover this',
  cancelled: 'Cancelled',
  error: 'Failed',
};

/** "Check · draft.md" when the host said which document was checked. */
function checkTitle(docUri: string | undefined): string {
  if (!docUri) return 'Check';
  try {
    return `Check · ${decodeURIComponent(docUri.replace(/[?#].*$/, '').split('/').pop() ?? '')}`;
  } catch {
    return 'Check';
  }
}

function render(): void {
  clear(report);
  if (!payload) {
    report.append(el('p', { class: 'empty', text: 'Nothing to show yet. Check a paragraph (Verity: Check This Paragraph) or ask a question above.' }));
  } else if (payload.kind === 'check') {
    const r = payload.result;
    report.append(
      el('h2', { text: checkTitle(payload.docUri) }),
      el('p', { class: 'meta', text: `${fmt(r.summary.sentences)} sentences, ${fmt(r.summary.claims)} claims · ${fmt(Math.round(r.ms))} ms` }),
      summaryLine(r.sentences),
      sentenceList(r.sentences, problemsOnly, openEvidence, true),
    );
  } else {
    const t = payload.turn;
    const parts: (HTMLElement | null)[] = [
      el('h2', { class: 'question', text: t.question }),
      el('p', { class: `status st-${t.status}`, text: STATUS[t.status] ?? t.status }),
      t.error ? el('p', { class: 'error', text: `${t.error.code}: ${t.error.message}` }) : null,
      el('p', { class: 'meta', text: `${t.rounds.length} round${t.rounds.length === 1 ? '' : 's'} · ${t.modelCalls} model calls · ${fmt(t.tokens.prompt + t.tokens.completion)} tokens · ${fmt(Math.round(t.ms))} ms${t.model ? ` · ${t.model}` : ''}` }),
      summaryLine(t.sentences),
      el('h3', { text: 'Answer' }),
      sentenceList(t.sentences, problemsOnly, openEvidence),
      t.rounds.length ? el('h3', { text: 'Rounds' }) : null,
      roundList(t.rounds),
    ];
    for (const p of parts) if (p) report.append(p);
  }
  reportRendered();
}

function reportRendered(): void {
  const sentences = payload ? sentencesOf(payload) : [];
  const state: RenderedState = {
    kind: payload ? payload.kind : 'empty',
    sentences: sentences.length,
    problems: sentences.filter(isProblem).length,
    rounds: payload?.kind === 'turn' ? payload.turn.rounds.length : 0,
    problemsOnly,
  };
  const p = pdf.state();
  if (p) state.pdf = p;
  post({ type: 'rendered', state });
}

function handle(m: HostToWebview): void {
  switch (m.type) {
    case 'report':
      // A PDF page belongs to the report it was opened from.
      if (!pdf.root.hidden) pdf.close();
      payload = m.payload;
      ask.setModelAvailable(m.modelAvailable);
      render();
      break;
    case 'askProgress':
      if (ask.owns(m.askId)) ask.onProgress(m.message, m.round);
      break;
    case 'askText':
      if (ask.owns(m.askId)) ask.onText(m.fragment);
      break;
    case 'askDone':
      if (!ask.owns(m.askId)) break;
      ask.finish();
      if (!pdf.root.hidden) pdf.close();
      payload = { kind: 'turn', turn: m.turn };
      render();
      break;
    case 'askFailed':
      if (ask.owns(m.askId)) ask.finish(m.message);
      break;
    case 'pdfPage':
      // 0 = opened by the host (e.g. from a hover); otherwise only the latest click counts.
      if (m.view.requestId !== 0 && m.view.requestId !== pendingPdf) break;
      pdf.show(m.view).catch((e: unknown) => {
        const msg = e instanceof Error ? e.message : String(e);
        log('error', `PDF page failed: ${msg}`);
        pdf.fail(`Could not show the page: ${msg}`);
      });
      break;
    case 'evidenceFailed':
      if (m.requestId === pendingPdf) pdf.fail(m.message);
      break;
  }
}

window.addEventListener('message', (ev: MessageEvent) => {
  const v = validateHostMessage(ev.data);
  if (!v.ok) {
    log('warn', `rejected a malformed message: ${v.error}`);
    return;
  }
  handle(v.value);
});

render();
post({ type: 'ready' });
