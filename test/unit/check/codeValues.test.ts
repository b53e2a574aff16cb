/**
 * Code is compared as a value: a command, a flag or a setting is right only as the documents write
 * it. A span or a block line a passage writes with one edit ("--save" for "--save-dev",
 * "--namespace dev" for "--namespace prod", "secure: false" for "secure: true") is not supported;
 * the same code with its punctuation lost ("- use oc mirror") or a concrete value where the
 * documents write a placeholder is; a fenced block gets a verdict from its lines.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createChecker } from '../../../src/core/check/checker';
import { compareCode } from '../../../src/core/check/code';
import { codeChunks } from '../../../src/core/check/codeChunks';
import { inlineCode } from '../../../src/core/check/codeCheck';
import { createMemorySource } from '../../../src/core/check/memorySource';
import { passage, releaseNotes } from './corpus';

const passages = [
  passage('cv-install', 'Install the package with `npm install --save-dev verity-lint` before you run the checks.'),
  passage('cv-helm', 'Deploy the chart with the following command:\n\n```sh\nhelm install my-release ./chart --namespace prod\n```\n'),
  passage('cv-proxy', 'Add the proxy to the app-config.yaml file:\n\n```yaml\nproxy:\n  endpoints:\n    secure: true\n    changeOrigin: true\n```\n'),
  passage('cv-mirror', 'Run the script with `bash prepare-restricted-environment.sh --filter-versions "1.8" --use-oc-mirror true` to pull the images.'),
  passage('cv-visitor', 'By passing the `visitor.fallback` option, we can control the behavior when encountering unknown nodes.'),
  passage('cv-package', 'Add the plugin to the list:\n\n```yaml\nplugins:\n  - package: <package_location>\n    disabled: false\n```\n'),
  passage('cv-git', 'Keep the git repository of the project in sync with the upstream branch before every release.'),
  passage('cv-archive', 'Install the chart archive with `helm install rhdh ./<helm_chart_archive_file_name> -f values.yaml` from the folder you extracted.'),
  ...releaseNotes(),
];
const checker = createChecker(createMemorySource(passages));
const first = (text: string) => checker.check(text).sentences[0]!;

test('a span a passage writes with one edit is unsupported, and the reason shows both', () => {
  const v = first('Install the package with `npm install --save verity-lint` before you run the checks.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason, /writes `npm install --save-dev verity-lint` where this writes `npm install --save verity-lint`/);
  assert.equal(v.evidence?.path, 'docs/cv-install.md');
  const flag = first('Deploy it with `helm install my-release ./chart --namespace dev` from the chart folder.');
  assert.equal(flag.verdict, 'unsupported', flag.reason);
  assert.match(flag.reason, /--namespace prod/);
});

test('the same code as written, without its punctuation, or with a value for a placeholder is supported', () => {
  for (const claim of [
    'Install the package with `npm install --save-dev verity-lint` before you run the checks.',
    'Run the script with `bash prepare restricted environment.sh filter versions "1.8" - use oc mirror true` to pull the images.',
    'Install the chart archive with `helm install rhdh ./redhat-developer-hub-1.4.0.tgz -f values.yaml` from the folder you extracted.',
  ]) {
    const v = first(claim);
    assert.equal(v.verdict, 'supported', `${claim}: ${v.reason}`);
  }
});

test('two chunks are a near miss where a passage writes them as code with another second chunk, not where it writes two words of prose', () => {
  const v = first('By passing the `visitor.consists` option, we can control the behavior when encountering unknown nodes.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason, /writes `visitor\.fallback` where this writes `visitor\.consists`/);
  const [git] = inlineCode('`git clone`');
  assert.equal(compareCode(git!, passages).state, 'none');
});

test('a placeholder stands for one word of code, not for a command', () => {
  const [code] = inlineCode('`helm uninstall rhdh`');
  const r = compareCode(code!, passages);
  assert.notEqual(r.state, 'held');
  assert.deepEqual(codeChunks('./<helm_chart_archive_file_name> -f').map((c) => c.key), ['*', 'f']);
});

test('a fenced block: a line with one edit is unsupported, lines the documents write are supported, unknown code is not compared', () => {
  const near = checker.check('Deploy it:\n\n```sh\nhelm install my-release ./chart --namespace dev\n```\n').sentences.find((s) => s.text.startsWith('```'))!;
  assert.equal(near.verdict, 'unsupported', near.reason);
  assert.match(near.reason, /--namespace prod/);
  const setting = checker.check('```yaml\nproxy:\n  endpoints:\n    secure: false\n```\n').sentences[0]!;
  assert.equal(setting.verdict, 'unsupported', setting.reason);
  assert.match(setting.reason, /secure: true/);
  const held = checker.check('```yaml\nproxy:\n  endpoints:\n    secure: true\n    changeOrigin: true\n```\n').sentences[0]!;
  assert.equal(held.verdict, 'supported', held.reason);
  assert.equal(held.certainty, 'clear');
  assert.equal(held.evidence?.path, 'docs/cv-proxy.md');
  // a value where the documents write a placeholder: an instance of what they write, not clearly supported
  const instance = checker.check('```yaml\n  - package: ./dynamic-plugins/dist/backstage-plugin-quickstart\n    disabled: false\n```\n').sentences[0]!;
  assert.equal(instance.verdict, 'supported', instance.reason);
  assert.equal(instance.certainty, 'uncertain', instance.reason);
  assert.match(instance.reason, /placeholder/);
  const unknown = checker.check('```sh\nkubectl rollout restart deployment/frontend\n```\n').sentences[0]!;
  assert.equal(unknown.verdict, 'not_claim', unknown.reason);
});
