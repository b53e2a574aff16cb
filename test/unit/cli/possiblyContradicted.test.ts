/**
 * A contradiction the checker cannot show clearly (certainty "uncertain") is "possibly
 * contradicted" in the CLI as in the editor: named so in text and JSON, a SARIF note (the editor's
 * Information), counted apart in the summary, and it fails a run only as unsupported does — never
 * under `--fail-on contradicted`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatJson } from '../../../src/cli/format/json';
import { problemRank, type CheckReport } from '../../../src/cli/format/report';
import { formatSarif } from '../../../src/cli/format/sarif';
import { formatText } from '../../../src/cli/format/text';
import type { SentenceVerdict } from '../../../src/core/types';

const evidence = { passageId: 'p1', path: 'kettle.md', kind: 'md' as const, startLine: 3, endLine: 3, heading: 'Kettle', quote: 'Let it stand inside for half an hour.', score: 0.8 };
const base = { text: 'Let it sit inside for half an hour.', start: 0, end: 35, line: 1, col: 1, endLine: 1, endCol: 35, score: 0.8, alternatives: [], citations: [], evidence };

function report(certainty: 'clear' | 'uncertain'): CheckReport {
  const sentences: SentenceVerdict[] = [
    { ...base, index: 0, verdict: 'contradicted', certainty, reason: certainty === 'clear' ? 'the source says stand, not sit' : 'the closest passage says stand where this says sit — is it about the same thing?' },
    { ...base, index: 1, line: 2, text: 'Descale it every week.', verdict: 'unsupported', certainty: 'uncertain', reason: 'no passage mentions week' },
  ];
  const summary = { sentences: 2, claims: 2, supported: 0, unsupported: 1, contradicted: 1, notClaim: 0 };
  return { files: [{ path: 'answer.md', result: { text: '', sentences, summary, ms: 0 } }] };
}

test('text: an uncertain contradiction is "possibly contradicted", counted apart; a clear one stays "contradicted"', () => {
  const uncertain = formatText(report('uncertain'));
  assert.match(uncertain, /^answer\.md:1:1: possibly contradicted: "Let it sit inside for half an hour\." — closest passage: kettle\.md:3 /m);
  assert.match(uncertain, /2 sentences in 1 file: 0 supported, 1 unsupported, 0 contradicted, 1 possibly contradicted, 0 not claims/);
  const clear = formatText(report('clear'));
  assert.match(clear, /^answer\.md:1:1: contradicted: "Let it sit/m);
  assert.match(clear, /0 supported, 1 unsupported, 1 contradicted, 0 not claims/);
  assert.doesNotMatch(clear, /possibly/);
});

test('exit rank: only a clear contradiction reaches --fail-on contradicted; a possible one ranks with unsupported', () => {
  const [uncertain] = report('uncertain').files[0]!.result.sentences;
  const [clear, unsupported] = report('clear').files[0]!.result.sentences;
  assert.equal(problemRank(clear!), 2);
  assert.equal(problemRank(uncertain!), problemRank(unsupported!));
  assert.equal(problemRank(uncertain!), 1);
});

test('SARIF: a possible contradiction is a note under the contradiction rule, a clear one an error', () => {
  const levels = (r: CheckReport): string[] => JSON.parse(formatSarif(r, 'test')).runs[0].results.map((x: { level: string; ruleId: string }) => `${x.ruleId}:${x.level}`);
  assert.deepEqual(levels(report('uncertain')), ['claim.contradicted:note', 'claim.unsupported:warning']);
  assert.deepEqual(levels(report('clear')), ['claim.contradicted:error', 'claim.unsupported:warning']);
  const msg = JSON.parse(formatSarif(report('uncertain'), 'test')).runs[0].results[0].message.text as string;
  assert.match(msg, /^possibly contradicted: "Let it sit/);
});

test('JSON: the verdict stays, the finding says how it is shown, and the summaries count possible contradictions', () => {
  const doc = JSON.parse(formatJson(report('uncertain')));
  const [s0, s1] = doc.files[0].sentences;
  assert.equal(s0.verdict, 'contradicted');
  assert.equal(s0.finding, 'possibly_contradicted');
  assert.equal(s1.finding, 'unsupported');
  assert.equal(doc.summary.contradicted, 1);
  assert.equal(doc.summary.possiblyContradicted, 1);
  assert.equal(doc.files[0].summary.possiblyContradicted, 1);
  assert.equal(JSON.parse(formatJson(report('clear'))).summary.possiblyContradicted, 0);
});

test('verity ask: an answer sentence possibly contradicted is marked so, a clear contradiction as contradicted', async () => {
  const { renderTurn } = await import('../../../src/cli/commands/ask');
  const sentences = report('uncertain').files[0]!.result.sentences;
  const turn = { answer: '', sentences: [...sentences, { ...sentences[0]!, index: 2, certainty: 'clear' }], evidence: [], rounds: [{}], tokens: { prompt: 1, completion: 1 }, status: 'done', modelCalls: 1, model: 'm' };
  const lines = renderTurn(turn as unknown as Parameters<typeof renderTurn>[0], (p) => p).split('\n');
  assert.equal(lines[0], '? possibly contradicted: Let it sit inside for half an hour.  (the closest passage says stand where this says sit — is it about the same thing?)');
  assert.equal(lines[1], '✗ unsupported: Descale it every week.  (no passage mentions week)');
  assert.match(lines[2]!, /^✗ contradicted: Let it sit/);
});

test('text --show all: a sentence supported only in part names its closest passage and says what it leaves out', () => {
  const r = report('clear');
  const partly: SentenceVerdict = { ...base, index: 2, line: 3, text: 'Let it stand inside for half an hour, then rinse.', verdict: 'supported', certainty: 'uncertain', reason: "the closest passage states most of it (not 'rinse')" };
  const whole: SentenceVerdict = { ...base, index: 3, line: 4, text: 'Let it stand inside for half an hour.', verdict: 'supported', certainty: 'clear', reason: 'the source says it' };
  r.files[0]!.result.sentences.push(partly, whole);
  const out = formatText({ ...r, show: 'all' }).split('\n');
  const at = out.findIndex((l) => l.startsWith('answer.md:3:1: supported: '));
  assert.match(out[at]!, / — closest passage: kettle\.md:3 /);
  assert.equal(out[at + 1], "    the closest passage states most of it (not 'rinse')");
  const clear = out.findIndex((l) => l.startsWith('answer.md:4:1: supported: '));
  assert.match(out[clear]!, / — source: kettle\.md:3 /);
  assert.doesNotMatch(out[clear + 1] ?? '', /^ {4}/, 'a clear support prints no reason line');
});
