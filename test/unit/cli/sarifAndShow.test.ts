// SARIF that GitHub code scanning takes as is — checked by Microsoft's SARIF Multitool with the
// GitHub rules ("validate --rule-kind Gh;Sarif" must report no error) — and `--show all` in every
// format: supported sentences with the passage that supports them.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { closeAll } from '../../../src/cli/openVerity';
import { withoutCredentials } from '../../../src/cli/git';
import { HOMEPAGE } from '../../../src/cli/about';
import { runCli, tree } from '../../support/cliRun';

after(() => closeAll());

const DOCS = {
  'docs/warranty.md': '# Warranty\n\nThe Quill desk lamp has a two-year warranty from the date of delivery.\n',
  'docs/shipping.md': '# Shipping\n\nOrders ship from the warehouse in Leeds within three working days.\n',
};
const ANSWER = [
  '# Answer',
  '',
  'The Quill desk lamp has a two-year warranty from the date of delivery.',
  '',
  'Orders ship from the warehouse in Leeds within nine working days.',
  '',
  '<!-- verity-disable-next-line -->',
  'Gift cards can be redeemed at the Oslo store.',
  '',
  'The lamp is assembled by hand in Portland.',
  '',
].join('\n');

function gitRepo(dir: string, remote?: string): void {
  const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  if (remote) git('remote', 'add', 'origin', remote);
  git('add', '.');
  git('commit', '-q', '-m', 'docs');
}

/** The Multitool's findings on a SARIF file with the GitHub and SARIF rules: [ruleId, level, text]. */
function multitool(file: string): Array<[string, string, string]> {
  const binary = createRequire(__filename)('@microsoft/sarif-multitool') as string;
  const out = `${file}.validation.sarif`;
  const r = spawnSync(binary, ['validate', '--rule-kind', 'Gh;Sarif', '--output', out, file], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.error, undefined, String(r.error));
  assert.match(r.stdout, /Analysis completed successfully/, r.stdout + r.stderr);
  const log = JSON.parse(readFileSync(out, 'utf8')) as { runs: Array<{ results?: Array<{ ruleId: string; level?: string; message: { text?: string; arguments?: string[] } }> }> };
  return (log.runs[0]!.results ?? []).map((x) => [x.ruleId, x.level ?? 'warning', x.message.text ?? (x.message.arguments ?? []).join(' | ')]);
}

test('SARIF passes the Multitool\'s GitHub and SARIF rules with no error, findings and passes alike', async (t) => {
  const dir = tree(t, { ...DOCS, 'answers/a.md': ANSWER });
  gitRepo(dir, 'https://ci-bot:s3cr3t-token@github.example/acme/handbook.git');
  for (const show of ['problems', 'all']) {
    const r = await runCli(dir, ['check', 'answers', '--docs', 'docs', '--format', 'sarif', '--show', show]);
    assert.equal(r.code, 1, r.err);
    const file = path.join(dir, `out-${show}.sarif`);
    writeFileSync(file, r.out);
    const findings = multitool(file);
    assert.deepEqual(findings.filter(([, level]) => level === 'error'), [], `--show ${show}: ${JSON.stringify(findings)}`);
    assert.ok(!findings.some(([id]) => id === 'GH2012'), 'every rule has help');
  }
});

test('SARIF carries rule help, the tool\'s home, fingerprints from file + text, and the repository without its credentials', async (t) => {
  const dir = tree(t, { ...DOCS, 'answers/a.md': ANSWER });
  gitRepo(dir, 'https://ci-bot:s3cr3t-token@github.example/acme/handbook.git');
  const r = await runCli(dir, ['check', 'answers', '--docs', 'docs', '--format', 'sarif']);
  assert.doesNotMatch(r.out, /s3cr3t|ci-bot/, 'credentials in the remote URL never reach the report');
  const run = JSON.parse(r.out).runs[0];
  assert.equal(run.tool.driver.informationUri, HOMEPAGE);
  for (const rule of run.tool.driver.rules) {
    assert.ok(rule.help.text.length > 40 && rule.help.markdown.includes('verity-disable-next-line'), rule.id);
    assert.match(rule.helpUri, /^https:\/\//);
  }
  const vcp = run.versionControlProvenance[0];
  assert.equal(vcp.repositoryUri, 'https://github.example/acme/handbook.git');
  assert.match(vcp.revisionId, /^[0-9a-f]{40}$/);
  assert.equal(vcp.branch, 'main');
  assert.equal(vcp.mappedTo.uriBaseId, 'SRCROOT');
  assert.equal(run.originalUriBaseIds.SRCROOT.uri, `file://${dir}/`);
  const byText = (needle: RegExp) => run.results.find((x: { message: { text: string } }) => needle.test(x.message.text));
  const nine = byText(/nine working days/);
  assert.deepEqual(nine.locations[0].physicalLocation.artifactLocation, { uri: 'answers/a.md', uriBaseId: 'SRCROOT' });
  assert.deepEqual(nine.relatedLocations[0].physicalLocation.artifactLocation, { uri: 'docs/shipping.md', uriBaseId: 'SRCROOT' });
  assert.match(nine.partialFingerprints['verityFinding/v1'], /^[0-9a-f]{32}$/);
  assert.equal(byText(/Oslo/), undefined, 'an inline-suppressed finding is left out by default (GitHub opens every result as an alert)');

  // lines inserted above: same fingerprint; another sentence: another one
  writeFileSync(path.join(dir, 'answers/a.md'), `# Answer\n\n## Intro\n\n## More\n\n${ANSWER.split('\n').slice(2).join('\n')}`);
  const moved = JSON.parse((await runCli(dir, ['check', 'answers', '--docs', 'docs', '--format', 'sarif'])).out).runs[0];
  const nineMoved = moved.results.find((x: { message: { text: string } }) => /nine working days/.test(x.message.text));
  assert.notEqual(nineMoved.locations[0].physicalLocation.region.startLine, nine.locations[0].physicalLocation.region.startLine);
  assert.deepEqual(nineMoved.partialFingerprints, nine.partialFingerprints);
  const portland = moved.results.find((x: { message: { text: string } }) => /Portland/.test(x.message.text));
  assert.notDeepEqual(portland.partialFingerprints, nine.partialFingerprints);
});

test('outside git there is no provenance, and remote URLs lose their credentials', async (t) => {
  const dir = tree(t, { ...DOCS, 'a.md': 'The lamp is assembled by hand in Portland.\n' });
  const run = JSON.parse((await runCli(dir, ['check', 'a.md', '--docs', 'docs', '--format', 'sarif'])).out).runs[0];
  assert.equal(run.versionControlProvenance, undefined);
  assert.deepEqual(run.results[0].locations[0].physicalLocation.artifactLocation, { uri: 'a.md' });
  assert.equal(withoutCredentials('https://user:pw@host.example/o/r.git'), 'https://host.example/o/r.git');
  assert.equal(withoutCredentials('git@host.example:o/r.git'), 'ssh://host.example/o/r.git');
  assert.equal(withoutCredentials('ssh://git@host.example/o/r.git'), 'ssh://host.example/o/r.git');
  assert.equal(withoutCredentials('not a url'), undefined);
});

test('--show all: supported sentences with their citation in text, JSON and SARIF (kind "pass"); the default stays short', async (t) => {
  const dir = tree(t, { ...DOCS, 'answers/a.md': ANSWER });
  const short = await runCli(dir, ['check', 'answers/a.md', '--docs', 'docs']);
  assert.doesNotMatch(short.out, /supported: "The Quill/);
  const text = await runCli(dir, ['check', 'answers/a.md', '--docs', 'docs', '--show', 'all']);
  assert.match(text.out, /^answers\/a\.md:3:1: supported: "The Quill desk lamp has a two-year warranty from the date of delivery\." — source: warranty\.md:3 "The Quill desk lamp has a two-year warranty from the date of delivery\."$/m);
  assert.match(text.out, /^answers\/a\.md:5:1: contradicted: /m);
  const json = JSON.parse((await runCli(dir, ['check', 'answers/a.md', '--docs', 'docs', '--format', 'json', '--show', 'all'])).out);
  const supported = json.files[0].sentences.find((s: { verdict: string }) => s.verdict === 'supported');
  assert.equal(supported.evidence.location, 'warranty.md:3');
  const sarif = JSON.parse((await runCli(dir, ['check', 'answers/a.md', '--docs', 'docs', '--format', 'sarif', '--show', 'all'])).out).runs[0];
  const passes = sarif.results.filter((r: { kind?: string }) => r.kind === 'pass');
  assert.equal(passes.length, 1);
  assert.equal(passes[0].level, 'none');
  assert.equal(passes[0].relatedLocations[0].physicalLocation.artifactLocation.uri, 'warranty.md');
  const suppressed = sarif.results.filter((r: { suppressions?: unknown[] }) => r.suppressions);
  assert.equal(suppressed.length, 1, 'with --show all the suppressed finding is there, marked');
  assert.equal(suppressed[0].suppressions[0].kind, 'inSource');
  const plain = JSON.parse((await runCli(dir, ['check', 'answers/a.md', '--docs', 'docs', '--format', 'sarif'])).out).runs[0];
  assert.equal(plain.results.filter((r: { kind?: string }) => r.kind === 'pass').length, 0);
});
