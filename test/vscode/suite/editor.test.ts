/**
 * The editor as users meet it: sources and drafts, the PDF view, the Verity view and status bar,
 * checks that survive a reload, the deterministic replace fix, the report's latest result, and
 * the OpenAI-compatible endpoint contributed as a VS Code language model.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CheckResult, SentenceVerdict, Turn } from '../../../src/core/types';
import type { PdfViewState } from '../../../src/protocol/messages';
import type { SourceGroup } from '../../../src/vscode/sourceGroups';
import { startMockServer } from '../../support/mockServer';
import { rangeOf, screenshot, sleep, waitFor, workspaceUri } from './helpers';
import { test } from './runner';

const INVENTED = 'Passport photos may be taken in the consulate garden on Sundays.';

function verityDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'verity');
}

async function open(rel: string): Promise<{ doc: vscode.TextDocument; editor: vscode.TextEditor }> {
  const doc = await vscode.workspace.openTextDocument(workspaceUri(rel));
  const editor = await vscode.window.showTextDocument(doc);
  return { doc, editor };
}

/** notes/draft.md as in the fixture: earlier tests edit it (citations, replacements), so tests that read it start from this. */
const DRAFT_TEXT = `# Draft answer

The online renewal fee is 75 euros. Renewed passports are delivered by drone to the applicant's roof. The new passport arrives by post within 60 days of the application.

A lost passport must be reported to the police before a replacement is requested.

Express renewal costs 90 euros.

Passport photos may be taken in the consulate garden on Sundays.
`;

async function freshDraft(): Promise<{ doc: vscode.TextDocument; editor: vscode.TextEditor }> {
  const { doc, editor } = await open('notes/draft.md');
  if (doc.getText() !== DRAFT_TEXT) {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), DRAFT_TEXT);
    assert.ok(await vscode.workspace.applyEdit(edit));
    await doc.save();
  }
  await vscode.commands.executeCommand('verity.clearChecks');
  return { doc, editor };
}

type PdfViews = Array<{ path: string | undefined; state: PdfViewState | undefined; active: boolean }>;

async function pdfView(path: string, page: number): Promise<PdfViewState> {
  return waitFor(`the PDF view of ${path} on page ${page}`, async () => {
    const views = await vscode.commands.executeCommand<PdfViews>('verity.test.pdfViews');
    const v = views.find((x) => x.path === path);
    return v?.state && v.state.page === page && v.state.highlights > 0 ? v.state : undefined;
  }, 30_000);
}

function activeTabViewType(): string | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof vscode.TabInputCustom ? input.viewType : input instanceof vscode.TabInputText ? 'text' : undefined;
}

test('background indexing starts here because this is a documentation workspace (the rule is logged)', async () => {
  type Decision = { index: boolean; reason: string; firstRunMessage?: string; settled: boolean; introducedBefore: boolean };
  // the decision and the first-run question come a moment after activation (later on a loaded machine)
  const d = await waitFor('the background decision and the first-run question', async () => {
    const x = await vscode.commands.executeCommand<Decision | undefined>('verity.test.backgroundDecision');
    return x?.settled ? x : undefined;
  });
  assert.equal(d.index, true);
  const question = 'Verity: 4 files are sources; 1 draft is never evidence. Is that what Verity should check against?';
  // Earlier suites restart the extension host on some runs: the question is asked by the first
  // host and never again
  if (d.introducedBefore) {
    assert.match(d.reason, /indexed before/);
    assert.equal(d.firstRunMessage, undefined, 'the first-run question is asked once');
    return;
  }
  assert.equal(d.firstRunMessage, question);
  // the workspace was indexed before the background start when an earlier suite ran a command first
  assert.match(d.reason, /^\d+ documentation files$|indexed before/);
});

test('sources: an invented claim in notes.md is not supported by draft.md, which says the same', async () => {
  const { doc } = await open('notes/notes.md');
  const result = await vscode.commands.executeCommand<CheckResult>('verity.checkParagraph', doc.uri, rangeOf(doc, INVENTED));
  const v = result?.sentences[0];
  assert.ok(v, 'a verdict');
  console.log(`# notes.md claim: ${v.verdict}, evidence ${v.evidence?.path ?? 'none'}`);
  assert.notEqual(v.verdict, 'supported');
  assert.notEqual(v.evidence?.path, 'notes/draft.md');
  assert.ok(v.alternatives.every((a) => a.path !== 'notes/draft.md'), 'no related information from the draft');
  // The draft is listed, never indexed: not even its words shape the checker.
  const hits = await vscode.commands.executeCommand<Array<{ passage: { path: string } }>>('verity.search', 'consulate garden Sundays', 5);
  assert.ok(!hits.some((h) => h.passage.path === 'notes/draft.md'));
  assert.ok(hits.some((h) => h.passage.path === 'notes/notes.md'), 'the notes are a source for other documents');
  await vscode.commands.executeCommand('verity.clearChecks', doc.uri);
});

test('the Verity view lists sources, drafts and skipped files with the reason; the status bar warns in plain words', async () => {
  const groups = await vscode.commands.executeCommand<SourceGroup[]>('verity.test.sourcesView');
  const byLabel = new Map(groups.map((g) => [g.label, g.items.map((i) => i.path)]));
  assert.deepEqual(byLabel.get('Sources'), ['docs/fees.pdf', 'docs/renewal.md', 'docs/travel.md', 'notes/notes.md']);
  assert.deepEqual(byLabel.get('Drafts'), ['notes/draft.md']);
  assert.deepEqual(byLabel.get('Skipped'), ['docs/scan.pdf']);
  const scan = groups.find((g) => g.label === 'Skipped')!.items[0]!;
  assert.match(scan.description, /scanned PDF|needs OCR/);
  const status = await vscode.commands.executeCommand<{ text: string; warning: boolean }>('verity.test.statusBar');
  assert.equal(status.text, '$(warning) Verity: 4 files indexed, 1 skipped');
  assert.equal(status.warning, true);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
  await vscode.commands.executeCommand('verity.sources.focus');
  await screenshot('sources-view.png');
  await vscode.commands.executeCommand('workbench.action.closeSidebar');
});

test('a PDF link opens the PDF view at the evidence page with the deciding sentence highlighted, not the raw bytes', async () => {
  const { doc } = await freshDraft();
  const range = rangeOf(doc, 'Express renewal costs 90 euros.');
  await vscode.commands.executeCommand<CheckResult>('verity.checkParagraph', doc.uri, range);
  const d = verityDiagnostics(doc.uri).find((x) => x.range.intersection(range));
  const rel = d?.relatedInformation?.find((r) => r.location.uri.path.endsWith('/docs/fees.pdf'));
  assert.ok(rel, 'related information points at the PDF');
  // What clicking the related information does: open the location's file.
  await vscode.commands.executeCommand('vscode.open', rel.location.uri);
  await waitFor('the PDF view to be the active tab', () => activeTabViewType() === 'verity.pdf');
  const state = await pdfView('docs/fees.pdf', 2);
  console.log(`# PDF view: page ${state.page}/${state.pages}, ${state.highlights} highlight(s) on the ${state.mode}, ${Math.round(state.width)} px wide`);
  assert.equal(state.mode, 'quote', 'the quote, not the whole passage, is highlighted');
  assert.ok(state.highlights <= 6, `a sentence's worth of boxes, not the passage: ${state.highlights}`);
  assert.ok(state.width > 400, 'fit to the editor width, not a thumbnail');
  await screenshot('pdf-view.png');
  // The hover's link (verity.openEvidence) goes to the same view.
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const ev = d?.relatedInformation && (await vscode.commands.executeCommand<Array<{ start: number; verdict: SentenceVerdict }>>('verity.test.checkedSentences', doc.uri)).find((s) => s.verdict.evidence?.kind === 'pdf')?.verdict.evidence;
  assert.ok(ev, 'PDF evidence');
  await vscode.commands.executeCommand('verity.openEvidence', ev);
  await waitFor('the PDF view again', () => activeTabViewType() === 'verity.pdf');
  await pdfView('docs/fees.pdf', 2);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('verity.clearChecks');
}, 90_000);

test('checks come back after a reload while the text is unchanged, and not after it changed', async () => {
  const { doc, editor } = await freshDraft();
  editor.selection = new vscode.Selection(rangeOf(doc, 'Renewed passports').start, rangeOf(doc, 'Renewed passports').start);
  await vscode.commands.executeCommand('verity.checkParagraph');
  const before = verityDiagnostics(doc.uri).map((d) => d.message).sort();
  assert.equal(before.length, 2, `diagnostics: ${before.join(' | ')}`);
  await vscode.commands.executeCommand('verity.test.forgetChecks', doc.uri);
  assert.equal(verityDiagnostics(doc.uri).length, 0, 'gone from memory');
  assert.equal(await vscode.commands.executeCommand<boolean>('verity.test.restoreChecks', doc.uri), true);
  assert.deepEqual(verityDiagnostics(doc.uri).map((d) => d.message).sort(), before);
  // Changed text: the stored checks no longer apply.
  await vscode.commands.executeCommand('verity.test.forgetChecks', doc.uri);
  await editor.edit((e) => e.insert(new vscode.Position(0, 0), 'Edited. '));
  assert.equal(await vscode.commands.executeCommand<boolean>('verity.test.restoreChecks', doc.uri), false);
  assert.equal(verityDiagnostics(doc.uri).length, 0);
  await vscode.commands.executeCommand('workbench.action.files.revert');
  await vscode.commands.executeCommand('verity.clearChecks');
});

test('evidence opens at the quoted text, selected — not the whole passage', async () => {
  const { doc } = await freshDraft();
  const sentence = 'The new passport arrives by post within 60 days of the application.';
  const result = await vscode.commands.executeCommand<CheckResult>('verity.checkParagraph', doc.uri, rangeOf(doc, sentence));
  const ev = result.sentences[0]?.evidence;
  assert.ok(ev && ev.kind === 'md', 'markdown evidence');
  await vscode.commands.executeCommand('verity.openEvidence', ev);
  const editor = await waitFor('the source editor', () => (vscode.window.activeTextEditor?.document.uri.path.endsWith('/docs/renewal.md') ? vscode.window.activeTextEditor : undefined));
  const selected = editor.document.getText(editor.selection);
  assert.equal(selected, 'The new passport arrives by post within 30 days of the application');
  assert.equal(editor.selection.start.line, editor.selection.end.line, 'one line, not a 25-line passage');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('verity.clearChecks');
});

test('a clear contradiction gets a deterministic fix that puts in the source value', async () => {
  const { doc } = await freshDraft();
  const sentence = 'The new passport arrives by post within 60 days of the application.';
  const range = rangeOf(doc, sentence);
  const real = await vscode.commands.executeCommand<CheckResult>('verity.checkParagraph', doc.uri, range);
  let result = real;
  const v = real.sentences[0]!;
  console.log(`# real verdict: ${v.verdict}, certainty ${v.certainty ?? '(absent)'}, conflict ${v.conflict ? `${v.conflict.claimText} → ${v.conflict.sourceText}` : '(absent)'}`);
  if (!v.conflict) {
    // This branch's checker does not fill `conflict` yet: give the verdict the contract's fields.
    const at = sentence.indexOf('60 days');
    result = { ...real, sentences: [{ ...v, verdict: 'contradicted', certainty: 'clear', confidence: 0.9, conflict: { kind: 'number', claimText: '60 days', sourceText: '30 days', start: at, end: at + 7 } }] };
    await vscode.commands.executeCommand('verity.test.storeCheck', doc.uri, range, result);
  }
  const c = result.sentences[0]!.conflict!;
  const diag = verityDiagnostics(doc.uri).find((d) => d.range.isEqual(range));
  assert.ok(diag);
  assert.equal(diag.severity, vscode.DiagnosticSeverity.Error, 'a clear contradiction is an error');
  assert.match(diag.message, new RegExp(`the source says “${c.sourceText}”`));
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, range);
  const fix = actions.find((a) => a.title === `Verity: Replace '${c.claimText}' with '${c.sourceText}'`);
  assert.ok(fix?.edit, `actions: ${actions.map((a) => a.title).join(' | ')}`);
  assert.ok(await vscode.workspace.applyEdit(fix.edit));
  assert.ok(doc.getText().includes(sentence.replace(c.claimText, c.sourceText)));
  // An uncertain finding is information and never speaks with the source's voice.
  const uncertain = { ...result, sentences: [{ ...result.sentences[0]!, certainty: 'uncertain' as const, confidence: 0.5 }] };
  const r2 = rangeOf(doc, sentence.replace(c.claimText, c.sourceText));
  await vscode.commands.executeCommand('verity.test.storeCheck', doc.uri, r2, { ...uncertain, sentences: [{ ...uncertain.sentences[0]!, end: r2.end.character - r2.start.character }] });
  const d2 = verityDiagnostics(doc.uri).find((d) => d.range.intersection(r2));
  assert.equal(d2?.severity, vscode.DiagnosticSeverity.Information);
  assert.match(d2?.message ?? '', /^Possibly contradicted — compare with the closest passage/);
  await vscode.commands.executeCommand('workbench.action.files.revert');
  await vscode.commands.executeCommand('verity.clearChecks');
});

test('Check Document checks the whole file and "Show Report" shows that latest result', async () => {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const { doc } = await freshDraft();
  const result = await vscode.commands.executeCommand<CheckResult>('verity.checkDocument');
  assert.ok(result && result.sentences.length >= 6, `sentences: ${result?.sentences.length}`);
  assert.ok(result.sentences.some((s) => s.text.includes('Express renewal')) && result.sentences.some((s) => s.text.includes('consulate garden')));
  await vscode.commands.executeCommand('verity.showReport');
  const state = await waitFor('the report showing the check', async () => {
    const s = await vscode.commands.executeCommand<{ payloadKind?: string; rendered?: { kind: string; sentences: number } }>('verity.test.reportState');
    return s?.rendered?.kind === 'check' && s.rendered.sentences === result.sentences.length ? s : undefined;
  });
  assert.equal(state.payloadKind, 'check');
  await vscode.commands.executeCommand('workbench.action.focusFirstEditorGroup');
  await screenshot('check-document.png');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('verity.clearChecks', doc.uri);
});

test('with verity.checkOnSave, saving a prose document checks it; a code file is left alone', async () => {
  const config = vscode.workspace.getConfiguration('verity');
  await config.update('checkOnSave', true, vscode.ConfigurationTarget.Workspace);
  try {
    const { doc, editor } = await open('notes/notes.md');
    await vscode.commands.executeCommand('verity.clearChecks');
    await editor.edit((e) => e.insert(doc.lineAt(doc.lineCount - 1).range.end, '\nThe online renewal fee is 75 euros.\n'));
    await doc.save();
    const checked = await waitFor('the check on save', async () => {
      const s = await vscode.commands.executeCommand<Array<{ verdict: SentenceVerdict }>>('verity.test.checkedSentences', doc.uri);
      return s.length > 0 ? s : undefined;
    });
    assert.ok(checked.some((s) => s.verdict.verdict === 'supported' && /75 euros/.test(s.verdict.text)));
    const code = workspaceUri('notes/tool.js');
    await vscode.workspace.fs.writeFile(code, new TextEncoder().encode('// The online renewal fee is 75 euros.\n'));
    const js = await vscode.workspace.openTextDocument(code);
    await vscode.window.showTextDocument(js);
    await (await vscode.window.showTextDocument(js)).edit((e) => e.insert(new vscode.Position(1, 0), '// x\n'));
    await js.save();
    await sleep(1500);
    assert.equal((await vscode.commands.executeCommand<unknown[]>('verity.test.checkedSentences', code)).length, 0, 'JavaScript is not prose');
    await vscode.workspace.fs.delete(code);
  } finally {
    await config.update('checkOnSave', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('verity.clearChecks');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }
});

test('the OpenAI-compatible endpoint is a VS Code language model, and @verity answers with the model picked', async () => {
  const server = await startMockServer({ models: ['mock-1'], chat: [{ text: 'The online renewal fee is 75 euros [1].' }] });
  const config = vscode.workspace.getConfiguration('verity.model');
  try {
    await config.update('baseUrl', server.url, vscode.ConfigurationTarget.Global);
    await config.update('name', 'mock-1', vscode.ConfigurationTarget.Global);
    const inspect = vscode.workspace.getConfiguration().inspect('verity.model.baseUrl');
    console.log(`# verity.model.baseUrl in user settings: ${inspect?.globalValue === server.url ? 'yes' : 'no'} (remote: ${vscode.env.remoteName ?? 'none'})`);
    assert.equal(inspect?.globalValue, server.url, 'the application-scoped setting is stored in, and read from, user settings');
    // What a user of a remote window sees: the User tab of the Settings editor, model settings first.
    await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
    await vscode.commands.executeCommand('workbench.action.openSettings', '@ext:verity-dev.verity');
    await screenshot('settings.png');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const models = await waitFor('the endpoint in the model list', async () => {
      const m = await vscode.lm.selectChatModels({ vendor: 'verity' });
      return m.length ? m : undefined;
    });
    assert.equal(models[0]!.id, 'mock-1');
    // The picked model answers through the endpoint.
    await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@verity What is the online renewal fee?', modelSelector: { vendor: 'verity', id: 'mock-1' } });
    const turn = await waitFor('the chat turn with the endpoint', async () => {
      const t = await vscode.commands.executeCommand<Turn | undefined>('verity.test.lastTurn');
      return t && /mock-1/.test(t.model ?? '') ? t : undefined;
    }, 60_000);
    console.log(`# @verity with the endpoint model: ${turn.status}; model ${turn.model}; ${server.chatCalls()} endpoint call(s)`);
    assert.ok(server.chatCalls() >= 1, 'the endpoint was called');
    assert.ok(server.chatRequests().every((b) => b.model === 'mock-1'));
    await sleep(500);
    await screenshot('chat-endpoint.png');
    // Model text is shown as text in chat: raw HTML in an answer sentence is escaped, never markup.
    server.setChat([{ text: 'The online renewal fee is 75 euros <img src=x onerror="alert(1)"> [1].' }]);
    await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@verity What is the online renewal fee, exactly?', modelSelector: { vendor: 'verity', id: 'mock-1' } });
    const hostile = await waitFor('the reply with raw HTML', async () => {
      const r = await vscode.commands.executeCommand<{ prompt: string; markdown: string } | undefined>('verity.test.lastChatResponse');
      return r?.prompt.includes('exactly') && r.markdown ? r.markdown : undefined;
    }, 60_000);
    assert.ok(hostile.includes('\\<img src=x onerror="alert\\(1\\)"\\>'), hostile);
    assert.doesNotMatch(hostile.replace(/\\</g, ''), /<img/);
  } finally {
    await config.update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await config.update('name', undefined, vscode.ConfigurationTarget.Global);
    await server.close();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }
}, 120_000);
