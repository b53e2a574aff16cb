/** The Ask box: a question goes to the host, which runs the loop and streams progress back. */
import { MAX_QUESTION_CHARS } from '../src/protocol/validate';
import { el, clear } from './dom';
import { post } from './vscodeApi';

export class AskBox {
  readonly root: HTMLElement;
  private readonly input = document.createElement('vscode-textarea');
  private readonly askButton = document.createElement('vscode-button');
  private readonly cancelButton = document.createElement('vscode-button');
  private readonly ring = document.createElement('vscode-progress-ring');
  private readonly note = el('p', { class: 'ask-note' });
  private readonly progress = el('ul', { class: 'ask-progress', attrs: { 'aria-live': 'polite' } });
  private readonly stream = el('p', { class: 'ask-stream' });
  private nextId = 1;
  private running: number | undefined;

  constructor() {
    this.input.placeholder = 'Ask a question about your documents…';
    this.input.rows = 2;
    this.input.setAttribute('aria-label', 'Question');
    this.input.maxLength = MAX_QUESTION_CHARS;
    this.input.addEventListener('keydown', (ev) => {
      const k = ev as KeyboardEvent;
      if (k.key === 'Enter' && (k.ctrlKey || k.metaKey)) {
        k.preventDefault();
        this.submit();
      }
    });
    this.askButton.textContent = 'Ask';
    this.askButton.addEventListener('click', () => this.submit());
    this.cancelButton.textContent = 'Cancel';
    this.cancelButton.secondary = true;
    this.cancelButton.hidden = true;
    this.cancelButton.addEventListener('click', () => {
      if (this.running !== undefined) post({ type: 'cancelAsk', askId: this.running });
    });
    this.ring.hidden = true;
    this.ring.setAttribute('aria-label', 'Running');
    this.root = el('section', { class: 'ask', attrs: { 'aria-label': 'Ask' } }, [
      el('div', { class: 'ask-row' }, [this.input, el('div', { class: 'ask-actions' }, [this.askButton, this.cancelButton, this.ring])]),
      this.note,
      this.progress,
      this.stream,
    ]);
  }

  /** Enables or disables asking, with a clear note when no model is configured. */
  setModelAvailable(available: boolean): void {
    this.askButton.toggleAttribute('disabled', !available || this.running !== undefined);
    this.note.textContent = available
      ? 'Ctrl+Enter asks. The answer is drafted, checked sentence by sentence and revised.'
      : 'No language model is configured, so asking is unavailable (checking and search still work). Connect a model (Verity: Connect a Model…) or enable a VS Code language model: this box turns on by itself.';
    this.note.classList.toggle('warning', !available);
  }

  private submit(): void {
    const question = this.input.value.trim();
    if (!question || this.running !== undefined || this.askButton.hasAttribute('disabled')) return;
    const askId = this.nextId++;
    this.running = askId;
    clear(this.progress);
    this.stream.textContent = '';
    this.setRunning(true);
    post({ type: 'ask', askId, question });
  }

  private setRunning(on: boolean): void {
    this.ring.hidden = !on;
    this.cancelButton.hidden = !on;
    this.askButton.toggleAttribute('disabled', on);
  }

  /** True when the message belongs to the question in flight. */
  owns(askId: number): boolean {
    return this.running === askId;
  }

  onProgress(message: string, round: number | undefined): void {
    this.progress.append(el('li', { text: round !== undefined ? `Round ${round}: ${message}` : message }));
  }

  onText(fragment: string): void {
    this.stream.textContent += fragment;
  }

  /** The question finished (answer rendered by the caller) or failed (message shown here). */
  finish(error?: string): void {
    this.running = undefined;
    this.setRunning(false);
    this.stream.textContent = '';
    if (error) this.progress.append(el('li', { class: 'error', text: error }));
    else clear(this.progress);
  }
}
