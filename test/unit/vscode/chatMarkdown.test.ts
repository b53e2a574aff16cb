/**
 * Model text in `@verity`'s chat reply is shown as text: an answer sentence holding raw HTML
 * renders as those characters (checked with the real markdown parser), never as an element or a
 * link, and problem sentences are marked with the vocabulary's words.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { marked } from 'marked';
import type { SentenceVerdict } from '../../../src/core/types';
import { escapeMarkdown, renderAnswerSentence } from '../../../src/vscode/chatMarkdown';

const s = (text: string, over: Partial<SentenceVerdict> = {}): SentenceVerdict => ({
  index: 0, text, start: 0, end: text.length, line: 1, col: 1, endLine: 1, endCol: text.length,
  verdict: 'supported', score: 0.9, reason: '', alternatives: [], citations: [], ...over,
});
const link = (n: number, label: string) => (n === 1 ? `[${label}](file:///ws/docs/a.md#L1-L2 "docs/a.md")` : undefined);

test('raw HTML in an answer sentence renders as literal text, not as an element', () => {
  const hostile = [
    'The manual says <img src=x onerror=alert(1)> renewals are free [1].',
    'See <script>alert(2)</script> and <a href="command:workbench.action.terminal.new">here</a> [1].',
    'Entities &lt;img src=x onerror=alert(3)&gt; stay as typed [1].',
  ];
  for (const text of hostile) {
    const md = renderAnswerSentence(s(text, { verdict: 'unsupported', reason: '<b>no</b> passage' }), link);
    const html = marked.parse(md) as string;
    assert.doesNotMatch(html, /<img|<script|<a href="command:|<b>/, html);
    // what a reader sees is the model's own characters
    const shown = html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&#39;/g, "'");
    assert.ok(shown.includes(text.replace(' [1].', '')), `${text}\n→ ${shown}`);
    assert.match(shown, /\(unsupported: <b>no<\/b> passage\)/);
  }
});

test('citations become the given links; an unknown number stays escaped text; findings use the vocabulary', () => {
  const md = renderAnswerSentence(s('The fee is 75 euros [1][2].'), link);
  const html = marked.parse(md) as string;
  assert.equal((html.match(/<a /g) ?? []).length, 1);
  assert.match(html, /<a href="file:\/\/\/ws\/docs\/a\.md#L1-L2" title="docs\/a\.md">\[1\]<\/a>\[2\]/);
  const unsure = renderAnswerSentence(s('It takes 10 days [1].', { verdict: 'contradicted', certainty: 'uncertain', reason: 'compare' }), link);
  assert.match(unsure, /^⚠️ .* _\(possibly contradicted: compare\)_$/);
  const clear = renderAnswerSentence(s('It takes 10 days [1].', { verdict: 'contradicted', certainty: 'clear', reason: 'the source says 5' }), link);
  assert.match(clear, /^⛔ .* _\(contradicted: the source says 5\)_$/);
  assert.equal(escapeMarkdown('a  *b*\n[c](d)'), 'a \\*b\\* \\[c\\]\\(d\\)');
});
