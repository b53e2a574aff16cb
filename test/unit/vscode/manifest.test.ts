import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  activationEvents: string[];
  contributes: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
};
const c = pkg.contributes;
const props = c.configuration.properties as Record<string, { type: string; default: unknown; description?: string; markdownDescription?: string; order?: number; scope?: string }>;

test('settings: markup only in markdownDescription, every setting ordered (model first), counts are integers', () => {
  for (const [key, p] of Object.entries(props)) {
    assert.ok(!(p.description ?? '').match(/`|\*\*/), `${key}: markup in a plain description`);
    assert.ok(p.markdownDescription ?? p.description, `${key}: described`);
    assert.equal(typeof p.order, 'number', `${key}: order`);
  }
  const byOrder = Object.entries(props).sort((a, b) => a[1].order! - b[1].order!).map(([k]) => k);
  assert.deepEqual(byOrder.slice(0, 2), ['verity.model.baseUrl', 'verity.model.name']);
  for (const k of ['verity.passage.minWords', 'verity.passage.maxWords', 'verity.ask.topK', 'verity.ask.maxRounds', 'verity.ask.tokenBudget', 'verity.rerank.candidates']) assert.equal(props[k]!.type, 'integer', k);
  // application: set in user settings only (a cloned repository cannot redirect requests), and listed in the User tab of remote windows.
  assert.equal(props['verity.model.baseUrl']!.scope, 'application');
});

test('the context menu and keybinding apply to prose only; palette-only commands are hidden elsewhere', () => {
  const menu = c.menus['editor/context'] as Array<{ command: string; when: string }>;
  for (const m of menu) assert.match(m.when, /editorLangId in verity\.proseLanguages/, m.command);
  for (const k of c.keybindings as Array<{ when: string }>) assert.match(k.when, /editorLangId in verity\.proseLanguages/);
  const declared = new Set((c.commands as Array<{ command: string }>).map((x) => x.command));
  for (const group of Object.values(c.menus) as Array<Array<{ command: string }>>) for (const m of group) assert.ok(declared.has(m.command), `${m.command} is declared`);
});

test('views, walkthrough, PDF editor and language model provider are contributed with their files', () => {
  // Verity's own conversation panel comes first: asking works in every editor, Copilot or not.
  assert.deepEqual(c.views.verity.map((v: { id: string; type?: string }) => [v.id, v.type ?? 'tree']), [['verity.conversation', 'webview'], ['verity.sources', 'tree']]);
  // The report is restored after a reload: its serializer needs the extension activated for it.
  assert.ok(pkg.activationEvents.includes('onWebviewPanel:verity.report'));
  assert.ok(existsSync(path.join(root, c.viewsContainers.activitybar[0].icon)));
  assert.deepEqual(c.customEditors[0].selector, [{ filenamePattern: '*.pdf' }]);
  assert.equal(c.languageModelChatProviders[0].vendor, 'verity');
  const steps = c.walkthroughs[0].steps as Array<{ id: string; media: { markdown: string } }>;
  assert.deepEqual(steps.map((s) => s.id), ['sources', 'check', 'ask', 'model']);
  for (const s of steps) assert.ok(existsSync(path.join(root, s.media.markdown)), s.media.markdown);
});
