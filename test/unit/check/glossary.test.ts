/**
 * The workspace glossary: names that mean the same are one name to the checker, values a team
 * lists as exclusive contradict each other in one clear edit, and a malformed glossary is refused
 * with a reason a person can act on.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createChecker } from '../../../src/core/check/checker';
import { parseGlossary } from '../../../src/core/check/glossary';
import { createMemorySource } from '../../../src/core/check/memorySource';
import { passage, releaseNotes } from './corpus';

const DOCS = [
  passage('light', 'The status light of the lamp turns green while the battery is charging.'),
  passage('hub', 'Red Hat Developer Hub caches plugin assets for one hour.'),
  ...releaseNotes(),
];

test('a glossary relates what no dictionary does: equivalent names, exclusive values', () => {
  const glossary = parseGlossary(JSON.stringify({ equivalent: [['RHDH', 'Red Hat Developer Hub']], exclusive: [['green', 'amber', 'blue']] }));
  const plain = createChecker(createMemorySource(DOCS));
  const withGlossary = createChecker(createMemorySource(DOCS), { glossary });
  const swapped = 'The status light of the lamp turns blue while the battery is charging.';
  assert.notEqual(plain.check(swapped).sentences[0]!.verdict, 'contradicted');
  const v = withGlossary.check(swapped).sentences[0]!;
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.match(v.reason, /green/);
  const named = withGlossary.check('RHDH caches plugin assets for one hour.').sentences[0]!;
  assert.equal(named.verdict, 'supported', named.reason);
  assert.equal(named.certainty, 'clear');
});

test('a malformed glossary is refused with the reason', () => {
  assert.throws(() => parseGlossary('{'), /not valid JSON/);
  assert.throws(() => parseGlossary('{"synonyms": []}'), /unknown key "synonyms"/);
  assert.throws(() => parseGlossary('{"exclusive": [["only one"]]}'), /2 to 50 words/);
  assert.deepEqual(parseGlossary('{"exclusive": [[" HTTP ", "HTTPS"]]}'), { equivalent: [], exclusive: [['HTTP', 'HTTPS']] });
});

test('the CLI reads verity.glossary.json beside the documents, and warns about a malformed one', (t) => {
  const cli = path.resolve('dist/cli.js');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'verity-glossary-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'docs'));
  writeFileSync(path.join(dir, 'docs', 'lamp.md'), '# Lamp\n\nThe status light of the lamp turns green while the battery is charging.\n');
  writeFileSync(path.join(dir, 'docs', 'verity.glossary.json'), JSON.stringify({ exclusive: [['green', 'blue']] }));
  const run = (args: string[]) => spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  const r = run(['check', '--text', 'The status light of the lamp turns blue while the battery is charging.', '--docs', 'docs', '--format', 'json', '--fail-on', 'none']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal((JSON.parse(r.stdout) as { files: Array<{ sentences: Array<{ verdict: string }> }> }).files[0]!.sentences[0]!.verdict, 'contradicted');
  writeFileSync(path.join(dir, 'docs', 'verity.glossary.json'), '{"exclusive": 3}');
  const bad = run(['check', '--text', 'The status light of the lamp turns blue while the battery is charging.', '--docs', 'docs', '--fail-on', 'none']);
  assert.equal(bad.status, 0, bad.stderr);
  assert.match(bad.stderr, /verity\.glossary\.json/);
});
