/**
 * Serves dist/webview and pages that stand in for VS Code's webview host — the report at `/`, the
 * conversation panel at `/panel`: the production HTML (same builder, same CSP) plus a nonce'd shim
 * that provides acquireVsCodeApi (its state kept across a page reload, as VS Code keeps it),
 * records CSP violations and lets the test switch themes.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { makeNonce, reportHtml } from '../../src/vscode/report/html';
import { themeCss } from './themes';

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.map': 'application/json' };

function shim(nonce: string): string {
  return `<style nonce="${nonce}">
${themeCss()}
</style>
<script nonce="${nonce}">
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
  document.documentElement.dataset.theme = 'dark';
  window.__setTheme = (name) => {
    document.documentElement.dataset.theme = name;
    document.body.classList.remove('vscode-light', 'vscode-dark', 'vscode-high-contrast');
    document.body.classList.add(name === 'light' ? 'vscode-light' : name === 'dark' ? 'vscode-dark' : 'vscode-high-contrast');
  };
  // Like VS Code, keep the webview's state across a reload of the page (here: the tab's session).
  let state = JSON.parse(sessionStorage.getItem('__vscodeState') ?? 'null') ?? undefined;
  let acquired = false;
  window.acquireVsCodeApi = () => {
    if (acquired) throw new Error('acquireVsCodeApi called twice');
    acquired = true;
    return {
      postMessage: (m) => window.__toHost(m),
      getState: () => state,
      setState: (s) => { state = s; sessionStorage.setItem('__vscodeState', JSON.stringify(s)); },
    };
  };
</script>
`;
}

export interface TestServer {
  origin: string;
  /** The CSP the page was served with. */
  csp: string;
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1 with a free port. */
export async function startServer(distDir: string): Promise<TestServer> {
  let csp = '';
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/' || url.pathname === '/panel') {
        const nonce = makeNonce();
        const origin = `http://${req.headers.host}`;
        // The report (with pdf.js) at /, the conversation panel at /panel: the pages the editor serves.
        const html = url.pathname === '/panel'
          ? reportHtml({ cspSource: origin, nonce, scriptUri: `${origin}/dist/panel.js`, title: 'Verity', view: 'panel' })
          : reportHtml({ cspSource: origin, nonce, scriptUri: `${origin}/dist/main.js`, pdfjsUri: `${origin}/dist/pdf.min.mjs`, pdfWorkerUri: `${origin}/dist/pdf.worker.min.mjs` });
        csp = /Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1]?.replace(/&#39;|&apos;/g, "'") ?? '';
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(html.replace('</head>', `${shim(nonce)}</head>`));
        return;
      }
      if (url.pathname === '/favicon.ico') {
        res.writeHead(204).end();
        return;
      }
      const m = /^\/dist\/([\w.-]+)$/.exec(url.pathname);
      if (!m) {
        res.writeHead(404).end();
        return;
      }
      try {
        const body = await readFile(path.join(distDir, m[1]!));
        res.writeHead(200, { 'content-type': TYPES[path.extname(m[1]!)] ?? 'application/octet-stream' });
        res.end(body);
      } catch {
        res.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  if (!addr || typeof addr === 'string') throw new Error('no server address');
  return {
    origin: `http://127.0.0.1:${addr.port}`,
    get csp() {
      return csp;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
