import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { check } from '../../../src/cli/commands/check';
import { closeAll } from '../../../src/cli/openVerity';
import type { CliIO } from '../../../src/cli/io';

const root = path.join(__dirname, '../../..');
const DOCS = 'test/fixtures/check/docs';
const DRAFT = 'test/fixtures/check/draft.md';
const CLEAN = 'test/fixtures/check/clean.md';

function fakeIO(): CliIO & { out: string; err: string } {
  const io = { out: '', err: '', isTTY: false, cwd: root, env: {}, stdout: (s: string) => void (io.out += s), stderr: (s: string) => void (io.err += s) };
  return io;
}
after(() => closeAll());

test('text: one line per problem with file position and source, a summary, exit 1', async () => {
  const io = fakeIO();
  assert.equal(await check([DRAFT, '--docs', DOCS], io), 1);
  const lines = io.out.trim().split('\n');
  assert.ok(lines.includes(
    `${DRAFT}:6:1: contradicted: "Customers can request a refund within 60 days of purchase [1]." — source: refunds.md:5 "Customers can request a refund within 30 days of purchase."`,
  ), io.out);
  assert.ok(lines.includes('    the source says 30 days, not 60 days'));
  assert.ok(lines.some((l) => l.startsWith(`${DRAFT}:7:1: contradicted: "Refunds are available for gift cards."`)));
  assert.ok(lines.some((l) => l.startsWith(`${DRAFT}:9:1: unsupported: "Acme Cloud`)));
  assert.ok(!io.out.includes('code is skipped'), 'code blocks are not checked');
  assert.equal(lines.at(-1), '7 sentences in 1 file: 1 supported, 1 unsupported, 2 contradicted, 3 not claims');
});

test('exit codes follow --fail-on', async () => {
  assert.equal(await check([DRAFT, '--docs', DOCS, '--fail-on', 'contradicted'], fakeIO()), 1);
  assert.equal(await check([DRAFT, '--docs', DOCS, '--fail-on', 'none'], fakeIO()), 0);
  assert.equal(await check([CLEAN, '--docs', DOCS], fakeIO()), 0);
  assert.equal(await check(['--text', 'Acme Cloud hosts every order database in Singapore.', '--docs', DOCS, '--fail-on', 'contradicted'], fakeIO()), 0);
  assert.equal(await check(['--text', 'Acme Cloud hosts every order database in Singapore.', '--docs', DOCS], fakeIO()), 1);
});

test('errors exit 2 with a message', async () => {
  let io = fakeIO();
  assert.equal(await check([DRAFT, '--docs', DOCS, '--format', 'xml'], io), 2);
  assert.match(io.err, /--format must be/);
  io = fakeIO();
  assert.equal(await check(['no/such/file.md', '--docs', DOCS], io), 2);
  assert.match(io.err, /cannot read no\/such\/file\.md/);
  io = fakeIO();
  assert.equal(await check(['--docs', DOCS], io), 2);
  assert.equal(await check([DRAFT, '--docs', 'no/such/dir'], fakeIO()), 2);
});

test('json: stable fields per sentence', async () => {
  const io = fakeIO();
  await check([DRAFT, '--docs', DOCS, '--format', 'json'], io);
  const doc = JSON.parse(io.out);
  assert.equal(doc.version, 1);
  assert.equal(doc.summary.contradicted, 2);
  const s = doc.files[0].sentences.find((x: { line: number }) => x.line === 6);
  assert.deepEqual(Object.keys(s), ['index', 'line', 'col', 'endLine', 'endCol', 'start', 'end', 'text', 'verdict', 'finding', 'score', 'confidence', 'certainty', 'conflict', 'reason', 'citations', 'evidence', 'alternatives', 'disagreement', 'suppressed', 'baselineState', 'features']);
  assert.deepEqual(Object.keys(doc), ['version', 'root', 'summary', 'files', 'deleted', 'baseline', 'notes']);
  assert.deepEqual(s.citations, [1]);
  assert.equal(s.evidence.location, `refunds.md:5`, 'evidence paths are relative to the indexed folder');
  // a CI user can tell a clear contradiction from an uncertain one, and read both sides
  const contradicted = doc.files[0].sentences.filter((x: { verdict: string }) => x.verdict === 'contradicted');
  for (const c of contradicted) {
    assert.ok(c.certainty === 'clear' || c.certainty === 'uncertain', JSON.stringify(c.certainty));
    assert.equal(typeof c.confidence, 'number');
  }
  assert.ok(contradicted.some((c: { conflict: { claimText: string } | null }) => c.conflict && c.conflict.claimText.length > 0), 'a conflict names the claim side');
});

test('sarif: a contradiction is an error only when it is clear', async () => {
  const { formatSarif } = await import('../../../src/cli/format/sarif');
  const base = { index: 0, text: 'It lasts two hours.', start: 0, end: 19, line: 1, col: 1, endLine: 1, endCol: 19, score: 0.1, reason: 'r', alternatives: [], citations: [] };
  const summary = { sentences: 2, claims: 2, supported: 0, unsupported: 0, contradicted: 2, notClaim: 0 };
  const sentences = [
    { ...base, verdict: 'contradicted' as const, certainty: 'clear' as const },
    { ...base, index: 1, verdict: 'contradicted' as const, certainty: 'uncertain' as const },
  ];
  const log = JSON.parse(formatSarif({ files: [{ path: 'a.md', result: { text: '', sentences, summary, ms: 0 } }] }, 'test'));
  assert.deepEqual(log.runs[0].results.map((r: { level: string }) => r.level), ['error', 'note']);
});

test('sarif: 2.1.0 log with rules, results, regions and related evidence', async () => {
  const io = fakeIO();
  assert.equal(await check([DRAFT, '--docs', DOCS, '--format', 'sarif'], io), 1);
  const log = JSON.parse(io.out);
  assert.equal(log.version, '2.1.0');
  assert.match(log.$schema, /sarif-2\.1\.0/);
  const run = log.runs[0];
  assert.equal(run.tool.driver.name, 'verity');
  assert.deepEqual(run.tool.driver.rules.map((r: { id: string }) => r.id), ['claim.unsupported', 'claim.contradicted', 'claim.disputed']);
  assert.equal(run.results.length, 3);
  for (const r of run.results) {
    assert.ok(['claim.unsupported', 'claim.contradicted'].includes(r.ruleId));
    assert.equal(run.tool.driver.rules[r.ruleIndex].id, r.ruleId);
    assert.ok(['warning', 'error'].includes(r.level));
    assert.equal(typeof r.message.text, 'string');
    const loc = r.locations[0].physicalLocation;
    assert.equal(loc.artifactLocation.uri, DRAFT);
    for (const k of ['startLine', 'startColumn', 'endLine', 'endColumn']) assert.ok(Number.isInteger(loc.region[k]) && loc.region[k] >= 1, k);
  }
  const contra = run.results.find((r: { ruleId: string; locations: Array<{ physicalLocation: { region: { startLine: number } } }> }) => r.ruleId === 'claim.contradicted' && r.locations[0]!.physicalLocation.region.startLine === 6);
  assert.equal(contra.level, 'error');
  assert.deepEqual(contra.locations[0].physicalLocation.region, { startLine: 6, startColumn: 1, endLine: 6, endColumn: 63, snippet: { text: 'Customers can request a refund within 60 days of purchase [1].' } });
  // inside a git repository evidence is named from the repository's root (a link code scanning can open); else from the DOCS base
  const evidence = contra.relatedLocations[0].physicalLocation.artifactLocation;
  if (run.versionControlProvenance) assert.deepEqual(evidence, { uri: `${DOCS}/refunds.md`, uriBaseId: 'SRCROOT' });
  else assert.deepEqual(evidence, { uri: 'refunds.md', uriBaseId: 'DOCS' });
  assert.equal(contra.relatedLocations[0].physicalLocation.region.startLine, 5);
});
