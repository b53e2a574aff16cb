/**
 * The webviews' HTML and Content-Security-Policy (the report, the PDF view and the conversation
 * panel share them). Deliberately free of 'vscode' imports so the Chromium tests
 * (test/webview/run.ts) serve exactly the page the editor serves.
 */

export interface ReportHtmlOptions {
  /** `webview.cspSource`: the origin that serves dist/webview and media. */
  cspSource: string;
  /** A fresh random nonce per page load (see makeNonce). */
  nonce: string;
  /** URIs as the webview sees them (`webview.asWebviewUri`). */
  scriptUri: string;
  /** pdf.js and its worker, for the pages that render PDFs (the report, the PDF view). */
  pdfjsUri?: string;
  pdfWorkerUri?: string;
  /** The page title (default "Verity Report"). */
  title?: string;
  /** Which view the page is (`data-view` on the app element; the test harness finds the frame by it). */
  view?: 'report' | 'pdf' | 'panel';
}

/** A 128-bit random nonce, base64url (crypto.getRandomValues exists in Node 20 and in browsers). */
export function makeNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The policy, one directive per concern:
 * - scripts only with the nonce (main.js, and pdf.min.mjs which main.js adds with the same nonce);
 * - styles from our origin or with the nonce (Lit and our own sheet use constructable stylesheets,
 *   which CSP does not gate, so no 'unsafe-inline');
 * - pdf.js's worker is fetched from our origin (connect-src) and started from a blob: URL, because
 *   a webview may not start a Worker from the resource origin directly (cross-origin);
 * - the PDF itself arrives as bytes over postMessage, so no workspace folder is a resource root.
 */
export function reportCsp(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `img-src ${cspSource} data: blob:`,
    `font-src ${cspSource}`,
    `connect-src ${cspSource}`,
    'worker-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
  ].join('; ');
}

function attr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The full HTML document of the report webview. */
export function reportHtml(o: ReportHtmlOptions): string {
  const nonce = attr(o.nonce);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${attr(reportCsp(o.cspSource, o.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${attr(o.title ?? 'Verity Report')}</title>
</head>
<body>
<div id="app" data-view="${attr(o.view ?? 'report')}"${o.pdfjsUri ? ` data-pdfjs="${attr(o.pdfjsUri)}"` : ''}${o.pdfWorkerUri ? ` data-pdf-worker="${attr(o.pdfWorkerUri)}"` : ''}></div>
<script type="module" nonce="${nonce}" src="${attr(o.scriptUri)}"></script>
</body>
</html>
`;
}
