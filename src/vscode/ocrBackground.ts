/**
 * Background OCR in the editor: after each indexing run, scanned PDF pages are recognised one
 * file at a time while the index already answers searches. Its own status-bar item shows pages
 * done and the time left; clicking it (or "Verity: Stop Reading Scanned PDFs") cancels, and the
 * next indexing run resumes from the cache.
 */
import * as vscode from 'vscode';
import type { Verity } from '../core/api';
import type { OcrProgress } from '../core/ocr/ocrStage';
import { isVerityError } from '../core/errors';

export class OcrBackground implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private running: { verity: Verity; abort: AbortController; done: Promise<void>; again: boolean } | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly log: vscode.LogOutputChannel,
    /** Called after each file's passages were added (refresh counts, schedule a save). */
    private readonly onFileDone: (verity: Verity) => void,
  ) {
    this.item = vscode.window.createStatusBarItem('verity.ocr', vscode.StatusBarAlignment.Left, 49);
    this.item.name = 'Verity OCR';
    this.item.command = 'verity.cancelOcr';
    this.disposables.push(this.item, vscode.commands.registerCommand('verity.cancelOcr', () => this.cancel()));
  }

  /**
   * Starts OCR of whatever waits for it. While a run for this facade is going, the request is
   * remembered and one more run follows it (a scan saved meanwhile is not left waiting).
   */
  start(verity: Verity): Promise<void> {
    if (this.running?.verity === verity) {
      this.running.again = true;
      return this.running.done;
    }
    this.running?.abort.abort();
    if (!verity.ocrPending()) return Promise.resolve();
    const abort = new AbortController();
    const done = this.run(verity, abort).finally(() => {
      const finished = this.running;
      if (finished?.abort === abort) this.running = undefined;
      this.item.hide();
      if (finished?.abort === abort && finished.again && !abort.signal.aborted) void this.start(verity);
    });
    this.running = { verity, abort, done, again: false };
    return done;
  }

  /** Stops the current run; pages done so far stay cached. */
  cancel(): void {
    this.running?.abort.abort();
  }

  /** The current run, for tests and shutdown. */
  get current(): Promise<void> | undefined {
    return this.running?.done;
  }

  private async run(verity: Verity, abort: AbortController): Promise<void> {
    let filesDone = 0;
    const show = (p: OcrProgress): void => {
      const eta = p.etaMs !== undefined ? `, ~${formatEta(p.etaMs)} left` : '';
      this.item.text = `$(eye) Verity OCR ${p.pagesDone}/${p.pagesTotal} pages${eta}`;
      this.item.tooltip = `Verity is reading scanned PDFs (${p.filesDone}/${p.files} files${p.path ? `, now ${p.path}` : ''}). Search already works on everything else. Click to stop; it resumes on the next index update.`;
      this.item.show();
      if (p.lowConfidencePage !== undefined) this.log.warn(`OCR: low confidence on ${p.path ?? '?'} page ${p.lowConfidencePage}`);
      if (p.filesDone > filesDone) {
        filesDone = p.filesDone;
        this.onFileDone(verity);
      }
    };
    try {
      const summary = await verity.runOcr({ signal: abort.signal, onProgress: show });
      this.log.info(`OCR: ${summary.recognised}/${summary.files} scanned files gained text, ${summary.pages} pages recognised (${summary.cachedPages} cached) in ${summary.ms} ms${summary.cancelled ? ' (stopped)' : ''}`);
      for (const f of summary.failed) this.log.warn(`OCR of ${f.path} failed: ${f.ocr?.message ?? ''}`);
      this.onFileDone(verity);
    } catch (e) {
      if (isVerityError(e) && e.code === 'CANCELLED') return;
      this.log.error(`OCR stopped: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  dispose(): void {
    this.cancel();
    for (const d of this.disposables) d.dispose();
  }
}

function formatEta(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 90 ? `${s} s` : `${Math.round(s / 60)} min`;
}
