/**
 * The conversation panel's pure parts: the history a follow-up carries, the copied answer with
 * its citations, and reading stored conversations back as untrusted data.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { historyFromTurns } from '../../../src/core/conversation';
import { buildQuery } from '../../../src/core/index/query';
import { answerWithCitations } from '../../../src/vscode/panel/answerText';
import { compact, readConversations, FILE_VERSION, MAX_TURNS } from '../../../src/vscode/panel/conversationFile';
import { firstTurn, secondTurn } from '../../fixtures/panel/panelFixtures';

test('the history of a conversation: questions and answers as shown, without citation markers or unanswered turns', () => {
  const cancelled = { ...firstTurn, id: 'x', question: 'A cancelled one', answer: '', status: 'cancelled' as const };
  const h = historyFromTurns([firstTurn, cancelled, secondTurn]);
  assert.deepEqual(h.map((x) => x.role), ['user', 'assistant', 'user', 'assistant']);
  assert.equal(h[0]!.text, 'What is the online renewal fee?');
  assert.equal(h[1]!.text, 'The online renewal fee is 75 euros.');
  assert.ok(!h.some((x) => /\[\d+\]/.test(x.text)), 'no [n]: those numbers belong to their own turn');
  assert.ok(!h.some((x) => x.text.includes('cancelled')));
  // the follow-up's retrieval query carries the earlier turn (the history-aware query of the loop)
  const q = buildQuery('How long does it take?', historyFromTurns([firstTurn]), { historyTokens: 100 });
  assert.match(q, /^How long does it take\?\n/);
  assert.match(q, /online renewal fee is 75 euros/);
});

test('copy with citations: the answer as shown, problem sentences named, then each cited source with its place and quote', () => {
  const text = answerWithCitations(secondTurn);
  const [body, sources] = text.split('\n\nSources:\n');
  assert.ok(body!.startsWith('Express renewal costs 150 euros [2]. It takes 10 working days [2]. (contradicted)'), body);
  assert.match(body!, /Applicants may also pay online \[1\]\. \(possibly contradicted\)/);
  assert.match(body!, /renewals are free \[1\]\. \(unsupported\)$/);
  assert.deepEqual(sources!.trimEnd().split('\n'), [
    '[1] docs/renewal.md:L3-L7 — "Adults can renew a passport online."',
    '[2] docs/fees.pdf, page 2 — "Express renewal costs 150 euros"',
  ]);
  // an answer citing nothing is copied as it is
  assert.equal(answerWithCitations({ ...firstTurn, sentences: [], answer: 'The documents do not contain the answer.' }), 'The documents do not contain the answer.\n');
});

test('stored conversations are validated: a tampered turn is dropped with its reason, the rest is kept', () => {
  const good = { id: 'c1', title: 'Renewal', created: 1, updated: 2, turns: [compact(firstTurn), compact(secondTurn)] };
  const bad = { id: 'c2', title: 'x', created: 1, updated: 3, turns: [{ ...compact(firstTurn), sentences: [{ text: 1 }] }] };
  const r = readConversations({ version: FILE_VERSION, currentId: 'c1', conversations: [good, bad, 'junk'] });
  assert.deepEqual(r.conversations.map((c) => c.id), ['c1']);
  assert.equal(r.currentId, 'c1');
  assert.equal(r.dropped.length, 2);
  assert.match(r.dropped[0]!, /conversations\[1\]\.turns\[0\]\.sentences\[0\]/);
  assert.equal(r.conversations[0]!.turns[1]!.history.length, 0, 'stored turns do not repeat the dialogue');
  assert.deepEqual(readConversations({ version: 99 }).conversations, []);
  assert.deepEqual(readConversations('not an object').conversations, []);
  const long = { ...good, turns: Array.from({ length: MAX_TURNS + 5 }, (_, i) => ({ ...compact(firstTurn), id: `t${i}` })) };
  const kept = readConversations({ version: FILE_VERSION, currentId: 'c1', conversations: [long] }).conversations[0]!.turns;
  assert.equal(kept.length, MAX_TURNS);
  assert.equal(kept[kept.length - 1]!.id, `t${MAX_TURNS + 4}`, 'the newest turns are kept');
});
