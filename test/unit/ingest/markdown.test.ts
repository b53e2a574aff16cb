import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ingestMarkdown, stripFrontMatter } from '../../../src/core/ingest/markdown';
import { countWords, packUnits } from '../../../src/core/ingest/chunk';
import type { Passage } from '../../../src/core/types';

const SIZE = { minWords: 120, maxWords: 250 };

/** The passage's text must be exactly the source lines it claims (after trimming). */
function assertLinesMatch(source: string, p: Passage): void {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  assert.equal(lines.slice(p.startLine - 1, p.endLine).join('\n').trim(), p.text, `lines ${p.startLine}-${p.endLine}`);
}

test('ATX and setext headings bound passages with exact line ranges and heading paths', () => {
  const src = ['# Driver Licenses', '', 'Intro text.', '', 'Renewal', '=======', '', 'Renew every 8 years.', '', '## Online', '', 'Use the portal.', '', 'In person', '---------', '', 'Visit an office.', ''].join('\n');
  const { title, passages } = ingestMarkdown('docs/dmv.md', src, SIZE);
  assert.equal(title, 'Driver Licenses');
  assert.deepEqual(
    passages.map((p) => [p.headings, p.startLine, p.endLine]),
    [
      [['Driver Licenses'], 1, 3],
      [['Renewal'], 5, 8],
      [['Renewal', 'Online'], 10, 12],
      [['Renewal', 'In person'], 14, 17],
    ],
  );
  for (const p of passages) {
    assertLinesMatch(src, p);
    assert.equal(p.kind, 'md');
    assert.equal(p.path, 'docs/dmv.md');
    assert.equal(p.title, 'Driver Licenses');
  }
  assert.ok(passages[2]!.text.startsWith('## Online'), 'passage text includes its heading line');
});

test('a # inside a code fence is not a heading; tables and lists stay with their section', () => {
  const src = ['# Setup', '', '```sh', '# install it', 'npm ci', '```', '', '| key | value |', '|---|---|', '| a | 1 |', '', '- one', '- two', '  continued', '', '## Next', 'done'].join('\n');
  const { passages } = ingestMarkdown('setup.md', src, SIZE);
  assert.equal(passages.length, 2);
  assert.deepEqual(passages[0]!.headings, ['Setup']);
  assert.equal(passages[0]!.startLine, 1);
  assert.equal(passages[0]!.endLine, 14);
  assert.match(passages[0]!.text, /# install it/);
  assert.deepEqual([passages[1]!.startLine, passages[1]!.endLine], [16, 17]);
  for (const p of passages) assertLinesMatch(src, p);
});

test('front matter is stripped and line numbers count it', () => {
  const src = '---\ntitle: Guide\ntags: [a, b]\n---\n# Guide\n\nBody line.\n';
  assert.equal(stripFrontMatter(src.replace(/\r\n/g, '\n')).lineOffset, 4);
  const { passages, title } = ingestMarkdown('g.md', src, SIZE);
  assert.equal(title, 'Guide');
  assert.equal(passages.length, 1);
  assert.deepEqual([passages[0]!.startLine, passages[0]!.endLine], [5, 7]);
  assert.doesNotMatch(passages[0]!.text, /tags:/);
  // Unterminated front matter is ordinary markdown.
  assert.equal(stripFrontMatter('---\nnot closed\n').lineOffset, 0);
});

test('CRLF input gives the same passages and lines as LF', () => {
  const lf = '---\na: 1\n---\n# Title\n\nPara one.\n\n## Sub\n\nPara two.\n';
  const crlf = lf.replace(/\n/g, '\r\n');
  const a = ingestMarkdown('x.md', lf, SIZE).passages;
  const b = ingestMarkdown('x.md', crlf, SIZE).passages;
  assert.deepEqual(b, a);
  assert.deepEqual([b[1]!.startLine, b[1]!.endLine], [8, 10]);
  assert.ok(b.every((p) => !p.text.includes('\r')));
});

test('unicode (CJK, accents, emoji) survives intact, also in headings', () => {
  const src = '# 運転免許の更新 🚗\n\n更新は誕生日の前後一か月以内に行ってください。Café ☕ déjà vu.\n\n## Überblick 🇩🇪\n\nÄnderungen 👍🏽.\n';
  const { title, passages } = ingestMarkdown('jp.md', src, SIZE);
  assert.equal(title, '運転免許の更新 🚗');
  assert.deepEqual(passages[1]!.headings, ['運転免許の更新 🚗', 'Überblick 🇩🇪']);
  assert.match(passages[0]!.text, /一か月以内に行ってください。Café ☕ déjà vu\./);
  assert.equal(passages[1]!.text, '## Überblick 🇩🇪\n\nÄnderungen 👍🏽.');
  assert.ok(countWords('更新は誕生日') >= 6, 'CJK characters count as words');
});

test('empty and whitespace-only documents yield no passages', () => {
  assert.deepEqual(ingestMarkdown('e.md', '', SIZE).passages, []);
  assert.deepEqual(ingestMarkdown('e.md', ' \n\n\t\r\n', SIZE).passages, []);
  assert.deepEqual(ingestMarkdown('e.md', '---\na: 1\n---\n\n', SIZE).passages, []);
});

test('long sections split between blocks, never inside one, and stay under one heading', () => {
  const para = (i: number): string => `Paragraph ${i} ` + 'word '.repeat(58).trim() + '.';
  const list = Array.from({ length: 30 }, (_, i) => `- item ${i} with some words here`).join('\n'); // ~210 words, one block
  const code = '```\n' + Array.from({ length: 100 }, (_, i) => `line ${i} of code`).join('\n') + '\n```'; // > max, must stay whole
  const blocks = ['# Big', para(1), para(2), para(3), list, para(4), code, para(5), para(6), '## Small', 'tail'];
  const src = blocks.join('\n\n') + '\n';
  const { passages } = ingestMarkdown('big.md', src, SIZE);
  const big = passages.filter((p) => p.headings.length === 1);
  assert.ok(big.length >= 3, `expected the long section to split, got ${big.length}`);
  for (const p of passages) assertLinesMatch(src, p);
  // Consecutive, non-overlapping and together covering the section.
  for (let i = 1; i < big.length; i++) assert.ok(big[i]!.startLine > big[i - 1]!.endLine);
  // No block is cut: each code fence / list opens and closes inside one passage.
  for (const p of big) {
    assert.equal((p.text.match(/```/g) ?? []).length % 2, 0, 'code fence split');
    if (p.text.includes('- item 0 ')) assert.match(p.text, /- item 29 /, 'list split');
  }
  const codePassage = big.find((p) => p.text.includes('line 0 of code'))!;
  assert.match(codePassage.text, /line 99 of code\n```/);
  // Sizes head for the target: only passages holding the oversized code block may exceed max.
  for (const p of big) if (p !== codePassage) assert.ok(countWords(p.text) <= SIZE.maxWords + 60, `passage of ${countWords(p.text)} words`);
  // The small section is its own passage, not merged into the big one.
  assert.deepEqual(passages[passages.length - 1]!.headings, ['Big', 'Small']);
});

test('packUnits keeps order, covers every unit and respects bounds', () => {
  assert.deepEqual(packUnits([100, 100, 100], { minWords: 120, maxWords: 250 }), [[0, 2], [2, 3]]);
  assert.deepEqual(packUnits([400, 10, 10], { minWords: 120, maxWords: 250 }), [[0, 1], [1, 3]]);
  assert.deepEqual(packUnits([], { minWords: 1, maxWords: 2 }), []);
});

test('ids are stable, distinct for duplicates, and change only for the edited passage', () => {
  const src = '# A\n\nSame text.\n\n# A\n\nSame text.\n\n# B\n\nOther.\n';
  const one = ingestMarkdown('d.md', src, SIZE).passages;
  const two = ingestMarkdown('d.md', src, SIZE).passages;
  assert.deepEqual(one.map((p) => p.id), two.map((p) => p.id));
  assert.equal(new Set(one.map((p) => p.id)).size, one.length, 'duplicate passages get distinct ids');
  const edited = ingestMarkdown('d.md', src.replace('Other.', 'Changed.'), SIZE).passages;
  assert.equal(edited[0]!.id, one[0]!.id);
  assert.equal(edited[1]!.id, one[1]!.id);
  assert.notEqual(edited[2]!.id, one[2]!.id);
  assert.notEqual(edited[2]!.hash, one[2]!.hash);
  assert.notEqual(ingestMarkdown('other.md', src, SIZE).passages[0]!.id, one[0]!.id, 'path is part of the id');
});

test('content before the first heading is a passage with an empty heading path', () => {
  const { passages, title } = ingestMarkdown('n.md', 'Preamble text.\n\n## Later\n\nx\n', SIZE);
  assert.equal(title, undefined);
  assert.deepEqual(passages[0]!.headings, []);
  assert.deepEqual([passages[0]!.startLine, passages[0]!.endLine], [1, 1]);
  assert.deepEqual(passages[1]!.headings, ['Later']);
});

test('on real docs (doc2dial, rhdh-docs) every passage is exactly its source lines', (t) => {
  const data = path.resolve(__dirname, '../../../../shared/data');
  const dirs = [path.join(data, 'doc2dial', 'docs'), path.join(data, 'rhdh-docs', 'docs')];
  if (!dirs.every((d) => existsSync(d))) return t.skip(`real markdown docs not found under ${data} (../shared is absent)`);
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((n) => {
      const p = path.join(d, n);
      return statSync(p).isDirectory() ? walk(p) : p.endsWith('.md') ? [p] : [];
    });
  let passages = 0;
  for (const file of dirs.flatMap(walk)) {
    const src = readFileSync(file, 'utf8');
    const result = ingestMarkdown(file, src, SIZE);
    assert.ok(result.passages.length > 0 || src.trim() === '', file);
    for (const p of result.passages) {
      assertLinesMatch(src, p);
      assert.ok(p.startLine <= p.endLine);
    }
    passages += result.passages.length;
  }
  t.diagnostic(`${passages} passages checked`);
  assert.ok(passages > 1000);
});

test('a bare heading followed by its subsection is carried by the heading path, not a passage', () => {
  const { passages, title } = ingestMarkdown('h.md', '# Guide\n\n## Install\n\nRun it.\n\n## Empty leaf\n\n## Use\n\nCall it.\n', SIZE);
  assert.equal(title, 'Guide');
  assert.deepEqual(passages.map((p) => p.headings), [['Guide', 'Install'], ['Guide', 'Empty leaf'], ['Guide', 'Use']]);
  assert.deepEqual(ingestMarkdown('t.md', '# Only a title\n', SIZE).passages.map((p) => p.text), ['# Only a title']);
});

test('AsciiDoc admonitions in .md files ([NOTE] + ---- … ----) are content, not setext headings', () => {
  const src = '# Setup\n\nIntro.\n\n[NOTE]\n----\nKeep the key safe.\n----\n\nMore text.\n\nReal heading\n------------\n\nBody.\n';
  const { passages } = ingestMarkdown('a.md', src, SIZE);
  assert.deepEqual(passages.map((p) => [p.headings, p.startLine, p.endLine]), [
    [['Setup'], 1, 10],
    [['Setup', 'Real heading'], 12, 15],
  ]);
  assert.match(passages[0]!.text, /\[NOTE\]\n----\nKeep the key safe\.\n----/);
});

test('AsciiDoc one-line admonitions ("NOTE: …" on a ---- or ==== line) are content, not setext headings', () => {
  for (const label of ['NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION']) {
    for (const underline of ['----', '====']) {
      const src = `# Setup\n\nIntro.\n\n${label}: Keep the key safe.\n${underline}\n\nMore text.\n\nReal heading\n------------\n\nBody.\n`;
      const { passages } = ingestMarkdown('a.md', src, SIZE);
      assert.deepEqual(passages.map((p) => p.headings), [['Setup'], ['Setup', 'Real heading']], `${label} ${underline}`);
      assert.match(passages[0]!.text, new RegExp(`${label}: Keep the key safe\\.`));
    }
  }
  // a heading that merely starts with the word stays a heading
  const { passages } = ingestMarkdown('b.md', '# Top\n\nx\n\nNotes on setup\n----\n\nBody text.\n', SIZE);
  assert.deepEqual(passages.at(-1)!.headings, ['Top', 'Notes on setup']);
});

test('a heading is never left alone when the block after it is oversized', () => {
  const huge = 'word '.repeat(400).trim() + '.';
  const { passages } = ingestMarkdown('x.md', `# Title\n\n## Big\n\n${huge}\n\nshort tail\n`, SIZE);
  assert.ok(passages[0]!.text.startsWith('## Big\n\nword word'), 'heading and its first block share a passage');
  assert.ok(passages.every((p) => !/^#+ [^\n]*$/.test(p.text)), 'no heading-only passage');
});

test('a block far past the passage size is cut between its rows, items or sentences, never a code block', () => {
  const refs = Array.from({ length: 120 }, (_, i) => `- Author${i} and Other${i}. 2021. A paper title number ${i} about grounded answers. In Proceedings.`).join('\n');
  const table = ['Name | Value |', '---|---|', ...Array.from({ length: 150 }, (_, i) => `row${i} key | the value of row ${i} is ${i} units |`)].join('\n');
  const scraped = Array.from({ length: 90 }, (_, i) => `Sentence ${i} of a scraped page says one thing about item ${i}.`).join('\n');
  const code = '```\n' + Array.from({ length: 400 }, (_, i) => `line ${i} of code here`).join('\n') + '\n```';
  const src = ['# Refs', refs, '# Table', table, '# Page', scraped, '# Code', code].join('\n\n') + '\n';
  const { passages } = ingestMarkdown('refs.md', src, SIZE);
  for (const p of passages) assertLinesMatch(src, p);
  const under = (h: string): Passage[] => passages.filter((p) => p.headings[0] === h);
  for (const h of ['Refs', 'Table', 'Page']) {
    const ps = under(h);
    assert.ok(ps.length >= 3, `${h}: ${ps.length} passages`);
    // pieces are consecutive, cover the block, and stay near the size
    for (let i = 1; i < ps.length; i++) assert.equal(ps[i]!.startLine, ps[i - 1]!.endLine + 1);
    for (const p of ps) assert.ok(countWords(p.text) <= SIZE.maxWords + 40, `${h}: a passage of ${countWords(p.text)} words`);
  }
  // each reference is whole in one passage; the table's header stays with its first rows
  for (let i = 0; i < 120; i++) assert.equal(under('Refs').filter((p) => p.text.includes(`Author${i} and Other${i}. 2021`) && p.text.includes(`number ${i} about grounded answers. In Proceedings.`)).length, 1, `reference ${i}`);
  assert.match(under('Table')[0]!.text, /Name \| Value \|\n---\|---\|\nrow0 key/);
  // every piece of the page ends a sentence
  for (const p of under('Page')) assert.match(p.text, /\.$/);
  // the code block is one passage
  assert.equal(under('Code').length, 1);
});

test('one line that reads as instructions to a model keeps only its own piece of a long list from vouching', async () => {
  const { looksLikeInjection } = await import('../../../src/core/ingest/injection');
  const refs = Array.from({ length: 120 }, (_, i) => `- Author${i} and Other${i}. 2021. A paper title number ${i} about grounded answers.`);
  refs.push('- Appendix prompt:\n  User: [] |\n  Assistant: [] |');
  const src = `# References\n\n${refs.join('\n')}\n`;
  const { passages } = ingestMarkdown('paper.md', src, SIZE);
  const suspicious = passages.filter((p) => looksLikeInjection(p.text));
  assert.equal(suspicious.length, 1);
  assert.ok(passages.filter((p) => p.text.includes('Author5 and Other5')).every((p) => !looksLikeInjection(p.text)));
});
