/**
 * Hostile markdown: nesting and inline runs that used to overflow the stack, run for minutes or
 * exhaust the heap. Fixtures are generated here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ingestMarkdown } from '../../../src/core/ingest/markdown';
import { boundNesting, MAX_PREFIX_COLUMNS } from '../../../src/core/ingest/markdownLimits';

const SIZE = { minWords: 50, maxWords: 250 };
const ROOT = path.join(__dirname, '..', '..', '..');

test('2,000 nested ">" are indexed instead of overflowing the stack', () => {
  const src = `# X\n\nBefore the quote.\n\n${'>'.repeat(2000)} deep quoted fact\n`;
  const { passages } = ingestMarkdown('x.md', src, SIZE);
  assert.ok(passages.some((p) => p.text.includes('deep quoted fact')));
  assert.ok(passages.some((p) => p.text.includes('Before the quote.')));
});

test('a 2,000-level indented list and mixed "> - " nesting are indexed', () => {
  const list = '# L\n\n' + Array.from({ length: 2000 }, (_, i) => ' '.repeat(2 * i) + `- item ${i}`).join('\n');
  const { passages } = ingestMarkdown('l.md', list, SIZE);
  assert.ok(passages.some((p) => p.text.includes('item 1999')));
  const mixed = `# M\n\n${'> - '.repeat(1000)}mixed end\n`;
  assert.ok(ingestMarkdown('m.md', mixed, SIZE).passages.some((p) => p.text.includes('mixed end')));
});

test('boundNesting keeps line count and leaves ordinary markdown untouched', () => {
  const normal = '# T\n\n> quote\n> > nested\n\n- a\n  - b\n    - c\n\n```\n        code\n```\n';
  assert.equal(boundNesting(normal), normal);
  const hostile = ['>'.repeat(500) + ' a', '\t'.repeat(300) + '- b', ' '.repeat(9000) + '1. c', 'plain'].join('\n');
  const bounded = boundNesting(hostile).split('\n');
  assert.equal(bounded.length, 4);
  for (const line of bounded) {
    const prefix = /^[\s>]*(?:[-*+]|\d+\.)?/.exec(line)![0];
    assert.ok(prefix.replace(/\t/g, '    ').length <= MAX_PREFIX_COLUMNS + 4, `prefix of ${prefix.length} columns`);
  }
  assert.deepEqual(bounded.map((l) => l.trim().split(/\s+/).pop()), ['a', 'b', 'c', 'plain']);
});

test('a 4 MB file of growing blockquotes is indexed inside a 256 MB heap', () => {
  const script = `
    const { ingestMarkdown } = require(${JSON.stringify(path.join(ROOT, 'src/core/ingest/markdown.ts'))});
    const src = Array.from({ length: 2800 }, (_, i) => '>'.repeat(i) + ' line ' + i).join('\\n');
    if (src.length < 3.9e6) throw new Error('fixture too small');
    const r = ingestMarkdown('g.md', src, { minWords: 50, maxWords: 250 });
    process.stdout.write(String(r.passages.length));`;
  const r = spawnSync(process.execPath, ['--max-old-space-size=256', '--import', 'tsx', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr.slice(-500));
  assert.ok(Number(r.stdout) > 0);
});

test('inline runs that are quadratic in marked (200,000 "*a") do not stall ingest', () => {
  // Only headings are lexed inline, capped; a huge heading line is still indexed.
  const src = `# ${'*a'.repeat(5000)}\n\n${'*a'.repeat(200_000)}\n\n${'[' .repeat(100_000)}x\n`;
  const { passages, title } = ingestMarkdown('s.md', src, SIZE);
  assert.ok(passages.length > 0);
  assert.ok(title !== undefined && title.length <= 600);
});
