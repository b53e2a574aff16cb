/**
 * Issue 14: the failures a new user met on documentation nobody on the team wrote, each turned into
 * a case over small evidence written here in the spirit of those docs. Every verdict must be
 * decided by one aligned window, name both sides of a conflict, and leave instructions alone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createChecker } from '../../../src/core/check/checker';
import { createMemorySource } from '../../../src/core/check/memorySource';
import type { SentenceVerdict } from '../../../src/core/types';
import { passage, releaseNotes } from './corpus';

/** A small product guide: settings, defaults, plugins, analytics, and a third-party licence notice. */
const GUIDE = [
  passage('auth', [
    'Session settings control how long users stay signed in.',
    'tokenLifetime:: Enter a value to change the Portal access token lifetime from its default value of one hour.',
    'It applies to short-lived signing tokens, not to the browser session.',
    'The lifetime value must be set between 10 minutes and 24 hours.',
  ].join('\n')),
  passage('audit', 'Audit records are not copied to the built-in archive by default because the archive is not encrypted. Configure a forwarder to send them to your own log service.'),
  passage('insights', [
    'The Usage Insights plugin is preinstalled and enabled by default on every Portal instance.',
    'Active users: the number of people who opened the Portal at least once in the selected period.',
    'You can pick the period from a drop-down list of presets.',
  ].join('\n')),
  passage('telemetry', 'Telemetry settings. Web Metrics use the Beacon tool to collect page views. Error reports are sent to the Portal team weekly.'),
  passage('license', 'The xmlparse library is released under the MIT License. See the COPYING file for the full text.'),
  passage('plugins', [
    'To turn off a plugin, open the Settings page.',
    'Expand Root Schema → global → Plugin options.',
    'Select the Disable the plugin checkbox.',
    'Click Save.',
  ].join('\n')),
  passage('db', [
    'The Portal stores catalog entities, plugin state and search indexes in a PostgreSQL database.',
    'For production, connect the Portal to an external PostgreSQL server instead of the local one.',
  ].join('\n')),
  passage('fields', [
    'The API key is required for every request to the ingestion endpoint.',
    'The retention period has a minimum of 7 days.',
    'Run the migration before the upgrade.',
    'Scheduled exports always include the archived entries.',
  ].join('\n')),
];
// filler so that term statistics are not those of a three-passage folder
const FILLER = releaseNotes();
const checker = createChecker(createMemorySource([...GUIDE, ...FILLER]));
const one = (s: string): SentenceVerdict => checker.check(s).sentences[0]!;

test('a changed number with its unit is contradicted, and the reason names both sides', () => {
  const v = one('tokenLifetime changes the Portal access token lifetime from its default value of two hours.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.equal(v.reason, 'the source says one hour, not two hours');
  assert.equal(v.conflict?.kind, 'number');
  assert.equal(v.conflict?.claimText, 'two hours');
  assert.equal(v.conflict?.sourceText, 'one hour');
  assert.equal(v.certainty, 'clear');
});

test('the same unit in other words is no conflict: 60 minutes is one hour', () => {
  const v = one('tokenLifetime changes the Portal access token lifetime from its default value of 60 minutes.');
  assert.notEqual(v.verdict, 'contradicted', v.reason);
});

test('a removed negation is contradicted even when the source sentence holds a second negation', () => {
  const v = one('Audit records are copied to the built-in archive by default.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.equal(v.conflict?.kind, 'negation');
  assert.equal(v.conflict?.claimText, 'copied');
  assert.equal(v.conflict?.sourceText, 'not copied');
  assert.match(v.reason, /not copied/);
});

test('an added negation in its usual forms is contradicted', () => {
  for (const s of [
    'The Usage Insights plugin is not enabled by default on every Portal instance.',
    'The Usage Insights plugin is never enabled by default on every Portal instance.',
    'The Usage Insights plugin is no longer enabled by default on every Portal instance.',
    'The Usage Insights plugin fails to be enabled by default on every Portal instance.',
  ]) {
    const v = one(s);
    assert.equal(v.verdict, 'contradicted', `${s}: ${v.reason}`);
    assert.equal(v.conflict?.kind, 'negation', s);
  }
});

test('an antonym from the lexical resource is contradicted: disabled against enabled', () => {
  const v = one('The Usage Insights plugin is preinstalled and disabled by default on every Portal instance.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.equal(v.conflict?.kind, 'antonym');
  assert.equal(v.conflict?.claimText, 'disabled');
  assert.equal(v.conflict?.sourceText, 'enabled');
  assert.equal(v.reason, 'the source says enabled, not disabled');
});

test('antonym pairs: required/optional, minimum/maximum, before/after, always/sometimes', () => {
  const cases: Array<[string, string, string]> = [
    ['The API key is optional for every request to the ingestion endpoint.', 'optional', 'required'],
    ['The retention period has a maximum of 7 days.', 'maximum', 'minimum'],
    ['Run the migration after the upgrade.', 'after', 'before'],
  ];
  for (const [s, claim, source] of cases) {
    const v = one(s);
    assert.equal(v.verdict, 'contradicted', `${s}: ${v.reason}`);
    assert.equal(v.conflict?.claimText, claim, s);
    assert.equal(v.conflict?.sourceText, source, s);
  }
  const q = one('Scheduled exports sometimes include the archived entries.');
  assert.equal(q.verdict, 'contradicted', q.reason);
  assert.equal(q.conflict?.kind, 'quantifier');
});

test('a claim whose number is in no aligned window is not supported by an unrelated passage', () => {
  const v = one('Usage Insights shows the last 14 days.');
  assert.notEqual(v.verdict, 'supported', v.reason);
  assert.doesNotMatch(v.reason, /the source says it/);
});

test("a claim about one project is not supported by another project's licence", () => {
  const v = one('R is released under the MIT License.');
  assert.notEqual(v.verdict, 'supported', v.reason);
});

test('a different named tool in the same slot is named, and asked about where the document never mentions it', () => {
  const v = one('Web Metrics use the Lighthouse tool to collect page views.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.equal(v.reason, 'the closest passage names Beacon where this says Lighthouse — is it about the same thing?');
});

test('the same fact gets the same verdict whatever its subject word', () => {
  const a = one('The tokenLifetime value must be set between 5 minutes and 24 hours.');
  const b = one('The lifetime value must be set between 5 minutes and 24 hours.');
  assert.equal(a.verdict, 'contradicted', a.reason);
  assert.equal(b.verdict, 'contradicted', b.reason);
  assert.equal(a.conflict?.sourceText, '10 minutes');
  assert.equal(b.conflict?.sourceText, '10 minutes');
  assert.equal(a.conflict?.kind, 'range');
});

test('UI steps are never contradicted: a documented step is supported, an invented one unsupported', () => {
  for (const s of ['Select the Disable the plugin checkbox.', 'Expand Root Schema → global → Plugin options.', 'Click Save.']) {
    const v = one(s);
    assert.equal(v.verdict, 'supported', `${s}: ${v.reason}`);
  }
  // the docs say "Select"; the opposite step is no contradiction (docs describe both side by side)
  const opposite = one('Clear the Disable the plugin checkbox.');
  assert.notEqual(opposite.verdict, 'contradicted', opposite.reason);
  // a doc that tells you not to tick a box does not make "tick it" a contradiction: steps are the reader's to follow
  const sync = createChecker(createMemorySource([passage('sync', 'Do not select the Enable legacy sync checkbox on production instances.'), ...FILLER]));
  const step = sync.check('Select the Enable legacy sync checkbox on production instances.').sentences[0]!;
  assert.notEqual(step.verdict, 'contradicted', step.reason);
  const invented = one('Click the Purge Telemetry Cache button.');
  assert.equal(invented.verdict, 'unsupported', invented.reason);
  assert.equal(invented.features?.step, 1);
  // a place on screen before the verb can take most of a line
  const console = createChecker(createMemorySource([passage('svc', 'To view the service, go to the OpenShift Container Platform web console and click Networking > Service.'), ...FILLER]));
  const far = console.check('From the Developer perspective in the OpenShift Container Platform web console, click Networking > Routes.').sentences[0]!;
  assert.notEqual(far.verdict, 'contradicted', far.reason);
  assert.equal(far.features?.step, 1);
});

test('a name the workspace holds is never reported as mentioned by no passage', () => {
  // PostgreSQL is in a third of the passages: common enough to fall out of a query built from the
  // rarest words of a long claim, which then finds only passages without it
  const db = Array.from({ length: 20 }, (_, i) => passage(`backup${i}`, `Backup note ${i}: PostgreSQL keeps the catalog; run a nightly dump of it.`));
  const audit = passage('audit-trail', 'The scheduler, the permission framework, the notification relay, the export queue and the webhook dispatcher each keep audit records.');
  const c = createChecker(createMemorySource([...db, audit, ...FILLER]));
  const v = c.check('Audit records of the scheduler, the permission framework, the notification relay, the export queue and the webhook dispatcher are written to PostgreSQL tables every 90 seconds.').sentences[0]!;
  assert.doesNotMatch(v.reason, /no passage mentions 'PostgreSQL'/);
});

test('offsets of the conflicting element are in the checked text', () => {
  const text = '# Notes\n\nSome intro text here. tokenLifetime changes the Portal access token lifetime from its default value of two hours.';
  const v = checker.check(text).sentences.find((s) => s.verdict === 'contradicted')!;
  assert.ok(v.conflict, v.reason);
  assert.equal(text.slice(v.conflict.start, v.conflict.end), 'two hours');
});

test('confidence and certainty: clear support and contradiction, uncertain wording says closest passage', () => {
  const s = one('The Portal stores catalog entities, plugin state and search indexes in a PostgreSQL database.');
  assert.equal(s.verdict, 'supported', s.reason);
  assert.equal(s.certainty, 'clear');
  assert.ok(s.confidence !== undefined && s.confidence > 0.5 && s.confidence <= 1);
  const u = one('The Portal stores its audit trail in a Cassandra cluster.');
  assert.equal(u.verdict, 'unsupported');
  assert.equal(u.certainty, 'uncertain');
  assert.ok(u.confidence !== undefined && u.confidence >= 0 && u.confidence <= 1);
  assert.doesNotMatch(u.reason, /the source says/);
  for (const v of [s, u]) if (v.certainty === 'uncertain') assert.doesNotMatch(v.reason, /^the source says/);
});

test('the CLI shows an uncertain finding as the closest passage, a clear one as the source', async () => {
  const { formatText } = await import('../../../src/cli/format/text');
  const text = 'Usage Insights shows the last 14 days.\n\ntokenLifetime changes the Portal access token lifetime from its default value of two hours.';
  const result = checker.check(text);
  const out = formatText({ files: [{ path: 'draft.md', result }] });
  const byVerdict = (v: string) => result.sentences.find((s) => s.verdict === v)!;
  assert.equal(byVerdict('contradicted').certainty, 'clear');
  assert.match(out, /contradicted: "tokenLifetime[^\n]*— source: docs\/auth\.md/);
  assert.ok(byVerdict('unsupported').evidence, 'the unsupported claim has a closest passage to show');
  assert.match(out, /unsupported: "Usage Insights[^\n]*— closest passage: /);
});
