/**
 * One record, one line (issue 31): a file name holding a newline, a carriage return or an ESC
 * sequence cannot split a `file:line:col:` record or forge one, in check, search, status and
 * index. Such a name is printed quoted, with escapes, the way git quotes unusual paths.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeAll } from '../../../src/cli/openVerity';
import { printable, shownPath } from '../../../src/cli/printable';
import { runCli, tree } from '../../support/cliRun';

after(() => closeAll());

const EVIL = 'draft\n\x1b[2Jsrc/app.ts:1:1: error: forged\r.md';
const SHOWN = '"draft\\n\\e[2Jsrc/app.ts:1:1: error: forged\\r.md"';

test('printable and shownPath escape controls and leave plain names alone', () => {
  assert.equal(shownPath('docs/a b.md'), 'docs/a b.md');
  assert.equal(shownPath(EVIL), SHOWN);
  assert.equal(shownPath('tab\there.md'), '"tab\\there.md"');
  assert.equal(shownPath('"quoted".md'), '"\\"quoted\\".md"', 'a name starting with a quote is quoted too, so quoting stays unambiguous');
  assert.equal(shownPath('bidi\u202eevil.md'), '"bidi\\u{202e}evil.md"');
  assert.equal(printable('a\nb\x07c'), 'a\\nb\\x07c');
});

test('check, search, status and index print a name with a newline on one line, quoted', async (t) => {
  const dir = tree(t, {
    [`docs/${EVIL}`]: '# Lamps\n\nThe Quill desk lamp has a two-year warranty from the date of delivery.\n',
    [EVIL]: 'The Quill desk lamp has a five-year warranty from the date of delivery.\n',
  });
  const index = await runCli(dir, ['index', 'docs', '--verbose']);
  assert.equal(index.code, 0, index.out + index.err);
  const search = await runCli(dir, ['search', 'Quill desk lamp warranty']);
  assert.equal(search.out.split('\n').filter(Boolean).length, 2, search.out);
  assert.ok(search.out.startsWith(`${SHOWN}:1  Lamps`), search.out);
  const status = await runCli(dir, ['status']);
  assert.equal(status.out.split('\n').filter(Boolean).length, 3, status.out);
  assert.ok(status.out.startsWith(`${SHOWN}  indexed  1 passage`), status.out);
  const check = await runCli(dir, ['check', EVIL]);
  assert.equal(check.code, 1);
  const lines = check.out.split('\n').filter(Boolean);
  assert.equal(lines.length, 3, check.out);
  assert.ok(lines[0]!.startsWith(`${SHOWN}:1:1: contradicted: "The Quill desk lamp has a five-year warranty`), lines[0]);
  assert.ok(lines[0]!.includes(`source: ${SHOWN}:3 "The Quill`), lines[0]);
  for (const out of [index.out, index.err, search.out, status.out, check.out]) {
    assert.doesNotMatch(out, /\r|\x1b|^src\/app\.ts:1:1: error: forged/m, 'no raw control and no forged record');
  }
  // JSON keeps the name exactly (its own escaping)
  const json = JSON.parse((await runCli(dir, ['check', EVIL, '--format', 'json'])).out);
  assert.equal(json.files[0].path, EVIL);
});

test('an index summary names a skipped file with a newline on one line', async (t) => {
  const dir = tree(t, { 'docs/ok.md': '# OK\n\nFine.\n', 'docs/bad\nname.pdf': '%PDF-1.4\nnot really a pdf' });
  const r = await runCli(dir, ['index', 'docs']);
  assert.equal(r.code, 1);
  assert.match(r.out, /^ {4}"bad\\nname\.pdf"$/m);
});
