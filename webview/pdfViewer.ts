/**
 * Renders one PDF page with pdf.js on a canvas, fit to the width (zoom relative to that), and
 * highlights the deciding quote — found in the page's text layer — or, when the quote cannot be
 * found there, the passage's boxes. pdf.js is
 * loaded on first use (a module script carrying the page's nonce, so CSP stays nonce-only); its
 * worker is fetched from the resource origin and started from a blob: URL because a webview may
 * not start a cross-origin Worker.
 */
import type * as PdfJs from 'pdfjs-dist';
import type { PdfPageView, PdfViewState } from '../src/protocol/messages';
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

export type PdfViewerState = PdfViewState;

const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/** A text item's box in viewport pixels (pdf.js text items carry a transform and a width). */
interface TextBox {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The items of a page's text that hold the quote: words are matched in order with spacing and
 * punctuation ignored; the first dozen words locate it (a quote may run past a column or a table
 * cell). Returns the indexes of the items covering the match, or [] when the quote is not there.
 */
export function quoteItems(items: readonly string[], quote: string): number[] {
  const norm = (w: string) => w.toLowerCase();
  const q = (quote.match(/[\p{L}\p{N}]+/gu) ?? []).map(norm);
  if (q.length === 0) return [];
  const words: Array<{ w: string; item: number }> = [];
  items.forEach((t, item) => {
    for (const w of t.match(/[\p{L}\p{N}]+/gu) ?? []) words.push({ w: norm(w), item });
  });
  const need = q.slice(0, Math.min(q.length, 12));
  for (let i = 0; i + need.length <= words.length; i++) {
    if (need.every((w, j) => words[i + j]!.w === w)) {
      // Extend over the rest of the quote as far as it keeps matching.
      let end = i + need.length;
      while (end - i < q.length && end < words.length && words[end]!.w === q[end - i]) end++;
      return [...new Set(words.slice(i, end).map((x) => x.item))];
    }
  }
  return [];
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
  private zoom = 1;
  private mode: PdfViewState['mode'] = 'none';
  private width = 0;
  private lib: PdfLib | undefined;
  private readonly zoomLabel = el('span', { class: 'pdf-zoom', attrs: { 'aria-live': 'polite' }, text: 'Fit width' });

  constructor(
    private readonly pdfjsUri: string,
    private readonly workerUri: string,
    private readonly onChange: () => void,
    /** In the report the view can be closed; the PDF editor is the view. */
    closable = true,
  ) {
    this.prev = this.navButton('Previous page', '‹ Prev', -1);
    this.next = this.navButton('Next page', 'Next ›', 1);
    const zoomOut = this.button('Zoom out', '−', () => this.setZoom(-1));
    const fit = this.button('Fit to width', 'Fit', () => this.setZoom(0));
    const zoomIn = this.button('Zoom in', '+', () => this.setZoom(1));
    const nav = [this.prev, this.status, this.next, zoomOut, this.zoomLabel, fit, zoomIn];
    if (closable) nav.push(this.navButton('Close the PDF page', 'Close', 0));
    this.root = el('section', { class: closable ? 'pdf' : 'pdf pdf-editor', attrs: { hidden: '', 'aria-label': 'PDF page' } }, [
      el('div', { class: 'pdf-bar' }, [this.title, el('div', { class: 'pdf-nav' }, nav)]),
      this.stage,
    ]);
    window.addEventListener('keydown', (e) => {
      if (this.root.hidden || (e.target as HTMLElement | null)?.closest?.('textarea, input, vscode-textarea')) return;
      if (e.key === 'PageDown' || (e.key === 'ArrowRight' && !e.ctrlKey)) void this.go(this.page + 1);
      else if (e.key === 'PageUp' || (e.key === 'ArrowLeft' && !e.ctrlKey)) void this.go(this.page - 1);
      else if ((e.ctrlKey || e.metaKey) && (e.key === '+' || e.key === '=')) this.setZoom(1);
      else if ((e.ctrlKey || e.metaKey) && e.key === '-') this.setZoom(-1);
      else return;
      e.preventDefault();
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    window.addEventListener('resize', () => {
      clearTimeout(timer);
      timer = setTimeout(() => void this.render(), 150);
    });
  }

  private button(label: string, text: string, onClick: () => void): HTMLElement {
    const b = document.createElement('vscode-button');
    b.secondary = true;
    b.textContent = text;
    b.setAttribute('aria-label', label);
    b.setAttribute('title', label);
    b.addEventListener('click', onClick);
    return b;
  }

  private navButton(label: string, text: string, delta: number): HTMLElement {
    return this.button(label, text, () => (delta === 0 ? this.close() : void this.go(this.page + delta)));
  }

  /** -1 / +1: one zoom step; 0: back to fit width. */
  setZoom(step: -1 | 0 | 1): void {
    if (step === 0) this.zoom = 1;
    else {
      const i = ZOOM_STEPS.findIndex((z) => z >= this.zoom - 1e-9);
      const at = i < 0 ? ZOOM_STEPS.length - 1 : i;
      this.zoom = ZOOM_STEPS[Math.max(0, Math.min(ZOOM_STEPS.length - 1, at + step))]!;
    }
    this.zoomLabel.textContent = this.zoom === 1 ? 'Fit width' : `${Math.round(this.zoom * 100)}%`;
    void this.render();
  }

  /** Goes to a page (1-based); the test hooks and keyboard use it too. */
  goTo(page: number): Promise<void> {
    return this.go(page);
  }

  state(): PdfViewerState | undefined {
    if (!this.view || !this.doc || this.root.hidden) return undefined;
    return { path: this.view.path, page: this.page, pages: this.doc.numPages, highlights: this.stage.querySelectorAll('.hl').length, mode: this.mode, zoom: this.zoom, width: this.width };
  }

  /** Shows the page of a passage from the PDF bytes the host sent. */
  async show(view: PdfPageView): Promise<void> {
    this.root.hidden = false;
    this.status.textContent = 'Loading…';
    this.title.textContent = view.path;
    const token = ++this.showToken;
    const lib = await (libPromise ??= loadLib(this.pdfjsUri, this.workerUri));
    this.lib = lib;
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
    this.zoom = 1;
    this.zoomLabel.textContent = 'Fit width';
    await this.go(view.page);
    // The deciding text, not the top of the page, is what the reader came for.
    const first = this.stage.querySelector('.hl');
    (first ?? this.root).scrollIntoView({ block: first ? 'center' : 'start' });
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
    const scale = (avail / base.width) * this.zoom;
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
    this.mode = 'none';
    if (this.page === view.page) {
      const boxes = await this.quoteBoxes(page, vp, view.quote);
      if (gen !== this.generation) return;
      if (boxes.length) this.mode = 'quote';
      else if (view.boxes.length) {
        // Boxes are PDF points with a top-left origin at scale 1; the host may know the page size
        // the ingester saw, which differs from pdf.js's viewport only for odd crop boxes.
        const sx = vp.width / (view.pageWidth ?? base.width);
        const sy = vp.height / (view.pageHeight ?? base.height);
        for (const b of view.boxes) boxes.push({ text: '', left: b.x * sx, top: b.y * sy, width: b.w * sx, height: b.h * sy });
        this.mode = 'passage';
      }
      for (const b of boxes) {
        const hl = el('div', { class: this.mode === 'quote' ? 'hl hl-quote' : 'hl', attrs: { 'aria-hidden': 'true' } });
        hl.style.left = `${b.left}px`;
        hl.style.top = `${b.top}px`;
        hl.style.width = `${b.width}px`;
        hl.style.height = `${b.height}px`;
        layer.append(hl);
      }
    }
    this.width = vp.width;
    clear(this.stage);
    this.stage.append(layer);
    this.status.textContent = `Page ${this.page} of ${doc.numPages}${this.page === view.page ? '' : ` (passage on page ${view.page})`}`;
    this.prev.toggleAttribute('disabled', this.page <= 1);
    this.next.toggleAttribute('disabled', this.page >= doc.numPages);
    this.onChange();
  }

  /** Boxes (viewport pixels) of the text items holding the quote on this page; [] when not found. */
  private async quoteBoxes(page: PdfJs.PDFPageProxy, vp: PdfJs.PageViewport, quote: string | undefined): Promise<TextBox[]> {
    if (!quote || !this.lib) return [];
    const content = await page.getTextContent();
    type Item = { str: string; transform: number[]; width: number };
    const items = (content.items as unknown[]).filter((i): i is Item => typeof (i as Partial<Item>).str === 'string');
    const hit = quoteItems(items.map((i) => i.str), quote);
    return hit.map((n) => {
      const item = items[n]!;
      const tx = this.lib!.Util.transform(vp.transform, item.transform) as number[];
      const height = Math.hypot(tx[2]!, tx[3]!);
      return { text: item.str, left: tx[4]!, top: tx[5]! - height, width: item.width * vp.scale, height: height * 1.15 };
    });
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
