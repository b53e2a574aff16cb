import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateHostToPanel, validatePanelToHost } from '../../../src/protocol/validatePanel';
import { firstTurn } from '../../fixtures/panel/panelFixtures';

test('panel → host: only the known messages with the right fields; commands from a fixed list', () => {
  assert.ok(validatePanelToHost({ type: 'ask', runId: 1, question: 'Why?' }).ok);
  assert.ok(validatePanelToHost({ type: 'run', command: 'connectModel' }).ok);
  for (const bad of [
    { type: 'run', command: 'workbench.action.terminal.new' },
    { type: 'ask', runId: 1, question: '   ' },
    { type: 'ask', runId: 1.5, question: 'x' },
    { type: 'ask', runId: 1, question: 'x'.repeat(4001) },
    { type: 'openEvidence', evidence: { path: 'a.md' } },
    { type: 'copyAnswer' },
    { type: 'exec', code: 'x' },
    null,
  ]) assert.equal(validatePanelToHost(bad).ok, false, JSON.stringify(bad)?.slice(0, 80));
});

test('host → panel: a state carries validated turns; a tampered turn is refused with the field named', () => {
  const state = { type: 'state', conversation: { id: 'c', title: '', turns: [firstTurn] }, models: [], access: { trusted: true, modelReady: false }, running: null };
  assert.ok(validateHostToPanel(state).ok);
  const bad = validateHostToPanel({ ...state, conversation: { id: 'c', title: '', turns: [{ ...firstTurn, sentences: [{ ...firstTurn.sentences[0], certainty: 'very' }] }] } });
  assert.equal(bad.ok, false);
  assert.match(bad.ok ? '' : bad.error, /turns\[0\]\.sentences\[0\]\.certainty/);
  assert.equal(validateHostToPanel({ type: 'text', runId: 1, fragment: 'x' }).ok, false, 'a draft fragment names its round');
  assert.equal(validateHostToPanel({ type: 'failed', runId: 1, message: 'x', fix: 'rm -rf' }).ok, false);
});
