/** The conversation panel's webview tests; run.ts loads a fresh /panel page before each. */
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Ctx } from './run';
import type { ReportTest } from './reportTests';
import type { ThemeName } from './themes';
import { waitUntil } from './wait';
import { firstTurn, HTML_SENTENCE, secondTurn } from '../fixtures/panel/panelFixtures';
import type { HostToPanel, PanelRendered } from '../../src/protocol/panelMessages';
import type { Turn } from '../../src/core/types';

const MODELS = [
  { key: 'endpoint', label: 'mock-model', detail: '127.0.0.1:8765 (verity.model.baseUrl)' },
  { key: 'lm:verity-fake:fake-1', label: 'Fake Model', detail: 'verity-fake · VS Code language model' },
];

function state(turns: Turn[], over: Partial<Extract<HostToPanel, { type: 'state' }>> = {}): HostToPanel {
  return { type: 'state', conversation: { id: 'c1', title: 'Renewal', turns }, models: MODELS, model: 'endpoint', access: { trusted: true, modelReady: true }, running: null, ...over };
}

async function rendered(ctx: Ctx, pred: (s: PanelRendered) => boolean, what: string): Promise<PanelRendered> {
  await waitUntil(() => {
    const s = ctx.panel.last('rendered')?.state;
    return s !== undefined && pred(s);
  }, what);
  return ctx.panel.last('rendered')!.state;
}

async function theme(ctx: Ctx, name: ThemeName): Promise<void> {
  await ctx.page.evaluate((n) => (window as unknown as { __setTheme(n: string): void }).__setTheme(n), name);
}

const lastAnswer = '.exchange:last-of-type .answer-block';

export const panelTests: ReportTest[] = [
  {
    name: 'panel: every answer sentence is marked with its finding, and the counts use the vocabulary',
    width: 380,
    async run(ctx) {
      await ctx.panel.send(state([firstTurn, secondTurn]));
      const s = await rendered(ctx, (r) => r.turns === 2, 'the conversation');
      assert.deepEqual(s.lastFindings, { supported: 1, unsupported: 1, contradicted: 1, possibly_contradicted: 1, disputed: 0, not_claim: 0 });
      assert.equal(s.citations, 4);
      assert.equal(s.model, 'mock-model');
      const findings = await ctx.page.locator(`${lastAnswer} .sent`).evaluateAll((els) => els.map((e) => e.getAttribute('data-finding')));
      assert.deepEqual(findings, ['supported', 'contradicted', 'possibly_contradicted', 'unsupported']);
      const marks = await ctx.page.locator(`${lastAnswer} .sent .mark`).allTextContents();
      assert.deepEqual(marks, ['✓', 'contradicted', 'possibly contradicted', 'unsupported']);
      assert.equal(await ctx.page.locator(`${lastAnswer} .status`).innerText(), 'Partly supported — see the marked sentences · 1 supported, 1 unsupported, 1 contradicted, 1 possibly contradicted');
      // the problems are listed with their reasons; the clear contradiction names the source
      const problems = await ctx.page.locator(`${lastAnswer} .problem .tag`).allTextContents();
      assert.deepEqual(problems, ['contradicted', 'possibly contradicted', 'unsupported']);
      assert.match(await ctx.page.locator(`${lastAnswer} .problem.f-contradicted .closest`).innerText(), /^The source: docs\/fees\.pdf p\. 2$/);
      assert.match(await ctx.page.locator(`${lastAnswer} .problem.f-possibly_contradicted .closest`).innerText(), /^Closest passage: docs\/renewal\.md:3$/);
      assert.equal(await ctx.page.locator('.exchange').first().locator('.question').innerText(), 'What is the online renewal fee?');
      for (const t of ['dark', 'light'] as const) {
        await theme(ctx, t);
        await ctx.page.screenshot({ path: path.join(ctx.shotsDir, `panel-conversation-${t}.png`) });
      }
    },
  },
  {
    name: 'panel: a citation opens its passage (markdown lines, PDF page with the deciding quote); the sources list opens too',
    width: 380,
    async run(ctx) {
      await ctx.panel.send(state([firstTurn, secondTurn]));
      await rendered(ctx, (r) => r.turns === 2, 'the conversation');
      await ctx.page.locator(`${lastAnswer} .sent`).first().locator('.cite').click();
      await waitUntil(() => ctx.panel.of('openEvidence').length === 1, 'openEvidence for [2]');
      const pdf = ctx.panel.last('openEvidence')!.evidence;
      assert.deepEqual([pdf.path, pdf.kind, pdf.page, pdf.passageId, pdf.quote], ['docs/fees.pdf', 'pdf', 2, 'pdf-p2', 'Express renewal costs 150 euros']);
      await ctx.page.locator(`${lastAnswer} .sent`).nth(2).locator('.cite').click();
      await waitUntil(() => ctx.panel.of('openEvidence').length === 2, 'openEvidence for [1]');
      const md = ctx.panel.last('openEvidence')!.evidence;
      assert.deepEqual([md.path, md.kind, md.startLine, md.endLine], ['docs/renewal.md', 'md', 3, 7]);
      assert.equal(md.page, undefined);
      await ctx.page.locator(`${lastAnswer} .source`).first().click();
      await waitUntil(() => ctx.panel.of('openEvidence').length === 3, 'openEvidence from the sources list');
      assert.equal(ctx.panel.last('openEvidence')!.evidence.path, 'docs/renewal.md');
      assert.deepEqual(ctx.panel.rejected, []);
    },
  },
  {
    name: 'panel: Enter asks; progress and the streamed draft show as they arrive, a new round starts the draft afresh; the answer replaces them',
    width: 380,
    async run(ctx) {
      await ctx.panel.send(state([firstTurn]));
      await rendered(ctx, (r) => r.turns === 1, 'the first answer');
      const box = ctx.page.locator('vscode-textarea textarea');
      await box.fill('And the express service?');
      await box.press('Enter');
      await waitUntil(() => ctx.panel.of('ask').length === 1, 'the ask message');
      const { runId, question } = ctx.panel.last('ask')!;
      assert.equal(question, 'And the express service?');
      await rendered(ctx, (r) => r.running, 'the question in flight');
      assert.equal(await box.inputValue(), '', 'the box is cleared');
      assert.equal(await ctx.page.locator('vscode-button.cancel').isVisible(), true);
      await ctx.panel.send({ type: 'progress', runId, message: 'Searching 7 passages' });
      await ctx.panel.send({ type: 'text', runId, fragment: 'Express renewal costs ', round: 1 });
      await ctx.panel.send({ type: 'text', runId, fragment: '150 euros [2].', round: 1 });
      await rendered(ctx, (r) => r.streamed === 'Express renewal costs 150 euros [2].'.length, 'the streamed draft');
      assert.equal(await ctx.page.locator('.running .stream').innerText(), 'Express renewal costs 150 euros [2].');
      await ctx.panel.send({ type: 'progress', runId, message: 'Revising 1 sentence', round: 2 });
      await ctx.panel.send({ type: 'text', runId, fragment: 'Express', round: 2 });
      await rendered(ctx, (r) => r.streamed === 'Express'.length, 'the second round afresh');
      assert.equal(await ctx.page.locator('.running .run-status').innerText(), 'Round 2: Revising 1 sentence');
      await ctx.panel.send({ type: 'done', runId, turn: secondTurn });
      const s = await rendered(ctx, (r) => !r.running && r.turns === 2, 'the answer');
      assert.equal(s.citations, 4);
      assert.equal(await ctx.page.locator('.running').count(), 0);
      assert.equal(await ctx.page.locator('vscode-button.ask').isVisible(), true);
    },
  },
  {
    name: 'panel: Cancel sends the run id at once and says so; a cancelled turn is shown as cancelled',
    width: 380,
    async run(ctx) {
      await ctx.panel.send(state([]));
      await rendered(ctx, (r) => r.turns === 0, 'the empty conversation');
      await ctx.page.locator('vscode-textarea textarea').fill('A slow question');
      await ctx.page.locator('vscode-button.ask').click();
      await waitUntil(() => ctx.panel.of('ask').length === 1, 'the ask message');
      const { runId } = ctx.panel.last('ask')!;
      await ctx.page.locator('vscode-button.cancel').click();
      await waitUntil(() => ctx.panel.of('cancel').length === 1, 'the cancel message');
      assert.equal(ctx.panel.last('cancel')!.runId, runId);
      assert.equal(await ctx.page.locator('vscode-button.cancel').innerText(), 'Cancelling…');
      const cancelled: Turn = { ...firstTurn, id: 'turn-c', question: 'A slow question', status: 'cancelled', stopReason: 'cancelled', answer: '', sentences: [], rounds: [], error: { code: 'CANCELLED', message: 'Cancelled.' } };
      await ctx.panel.send({ type: 'done', runId, turn: cancelled });
      await rendered(ctx, (r) => !r.running && r.turns === 1, 'the cancelled turn');
      assert.equal(await ctx.page.locator('.answer-block .status').innerText(), 'Cancelled');
      assert.equal(await ctx.page.locator('.answer-block .actions').count(), 0, 'nothing to copy from a cancelled turn');
    },
  },
  {
    name: 'panel: no model → says so and offers "Connect a Model…"; Restricted Mode explains what is off',
    width: 380,
    async run(ctx) {
      await ctx.panel.send(state([], { models: [], model: undefined, access: { trusted: true, modelReady: false } } as Partial<Extract<HostToPanel, { type: 'state' }>>));
      const s = await rendered(ctx, (r) => r.notice !== '', 'the no-model notice');
      assert.match(s.notice, /^No model is connected\. .*no Copilot needed/);
      assert.equal(s.model, '');
      assert.equal(await ctx.page.locator('vscode-textarea').getAttribute('disabled'), '');
      await ctx.page.locator('vscode-button.run-connectModel').click();
      await waitUntil(() => ctx.panel.of('run').length === 1, 'the connect command');
      assert.equal(ctx.panel.last('run')!.command, 'connectModel');
      await ctx.page.screenshot({ path: path.join(ctx.shotsDir, 'panel-no-model.png') });
      await ctx.panel.send(state([firstTurn], { models: [], model: undefined, access: { trusted: false, modelReady: false } } as Partial<Extract<HostToPanel, { type: 'state' }>>));
      const r = await rendered(ctx, (x) => /Restricted Mode/.test(x.notice), 'the Restricted Mode notice');
      assert.match(r.notice, /checks and searches this workspace offline, but sends nothing to a language model/);
      await ctx.page.locator('vscode-button.run-manageTrust').click();
      await waitUntil(() => ctx.panel.of('run').length === 2, 'the trust command');
      assert.equal(ctx.panel.last('run')!.command, 'manageTrust');
      assert.equal(r.turns, 1, 'the stored conversation still shows');
    },
  },
  {
    name: 'panel: the model in use is shown and switched from the panel',
    width: 380,
    async run(ctx) {
      await ctx.panel.send(state([]));
      await rendered(ctx, (r) => r.model === 'mock-model', 'the endpoint as the model');
      const options = await ctx.page.locator('vscode-single-select vscode-option').allTextContents();
      assert.deepEqual(options.map((o) => o.trim()), ['mock-model', 'Fake Model']);
      // choosing an option fires the select's change event, as a click in its list does
      await ctx.page.locator('vscode-single-select').evaluate((e) => {
        (e as HTMLElement & { value: string }).value = 'lm:verity-fake:fake-1';
        e.dispatchEvent(new Event('change'));
      });
      await waitUntil(() => ctx.panel.of('pickModel').length === 1, 'pickModel');
      assert.equal(ctx.panel.last('pickModel')!.key, 'lm:verity-fake:fake-1');
      await ctx.panel.send(state([], { model: 'lm:verity-fake:fake-1' }));
      await rendered(ctx, (r) => r.model === 'Fake Model', 'the picked model shown');
    },
  },
  {
    name: 'panel: model text is shown as text — raw HTML in an answer sentence, a reason, a question and a quote stays literal',
    width: 380,
    async run(ctx) {
      const hostile: Turn = { ...secondTurn, question: '<script>window.__pwned = 5</script>Which fees?' };
      await ctx.panel.send(state([firstTurn, hostile]));
      await rendered(ctx, (r) => r.turns === 2, 'the hostile answer');
      const sent = ctx.page.locator(`${lastAnswer} .sent[data-finding="unsupported"]`);
      // the model's characters, tag and handler included, are on screen as text
      const literal = HTML_SENTENCE.slice(0, HTML_SENTENCE.indexOf(' [1]'));
      assert.ok((await sent.innerText()).startsWith(literal), await sent.innerText());
      assert.match(await ctx.page.locator(`${lastAnswer} .problem.f-unsupported .reason`).innerText(), /^no passage says <b>this<\/b>$/);
      assert.equal(await ctx.page.locator('.exchange').nth(1).locator('.question').innerText(), hostile.question);
      const probe = await ctx.page.evaluate(() => ({ pwned: (window as unknown as { __pwned?: number }).__pwned, imgs: document.querySelectorAll('img').length, b: document.querySelectorAll('main b').length, scripts: document.querySelectorAll('script').length }));
      assert.deepEqual(probe, { pwned: undefined, imgs: 0, b: 0, scripts: 2 });
    },
  },
  {
    name: 'panel: copy and open-as-report post the turn id; "Copied" confirms; rounds start collapsed and open',
    width: 380,
    async run(ctx) {
      await ctx.panel.send(state([firstTurn, secondTurn]));
      await rendered(ctx, (r) => r.turns === 2, 'the conversation');
      await ctx.page.locator(`${lastAnswer} vscode-button.copy`).click();
      await waitUntil(() => ctx.panel.of('copyAnswer').length === 1, 'copyAnswer');
      assert.equal(ctx.panel.last('copyAnswer')!.turnId, 'turn-b');
      await ctx.panel.send({ type: 'copied', turnId: 'turn-b' });
      await waitUntil(async () => (await ctx.page.locator(`${lastAnswer} vscode-button.copy`).innerText()) === 'Copied', 'the confirmation');
      await ctx.page.locator(`${lastAnswer} vscode-button.open-report`).click();
      await waitUntil(() => ctx.panel.of('openReport').length === 1, 'openReport');
      assert.equal(ctx.panel.last('openReport')!.turnId, 'turn-b');
      const rounds = ctx.page.locator(`${lastAnswer} vscode-collapsible.rounds-box`);
      assert.equal(await rounds.locator('vscode-collapsible.round').first().isVisible(), false, 'rounds start collapsed');
      await rounds.locator('.collapsible-header').first().click();
      await waitUntil(() => rounds.locator('vscode-collapsible.round').first().isVisible(), 'the rounds to open');
      assert.equal(await rounds.locator('vscode-collapsible.round').count(), 2);
    },
  },
  {
    name: 'panel: the unsent question survives a reload of the page (webview state); New conversation asks the host',
    width: 380,
    async run(ctx) {
      await ctx.panel.send(state([firstTurn]));
      await rendered(ctx, (r) => r.turns === 1, 'the conversation');
      await ctx.page.locator('vscode-textarea textarea').fill('Half a question');
      await ctx.page.reload();
      await waitUntil(() => ctx.panel.of('ready').length === 2, 'ready after the reload');
      await ctx.page.waitForFunction(() => customElements.get('vscode-textarea') !== undefined);
      await waitUntil(async () => (await ctx.page.locator('vscode-textarea textarea').inputValue()) === 'Half a question', 'the draft back in the box');
      await ctx.page.locator('vscode-button.new-conversation').click();
      await waitUntil(() => ctx.panel.of('newConversation').length === 1, 'newConversation');
    },
  },
  {
    name: 'panel: malformed host messages are rejected and logged, nothing re-renders',
    width: 380,
    async run(ctx) {
      await ctx.panel.send(state([firstTurn]));
      await rendered(ctx, (r) => r.turns === 1, 'the conversation');
      const before = ctx.panel.of('rendered').length;
      await ctx.panel.send({ type: 'state', conversation: { id: 'c', title: 't', turns: [{ id: 1 }] }, models: [], access: { trusted: true, modelReady: true }, running: null });
      await ctx.panel.send({ type: 'done', runId: 'x' });
      await waitUntil(() => ctx.panel.of('log').length >= 2, 'two rejections logged');
      assert.match(ctx.panel.of('log')[0]!.message, /rejected a malformed message: state\.conversation\.turns\[0\]/);
      assert.equal(ctx.panel.of('rendered').length, before);
    },
  },
];
