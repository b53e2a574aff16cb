import { test } from 'node:test';
import assert from 'node:assert/strict';
import { segmentSentences } from '../../../src/core/check/segment';

const texts = (s: string): string[] => segmentSentences(s).map((x) => x.text);

test('abbreviations, initials, decimals and versions do not end sentences', () => {
  assert.deepEqual(texts('Dr. Smith arrived at 3.5 p.m. on Monday. He used v1.2.0 of the tool, e.g. the CLI. The U.S. Army agreed.'), [
    'Dr. Smith arrived at 3.5 p.m. on Monday.',
    'He used v1.2.0 of the tool, e.g. the CLI.',
    'The U.S. Army agreed.',
  ]);
  assert.deepEqual(texts('J. R. Smith wrote it. It costs $4.99 today.'), ['J. R. Smith wrote it.', 'It costs $4.99 today.']);
});

test('"No." abbreviates "number" only before one; the word "no" ends its sentence', () => {
  assert.deepEqual(texts('The answer to both questions is no. The school may be in a suburb. See No. 5 and Nos. 7-9 for details. Form no. 12 applies.'), [
    'The answer to both questions is no.',
    'The school may be in a suburb.',
    'See No. 5 and Nos. 7-9 for details.',
    'Form no. 12 applies.',
  ]);
});

test('citations stay with their sentence, before or after the full stop', () => {
  assert.deepEqual(texts('Refunds take 30 days [1]. Returns are free. [2, 3] Shipping is slow!'), [
    'Refunds take 30 days [1].',
    'Returns are free. [2, 3]',
    'Shipping is slow!',
  ]);
});

test('quotes and questions end where the closing quote does', () => {
  assert.deepEqual(texts('He said "It works." Then he left? Yes.'), ['He said "It works."', 'Then he left?', 'Yes.']);
});

test('markdown: front matter and code skipped, headings, bullets and table rows typed', () => {
  const md = '---\ntitle: x\n---\n# Title here\n\nFirst line of a\nparagraph. Second one.\n\n- bullet one\n- bullet two. With more\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst x = 1. Not prose.\n```\n';
  const segs = segmentSentences(md);
  assert.deepEqual(segs.map((s) => [s.kind, s.text]), [
    ['heading', 'Title here'],
    ['sentence', 'First line of a\nparagraph.'],
    ['sentence', 'Second one.'],
    ['bullet', 'bullet one'],
    ['bullet', 'bullet two.'],
    ['bullet', 'With more'],
    ['table_row', '| a | b |'],
    ['table_row', '| 1 | 2 |'],
    ['code', '```js\nconst x = 1. Not prose.\n```'],
  ]);
  assert.ok(!segs.some((s) => s.text.includes('title: x')), 'front matter is not checked');
});

test('ranges: offsets 0-based into the text, line/col 1-based, end inclusive', () => {
  const md = 'Intro line.\n\n  Second para starts here. Next one\nspans lines.';
  const segs = segmentSentences(md);
  for (const s of segs) assert.equal(md.slice(s.start, s.end), s.text);
  const [a, b, c] = segs;
  assert.deepEqual([a!.line, a!.col, a!.endLine, a!.endCol], [1, 1, 1, 11]);
  assert.deepEqual([b!.line, b!.col, b!.endLine, b!.endCol], [3, 3, 3, 26]);
  assert.deepEqual([c!.line, c!.col, c!.endLine, c!.endCol], [3, 28, 4, 12]);
});

test('CRLF line endings keep exact ranges', () => {
  const md = '# H\r\n\r\nOne. Two.\r\n';
  const segs = segmentSentences(md);
  assert.deepEqual(segs.map((s) => s.text), ['H', 'One.', 'Two.']);
  assert.deepEqual([segs[2]!.line, segs[2]!.col], [3, 6]);
});

test('a letter after a number or "degrees" is a unit, and its full stop can end the sentence', () => {
  assert.deepEqual(texts('Cook until it reaches 150 degrees F. Once cooked, let it rest. Heat the oven to 350 F. Put in the roast.'), [
    'Cook until it reaches 150 degrees F.',
    'Once cooked, let it rest.',
    'Heat the oven to 350 F. Put in the roast.'.slice(0, 'Heat the oven to 350 F.'.length),
    'Put in the roast.',
  ]);
  // an initial after a name still does not end it
  assert.deepEqual(texts('Written by Harry S. Truman in 1945.'), ['Written by Harry S. Truman in 1945.']);
});

test('a table row is cut between the sentences of its cells, a short row kept whole', () => {
  const row = '| **Drafts** | Drafts are never indexed and never evidence. Globs and folders are both accepted. |';
  assert.deepEqual(segmentSentences(row).map((s) => [s.kind, s.text]), [
    ['table_row', '| **Drafts** | Drafts are never indexed and never evidence.'],
    ['table_row', 'Globs and folders are both accepted. |'],
  ]);
  for (const short of ['| 1. | Install the operator. |', '| Timeout | 30 s. Default. |', '| a | b |']) {
    assert.equal(segmentSentences(short).length, 1, short);
  }
});
