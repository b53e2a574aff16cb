// Reviewed findings set aside the way ESLint and markdownlint users expect: inline
// verity-disable comments, and a baseline keyed by file + sentence text (never by line).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { closeAll } from '../../../src/cli/openVerity';
import { blankComments, inlineSuppressions } from '../../../src/cli/suppress';
import { matchBaseline, updateBaseline, type Baseline } from '../../../src/cli/baseline';
import { runCli, tree } from '../../support/cliRun';

after(() => closeAll());

const DOCS = {
  'docs/warranty.md': '# Warranty\n\nThe Quill desk lamp has a two-year warranty from the date of delivery.\n',
  'docs/shipping.md': '# Shipping\n\nOrders ship from the warehouse in Leeds within three working days.\n',
};
const INVENTED = 'The Quill desk lamp is assembled by hand in Portland.';
const WRONG = 'Orders ship from the warehouse in Leeds within nine working days.';

const sentence = (line: number, verdict: string, endLine = line) => ({ line, endLine, verdict: verdict as 'unsupported' });

test('directive parsing: next line (skipping blank lines), a line, regions, verdicts named, reasons after --', () => {
  const text = [
    'Intro.', // 1
    '<!-- verity-disable-next-line -->', // 2
    '', // 3
    'Suppressed both ways.', // 4
    '<!-- verity-disable-next-line contradicted -- checked with legal -->', // 5
    'Only contradictions suppressed.', // 6
    'Plain. <!-- verity-disable-line unsupported -->', // 7
    '<!-- verity-disable unsupported -->', // 8
    'In the region.', // 9
    '<!-- verity-enable -->', // 10
    'After the region.', // 11
    '<!-- verity-disable-next-line sometimes -->', // 12
    'x', // 13
  ].join('\n');
  const s = inlineSuppressions(text);
  assert.equal(s.suppression(sentence(1, 'unsupported')), undefined);
  assert.ok(s.suppression(sentence(4, 'unsupported')));
  assert.ok(s.suppression(sentence(4, 'contradicted')));
  assert.equal(s.suppression(sentence(4, 'supported')), undefined, 'only problems are suppressed');
  assert.equal(s.suppression(sentence(6, 'unsupported')), undefined);
  assert.deepEqual(s.suppression(sentence(6, 'contradicted')), { justification: 'checked with legal' });
  assert.ok(s.suppression(sentence(7, 'unsupported')));
  assert.equal(s.suppression(sentence(7, 'contradicted')), undefined);
  assert.ok(s.suppression(sentence(9, 'unsupported')));
  assert.equal(s.suppression(sentence(9, 'contradicted')), undefined);
  assert.equal(s.suppression(sentence(11, 'unsupported')), undefined, 'enable ends the region');
  assert.ok(s.suppression(sentence(3, 'unsupported', 4)), 'a sentence reaching into a suppressed line');
  assert.deepEqual(s.problems, ['line 12: verity-disable-next-line names "sometimes": the verdicts are unsupported, contradicted and disputed']);
  // blanking keeps every offset, line and column
  const blanked = blankComments(text);
  assert.equal(blanked.length, text.length);
  assert.deepEqual(blanked.split('\n').map((l) => l.length), text.split('\n').map((l) => l.length));
  assert.doesNotMatch(blanked, /verity-/);
});

test('verity check honours the comments: suppressed findings do not fail the run, --show all lists them tagged', async (t) => {
  const dir = tree(t, {
    ...DOCS,
    'answer.md': `# Answer\n\n<!-- verity-disable-next-line unsupported -- made in Portland, see the supplier contract -->\n${INVENTED}\n\n<!-- verity-disable -->\n${WRONG}\n<!-- verity-enable -->\n`,
  });
  const r = await runCli(dir, ['check', 'answer.md', '--docs', 'docs']);
  assert.equal(r.code, 0, r.out);
  assert.doesNotMatch(r.out, /Portland|nine/, 'a suppressed finding is not printed');
  assert.match(r.out, /\(2 suppressed inline\)/);
  assert.doesNotMatch(r.out, /verity-disable/, 'the comments are never checked as sentences');
  const all = await runCli(dir, ['check', 'answer.md', '--docs', 'docs', '--show', 'all']);
  assert.match(all.out, /^answer\.md:4:1: unsupported: "The Quill desk lamp is assembled by hand in Portland\." .*\[suppressed: made in Portland, see the supplier contract\]$/m);
  assert.match(all.out, /^answer\.md:7:1: contradicted: .*\[suppressed\]$/m);
  const json = JSON.parse((await runCli(dir, ['check', 'answer.md', '--docs', 'docs', '--format', 'json'])).out);
  const suppressed = json.files[0].sentences.filter((s: { suppressed: unknown }) => s.suppressed);
  assert.deepEqual(suppressed.map((s: { suppressed: unknown }) => s.suppressed), [
    { kind: 'inSource', justification: 'made in Portland, see the supplier contract' },
    { kind: 'inSource', justification: '' },
  ]);
  // without the comments the same text fails
  writeFileSync(path.join(dir, 'bare.md'), `# Answer\n\n${INVENTED}\n\n${WRONG}\n`);
  assert.equal((await runCli(dir, ['check', 'bare.md', '--docs', 'docs'])).code, 1);
});

test('baseline round trip: recorded findings pass, an edit above them keeps them baselined, a new one fails alone', async (t) => {
  const dir = tree(t, { ...DOCS, 'answers/a.md': `# A\n\n${INVENTED}\n`, 'answers/b.md': `# B\n\n${WRONG}\n` });
  const write = await runCli(dir, ['check', 'answers', '--docs', 'docs', '--write-baseline', 'verity-baseline.json']);
  assert.equal(write.code, 0, write.err);
  assert.match(write.err, /wrote verity-baseline\.json: 2 findings of 2 files checked now \(2 in all\)/);
  const file = JSON.parse(readFileSync(path.join(dir, 'verity-baseline.json'), 'utf8'));
  assert.deepEqual(file.files, {
    'answers/a.md': [{ verdict: 'unsupported', text: INVENTED, count: 1 }],
    'answers/b.md': [{ verdict: 'contradicted', text: WRONG, count: 1 }],
  });
  assert.equal((await runCli(dir, ['check', 'answers', '--docs', 'docs', '--baseline', 'verity-baseline.json'])).code, 0);

  // lines added above, and the sentence reflowed over two lines: still the same finding
  writeFileSync(path.join(dir, 'answers/a.md'), `# A\n\n## Background\n\n## Where it is made\n\n${INVENTED.replace(' by hand', '\nby hand')}\n`);
  const moved = await runCli(dir, ['check', 'answers', '--docs', 'docs', '--baseline', 'verity-baseline.json']);
  assert.doesNotMatch(moved.out, /Portland/, moved.out);
  assert.match(moved.out, /\(2 in the baseline\)/);

  // a new finding fails the run and is the only one shown
  writeFileSync(path.join(dir, 'answers/b.md'), `# B\n\n${WRONG}\n\nGift cards can be redeemed at the Oslo store.\n`);
  const fresh = await runCli(dir, ['check', 'answers', '--docs', 'docs', '--baseline', 'verity-baseline.json', '--format', 'sarif']);
  assert.equal(fresh.code, 1);
  const results = JSON.parse(fresh.out).runs[0].results as Array<{ baselineState: string; message: { text: string }; suppressions?: unknown[] }>;
  assert.deepEqual(results.map((r) => r.baselineState).sort(), ['new', 'unchanged', 'unchanged']);
  const unchanged = results.filter((r) => r.baselineState === 'unchanged');
  assert.ok(unchanged.every((r) => (r.suppressions as Array<{ kind: string }>)[0]!.kind === 'external'));
  assert.match(results.find((r) => r.baselineState === 'new')!.message.text, /Oslo store/);
  const text = await runCli(dir, ['check', 'answers', '--docs', 'docs', '--baseline', 'verity-baseline.json']);
  assert.equal(text.out.split('\n').filter((l) => /^answers\//.test(l)).length, 1, text.out);
});

test('stale entries are listed for the files checked; --write-baseline on a subset keeps the other files\' entries', async (t) => {
  const dir = tree(t, { ...DOCS, 'answers/a.md': `# A\n\n${INVENTED}\n`, 'answers/b.md': `# B\n\n${WRONG}\n` });
  await runCli(dir, ['check', 'answers', '--docs', 'docs', '--write-baseline', 'base.json']);
  // a.md fixed: its entry is stale in a run that checks it; b.md's entry is not mentioned when b.md is not checked
  writeFileSync(path.join(dir, 'answers/a.md'), '# A\n\nThe Quill desk lamp has a two-year warranty from the date of delivery.\n');
  const r = await runCli(dir, ['check', 'answers/a.md', '--docs', 'docs', '--baseline', 'base.json']);
  assert.equal(r.code, 0);
  assert.match(r.out, /^base\.json: 1 entry no longer found in the files checked \(fixed or reworded\); --write-baseline base\.json drops it:\n {4}answers\/a\.md: unsupported: "The Quill desk lamp is assembled by hand in Portland\."$/m);
  assert.doesNotMatch(r.out, /nine/);
  const json = JSON.parse((await runCli(dir, ['check', 'answers/a.md', '--docs', 'docs', '--baseline', 'base.json', '--format', 'json'])).out);
  assert.deepEqual(json.baseline.stale, [{ file: 'answers/a.md', verdict: 'unsupported', text: INVENTED, count: 1 }]);
  // rewriting the baseline for a.md alone drops its stale entry and keeps b.md's
  const w = await runCli(dir, ['check', 'answers/a.md', '--docs', 'docs', '--write-baseline', 'base.json']);
  assert.match(w.err, /0 findings of 0 files checked now, entries of 1 other file kept \(1 in all\)/);
  const after = JSON.parse(readFileSync(path.join(dir, 'base.json'), 'utf8'));
  assert.deepEqual(Object.keys(after.files), ['answers/b.md']);
  // the key is relative to the baseline file, so another working folder gives the same keys
  const sub = await runCli(path.join(dir, 'answers'), ['check', 'b.md', '--docs', '../docs', '--baseline', '../base.json']);
  assert.equal(sub.code, 0, sub.out);
});

test('baseline matching counts repeats and keys by verdict', () => {
  const base: Baseline = new Map([['a.md', [{ verdict: 'unsupported', text: 'X is Y.', count: 1 }]]]);
  const findings = [
    { file: 'a.md', verdict: 'unsupported' as const, text: 'X  is\nY.' },
    { file: 'a.md', verdict: 'unsupported' as const, text: 'X is Y.' },
    { file: 'a.md', verdict: 'contradicted' as const, text: 'X is Y.' },
  ];
  const m = matchBaseline(base, findings, ['a.md']);
  assert.deepEqual(m.known, [true, false, false], 'one accepted repeat covers one finding; another verdict is another finding');
  assert.deepEqual(m.stale, []);
  const next = updateBaseline(base, findings, ['a.md']);
  assert.deepEqual(next.get('a.md'), [
    { verdict: 'unsupported', text: 'X is Y.', count: 2 },
    { verdict: 'contradicted', text: 'X is Y.', count: 1 },
  ]);
});
