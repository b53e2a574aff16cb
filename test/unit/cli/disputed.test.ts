// When the documents disagree — one passage states a sentence, another says otherwise — the
// sentence is no plain "supported": every output names both sources, it counts as a finding at
// the unsupported level, and it can be suppressed or baselined like any other.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { closeAll } from '../../../src/cli/openVerity';
import { runCli, tree } from '../../support/cliRun';

after(() => closeAll());

const FILES = {
  'docs/warranty.md': '# Warranty\n\nThe warranty of the desk lamp is 2 years from the date of purchase.\n',
  'docs/old-terms.md': '# Old terms\n\nThe warranty of the desk lamp is 5 years from the date of purchase.\n',
  'docs/shade.md': '# Shade\n\nThe shade of the desk lamp is made of linen and cotton.\n',
  'a.md': '# Answer\n\nThe warranty of the desk lamp is 2 years from the date of purchase.\n\nThe shade of the desk lamp is made of linen and cotton.\n',
};

test('sources that disagree: named both in text, JSON and SARIF, and the run fails at the unsupported level', async (t) => {
  const dir = tree(t, FILES);
  const text = await runCli(dir, ['check', 'a.md', '--docs', 'docs']);
  assert.equal(text.code, 1, text.err);
  assert.match(text.out, /^a\.md:3:1: disputed: "The warranty of the desk lamp is 2 years from the date of purchase\."/m);
  assert.match(text.out, /supported by warranty\.md:3, contradicted by old-terms\.md:3 \(5 years, not 2 years\)/);
  assert.doesNotMatch(text.out, /shade/, 'a plainly supported sentence is no finding');
  assert.equal((await runCli(dir, ['check', 'a.md', '--docs', 'docs', '--fail-on', 'contradicted'])).code, 0);

  const json = JSON.parse((await runCli(dir, ['check', 'a.md', '--docs', 'docs', '--format', 'json'])).out);
  const s = json.files[0].sentences.find((x: { text: string }) => /warranty/.test(x.text));
  assert.equal(s.verdict, 'supported');
  assert.equal(s.disagreement.evidence.path, 'old-terms.md');

  const sarif = JSON.parse((await runCli(dir, ['check', 'a.md', '--docs', 'docs', '--format', 'sarif'])).out).runs[0];
  const r = sarif.results.find((x: { ruleId: string }) => x.ruleId === 'claim.disputed');
  assert.ok(r, JSON.stringify(sarif.results.map((x: { ruleId: string }) => x.ruleId)));
  assert.equal(r.level, 'warning');
  assert.equal(sarif.tool.driver.rules[r.ruleIndex].id, 'claim.disputed');
  assert.deepEqual(r.relatedLocations.slice(0, 2).map((l: { physicalLocation: { artifactLocation: { uri: string } } }) => l.physicalLocation.artifactLocation.uri), ['warranty.md', 'old-terms.md']);
});

test('a reviewed disagreement is suppressed inline by its name, or kept in a baseline', async (t) => {
  const claim = 'The warranty of the desk lamp is 2 years from the date of purchase.';
  const dir = tree(t, {
    ...FILES,
    'b.md': `# B\n\n<!-- verity-disable-next-line disputed -- legal confirmed 2 years -->\n${claim}\n`,
    'c.md': `# C\n\n<!-- verity-disable-next-line unsupported -->\n${claim}\n`,
  });
  const r = await runCli(dir, ['check', 'b.md', '--docs', 'docs']);
  assert.equal(r.code, 0, r.out + r.err);
  // a directive that names another problem leaves this one standing
  assert.equal((await runCli(dir, ['check', 'c.md', '--docs', 'docs'])).code, 1);
  const write = await runCli(dir, ['check', 'a.md', '--docs', 'docs', '--write-baseline', 'base.json']);
  assert.equal(write.code, 0, write.err);
  assert.match(readFileSync(path.join(dir, 'base.json'), 'utf8'), /"verdict": "disputed"/);
  const again = await runCli(dir, ['check', 'a.md', '--docs', 'docs', '--baseline', 'base.json']);
  assert.equal(again.code, 0, again.out + again.err);
});
