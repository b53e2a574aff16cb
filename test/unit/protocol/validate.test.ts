import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateHostMessage, validateWebviewMessage, MAX_QUESTION_CHARS } from '../../../src/protocol/validate';
import { checkFixture, mdRenew, pdfRefund, turnFixture } from '../../fixtures/report/reportFixtures';

test('host messages: well-formed reports, turns and PDF pages pass', () => {
  assert.equal(validateHostMessage({ type: 'report', payload: { kind: 'check', result: checkFixture }, modelAvailable: false }).ok, true);
  assert.equal(validateHostMessage({ type: 'report', payload: { kind: 'turn', turn: turnFixture }, modelAvailable: true }).ok, true);
  assert.equal(validateHostMessage({ type: 'report', payload: null, modelAvailable: true }).ok, true);
  assert.equal(validateHostMessage({ type: 'askDone', askId: 1, turn: turnFixture }).ok, true);
  const view = { requestId: 3, path: 'a.pdf', bytes: new Uint8Array([37, 80]), page: 2, passageId: 'p', boxes: [{ x: 1, y: 2, w: 3, h: 4 }] };
  assert.equal(validateHostMessage({ type: 'pdfPage', view }).ok, true);
});

test('host messages: an ArrayBuffer is normalised to a Uint8Array', () => {
  const r = validateHostMessage({ type: 'pdfPage', view: { requestId: 1, path: 'a.pdf', bytes: new Uint8Array([1, 2]).buffer, page: 1, passageId: 'p', boxes: [] } });
  assert.ok(r.ok && r.value.type === 'pdfPage' && r.value.view.bytes instanceof Uint8Array);
});

test('host messages: malformed ones are rejected with the offending field', () => {
  const bad = (m: unknown, field: RegExp) => {
    const r = validateHostMessage(m);
    assert.equal(r.ok, false, JSON.stringify(m).slice(0, 80));
    if (!r.ok) assert.match(r.error, field);
  };
  bad(null, /message: expected an object/);
  bad({ type: 'nope' }, /unknown type/);
  bad({ type: 'report', payload: { kind: 'check', result: { ...checkFixture, text: 1 } }, modelAvailable: true }, /report\.payload\.result\.text/);
  const s0 = checkFixture.sentences[0]!;
  bad({ type: 'report', payload: { kind: 'check', result: { ...checkFixture, sentences: [{ ...s0, verdict: 'maybe' }] } }, modelAvailable: true }, /sentences\[0\]\.verdict/);
  bad({ type: 'report', payload: { kind: 'check', result: { ...checkFixture, sentences: [{ ...s0, evidence: { ...mdRenew, startLine: '12' } }] } }, modelAvailable: true }, /evidence\.startLine/);
  bad({ type: 'report', payload: { kind: 'check', result: checkFixture } }, /modelAvailable/);
  bad({ type: 'askDone', askId: 1, turn: { ...turnFixture, rounds: [{ ...turnFixture.rounds[0]!, tokens: { prompt: 'x' } }] } }, /rounds\[0\]\.tokens\.prompt/);
  bad({ type: 'pdfPage', view: { requestId: 1, path: 'a.pdf', bytes: [1, 2], page: 1, passageId: 'p', boxes: [] } }, /bytes/);
  bad({ type: 'pdfPage', view: { requestId: 1, path: 'a.pdf', bytes: new Uint8Array(1), page: 0, passageId: 'p', boxes: [] } }, /page/);
  bad({ type: 'pdfPage', view: { requestId: 1, path: 'a.pdf', bytes: new Uint8Array(1), page: 1, passageId: 'p', boxes: [{ x: NaN, y: 0, w: 1, h: 1 }] } }, /boxes\[0\]\.x/);
});

test('webview messages: valid ones pass, hostile or malformed ones are rejected', () => {
  assert.equal(validateWebviewMessage({ type: 'ready' }).ok, true);
  assert.equal(validateWebviewMessage({ type: 'openEvidence', requestId: 2, evidence: pdfRefund }).ok, true);
  assert.equal(validateWebviewMessage({ type: 'ask', askId: 1, question: 'Why?' }).ok, true);
  assert.equal(validateWebviewMessage({ type: 'rendered', state: { kind: 'check', sentences: 5, problems: 3, rounds: 0, problemsOnly: false, pdf: { path: 'a.pdf', page: 1, pages: 2, highlights: 2, mode: 'quote', zoom: 1, width: 600 } } }).ok, true);
  assert.equal(validateWebviewMessage({ type: 'pdfRendered', state: { path: 'a.pdf', page: 2, pages: 2, highlights: 1, mode: 'passage', zoom: 1.5, width: 900 } }).ok, true);
  assert.equal(validateWebviewMessage({ type: 'pdfRendered', state: { path: 'a.pdf', page: 2, pages: 2, highlights: 1, mode: 'everything', zoom: 1, width: 900 } }).ok, false);
  assert.equal(validateWebviewMessage({ type: 'ask', askId: 1, question: '   ' }).ok, false);
  assert.equal(validateWebviewMessage({ type: 'ask', askId: 1, question: 'x'.repeat(MAX_QUESTION_CHARS + 1) }).ok, false);
  assert.equal(validateWebviewMessage({ type: 'ask', askId: 1.5, question: 'Why?' }).ok, false);
  assert.equal(validateWebviewMessage({ type: 'openEvidence', requestId: 2, evidence: { ...mdRenew, kind: 'exe' } }).ok, false);
  assert.equal(validateWebviewMessage({ type: 'log', level: 'fatal', message: 'x' }).ok, false);
  assert.equal(validateWebviewMessage({ type: 'runCommand', command: 'rm' }).ok, false);
  assert.equal(validateWebviewMessage('ready').ok, false);
});
