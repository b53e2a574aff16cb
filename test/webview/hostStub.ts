/**
 * Plays the extension's side of the report protocol against a page: validates every message the
 * webview posts with the production validator and answers openEvidence / ask like the host does.
 */
import type { Page } from 'playwright-core';
import type { HostToWebview, WebviewToHost } from '../../src/protocol/messages';
import { validateWebviewMessage } from '../../src/protocol/validate';
import type { Box, Turn } from '../../src/core/types';

export interface PdfFixture {
  path: string;
  passageId: string;
  bytes: Uint8Array;
  page: number;
  boxes: Box[];
  pageWidth: number;
  pageHeight: number;
}

export class HostStub {
  readonly received: WebviewToHost[] = [];
  readonly rejected: string[] = [];
  /** The answer the stub "asks" with, when the webview sends an ask message. */
  answer: Turn | undefined;
  /** Whether openEvidence for the fixture PDF is answered with its page. */
  answerPdf = true;

  constructor(
    private readonly page: Page,
    private readonly pdf: PdfFixture,
  ) {}

  async attach(): Promise<void> {
    await this.page.exposeFunction('__toHost', (m: unknown) => this.receive(m));
  }

  private receive(m: unknown): void {
    const v = validateWebviewMessage(m);
    if (!v.ok) {
      this.rejected.push(v.error);
      return;
    }
    const msg = v.value;
    this.received.push(msg);
    if (msg.type === 'openEvidence' && this.answerPdf && msg.evidence.kind === 'pdf' && msg.evidence.passageId === this.pdf.passageId) {
      const { bytes, ...rest } = this.pdf;
      void this.send({ type: 'pdfPage', view: { requestId: msg.requestId, ...rest, bytes } });
    } else if (msg.type === 'ask') {
      void this.runAsk(msg.askId, msg.question);
    }
  }

  private async runAsk(askId: number, question: string): Promise<void> {
    await this.send({ type: 'askProgress', askId, message: 'Searching 12 passages', round: 1 });
    await this.send({ type: 'askText', askId, fragment: 'Members can renew online' });
    if (this.answer) await this.send({ type: 'askDone', askId, turn: { ...this.answer, question } });
    else await this.send({ type: 'askFailed', askId, message: 'No language model is configured.' });
  }

  /** Posts a host → webview message (also used to post deliberately malformed ones). */
  async send(m: HostToWebview | Record<string, unknown>): Promise<void> {
    // Typed arrays do not cross page.evaluate: ship the bytes as numbers and rebuild them.
    const wire = (m as HostToWebview).type === 'pdfPage' ? { ...m, view: { ...(m as { view: object }).view, bytes: Array.from((m as { view: { bytes: Uint8Array } }).view.bytes) } } : m;
    await this.page.evaluate((msg) => {
      const x = msg as { type: string; view?: { bytes: unknown } };
      if (x.type === 'pdfPage' && x.view && Array.isArray(x.view.bytes)) x.view.bytes = new Uint8Array(x.view.bytes as number[]);
      window.postMessage(x, '*');
    }, wire);
  }

  /** Messages of one type, in arrival order. */
  of<T extends WebviewToHost['type']>(type: T): Extract<WebviewToHost, { type: T }>[] {
    return this.received.filter((m): m is Extract<WebviewToHost, { type: T }> => m.type === type);
  }

  last<T extends WebviewToHost['type']>(type: T): Extract<WebviewToHost, { type: T }> | undefined {
    const all = this.of(type);
    return all[all.length - 1];
  }
}
