/**
 * The question box at the foot of the panel: Enter asks (Shift+Enter for a new line), Cancel
 * stops the question in flight. What is typed but not sent is kept in the webview's state, so a
 * reload does not lose it.
 */
import { MAX_QUESTION_CHARS } from '../../src/protocol/validate';
import { el } from '../dom';

export interface ComposerEvents {
  ask(question: string): void;
  cancel(): void;
  /** The text in the box changed (to keep it across reloads). */
  draftChanged(text: string): void;
}

export class Composer {
  readonly root: HTMLElement;
  private readonly input = document.createElement('vscode-textarea');
  private readonly askButton = document.createElement('vscode-button');
  private readonly cancelButton = document.createElement('vscode-button');
  private readonly hint = el('p', { class: 'hint' });
  private running = false;
  private enabled = true;

  constructor(private readonly events: ComposerEvents, draft: string) {
    this.input.placeholder = 'Ask about your documents…';
    this.input.rows = 3;
    this.input.resize = 'vertical';
    this.input.maxLength = MAX_QUESTION_CHARS;
    this.input.setAttribute('aria-label', 'Question');
    this.input.className = 'question-input';
    this.input.value = draft;
    this.input.addEventListener('keydown', (ev) => {
      const k = ev as KeyboardEvent;
      if (k.key === 'Enter' && !k.shiftKey && !k.isComposing) {
        k.preventDefault();
        this.submit();
      }
    });
    this.input.addEventListener('input', () => this.events.draftChanged(this.input.value));
    this.askButton.textContent = 'Ask';
    this.askButton.className = 'ask';
    this.askButton.addEventListener('click', () => this.submit());
    this.cancelButton.textContent = 'Cancel';
    this.cancelButton.className = 'cancel';
    this.cancelButton.secondary = true;
    this.cancelButton.hidden = true;
    this.cancelButton.addEventListener('click', () => {
      if (!this.running) return;
      this.cancelButton.toggleAttribute('disabled', true);
      this.cancelButton.textContent = 'Cancelling…';
      this.events.cancel();
    });
    this.hint.textContent = 'Enter asks · Shift+Enter for a new line';
    this.root = el('footer', { class: 'composer' }, [this.input, el('div', { class: 'composer-row' }, [this.hint, el('div', { class: 'buttons' }, [this.cancelButton, this.askButton])])]);
  }

  /** Whether questions can be sent (a model is connected and the workspace is trusted). */
  setEnabled(on: boolean, why: string): void {
    this.enabled = on;
    this.input.toggleAttribute('disabled', !on);
    this.askButton.toggleAttribute('disabled', !on || this.running);
    this.hint.textContent = on ? 'Enter asks · Shift+Enter for a new line' : why;
  }

  /** Shows the question in flight (Cancel instead of Ask) or not. */
  setRunning(on: boolean): void {
    this.running = on;
    this.cancelButton.hidden = !on;
    this.cancelButton.toggleAttribute('disabled', false);
    this.cancelButton.textContent = 'Cancel';
    this.askButton.hidden = on;
    this.askButton.toggleAttribute('disabled', !this.enabled || on);
  }

  focus(): void {
    this.input.focus();
  }

  private submit(): void {
    const question = this.input.value.trim();
    if (!question || this.running || !this.enabled) return;
    this.input.value = '';
    this.events.draftChanged('');
    this.events.ask(question);
  }
}
