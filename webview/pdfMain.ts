/**
 * The PDF editor's webview: one PDF, readable — fit to width, zoom, previous/next page, and the
 * deciding quote highlighted when the file was opened from evidence. The host sends the bytes and
 * the evidence ('pdfPage'); this page reports what it shows after every render ('pdfRendered').
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import { validateHostMessage } from '../src/protocol/validate';
import { PdfViewer } from './pdfViewer';
import css from './styles.css';
import { log, post } from './vscodeApi';

const sheet = new CSSStyleSheet();
sheet.replaceSync(css);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

const app = document.getElementById('app')!;
const viewer = new PdfViewer(app.dataset.pdfjs ?? '', app.dataset.pdfWorker ?? '', () => {
  const state = viewer.state();
  if (state) post({ type: 'pdfRendered', state });
}, false);
app.append(viewer.root);

window.addEventListener('message', (ev: MessageEvent) => {
  const v = validateHostMessage(ev.data);
  if (!v.ok) {
    log('warn', `rejected a malformed message: ${v.error}`);
    return;
  }
  const m = v.value;
  if (m.type === 'pdfPage') {
    viewer.show(m.view).catch((e: unknown) => {
      const msg = e instanceof Error ? e.message : String(e);
      log('error', `PDF failed: ${msg}`);
      viewer.fail(`Could not show the PDF: ${msg}`);
    });
  } else if (m.type === 'evidenceFailed') {
    viewer.fail(m.message);
  }
});

post({ type: 'ready' });
