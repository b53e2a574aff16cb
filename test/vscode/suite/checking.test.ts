import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CheckResult } from '../../../src/core/types';
import { rangeOf, screenshot, waitFor, workspaceUri } from './helpers';
import { test } from './runner';

const DRAFT = 'notes/draft.md';
const TRUE_SENTENCE = 'The online renewal fee is 75 euros.';
const UNSUPPORTED = "Renewed passports are delivered by drone to the applicant's roof.";
const CONTRADICTED = 'The new passport arrives by post within 60 days of the application.';

/** Forgets the checks of one paragraph-level test so the next test sees only its own. */
async function checksCleanup(doc: vscode.TextDocument): Promise<void> {
  const r = rangeOf(doc, 'Express renewal costs 90 euros.');
  await vscode.commands.executeCommand('verity.dismissVerdict', doc.uri, doc.offsetAt(r.start));
}

function verityDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'verity');
}

async function openDraft(): Promise<{ doc: vscode.TextDocument; editor: vscode.TextEditor }> {
  const doc = await vscode.workspace.openTextDocument(workspaceUri(DRAFT));
  const editor = await vscode.window.showTextDocument(doc);
  return { doc, editor };
}

test('Check This Paragraph: one true, one unsupported, one contradicted sentence → exactly two diagnostics', async () => {
  const { doc, editor } = await openDraft();
  // No selection: the paragraph under the cursor is checked.
  editor.selection = new vscode.Selection(rangeOf(doc, UNSUPPORTED).start, rangeOf(doc, UNSUPPORTED).start);
  const result = await vscode.commands.executeCommand<CheckResult>('verity.checkParagraph');
  assert.ok(result, 'the command returns the check');
  console.log(`# verdicts: ${result.sentences.map((s) => `${s.verdict}(${s.score.toFixed(2)})`).join(', ')}`);
  assert.deepEqual(result.sentences.map((s) => s.verdict), ['supported', 'unsupported', 'contradicted']);
  assert.equal(result.sentences[0]?.text.trim(), TRUE_SENTENCE);
  const at = rangeOf(doc, UNSUPPORTED).start;
  assert.deepEqual([result.sentences[1]?.line, result.sentences[1]?.col], [at.line + 1, at.character + 1], 'sentence positions are document lines and columns (1-based)');
  const diags = await waitFor('verity diagnostics', () => (verityDiagnostics(doc.uri).length === 2 ? verityDiagnostics(doc.uri) : undefined), 5000);
  const byCode = new Map(diags.map((d) => [String(typeof d.code === 'object' ? d.code.value : d.code), d]));
  const unsupported = byCode.get('claim.unsupported');
  const contradicted = byCode.get('claim.contradicted');
  assert.ok(unsupported && contradicted, `codes: ${[...byCode.keys()].join(', ')}`);
  assert.equal(doc.getText(unsupported.range).trim(), UNSUPPORTED);
  assert.equal(doc.getText(contradicted.range).trim(), CONTRADICTED);
  assert.equal(contradicted.severity, vscode.DiagnosticSeverity.Error);
  assert.equal(unsupported.severity, vscode.DiagnosticSeverity.Warning);
  assert.match(contradicted.message, /^Contradicted — .*30/, 'the message says what the source says instead');
  assert.match(unsupported.message, /^Unsupported — /);
  // the status bar says it in the same words, clear and possible contradictions apart
  const last = await vscode.commands.executeCommand<{ line: string }>('verity.test.lastCheck');
  assert.equal(last.line, 'Verity: 1 supported, 1 unsupported, 1 contradicted — Show Report for details');
  const related = contradicted.relatedInformation?.[0];
  assert.ok(related, 'related information');
  assert.ok(related.location.uri.path.endsWith('/docs/renewal.md'), related.location.uri.path);
  // "The new passport arrives by post within 30 days" is line 7 (0-based 6) of renewal.md.
  assert.ok(related.location.range.start.line <= 6 && related.location.range.end.line >= 6, `range ${related.location.range.start.line}-${related.location.range.end.line}`);
  await vscode.commands.executeCommand('workbench.actions.view.problems');
  await vscode.commands.executeCommand('workbench.action.problems.focus');
  await screenshot('diagnostics.png');
});

test('hovering the contradicted sentence shows the evidence once, in plain words', async () => {
  const { doc, editor } = await openDraft();
  const pos = rangeOf(doc, '60 days').start;
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos);
  const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
  const diagnostic = verityDiagnostics(doc.uri).find((d) => d.code === 'claim.contradicted');
  assert.ok(diagnostic);
  assert.ok(!text.includes(diagnostic.message), 'the hover does not repeat the diagnostic VS Code already shows');
  assert.match(text, /30 days/, `the quote, in: ${text}`);
  assert.match(text, /docs\/renewal\.md:L7\]/, 'the location link names the quoted line, not the passage');
  assert.doesNotMatch(text, /score|\d\.\d\d/, 'no raw scores');
  assert.match(text, /\((close|partial|weak) match\)/);
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, new vscode.Range(pos, pos));
  const titles = actions.map((a) => a.title).join(' | ');
  for (const t of ['Verity: Open evidence (docs/renewal.md:L7', 'Verity: Revise this sentence', 'Verity: Dismiss']) assert.ok(titles.includes(t), `${t} in ${titles}`);
  assert.ok(!titles.includes('Insert citation'), 'no citation to a contradicting source');
  editor.selection = new vscode.Selection(pos, pos);
  await vscode.commands.executeCommand('workbench.action.closePanel');
  await vscode.commands.executeCommand('editor.action.showHover');
  await screenshot('hover.png');
});

test('a quick fix inserts a citation for a supported sentence', async () => {
  const { doc } = await openDraft();
  const sentence = 'A lost passport must be reported to the police before a replacement is requested.';
  const range = rangeOf(doc, sentence);
  const result = await vscode.commands.executeCommand<CheckResult>('verity.checkParagraph', doc.uri, range);
  assert.equal(result?.sentences[0]?.verdict, 'supported');
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, range);
  const cite = actions.find((a) => a.title.startsWith('Verity: Insert citation'));
  assert.ok(cite?.edit, `actions: ${actions.map((a) => a.title).join(' | ')}`);
  assert.ok(await vscode.workspace.applyEdit(cite.edit));
  // A real markdown link, relative to the citing document, to the quoted line.
  assert.match(doc.getText(), /requested \(\[travel\.md, lines? \d+(-\d+)?\]\(\.\.\/docs\/travel\.md#L\d+(-L\d+)?\)\)\./);
});

test('evidence in a PDF is linked by file and page', async () => {
  const { doc } = await openDraft();
  const range = rangeOf(doc, 'Express renewal costs 90 euros.');
  const result = await vscode.commands.executeCommand<CheckResult>('verity.checkParagraph', doc.uri, range);
  console.log(`# pdf sentence: ${result?.sentences.map((s) => `${s.verdict} ${s.evidence?.path ?? ''} p${s.evidence?.page ?? ''}`).join(', ')}`);
  const d = verityDiagnostics(doc.uri).find((x) => x.range.intersection(range));
  assert.ok(d, 'a diagnostic on the sentence the PDF contradicts');
  const rel = d.relatedInformation?.find((r) => r.location.uri.path.endsWith('/docs/fees.pdf'));
  assert.ok(rel, 'related information points at the PDF');
  assert.ok(rel.location.range.isEmpty && rel.location.range.start.line === 0);
  assert.match(rel.message, /page 2/);
  assert.doesNotMatch(rel.message, /score/);
  assert.match(d.message, /150/);
  await checksCleanup(doc);
});

test('a paragraph of an indexed document is not its own evidence', async () => {
  const doc = await vscode.workspace.openTextDocument(workspaceUri('docs/travel.md'));
  await vscode.window.showTextDocument(doc);
  const range = rangeOf(doc, 'An identity card is valid for ten years for adults and five years for children.');
  const result = await vscode.commands.executeCommand<CheckResult>('verity.checkParagraph', doc.uri, range);
  const v = result?.sentences[0];
  assert.ok(v, 'a verdict');
  assert.notEqual(v.evidence?.path, 'docs/travel.md');
  assert.notEqual(v.verdict, 'supported', 'no other document says this');
  await vscode.commands.executeCommand('verity.clearChecks', doc.uri);
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
});

test('editing a sentence drops its stale verdict', async () => {
  const { doc, editor } = await openDraft();
  const before = verityDiagnostics(doc.uri).length;
  assert.equal(before, 2);
  const r = rangeOf(doc, '60 days');
  await editor.edit((e) => e.replace(r, '30 days'));
  await waitFor('the contradicted diagnostic to go', () => verityDiagnostics(doc.uri).length === 1, 5000);
  assert.equal(verityDiagnostics(doc.uri)[0]?.code, 'claim.unsupported');
  await vscode.commands.executeCommand('verity.clearChecks');
  assert.equal(verityDiagnostics(doc.uri).length, 0);
  await vscode.commands.executeCommand('workbench.action.files.revert');
});

test('the report panel opens from a check result and renders every sentence', async () => {
  const { doc, editor } = await openDraft();
  editor.selection = new vscode.Selection(rangeOf(doc, UNSUPPORTED).start, rangeOf(doc, UNSUPPORTED).start);
  const result = await vscode.commands.executeCommand<CheckResult>('verity.checkParagraph');
  assert.ok(result);
  await vscode.commands.executeCommand('verity.showReport', { kind: 'check', result, docUri: doc.uri.toString() });
  interface State {
    open: boolean;
    payloadKind?: string;
    rendered?: { kind: string; sentences: number; problems: number };
  }
  const state = await waitFor('report rendered', async () => {
    const s = await vscode.commands.executeCommand<State>('verity.test.reportState');
    return s?.rendered?.kind === 'check' ? s : undefined;
  });
  assert.equal(state.open, true);
  assert.equal(state.payloadKind, 'check');
  assert.equal(state.rendered?.sentences, result.sentences.length);
  assert.equal(state.rendered?.problems, result.sentences.filter((s) => s.verdict === 'unsupported' || s.verdict === 'contradicted').length);
  await screenshot('report-in-vscode.png');
});
