/**
 * The conversation panel in a real VS Code, driven through its webview (real clicks and typing,
 * ui.ts), answering with the project's mock model — the scripted OpenAI-compatible server that
 * answers from the evidence it is sent (test/support/extractiveScript.ts) — and no Copilot.
 * The last test leaves the conversation and the report open for the reload tests (reload.test.ts).
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FileRecord, SearchHit, Turn } from '../../../src/core/types';
import type { PanelRendered } from '../../../src/protocol/panelMessages';
import type { PdfViewState } from '../../../src/protocol/messages';
import { extractiveReply } from '../../support/extractiveScript';
import { startMockServer, type MockServer } from '../../support/mockServer';
import { screenshot, waitFor } from './helpers';
import { handOver, test } from './runner';
import { ui } from './ui';

interface PanelState {
  visible: boolean;
  rendered?: PanelRendered;
  running: boolean;
  conversationId: string;
  questions: string[];
  rejectedMessages: number;
  maxStreamed: number;
  lastRun?: { fragments: number; chars: number };
}

let server: MockServer | undefined;
/** The answer that cites the PDF (the report test opens its evidence). */
let pdfTurn: Turn | undefined;
const panelState = () => vscode.commands.executeCommand<PanelState>('verity.test.panelState');
const lastTurn = () => vscode.commands.executeCommand<Turn | undefined>('verity.test.lastTurn');
const LAST = '.exchange:last-of-type';

/** Types a question into the panel's box and presses Enter, as a person does; resolves with the finished turn. */
async function askInPanel(question: string, opts: { wait?: boolean } = {}): Promise<Turn | undefined> {
  const before = (await panelState()).questions.length;
  const previous = (await lastTurn())?.id;
  await ui.fill('panel', 'vscode-textarea textarea', question);
  await ui.press('panel', 'vscode-textarea textarea', 'Enter');
  await waitFor('the question in flight', async () => (await panelState()).rendered?.running === true || (await panelState()).questions.length > before);
  if (opts.wait === false) return undefined;
  const turn = await waitFor(`the answer to "${question}"`, async () => {
    const s = await panelState();
    const t = await lastTurn();
    return s.questions.length > before && !s.running && s.rendered && !s.rendered.running && t && t.id !== previous ? t : undefined;
  }, 60_000);
  return turn;
}

async function pdfState(path: string, page: number): Promise<PdfViewState> {
  return waitFor(`the PDF view of ${path} on page ${page}`, async () => {
    const views = await vscode.commands.executeCommand<Array<{ path?: string; state?: PdfViewState }>>('verity.test.pdfViews');
    const v = views.find((x) => x.path === path);
    return v?.state && v.state.page === page && v.state.highlights > 0 ? v.state : undefined;
  }, 30_000);
}

test('panel: with an OpenAI-compatible endpoint and no Copilot, the panel shows the model in use', async () => {
  server = await startMockServer({ models: ['mock-model'], chat: (req) => extractiveReply(req) });
  const config = vscode.workspace.getConfiguration('verity.model');
  await config.update('baseUrl', server.url, vscode.ConfigurationTarget.Global);
  await config.update('name', 'mock-model', vscode.ConfigurationTarget.Global);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('verity.newConversation');
  const s = await waitFor('the panel with the endpoint model', async () => {
    const x = await panelState();
    return x.visible && x.rendered?.model === 'mock-model' && x.rendered.turns === 0 ? x : undefined;
  });
  assert.equal(s.rendered?.notice, '', 'no "no model" notice once a model is connected');
  assert.deepEqual(await ui.texts('panel', '.model-row .label'), ['Model']);
});

test('panel: ask → a streamed draft, then the answer with every sentence marked and citation links', async () => {
  const turn = await askInPanel('What is the online renewal fee?');
  assert.ok(turn, 'a turn');
  console.log(`# panel answer: ${turn.status}, ${turn.rounds.length} round(s): ${turn.answer}`);
  const s = await panelState();
  // the draft arrived in pieces and the panel showed them while the question ran
  assert.ok((s.lastRun?.fragments ?? 0) > 1, `streamed fragments: ${s.lastRun?.fragments}`);
  assert.ok(s.maxStreamed > 0, 'the panel showed streamed text');
  const shown = turn.sentences.filter((x) => !x.dropped);
  const findings = await ui.texts('panel', `${LAST} .answer .sent .mark`);
  assert.equal(findings.length, shown.filter((x) => x.verdict !== 'not_claim').length, 'every claim is marked');
  assert.ok(turn.sentences.some((x) => x.verdict === 'supported' && /75 euros/.test(x.text)), turn.answer);
  assert.ok((s.rendered?.citations ?? 0) >= 1, 'citation links');
  await screenshot('panel-first-answer.png');
  // [n] opens the markdown source with the quote selected
  await ui.click('panel', `${LAST} .answer .cite.kind-md`);
  const editor = await waitFor('docs/renewal.md open at the quote', () => (vscode.window.activeTextEditor?.document.uri.path.endsWith('/docs/renewal.md') ? vscode.window.activeTextEditor : undefined));
  assert.match(editor.document.getText(editor.selection), /online renewal fee is 75 euros/);
}, 90_000);

test('panel: an answer with supported, contradicted and unsupported sentences marks each (the README picture)', async () => {
  // A scripted model answer, so all three findings appear; the loop checks, feeds back and revises it like any other.
  server!.setChat([{ text: 'The online renewal fee is 75 euros [1]. The new passport arrives by post within 60 days of the application [1]. Renewed passports are delivered by drone to the applicant\'s roof [1].' }]);
  const turn = await askInPanel('What does online renewal cost, and how is the new passport delivered?');
  server!.setChat((req) => extractiveReply(req));
  assert.ok(turn);
  console.log(`# scripted answer: ${turn.sentences.map((x) => x.verdict).join(', ')}; ${turn.rounds.length} rounds`);
  const marks = await ui.texts('panel', `${LAST} .answer .sent .mark`);
  assert.deepEqual(marks, turn.sentences.filter((x) => !x.dropped && x.verdict !== 'not_claim').map((x) => (x.verdict === 'supported' ? '✓' : x.verdict === 'contradicted' && x.certainty === 'uncertain' ? 'possibly contradicted' : x.verdict)));
  assert.ok(marks.includes('contradicted') && marks.includes('unsupported') && marks.includes('✓'), marks.join(' | '));
  assert.match((await ui.texts('panel', `${LAST} .problem.f-contradicted .reason`))[0] ?? '', /30/);
  // The README's picture: the panel with room to breathe (chat closed, the Sources view folded
  // away) beside the source its first citation opens.
  await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
  await vscode.commands.executeCommand('verity.sources.toggleVisibility');
  await ui.click('panel', `${LAST} .answer .cite.kind-md`);
  await waitFor('the cited source open', () => vscode.window.activeTextEditor?.document.uri.path.endsWith('/docs/renewal.md'));
  await screenshot('panel.png');
  await vscode.commands.executeCommand('verity.sources.toggleVisibility');
}, 90_000);

test('panel: a PDF citation opens the PDF view at the page with the quote highlighted', async () => {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const turn = await askInPanel('How much does express renewal cost?');
  assert.ok(turn?.evidence.some((e) => e.passage.path === 'docs/fees.pdf'), 'the PDF is evidence');
  assert.ok((await ui.count('panel', `${LAST} .answer .cite.kind-pdf`)) >= 1, `a PDF citation in: ${turn?.answer}`);
  await ui.click('panel', `${LAST} .answer .cite.kind-pdf`);
  const state = await pdfState('docs/fees.pdf', 2);
  assert.equal(state.mode, 'quote');
  pdfTurn = turn;
}, 90_000);

test('panel: a follow-up carries the conversation — the history-aware query retrieves for the first answer', async () => {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('verity.newConversation');
  await askInPanel('What is the online renewal fee?');
  server!.reset();
  const followUp = 'How long does it take?';
  const turn = await askInPanel(followUp);
  assert.ok(turn);
  // the model is told the conversation so far
  const prompt = server!.chatRequests()[0]?.messages?.map((m) => m.content).join('\n') ?? '';
  assert.match(prompt, /Conversation so far[\s\S]*User: What is the online renewal fee\?[\s\S]*Assistant: The online renewal fee is 75 euros/);
  // and retrieval used it: without the history the top passage is another one
  assert.match(turn.query, /online renewal fee/);
  const alone = await vscode.commands.executeCommand<SearchHit[]>('verity.search', followUp, 1);
  console.log(`# follow-up: top evidence ${turn.evidence[0]?.passage.path}:${turn.evidence[0]?.passage.startLine}; alone: ${alone[0]?.passage.path}:${alone[0]?.passage.startLine}`);
  assert.equal(turn.evidence[0]?.passage.path, 'docs/renewal.md');
  assert.notEqual(`${alone[0]?.passage.path}:${alone[0]?.passage.startLine}`, `${turn.evidence[0]?.passage.path}:${turn.evidence[0]?.passage.startLine}`);
  assert.deepEqual((await panelState()).questions, ['What is the online renewal fee?', followUp]);
}, 120_000);

test('panel: copy the answer with its citations; open it as the report', async () => {
  await ui.click('panel', `${LAST} vscode-button.copy`);
  const text = await waitFor('the answer on the clipboard', async () => {
    const t = await vscode.env.clipboard.readText();
    return /\n\nSources:\n\[\d+\] docs\//.test(t) ? t : undefined;
  });
  const turn = (await lastTurn())!;
  assert.ok(text.startsWith(turn.sentences[0]!.text.trim()), text);
  await ui.click('panel', `${LAST} vscode-button.open-report`);
  const report = await waitFor('the report showing the answer', async () => {
    const r = await vscode.commands.executeCommand<{ open: boolean; visible: boolean; rendered?: { kind: string; sentences: number } }>('verity.test.reportState');
    return r.visible && r.rendered?.kind === 'turn' && r.rendered.sentences === turn.sentences.length ? r : undefined;
  });
  assert.equal(report.open, true);
});

test('panel: the model is switched from the panel (a VS Code language model) and back', async () => {
  assert.deepEqual((await ui.texts('panel', 'vscode-single-select vscode-option')).map((t) => t.trim()), ['mock-model', 'Fake Model']);
  await ui.select('panel', 'vscode-single-select', 'lm:verity-fake:fake-1');
  await waitFor('the fake model shown', async () => (await panelState()).rendered?.model === 'Fake Model');
  const turn = await askInPanel('What is the replacement fee for a lost passport?');
  assert.match(turn?.model ?? '', /Fake Model/);
  assert.ok(turn?.sentences.some((x) => /120 euros/.test(x.text)), turn?.answer);
  await ui.select('panel', 'vscode-single-select', 'endpoint');
  await waitFor('the endpoint shown again', async () => (await panelState()).rendered?.model === 'mock-model');
}, 90_000);

test('panel: Cancel stops a slow stream at once — the connection is closed before the rest is sent', async () => {
  const slow = 'Express renewal costs 150 euros and takes five working days [1]. '.repeat(12);
  server!.setChat([{ text: slow, pieceDelayMs: 250 }]);
  server!.reset();
  await askInPanel('How much does express renewal cost, slowly?', { wait: false });
  await waitFor('some streamed text on screen', async () => ((await panelState()).rendered?.streamed ?? 0) > 0, 30_000);
  await screenshot('panel-streaming.png');
  await ui.click('panel', 'vscode-button.cancel');
  const turn = await waitFor('the cancelled turn', async () => {
    const t = await lastTurn();
    return t?.question.endsWith('slowly?') && t.status === 'cancelled' ? t : undefined;
  });
  const stream = await waitFor('the server to see the client go', () => server!.streams().find((x) => x.abortedByClient));
  console.log(`# cancelled after ${stream.sent} of ${stream.pieces} pieces`);
  assert.ok(stream.sent < stream.pieces, 'the rest was never sent');
  assert.equal(turn.stopReason, 'cancelled');
  assert.equal((await panelState()).running, false);
  assert.deepEqual(await ui.texts('panel', `${LAST} .status`), ['Cancelled']);
  server!.setChat((req) => extractiveReply(req));
}, 90_000);

test('panel: model text is shown as text — an answer holding raw HTML stays literal', async () => {
  const hostile = 'The online renewal fee is 75 euros <img src=x onerror="document.title=\'pwned\'"> [1].';
  server!.setChat([{ text: hostile }]);
  const turn = await askInPanel('What is the online renewal fee, once more?');
  const texts = await ui.texts('panel', `${LAST} .answer`);
  assert.ok(texts[0]?.includes('<img src=x onerror="document.title=\'pwned\'">'), texts[0]);
  assert.equal(await ui.count('panel', 'img'), 0);
  assert.ok(turn);
  server!.setChat((req) => extractiveReply(req));
}, 60_000);

test('panel: a PDF link in the report opens the page beside the report, not over it', async () => {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  assert.ok(pdfTurn, 'the PDF answer of an earlier test');
  await vscode.commands.executeCommand('verity.showReport', { kind: 'turn', turn: pdfTurn });
  await waitFor('the report showing the PDF answer', async () => (await vscode.commands.executeCommand<{ rendered?: { kind: string } }>('verity.test.reportState')).rendered?.kind === 'turn');
  await ui.click('report', '.sentence .evidence.kind-pdf');
  await pdfState('docs/fees.pdf', 2);
  const report = await vscode.commands.executeCommand<{ visible: boolean; column?: number }>('verity.test.reportState');
  const views = await vscode.commands.executeCommand<Array<{ path?: string; visible: boolean; column?: number }>>('verity.test.pdfViews');
  const pdf = views.find((v) => v.path === 'docs/fees.pdf');
  console.log(`# report in column ${report.column}, PDF in column ${pdf?.column}`);
  assert.equal(report.visible, true, 'the report stays visible');
  assert.equal(pdf?.visible, true);
  assert.notEqual(pdf?.column, report.column, 'the page opens in another column');
  await screenshot('report-pdf-beside.png');
}, 60_000);

test('panel: before the reload — the conversation and the report are open; the stored records are handed over', async () => {
  const state = await vscode.commands.executeCommand<{ files: FileRecord[] }>('verity.test.state');
  const s = await panelState();
  assert.ok(s.questions.length >= 2);
  handOver.questions = s.questions;
  handOver.conversationId = s.conversationId;
  // After the reload a file counts as unchanged when its size and date still match its record.
  handOver.records = state.files.map((f) => ({ path: f.path, size: f.size, mtime: f.mtime, ocrPending: f.ocr?.state === 'pending' || (f.reason === 'PDF_NO_TEXT' && !f.ocr) }));
  handOver.report = (await vscode.commands.executeCommand<{ rendered?: { kind: string; sentences: number } }>('verity.test.reportState')).rendered;
  await vscode.commands.executeCommand('verity.conversation.focus');
  await server?.close();
});
