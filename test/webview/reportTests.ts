/** The report webview tests; run.ts loads a fresh page with a fresh host stub before each. */
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Ctx } from './run';
import type { ThemeName } from './themes';
import { waitUntil } from './wait';
import { checkFixture, disputedFixture, PDF_PAGES, turnFixture, XSS_QUOTE, XSS_SENTENCE } from '../fixtures/report/reportFixtures';
import type { RenderedState } from '../../src/protocol/messages';

export interface ReportTest {
  name: string;
  width?: number;
  /** Console errors this test provokes on purpose. */
  expectedErrors?: RegExp;
  run(ctx: Ctx): Promise<void>;
}

async function rendered(ctx: Ctx, pred: (s: RenderedState) => boolean, what: string): Promise<RenderedState> {
  await waitUntil(() => { const s = ctx.host.last('rendered')?.state; return s !== undefined && pred(s); }, what);
  return ctx.host.last('rendered')!.state;
}

async function showCheck(ctx: Ctx, modelAvailable = false): Promise<void> {
  await ctx.host.send({ type: 'report', payload: { kind: 'check', result: checkFixture, docUri: 'file:///work/notes/my%20draft.md' }, modelAvailable });
  await rendered(ctx, (s) => s.kind === 'check', 'the check to render');
}

async function showTurn(ctx: Ctx): Promise<void> {
  await ctx.host.send({ type: 'report', payload: { kind: 'turn', turn: turnFixture }, modelAvailable: true });
  await rendered(ctx, (s) => s.kind === 'turn', 'the turn to render');
}

async function theme(ctx: Ctx, name: ThemeName): Promise<void> {
  await ctx.page.evaluate((n) => (window as unknown as { __setTheme(n: string): void }).__setTheme(n), name);
}

async function shot(ctx: Ctx, name: string, selector?: string): Promise<void> {
  const file = path.join(ctx.shotsDir, `report-${name}.png`);
  if (selector) await ctx.page.locator(selector).screenshot({ path: file });
  else await ctx.page.screenshot({ path: file, fullPage: true });
}

async function openRound(ctx: Ctx, n: number): Promise<void> {
  await ctx.page.locator(`vscode-collapsible[data-round="${n}"] .collapsible-header`).click();
  await waitUntil(() => ctx.page.locator(`vscode-collapsible[data-round="${n}"] .diff, vscode-collapsible[data-round="${n}"] .draft`).first().isVisible(), `round ${n} to open`);
}

async function openPdf(ctx: Ctx): Promise<void> {
  await ctx.page.locator('.sentence[data-verdict="contradicted"] .evidence.kind-pdf').click();
  await rendered(ctx, (s) => s.pdf?.highlights === ctx.pdf.boxes.length, 'the PDF page with highlights');
}

export const reportTests: ReportTest[] = [
  {
    name: 'renders a check: every sentence with its verdict chip, score and evidence',
    async run(ctx) {
      await showCheck(ctx);
      const s = ctx.host.last('rendered')!.state;
      assert.deepEqual([s.sentences, s.problems, s.rounds], [5, 3, 0]);
      assert.equal(await ctx.page.locator('main h2').innerText(), 'Check · my draft.md');
      const chips = await ctx.page.locator('.sentence .chip').allTextContents();
      assert.deepEqual(chips, ['supported', 'contradicted', 'unsupported', 'not a claim', 'unsupported']);
      assert.match(await ctx.page.locator('.sentence').first().locator('.loc').first().innerText(), /notes\/renewal\.md:12–14 · Renewal › Online · score 0\.91/);
      assert.match(await ctx.page.locator('.sentence[data-verdict="contradicted"] .loc').innerText(), /docs\/policy\.pdf p\. 2/);
      await theme(ctx, 'light');
      await shot(ctx, 'check-light');
      await theme(ctx, 'dark');
      await shot(ctx, 'check-dark');
      await theme(ctx, 'hc');
      await shot(ctx, 'check-hc');
    },
  },
  {
    name: 'sources that disagree: a "sources disagree" chip, both passages, and a count of its own',
    async run(ctx) {
      await ctx.host.send({ type: 'report', payload: { kind: 'check', result: disputedFixture, docUri: 'file:///work/notes/my%20draft.md' }, modelAvailable: false });
      await rendered(ctx, (s) => s.kind === 'check', 'the check to render');
      const first = ctx.page.locator('.sentence').first();
      assert.equal(await first.getAttribute('data-finding'), 'disputed');
      assert.equal(await first.locator('.chip').innerText(), 'sources disagree');
      const sources = await first.locator('.evidence').allInnerTexts();
      assert.equal(sources.length, 2, sources.join(' | '));
      assert.match(sources[0]!, /notes\/renewal\.md/);
      assert.match(sources[1]!, /notes\/old-terms\.md/);
      assert.match(await ctx.page.locator('.summary').innerText(), /1\s+sources disagree/);
      assert.equal(ctx.host.last('rendered')!.state.problems, 2, 'a disagreement is a problem');
      await first.locator('.evidence').nth(1).click();
      await waitUntil(() => ctx.host.of('openEvidence').length === 1, 'the disagreeing passage to open');
      assert.equal(ctx.host.last('openEvidence')!.evidence.path, 'notes/old-terms.md');
      await shot(ctx, 'disputed', '.sentence[data-finding="disputed"]');
    },
  },
  {
    name: '"Problems only" keeps unsupported and contradicted sentences, and toggles back',
    async run(ctx) {
      await showCheck(ctx);
      await ctx.page.locator('vscode-checkbox').click();
      await rendered(ctx, (s) => s.problemsOnly, 'the filter to apply');
      const verdicts = await ctx.page.locator('.sentence').evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict')));
      assert.deepEqual(verdicts, ['contradicted', 'unsupported', 'unsupported']);
      await ctx.page.locator('vscode-checkbox').click();
      await rendered(ctx, (s) => !s.problemsOnly, 'the filter to clear');
      assert.equal(await ctx.page.locator('.sentence').count(), 5);
    },
  },
  {
    name: 'a multi-round answer: expanding round 2 shows the word diff, feedback and counts',
    async run(ctx) {
      await showTurn(ctx);
      assert.equal(ctx.host.last('rendered')!.state.rounds, 3);
      assert.equal(await ctx.page.locator('vscode-collapsible.round').count(), 3);
      assert.equal(await ctx.page.locator('vscode-collapsible[data-round="2"] .diff').isVisible(), false, 'rounds start collapsed');
      await openRound(ctx, 2);
      const del = await ctx.page.locator('vscode-collapsible[data-round="2"] .diff del').allTextContents();
      const ins = await ctx.page.locator('vscode-collapsible[data-round="2"] .diff ins').allTextContents();
      assert.deepEqual(del.map((t) => t.trim()), ['60']);
      assert.deepEqual(ins.map((t) => t.trim()), ['30', 'of the request']);
      assert.match(await ctx.page.locator('vscode-collapsible[data-round="2"] .feedback').innerText(), /re-query/);
      await openRound(ctx, 3);
      assert.equal(await ctx.page.locator('vscode-collapsible[data-round="3"] .query').innerText(), 'late fees refundable students');
      await theme(ctx, 'dark');
      await shot(ctx, 'rounds-dark');
      await theme(ctx, 'light');
      await shot(ctx, 'rounds-light');
    },
  },
  {
    name: 'markdown evidence posts a typed openEvidence message to the host',
    async run(ctx) {
      await showCheck(ctx);
      await ctx.page.locator('.sentence').first().locator('.evidence').first().click();
      await waitUntil(() => ctx.host.of('openEvidence').length === 1, 'openEvidence');
      const m = ctx.host.last('openEvidence')!;
      assert.equal(m.evidence.path, 'notes/renewal.md');
      assert.deepEqual([m.evidence.startLine, m.evidence.endLine, m.evidence.kind], [12, 14, 'md']);
      assert.deepEqual(ctx.host.rejected, []);
    },
  },
  {
    name: 'PDF evidence: the page renders with pdf.js and the boxes sit on the passage text; prev/next work',
    async run(ctx) {
      await showCheck(ctx);
      await openPdf(ctx);
      assert.equal(await ctx.page.locator('.pdf-status').innerText(), 'Page 2 of 2');
      const wanted = [PDF_PAGES[1]![1]!, PDF_PAGES[1]![2]!, PDF_PAGES[1]![3]!];
      // Independent path: pdf.js in the page, text items mapped through the rendered viewport.
      const r = await ctx.page.evaluate(async ({ bytes, wanted }) => {
        const lib = (globalThis as unknown as { pdfjsLib: typeof import('pdfjs-dist') }).pdfjsLib;
        const doc = await lib.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
        const page = await doc.getPage(2);
        const canvas = document.querySelector<HTMLCanvasElement>('.pdf-canvas')!;
        const cr = canvas.getBoundingClientRect();
        const scale = cr.width / page.getViewport({ scale: 1 }).width;
        const vp = page.getViewport({ scale });
        const tc = await page.getTextContent();
        const items = tc.items.flatMap((i) => ('str' in i && wanted.includes(i.str) ? [i] : [])).map((i) => {
          const [x, y] = vp.convertToViewportPoint(i.transform[4], i.transform[5]) as [number, number];
          return { str: i.str, left: cr.left + x, baseline: cr.top + y, width: i.width * scale };
        });
        const ctx2d = canvas.getContext('2d')!;
        const hls = [...document.querySelectorAll('.hl')].map((e) => {
          const b = e.getBoundingClientRect();
          const px = ctx2d.getImageData(Math.round(b.left - cr.left), Math.round(b.top - cr.top), Math.max(1, Math.round(b.width)), Math.max(1, Math.round(b.height))).data;
          let ink = 0;
          for (let k = 0; k < px.length; k += 4) if (px[k]! < 128 && px[k + 3]! > 0) ink++;
          return { left: b.left, top: b.top, width: b.width, bottom: b.bottom, ink };
        });
        await doc.destroy();
        return { items, hls };
      }, { bytes: Array.from(ctx.pdf.bytes), wanted });
      assert.equal(r.items.length, 3);
      const onBox = (it: (typeof r.items)[number]) => r.hls.find((h) => Math.abs(h.left - it.left) < 2 && Math.abs(h.width - it.width) < 2 && h.top - 1 <= it.baseline && it.baseline <= h.bottom + 1);
      for (const it of r.items.slice(0, 2)) assert.ok(onBox(it), `a highlight box over "${it.str}" (${JSON.stringify(it)} vs ${JSON.stringify(r.hls)})`);
      assert.equal(onBox(r.items[2]!), undefined, 'the line after the passage is not highlighted');
      for (const h of r.hls) assert.ok(h.ink > 20, `dark text pixels under each box (got ${h.ink})`);
      await theme(ctx, 'light');
      await shot(ctx, 'pdf-light', '.pdf');
      await ctx.page.getByRole('button', { name: 'Previous page' }).click();
      await rendered(ctx, (s) => s.pdf?.page === 1, 'page 1');
      assert.equal(await ctx.page.locator('.hl').count(), 0);
      assert.equal(await ctx.page.locator('.pdf-status').innerText(), 'Page 1 of 2 (passage on page 2)');
      await ctx.page.getByRole('button', { name: 'Next page' }).click();
      await rendered(ctx, (s) => s.pdf?.page === 2 && s.pdf.highlights === 2, 'back on page 2');
      const csp = await ctx.page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
      assert.deepEqual(csp, [], 'no CSP violations while loading pdf.js and its worker');
      await showTurn(ctx);
      assert.equal(await ctx.page.locator('.pdf').isVisible(), false, 'a new report closes the page of the old one');
      assert.equal(ctx.host.last('rendered')!.state.pdf, undefined);
    },
  },
  {
    name: 'a PDF page the host opens on its own (requestId 0) shows; a failed evidence request says why',
    async run(ctx) {
      await showCheck(ctx);
      const { bytes, ...rest } = ctx.pdf;
      await ctx.host.send({ type: 'pdfPage', view: { requestId: 0, ...rest, bytes } });
      await rendered(ctx, (s) => s.pdf?.page === 2 && s.pdf.highlights === 2, 'the host-opened page');
      ctx.host.answerPdf = false;
      await ctx.page.locator('.sentence[data-verdict="contradicted"] .evidence.kind-pdf').click();
      await waitUntil(() => ctx.host.of('openEvidence').length === 1, 'openEvidence');
      await ctx.host.send({ type: 'evidenceFailed', requestId: ctx.host.last('openEvidence')!.requestId, message: 'docs/policy.pdf is not in this workspace any more.' });
      await waitUntil(() => ctx.page.locator('.pdf .error').isVisible(), 'the failure message');
      assert.equal(await ctx.page.locator('.pdf .error').innerText(), 'docs/policy.pdf is not in this workspace any more.');
    },
  },
  {
    name: 'hostile document and model text stays inert: <script> and <img onerror> in sentences, quotes, answers and drafts show as text',
    async run(ctx) {
      await showCheck(ctx);
      await ctx.host.send({ type: 'askFailed', askId: 99, message: '<img src=x onerror="window.__pwned=3">' });
      const sentence = ctx.page.locator('.sentence').nth(4);
      assert.equal(await sentence.locator('.text').innerText(), XSS_SENTENCE);
      await sentence.locator('.chip').click();
      assert.equal(await sentence.locator('.evidence .quote').first().innerText(), XSS_QUOTE);
      // model text too: an answer sentence and a round's draft holding raw HTML
      const modelHtml = 'Renewals are free <img src=x onerror="window.__pwned = 6"> for members [1].';
      const first = turnFixture.sentences[0]!;
      const q = {
        ...turnFixture,
        question: XSS_SENTENCE,
        sentences: [...turnFixture.sentences, { ...first, index: 3, text: modelHtml, verdict: 'unsupported' as const }],
        rounds: [{ ...turnFixture.rounds[0]!, draft: modelHtml }, ...turnFixture.rounds.slice(1)],
      };
      await ctx.host.send({ type: 'report', payload: { kind: 'turn', turn: q }, modelAvailable: true });
      await rendered(ctx, (s) => s.kind === 'turn', 'the hostile turn');
      assert.equal(await ctx.page.locator('h2.question').innerText(), XSS_SENTENCE);
      assert.equal(await ctx.page.locator('.sentence .text').last().innerText(), modelHtml);
      await openRound(ctx, 1);
      assert.equal(await ctx.page.locator('vscode-collapsible[data-round="1"] .draft').innerText(), modelHtml);
      const probe = await ctx.page.evaluate(() => ({
        pwned: (window as unknown as { __pwned?: number }).__pwned,
        imgs: document.querySelectorAll('img').length,
        scripts: document.querySelectorAll('script').length,
      }));
      assert.deepEqual(probe, { pwned: undefined, imgs: 0, scripts: 2 });
    },
  },
  {
    name: 'keyboard: Tab reaches a chip (Space opens details) and an evidence item (Enter opens it), focus visible',
    async run(ctx) {
      await showCheck(ctx);
      const active = () => ctx.page.evaluate(() => document.activeElement?.className ?? '');
      for (let i = 0; i < 40 && !/\bchip\b/.test(await active()); i++) await ctx.page.keyboard.press('Tab');
      assert.match(await active(), /\bchip\b/);
      await ctx.page.keyboard.press('Space');
      assert.equal(await ctx.page.evaluate(() => document.activeElement?.getAttribute('aria-expanded')), 'true');
      for (let i = 0; i < 40 && !/\bevidence\b/.test(await active()); i++) await ctx.page.keyboard.press('Tab');
      assert.match(await active(), /\bevidence\b/);
      const outline = await ctx.page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
      assert.equal(outline, 'solid', 'a visible focus ring');
      await ctx.page.keyboard.press('Enter');
      await waitUntil(() => ctx.host.of('openEvidence').length === 1, 'openEvidence from the keyboard');
    },
  },
  {
    name: 'Ask box: a question goes to the host, progress streams back, the answer renders as a Turn',
    async run(ctx) {
      ctx.host.answer = turnFixture;
      await ctx.host.send({ type: 'report', payload: null, modelAvailable: true });
      await rendered(ctx, (s) => s.kind === 'empty', 'the empty report');
      await ctx.page.locator('vscode-textarea textarea').fill('What about refunds?');
      await ctx.page.locator('vscode-button', { hasText: 'Ask' }).click();
      await rendered(ctx, (s) => s.kind === 'turn', 'the answer');
      assert.equal(ctx.host.last('ask')!.question, 'What about refunds?');
      assert.equal(await ctx.page.locator('h2.question').innerText(), 'What about refunds?');
      assert.equal(await ctx.page.locator('vscode-collapsible.round').count(), 3);
    },
  },
  {
    name: 'Ask box without a model: disabled, with a clear message',
    async run(ctx) {
      await ctx.host.send({ type: 'report', payload: null, modelAvailable: false });
      await rendered(ctx, (s) => s.kind === 'empty', 'the empty report');
      assert.match(await ctx.page.locator('.ask-note').innerText(), /No language model is configured/);
      assert.equal(await ctx.page.locator('vscode-button', { hasText: 'Ask' }).getAttribute('disabled'), '');
    },
  },
  {
    name: 'malformed host messages are rejected and logged; an inline script without the nonce is blocked',
    expectedErrors: /^Executing inline script violates the following Content Security Policy directive/,
    async run(ctx) {
      await showCheck(ctx);
      const before = ctx.host.of('rendered').length;
      await ctx.host.send({ type: 'report', payload: { kind: 'check', result: { text: 1 } }, modelAvailable: true });
      await ctx.host.send({ type: 'bogus' });
      await waitUntil(() => ctx.host.of('log').length >= 2, 'two rejection log lines');
      assert.match(ctx.host.of('log')[0]!.message, /rejected a malformed message: report\.payload\.result\.text/);
      assert.equal(ctx.host.of('rendered').length, before, 'nothing re-rendered');
      assert.equal(await ctx.page.locator('.sentence').count(), 5);
      const r = await ctx.page.evaluate(async () => {
        const s = document.createElement('script');
        s.textContent = 'window.__inline = 1';
        document.body.append(s);
        await new Promise((res) => setTimeout(res, 50));
        return { inline: (window as unknown as { __inline?: number }).__inline, csp: (window as unknown as { __csp: string[] }).__csp };
      });
      assert.equal(r.inline, undefined);
      assert.ok(r.csp.some((v) => v.startsWith('script-src')), `a script-src violation was reported: ${JSON.stringify(r.csp)}`);
      assert.ok(!/unsafe-(inline|eval)/.test(ctx.server.csp), ctx.server.csp);
    },
  },
  {
    name: 'narrow width (320 px): no horizontal scrolling, PDF page fits',
    width: 320,
    async run(ctx) {
      await showCheck(ctx);
      await theme(ctx, 'dark');
      await openPdf(ctx);
      const w = await ctx.page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      assert.ok(w.scroll <= w.client, `scrollWidth ${w.scroll} > clientWidth ${w.client}`);
      await ctx.page.screenshot({ path: path.join(ctx.shotsDir, 'report-narrow-dark.png'), fullPage: true });
    },
  },
];
