/**
 * The conversation panel's webview: the model in use (switchable), what is off and why (no model,
 * Restricted Mode), the conversation so far, the question in flight with its progress and
 * streamed draft, and the question box. The host owns the conversation and runs every question;
 * this page renders what it is sent and reports what it shows after each render.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textarea/index.js';
import type { EvidenceRef } from '../../src/protocol/messages';
import type { ConversationView, HostToPanel, ModelOptionView, PanelAccess, PanelCommand, RunView } from '../../src/protocol/panelMessages';
import { validateHostToPanel } from '../../src/protocol/validatePanel';
import { countFindings } from '../../src/protocol/vocabulary';
import { clear, el } from '../dom';
import css from '../styles.css';
import { loadPanelState, postPanel, savePanelState } from '../vscodeApi';
import { exchangeView, type AnswerActions } from './answerView';
import { Composer } from './composer';
import panelCss from './panel.css';

const sheet = new CSSStyleSheet();
sheet.replaceSync(`${css}\n${panelCss}`);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

const log = (level: 'info' | 'warn' | 'error', message: string): void => postPanel({ type: 'log', level, message });

let conversation: ConversationView | null = null;
let models: ModelOptionView[] = [];
let modelKey: string | undefined;
let access: PanelAccess = { trusted: true, modelReady: false };
let running: RunView | null = null;
/** A question that could not start, shown under the conversation until the next one. */
let failure: { message: string; fix?: PanelCommand } | null = null;
let nextRunId = 1;
const ui = loadPanelState();

const app = document.getElementById('app')!;
const modelSelect = document.createElement('vscode-single-select');
modelSelect.className = 'model-select';
modelSelect.setAttribute('aria-label', 'Model');
modelSelect.addEventListener('change', () => {
  if (modelSelect.value && modelSelect.value !== modelKey) postPanel({ type: 'pickModel', key: modelSelect.value });
});
const modelRow = el('div', { class: 'model-row' }, [el('span', { class: 'label', text: 'Model' }), modelSelect]);
const newButton = document.createElement('vscode-button');
newButton.textContent = 'New';
newButton.title = 'New conversation';
newButton.setAttribute('aria-label', 'New conversation');
newButton.secondary = true;
newButton.className = 'new-conversation';
newButton.addEventListener('click', () => postPanel({ type: 'newConversation' }));
const header = el('header', { class: 'panel-top' }, [modelRow, newButton]);
const notice = el('div', { class: 'notice', attrs: { role: 'status' } });
const list = el('ol', { class: 'exchanges', attrs: { 'aria-live': 'polite' } });
const scroller = el('main', { class: 'conversation' }, [list]);
const composer = new Composer(
  {
    ask: (question) => {
      const runId = nextRunId++;
      failure = null;
      running = { runId, question, progress: [], text: '', round: 1 };
      render(true);
      postPanel({ type: 'ask', runId, question });
    },
    cancel: () => {
      if (running) postPanel({ type: 'cancel', runId: running.runId });
    },
    draftChanged: (text) => {
      ui.draft = text;
      savePanelState(ui);
    },
  },
  ui.draft,
);
app.append(header, notice, scroller, composer.root);

const actions: AnswerActions = {
  openEvidence: (e: EvidenceRef) => postPanel({ type: 'openEvidence', evidence: e }),
  copy: (turnId) => postPanel({ type: 'copyAnswer', turnId }),
  openReport: (turnId) => postPanel({ type: 'openReport', turnId }),
  fix: (code) => postPanel({ type: 'run', command: code === 'MODEL_AUTH' ? 'setApiKey' : 'connectModel' }),
};

function commandButton(label: string, command: PanelCommand): HTMLElement {
  const b = document.createElement('vscode-button');
  b.textContent = label;
  b.className = `run-${command}`;
  b.addEventListener('click', () => postPanel({ type: 'run', command }));
  return b;
}

/** What is off and why, with the button that fixes it. */
function renderNotice(): string {
  clear(notice);
  let text = '';
  if (!access.trusted) {
    text = 'Restricted Mode: Verity checks and searches this workspace offline, but sends nothing to a language model here, so asking is off. Trust the workspace to ask questions.';
    notice.append(el('p', { text }), commandButton('Manage Workspace Trust', 'manageTrust'));
  } else if (!access.modelReady) {
    text = 'No model is connected. Connect any OpenAI-compatible endpoint (Ollama, LM Studio, vLLM, a hosted API) or enable a VS Code language model — no Copilot needed. Checking and search work without a model.';
    notice.append(el('p', { text }), commandButton('Connect a Model…', 'connectModel'));
  }
  notice.hidden = text === '';
  composer.setEnabled(access.trusted && access.modelReady, !access.trusted ? 'Asking is off in Restricted Mode.' : 'Connect a model to ask.');
  return text;
}

function renderModels(): string {
  clear(modelSelect);
  for (const m of models) {
    const o = document.createElement('vscode-option');
    o.value = m.key;
    o.description = m.detail;
    o.textContent = m.label;
    if (m.key === modelKey) o.selected = true;
    modelSelect.append(o);
  }
  if (modelKey) modelSelect.value = modelKey;
  modelRow.hidden = models.length === 0;
  const current = models.find((m) => m.key === modelKey);
  modelRow.title = current ? `${current.label} — ${current.detail}` : '';
  return current?.label ?? '';
}

function runningView(r: RunView): HTMLElement {
  const ring = document.createElement('vscode-progress-ring');
  ring.className = 'ring';
  return el('li', { class: 'exchange running' }, [
    el('div', { class: 'question', text: r.question }),
    el('div', { class: 'answer-block' }, [
      el('div', { class: 'run-head' }, [ring, el('span', { class: 'run-status', text: r.progress[r.progress.length - 1] ?? 'Starting…' })]),
      el('p', { class: 'stream', text: r.text, attrs: { 'data-round': String(r.round) } }),
      r.progress.length > 1 ? el('ul', { class: 'progress' }, r.progress.slice(0, -1).map((p) => el('li', { text: p }))) : null,
    ]),
  ]);
}

function nearBottom(): boolean {
  return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 80;
}

/**
 * Whether the conversation follows its end: true until the reader scrolls up, and again when
 * they scroll back down or ask. Elements that upgrade after a render (buttons, collapsibles)
 * change the height later, so the list's size is watched rather than scrolled once.
 */
let stick = true;
scroller.addEventListener('scroll', () => {
  stick = nearBottom();
});
new ResizeObserver(() => {
  if (stick) scroller.scrollTop = scroller.scrollHeight;
}).observe(list);

function renderList(scroll = false): void {
  if (scroll) stick = true;
  clear(list);
  const turns = conversation?.turns ?? [];
  if (!turns.length && !running) {
    list.append(el('li', { class: 'intro' }, [
      el('p', { text: 'Ask a question about the documents in this workspace. The answer is drafted from the passages Verity finds, and every sentence is checked against them: supported, unsupported or contradicted, each with its source.' }),
      el('p', { class: 'meta', text: 'Follow-up questions carry the conversation. Click a citation to open the markdown line or the PDF page.' }),
    ]));
  }
  for (const t of turns) list.append(exchangeView(t, actions));
  if (running) list.append(runningView(running));
  if (failure) {
    list.append(el('li', { class: 'exchange failed' }, [
      el('p', { class: 'error', text: failure.message }),
      failure.fix ? commandButton(failure.fix === 'setApiKey' ? 'Set API Key' : failure.fix === 'manageTrust' ? 'Manage Workspace Trust' : 'Connect a Model…', failure.fix) : null,
    ]));
  }
  if (stick) scroller.scrollTop = scroller.scrollHeight;
}

/** Reports what is on screen (the host's test hook reads it). */
function reportRendered(model: string, noticeText: string): void {
  const turns = conversation?.turns ?? [];
  const last = turns[turns.length - 1];
  const findings = countFindings(last ? last.sentences.filter((s) => !s.dropped) : []);
  const lastBlock = list.querySelector('.exchange:last-of-type');
  postPanel({
    type: 'rendered',
    state: {
      conversationId: conversation?.id ?? '',
      turns: turns.length,
      lastFindings: { ...findings },
      citations: lastBlock && !lastBlock.classList.contains('running') ? lastBlock.querySelectorAll('.answer .cite').length : 0,
      running: running !== null,
      streamed: running?.text.length ?? 0,
      model,
      notice: noticeText,
    },
  });
}

function render(scroll = false): void {
  const model = renderModels();
  const noticeText = renderNotice();
  composer.setRunning(running !== null);
  renderList(scroll);
  reportRendered(model, noticeText);
}

/** Updates only the block of the question in flight (progress lines and streamed text arrive often). */
function renderRunning(): void {
  const old = list.querySelector('.exchange.running');
  if (!running || !old) return render();
  old.replaceWith(runningView(running));
  if (stick) scroller.scrollTop = scroller.scrollHeight;
  reportRendered(models.find((m) => m.key === modelKey)?.label ?? '', notice.hidden ? '' : (notice.textContent ?? ''));
}

function handle(m: HostToPanel): void {
  switch (m.type) {
    case 'state':
      conversation = m.conversation;
      models = m.models;
      modelKey = m.model;
      access = m.access;
      running = m.running;
      if (running) nextRunId = Math.max(nextRunId, running.runId + 1);
      render(true);
      break;
    case 'progress':
      if (running?.runId !== m.runId) break;
      if (m.round !== undefined && m.round > running.round) {
        running.round = m.round;
        running.text = '';
      }
      running.progress.push(m.round !== undefined ? `Round ${m.round}: ${m.message}` : m.message);
      renderRunning();
      break;
    case 'text':
      if (running?.runId !== m.runId) break;
      if (m.round > running.round) {
        running.round = m.round;
        running.text = '';
      }
      running.text += m.fragment;
      renderRunning();
      break;
    case 'done':
      // only the answer to the question this page is waiting for belongs to the conversation shown
      if (running?.runId !== m.runId) break;
      running = null;
      if (conversation && !conversation.turns.some((t) => t.id === m.turn.id)) conversation.turns.push(m.turn);
      render(true);
      break;
    case 'failed':
      if (running?.runId === m.runId) running = null;
      failure = m.fix ? { message: m.message, fix: m.fix } : { message: m.message };
      render(true);
      break;
    case 'copied': {
      const b = list.querySelector<HTMLElement>(`.answer-block[data-turn="${CSS.escape(m.turnId)}"] .copy`);
      if (b) {
        b.textContent = 'Copied';
        setTimeout(() => (b.textContent = 'Copy with citations'), 1500);
      }
      break;
    }
  }
}

window.addEventListener('message', (ev: MessageEvent) => {
  const v = validateHostToPanel(ev.data);
  if (!v.ok) {
    log('warn', `rejected a malformed message: ${v.error}`);
    return;
  }
  handle(v.value);
});

render();
postPanel({ type: 'ready' });
