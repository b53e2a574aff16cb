/**
 * Renders one PDF page with pdf.js on a canvas and draws the passage's boxes over it. pdf.js is
 * loaded on first use (a module script carrying the page's nonce, so CSP stays nonce-only); its
 * worker is fetched from the resource origin and started from a blob: URL because a webview may
 * not start a cross-origin Worker.
 */
import type * as PdfJs from 'pdfjs-dist';
import type { PdfPageView } from '../src/protocol/messages';
import { clear, el } from './dom';

type PdfLib = typeof PdfJs;

let libPromise: Promise<PdfLib> | undefined;

function pageNonce(): string {
  const s = document.querySelector<HTMLScriptElement>('script[nonce]');
  return s?.nonce ?? '';
}

async function loadLib(pdfjsUri: string, workerUri: string): Promise<PdfLib> {
  const g = globalThis as { pdfjsLib?: PdfLib };
  if (!g.pdfjsLib) {
    await new Promise<void>((resolve, reject) => {
      const s = document.createElement('script');
      s.type = 'module';
      s.nonce = pageNonce();
      s.src = pdfjsUri;
      s.addEventListener('load', () => resolve());
      s.addEventListener('error', () => reject(new Error('could not load pdf.js')));
      document.head.append(s);
    });
  }
  const lib = g.pdfjsLib;
  if (!lib) throw new Error('pdf.js did not initialise');
  const res = await fetch(workerUri);
  if (!res.ok) throw new Error(`could not load the pdf.js worker (${res.status})`);
  const blob = new Blob([await res.text()], { type: 'text/javascript' });
  lib.GlobalWorkerOptions.workerPort = new Worker(URL.createObjectURL(blob), { type: 'module' });
  return lib;
}

export interface PdfViewerState {
  path: string;
  page: number;
  pages: number;
  highlights: number;
}

/** One viewer per report; `show` replaces the document, navigation re-renders pages. */
export class PdfViewer {
  readonly root: HTMLElement;
  private readonly status = el('span', { class: 'pdf-status', attrs: { 'aria-live': 'polite' } });
  private readonly title = el('h3', { class: 'pdf-title' });
  private readonly stage = el('div', { class: 'pdf-stage' });
  private readonly prev: HTMLElement;
  private readonly next: HTMLElement;
  private doc: PdfJs.PDFDocumentProxy | undefined;
  private view: PdfPageView | undefined;
  private page = 1;
  private renderTask: PdfJs.RenderTask | undefined;
  private generation = 0;
  private showToken = 0;

  constructor(
    private readonly pdfjsUri: string,
    private readonly workerUri: string,
    private readonly onChange: () => void,
  ) {
    this.prev = this.navButton('Previous page', '‹ Prev', -1);
    this.next = this.navButton('Next page', 'Next ›', 1);
    const close = this.navButton('Close the PDF page', 'Close', 0);
    this.root = el('section', { class: 'pdf', attrs: { hidden: '', 'aria-label': 'PDF page' } }, [
      el('div', { class: 'pdf-bar' }, [this.title, el('div', { class: 'pdf-nav' }, [this.prev, this.status, this.next, close])]),
      this.stage,
    ]);
    let timer: ReturnType<typeof setTimeout> | undefined;
    window.addEventListener('resize', () => {
      clearTimeout(timer);
      timer = setTimeout(() => void this.render(), 150);
    });
  }

  private navButton(label: string, text: string, delta: number): HTMLElement {
    const b = document.createElement('vscode-button');
    b.secondary = true;
    b.textContent = text;
    b.setAttribute('aria-label', label);
    b.addEventListener('click', () => (delta === 0 ? this.close() : void this.go(this.page + delta)));
    return b;
  }

  state(): PdfViewerState | undefined {
    if (!this.view || !this.doc || this.root.hidden) return undefined;
    return { path: this.view.path, page: this.page, pages: this.doc.numPages, highlights: this.stage.querySelectorAll('.hl').length };
  }

  /** Shows the page of a passage from the PDF bytes the host sent. */
  async show(view: PdfPageView): Promise<void> {
    this.root.hidden = false;
    this.status.textContent = 'Loading…';
    this.title.textContent = view.path;
    const token = ++this.showToken;
    const lib = await (libPromise ??= loadLib(this.pdfjsUri, this.workerUri));
    // pdf.js takes ownership of the buffer it gets: hand it a copy. (pdf.js 5.7 has no eval path
    // any more — the isEvalSupported option is gone — and the CSP forbids eval regardless.)
    const doc = await lib.getDocument({ data: view.bytes.slice(), enableXfa: false, verbosity: 0 }).promise;
    if (token !== this.showToken) {
      void doc.destroy(); // a later request overtook this one
      return;
    }
    if (this.doc) void this.doc.destroy();
    this.doc = doc;
    this.view = view;
    await this.go(view.page);
    this.root.scrollIntoView({ block: 'nearest' });
  }

  close(): void {
    this.root.hidden = true;
    this.renderTask?.cancel();
    clear(this.stage);
    this.onChange();
  }

  private async go(page: number): Promise<void> {
    if (!this.doc || page < 1 || page > this.doc.numPages) return;
    this.page = page;
    await this.render();
  }

  private async render(): Promise<void> {
    const doc = this.doc;
    const view = this.view;
    if (!doc || !view || this.root.hidden) return;
    const gen = ++this.generation;
    this.renderTask?.cancel();
    const page = await doc.getPage(this.page);
    const base = page.getViewport({ scale: 1 });
    const avail = Math.max(200, this.root.clientWidth - 16);
    const scale = Math.min(2, avail / base.width);
    const vp = page.getViewport({ scale });
    const ratio = window.devicePixelRatio || 1;
    const canvas = el('canvas', { class: 'pdf-canvas', attrs: { 'aria-label': `Page ${this.page} of ${doc.numPages}` } });
    canvas.width = Math.floor(vp.width * ratio);
    canvas.height = Math.floor(vp.height * ratio);
    canvas.style.width = `${vp.width}px`;
    canvas.style.height = `${vp.height}px`;
    const layer = el('div', { class: 'pdf-page' }, [canvas]);
    layer.style.width = `${vp.width}px`;
    layer.style.height = `${vp.height}px`;
    const task = page.render({ canvas, viewport: vp, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
    this.renderTask = task;
    try {
      await task.promise;
    } catch (e) {
      if ((e as { name?: string }).name === 'RenderingCancelledException') return;
      throw e;
    }
    if (gen !== this.generation) return;
    if (this.page === view.page) {
      // Boxes are PDF points with a top-left origin at scale 1; the host may know the page size
      // the ingester saw, which differs from pdf.js's viewport only for odd crop boxes.
      const sx = vp.width / (view.pageWidth ?? base.width);
      const sy = vp.height / (view.pageHeight ?? base.height);
      for (const b of view.boxes) {
        const hl = el('div', { class: 'hl', attrs: { 'aria-hidden': 'true' } });
        hl.style.left = `${b.x * sx}px`;
        hl.style.top = `${b.y * sy}px`;
        hl.style.width = `${b.w * sx}px`;
        hl.style.height = `${b.h * sy}px`;
        layer.append(hl);
      }
    }
    clear(this.stage);
    this.stage.append(layer);
    this.status.textContent = `Page ${this.page} of ${doc.numPages}${this.page === view.page ? '' : ` (passage on page ${view.page})`}`;
    this.prev.toggleAttribute('disabled', this.page <= 1);
    this.next.toggleAttribute('disabled', this.page >= doc.numPages);
    this.onChange();
  }

  /** Shows a failure in place of the page. */
  fail(message: string): void {
    this.showToken++;
    this.root.hidden = false;
    clear(this.stage);
    this.stage.append(el('p', { class: 'error', text: message }));
    this.status.textContent = '';
  }
}
