import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildPerturbations, doc2dialPassages } from '../../../scripts/eval/checkData';

const dataDir = path.resolve(__dirname, '../../../../shared/data');

test('the doc2dial perturbation set is reproducible and every item changes one thing', (t) => {
  if (!existsSync(path.join(dataDir, 'doc2dial/docs'))) {
    t.skip('../shared/data/doc2dial is absent');
    return;
  }
  const passages = doc2dialPassages(dataDir);
  const a = buildPerturbations(passages, 20);
  const b = buildPerturbations(passages, 20);
  assert.deepEqual(a, b);
  assert.ok(a.length >= 40, `got ${a.length} items`);
  for (const it of a) {
    assert.notEqual(it.original, it.perturbed);
    const ow = it.original.split(' ');
    const pw = it.perturbed.split(' ');
    assert.ok(Math.abs(ow.length - pw.length) <= 1, `${it.type}: one word changed: ${it.perturbed}`);
    assert.ok(passages.some((p) => p.path === it.doc));
  }
  assert.deepEqual(new Set(a.map((x) => x.type)), new Set(['number', 'date', 'name', 'negation']));
});
