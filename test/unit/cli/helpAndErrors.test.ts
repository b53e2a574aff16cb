// Every subcommand called the way a new user might get it wrong: each answer is one line on
// stderr that names the problem, the documented exit code, and never a stack trace.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMMANDS, main } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/io';

const cwd = mkdtempSync(path.join(tmpdir(), 'verity-cli-errors-'));
after(() => rmSync(cwd, { recursive: true, force: true }));
mkdirSync(path.join(cwd, 'docs'));
writeFileSync(path.join(cwd, 'docs', 'a.md'), '# Renewal\n\nYou can renew your license online up to 60 days before it expires.\n');
writeFileSync(path.join(cwd, 'notes.md'), 'The license can be renewed online.\n');
writeFileSync(path.join(cwd, 'afile'), 'not a folder\n');
mkdirSync(path.join(cwd, 'empty'));

async function run(argv: string[], env: Record<string, string> = {}) {
  const io = { out: '', err: '', isTTY: false, cwd, env, stdout: (s: string) => void (io.out += s), stderr: (s: string) => void (io.err += s) } satisfies CliIO & { out: string; err: string };
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

const BAD: Array<[argv: string[], pattern: RegExp]> = [
  [['index'], /which folder\?/],
  [['index', 'docs', 'more'], /one folder at a time: unexpected "more"/],
  [['index', 'notes.md'], /notes\.md is a file, not a folder/],
  [['index', 'nowhere'], /no such folder: nowhere/],
  [['index', 'docs', '--store', 'afile'], /the store afile is a file, not a folder/],
  [['index', 'docs', '--store'], /--store needs a value/],
  [['index', 'docs', '--max-pdf-pages', 'lots'], /--max-pdf-pages must be a whole number from 1 to 100000, got "lots"/],
  [['index', 'docs', '--max-pdf-pages', '2.5'], /--max-pdf-pages must be a whole number from 1 to 100000, got "2\.5"/],
  [['index', 'docs', '--max-file-mb', '-1'], /--max-file-mb must be a number from 0\.001 to 512, got "-1"/],
  [['index', 'docs', '--pdf-timeout', '1000000'], /--pdf-timeout must be a number from 1 to 600, got "1000000"/],
  [['index', 'docs', '--ocr', '--ocr-max-pages', '0'], /--ocr-max-pages must be a whole number from 1 to 1000/],
  [['index', 'docs', '--force=yes'], /--force takes no value/],
  [['search', ''], /the query is empty/],
  [['search'], /the query is empty/],
  [['search', 'x', '--k', '0'], /--k must be a whole number from 1 to 1000, got "0"/],
  [['search', 'x', '--k', '99999999999999999999'], /--k must be a whole number from 1 to 1000, got "99999999999999999999"/],
  [['search', 'x', '--k', ''], /--k must be a whole number from 1 to 1000/],
  [['search', 'x', '--kind', 'doc'], /--kind must be md or pdf/],
  [['search', 'x', '--store', 'nowhere'], /no index in nowhere: run "verity index <folder> --store nowhere" first, or pass --docs <folder>/],
  [['search', 'x', '--store', 'afile'], /the store afile is a file/],
  [['search', 'x', '--docs', 'docs', '--store', 'nowhere'], /either --docs or --store/],
  [['search', 'x', '--docs', 'afile'], /afile is not a markdown or PDF file: --docs takes folders and \.md, \.markdown, \.mdx or \.pdf files/],
  [['search', 'x', '--docs', 'nowhere.md'], /no such file or folder: nowhere\.md/],
  [['search', 'x', '-k', '3'], /unknown option -k/],
  [['search', 'x', '--bogus'], /unknown option --bogus/],
  [['status', 'docs'], /status takes no arguments/],
  [['status', '--docs'], /--docs needs a value/],
  [['status', '--store', 'nowhere'], /no index in nowhere/],
  [['check'], /nothing to check/],
  [['check', 'notes.md', '--docs', 'docs', '--format', 'xml'], /--format must be text, json or sarif, got "xml"/],
  [['check', 'notes.md', '--docs', 'docs', '--format'], /--format needs a value/],
  [['check', 'notes.md', '--docs', 'docs', '--fail-on', 'never'], /--fail-on must be/],
  [['check', 'missing.md', '--docs', 'docs'], /cannot read missing\.md: no such file/],
  [['check', 'empty', '--docs', 'docs'], /no markdown or text files in empty/],
  [['check', '*.nothing', '--docs', 'docs'], /no markdown or text files match/],
  [['check', '-', '--files-from', '-', '--docs', 'docs'], /standard input can be read once/],
  [['check', '--changed', 'no-such-ref-or-path', '--docs', 'docs'], /--changed (needs a git repository|no-such-ref-or-path: git knows no commit)/],
  [['check', 'notes.md', '--show', 'some', '--docs', 'docs'], /--show must be problems or all/],
  [['check', 'notes.md', '--baseline', 'none.json', '--docs', 'docs'], /no baseline at none\.json: write one first with --write-baseline none\.json/],
  [['check', 'notes.md', '--baseline', 'notes.md', '--docs', 'docs'], /notes\.md is not a verity baseline \(not JSON\)/],
  [['check', 'manual.pdf', '--docs', 'docs'], /checking PDFs is not supported/],
  [['check', '--text', '  ', '--docs', 'docs'], /--text is empty/],
  [['check', 'notes.md', '--docs', 'nowhere'], /no such file or folder: nowhere/],
  [['check', 'notes.md', '--store', 'afile'], /the store afile is a file/],
  [['ask'], /the question is empty/],
  [['ask', 'q', '--docs', 'docs'], /no model configured/],
  [['ask', 'q', '--docs', 'docs', '--base-url', 'http://127.0.0.1:9/v1'], /--base-url http:\/\/127\.0\.0\.1:9\/v1 needs a model name too: add --model NAME/],
  [['ask', 'q', '--docs', 'docs', '--model', 'llama'], /--model llama needs an endpoint too: add --base-url URL/],
  [['ask', 'q', '--docs', 'docs', '--base-url', 'localhost:11434', '--model', 'm'], /--base-url must be an http:\/\/ or https:\/\/ URL/],
  [['ask', 'q', '--docs', 'docs', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--history', 'none.json'], /cannot read the history file/],
  [['help', 'frobnicate'], /no command "frobnicate"/],
  [['frobnicate'], /unknown command "frobnicate": the commands are index, search, status, check, ask/],
];

for (const [argv, pattern] of BAD) {
  test(`verity ${argv.map((a) => (a === '' || a.includes(' ') ? JSON.stringify(a) : a)).join(' ')} → one line, exit 2`, async () => {
    const r = await run(argv);
    assert.equal(r.code, 2, r.err);
    assert.equal(r.out, '', 'nothing on stdout');
    assert.doesNotMatch(r.err, /^\s+at /m, 'no stack trace');
    assert.equal(r.err.trimEnd().split('\n').length, 1, `one line: ${r.err}`);
    assert.match(r.err, pattern);
    assert.match(r.err, /^verity( \w+)?: /, 'says which command');
  });
}

test('usage mistakes point to the command\'s --help', async () => {
  assert.match((await run(['search', 'x', '--bogus'])).err, /\(see "verity search --help"\)$/m);
  assert.match((await run(['check', '--format', 'xml', 'a.md'])).err, /\(see "verity check --help"\)$/m);
});

test('every command answers --help, -h and "verity help <command>" with its usage, flags, defaults and an example', async () => {
  for (const spec of COMMANDS) {
    const viaFlag = await run([spec.name, '--help']);
    assert.equal(viaFlag.code, 0, `${spec.name} --help: ${viaFlag.err}`);
    assert.equal(viaFlag.err, '');
    assert.equal((await run([spec.name, '-h'])).out, viaFlag.out);
    assert.equal((await run(['help', spec.name])).out, viaFlag.out, `help ${spec.name} prints the command's own help`);
    // --help wins over everything else on the line, even a bad option value
    assert.equal((await run([spec.name, '--format', 'xml', '--help'])).code, 0);
    const text = viaFlag.out;
    assert.match(text, new RegExp(`^Usage: verity ${spec.name}\\b`));
    assert.match(text, /\nExamples?:\n {2}verity /);
    for (const f of spec.flags) {
      assert.match(text, new RegExp(`\\n {2}--${f.name}\\b`), `${spec.name} --help lists --${f.name}`);
      if (f.default !== undefined) assert.ok(text.includes(`default: ${f.default}`), `${spec.name} --help shows the default of --${f.name}`);
    }
    assert.match(text, /Exit codes: 0 ok, 1 findings/);
  }
  const general = await run(['help']);
  assert.equal(general.code, 0);
  for (const spec of COMMANDS) assert.match(general.out, new RegExp(`\\n {2}${spec.name} +\\S`), `verity help lists ${spec.name}`);
});

test('the flag named in a hint is one the command accepts', async () => {
  // "no index" suggests --docs: every command that can say it must take --docs
  for (const spec of COMMANDS.filter((c) => c.flags.some((f) => f.name === 'store') && c.name !== 'index')) {
    assert.ok(spec.flags.some((f) => f.name === 'docs'), `${spec.name} takes --docs`);
  }
  const r = await run(['status', '--docs', 'docs']);
  assert.ok(r.code === 0, r.err);
  assert.match(r.out, /a\.md\s+indexed/);
});
