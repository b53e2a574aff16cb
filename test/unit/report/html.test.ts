import assert from 'node:assert/strict';
import { test } from 'node:test';
import { makeNonce, reportCsp, reportHtml } from '../../../src/vscode/report/html';

test('nonces are fresh, long and safe in an attribute', () => {
  const a = makeNonce();
  const b = makeNonce();
  assert.notEqual(a, b);
  assert.match(a, /^[A-Za-z0-9_-]{22}$/);
});

test('the CSP is nonce-only for scripts and never allows inline code or eval', () => {
  const csp = reportCsp('https://res.example', 'N0nce');
  assert.match(csp, /^default-src 'none'/);
  assert.match(csp, /script-src 'nonce-N0nce'(;|$)/);
  assert.match(csp, /worker-src blob:/);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
});

test('the page carries the CSP, one nonce-bearing script and no inline handlers', () => {
  const html = reportHtml({ cspSource: 'https://res.example', nonce: 'abc', scriptUri: 'https://res.example/main.js?"><x', pdfjsUri: 'https://res.example/pdf.min.mjs', pdfWorkerUri: 'https://res.example/pdf.worker.min.mjs' });
  assert.equal(html.match(/<script/g)?.length, 1);
  assert.match(html, /<script type="module" nonce="abc" src="https:\/\/res\.example\/main\.js\?&quot;&gt;&lt;x">/);
  assert.match(html, /http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;|http-equiv="Content-Security-Policy" content="default-src 'none'/);
  assert.doesNotMatch(html, /\son[a-z]+=/i);
});
