/**
 * Sentences read as a reader reads them: a full stop before a lower-case command still ends a
 * sentence, code in the sources is evidence, a sentence that leans on the one before it is checked
 * with that sentence's subject, and a bare evaluation is no claim.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createChecker } from '../../../src/core/check/checker';
import { filterClaim } from '../../../src/core/check/claimFilter';
import { subjectOf, withAntecedent } from '../../../src/core/check/context';
import { createMemorySource } from '../../../src/core/check/memorySource';
import { segmentSentences } from '../../../src/core/check/segment';
import { passage, releaseNotes } from './corpus';

test('a full stop before a lower-case word ends the sentence; an abbreviation, an initial or "etc." mid-sentence does not', () => {
  const texts = (t: string): string[] => segmentSentences(t).map((s) => s.text);
  assert.deepEqual(texts('Run the installer. pip install verity adds the CLI.'), ['Run the installer.', 'pip install verity adds the CLI.']);
  assert.deepEqual(texts('It reads several formats. e.g. YAML and JSON are read.'), ['It reads several formats.', 'e.g. YAML and JSON are read.']);
  assert.deepEqual(texts('Use kubectl. helm is not needed.'), ['Use kubectl.', 'helm is not needed.']);
  assert.deepEqual(texts('It takes approx. five minutes, e.g. for a small cluster.'), ['It takes approx. five minutes, e.g. for a small cluster.']);
  assert.deepEqual(texts('Bring an ID, a bill, etc. and a form. Then wait.'), ['Bring an ID, a bill, etc. and a form.', 'Then wait.']);
});

const checker = createChecker(createMemorySource([
  passage('config', 'Add the following to app-config.yaml:\n\n```yaml\npermission:\n  enabled: true\nrbac:\n  admin:\n    users:\n      - name: user:default/admin\n```\n'),
  passage('helm', 'Helm packages the application and its configuration into one chart.'),
  passage('deploy', 'Deployment is easier with a pipeline that runs on every commit.'),
  ...releaseNotes(),
]));
const verdicts = (t: string): Array<[string, string, string | undefined]> => checker.check(t).sentences.map((s) => [s.text, s.verdict, s.certainty]);

test('code blocks in the sources are evidence: a dotted key is found on the lines that nest it', () => {
  const [v] = checker.check('Set permission.enabled to true in app-config.yaml.').sentences;
  assert.equal(v!.verdict, 'supported', v!.reason);
  assert.match(v!.evidence?.quote ?? '', /enabled: true/);
  const [u] = checker.check('Add the users under rbac.admin.users to app-config.yaml.').sentences;
  assert.equal(u!.verdict, 'supported', u!.reason);
});

test('a sentence that leans on the one before is checked with its subject; a bare evaluation is no claim', () => {
  assert.equal(subjectOf('The Orchestrator plugin provides workflows.'), 'The Orchestrator plugin');
  assert.equal(subjectOf('It makes upgrades easier.'), undefined);
  assert.equal(withAntecedent('It makes upgrades easier.', 'Helm'), 'Helm makes upgrades easier.');
  assert.equal(withAntecedent('This plugin provides workflows.', 'Helm'), undefined);
  const [, lean] = verdicts('Helm packages the application. This makes deployment easier.');
  // "Helm makes deployment easier" is not what any passage says: never clearly supported
  assert.ok(lean![1] !== 'supported' || lean![2] === 'uncertain', String(lean));
  const [, bare] = verdicts('Helm packages the application. This makes it much easier.');
  assert.equal(bare![1], 'not_claim');
  for (const praise of ['That helps a lot.', 'It really helps.', 'This is very useful.']) assert.equal(filterClaim(praise, 'sentence').claim, undefined, praise);
  // a sentence with no content words of its own states nothing, whatever its pronoun leans on
  for (const empty of ['That is all.', 'They do.']) assert.equal(verdicts(`Helm packages the application. ${empty}`)[1]![1], 'not_claim', empty);
  assert.ok(filterClaim('It helps reduce the image size.', 'sentence').claim);
  // no antecedent, only a generic sentence: at most uncertain
  const [alone] = verdicts('This makes deployment easier.');
  assert.ok(alone![1] !== 'supported' || alone![2] === 'uncertain', String(alone));
});

test('acknowledgements in conversation are no claims, and an acknowledgement before a claim is stripped', () => {
  for (const t of ['Ok great!', 'YEs that is correct.', 'No problem with that.', 'Yes, no problem.']) assert.equal(verdicts(t)[0]![1], 'not_claim', t);
  // offers of help and congratulations, however worded, are the speaker's, not the documents'
  for (const t of ['I will be glad to assist you.', 'We will gladly assist you.', 'I am pleased to help.', 'Congrats.', 'Congratulations on your new job!']) assert.equal(verdicts(t)[0]![1], 'not_claim', t);
  // a statement about a service that helps is still a claim
  assert.notEqual(verdicts('The help desk assists drivers with renewals.')[0]![1], 'not_claim');
  const [v] = checker.check('Okay, Helm packages the application and its configuration into one chart.').sentences;
  assert.equal(v!.verdict, 'supported', v!.reason);
});

test('talk about the given passages is no claim; a passage of the world is', () => {
  assert.equal(filterClaim('The passages do not say when the store opens.', 'sentence').claim, undefined);
  assert.equal(filterClaim('Both passages agree that the store opens at 9.', 'sentence').claim, undefined);
  assert.equal(filterClaim('None of the passages mention the price.', 'sentence').claim, undefined);
  assert.ok(filterClaim('The passage of the bill took three years.', 'sentence').claim);
  assert.ok(filterClaim('During training, there is no supervision on what passage should be retrieved.', 'sentence').claim);
});
