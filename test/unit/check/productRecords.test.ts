import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkWithCli, tempFolder } from '../../../scripts/eval/productRecords';

/** A folder with one source document and an answer outside it. */
function workspace(): { dir: string; remove: () => void } {
  const t = tempFolder();
  mkdirSync(path.join(t.dir, 'docs'));
  writeFileSync(path.join(t.dir, 'docs', 'lamp.md'), '# Lamps\n\nThe desk lamp has a warranty of two years. Returns are accepted within 30 days.\n');
  writeFileSync(path.join(t.dir, 'answer.md'), 'The desk lamp has a warranty of two years. The desk lamp has a warranty of five years.');
  return t;
}

test('the evaluation reads verdicts, offsets and feature records from verity check --format json', async () => {
  const t = workspace();
  try {
    const [sentences] = await checkWithCli(['answer.md'], ['--docs', 'docs'], t.dir);
    assert.equal(sentences!.length, 2);
    const [first, second] = sentences!;
    const answer = 'The desk lamp has a warranty of two years. The desk lamp has a warranty of five years.';
    assert.equal(answer.slice(first!.start, first!.end), first!.text);
    assert.equal(first!.verdict, 'supported');
    assert.equal(second!.verdict, 'contradicted');
    // the feature record the checker computed is printed, so an evaluation can refit on it
    assert.equal(typeof first!.features?.recall, 'number');
    assert.equal(first!.features?.withQuestion, 0);
  } finally {
    t.remove();
  }
});

test('verity check --question checks the answer in the context of its question', async () => {
  const t = workspace();
  try {
    writeFileSync(path.join(t.dir, 'short.md'), 'Two years.');
    const [sentences] = await checkWithCli(['short.md'], ['--docs', 'docs', '--question', 'How long is the warranty on the desk lamp?'], t.dir);
    assert.equal(sentences![0]!.features?.withQuestion, 1);
  } finally {
    t.remove();
  }
});

test('a failing verity check run is an error with the CLI message, not an empty result', async () => {
  const t = workspace();
  try {
    await assert.rejects(checkWithCli(['missing.md'], ['--docs', 'docs'], t.dir), /cannot read missing\.md/);
  } finally {
    t.remove();
  }
});
