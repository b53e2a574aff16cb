import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildPerturbations, doc2dialPassages } from '../../../scripts/eval/checkData';
import { PERTURB_KINDS, RAW_KINDS, UNSUPPORTED_KINDS } from '../../../scripts/eval/perturb';

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
    if (UNSUPPORTED_KINDS.has(it.type)) {
      // the true sentence, then a phrase its document never uses ("… through the dental portal.")
      const m = /^(.*) (\w+) the (\w+) (\w+)\.$/.exec(it.perturbed);
      assert.ok(m && m[1] === it.original.slice(0, -1), `${it.type}: the original, then one phrase: ${it.perturbed}`);
      const doc = passages.filter((p) => p.path === it.doc).map((p) => p.text.toLowerCase()).join('\n');
      for (const w of [m[3]!, m[4]!]) assert.ok(!new RegExp(`\\b${w}\\b`).test(doc), `${it.type}: '${w}' is not in ${it.doc}`);
      continue;
    }
    const ow = it.original.split(' ');
    const pw = it.perturbed.split(' ');
    if (it.type === 'negation-twice') {
      // a negation put into each of two clauses, nothing else
      assert.equal(it.perturbed.replace(/ not\b/g, '').replace(/\bcannot\b/g, 'can'), it.original, it.perturbed);
      assert.equal((it.perturbed.match(/\b(not|cannot)\b/g) ?? []).length, 2, it.perturbed);
      continue;
    }
    if (it.type === 'name-swap' || it.type === 'word-swap') {
      // the same words, two of them in each other's places
      const bare = (ws: string[]): string[] => ws.map((w) => w.replace(/[.,;:!?]+$/, '')).sort();
      assert.deepEqual(bare(pw), bare(ow), `${it.type} keeps its words: ${it.perturbed}`);
      assert.equal(ow.filter((w, i) => w !== pw[i]).length, 2, `${it.type} changes two places: ${it.perturbed}`);
      continue;
    }
    // one thing changed: a word or two ("fail to" dropped, "New York" for "Ohio"), in one place
    assert.ok(Math.abs(ow.length - pw.length) <= 2, `${it.type}: one thing changed: ${it.perturbed}`);
    const first = ow.findIndex((w, i) => w !== pw[i]);
    const lastO = ow.length - 1 - [...ow].reverse().findIndex((w, i) => w !== pw[pw.length - 1 - i]);
    assert.ok(lastO - first <= 2, `${it.type}: changed in one place: ${it.original} -> ${it.perturbed}`);
    assert.ok(passages.some((p) => p.path === it.doc));
  }
  // every kind but those built from code: these government pages write none
  assert.deepEqual(new Set(a.map((x) => x.type)), new Set(PERTURB_KINDS.filter((k) => !RAW_KINDS.has(k))));
});

test('the perturbation set has every kind of contradiction, at least 100 of each kind the corpus holds enough of', (t) => {
  if (!existsSync(path.join(dataDir, 'doc2dial/docs'))) {
    t.skip('../shared/data/doc2dial is absent');
    return;
  }
  const items = buildPerturbations(doc2dialPassages(dataDir));
  const count = (k: string): number => items.filter((x) => x.type === k).length;
  const by = (k: string) => items.filter((x) => x.type === k);
  // ranges ("between 18 and 22", "4 to 6 weeks") and settings written as values ("set to `true`")
  // are rare in these government pages: every one is taken
  // and "only" before a plural noun ("only citizens") is rarer still; code they never write
  const least: Partial<Record<string, number>> = { 'range': 20, 'setting-value': 40, 'only-widened': 3, 'negation-twice': 40, 'frequency': 40, 'code-value': 0, 'code-line': 0 };
  for (const k of PERTURB_KINDS) assert.ok(count(k) >= (least[k] ?? 100), `${k}: ${count(k)}`);
  // a flipped meaning changes one word for the word that excludes it, nothing else
  for (const k of ['opposite-verb', 'opposite-adjective', 'setting-value', 'only']) {
    assert.ok(by(k).every((x) => x.original.split(/\s+/).length === x.perturbed.split(/\s+/).length || k === 'setting-value'), k);
  }
  assert.ok(by('negation-removed').every((x) => /\b(not|never|no longer|cannot|can not|without|fail to|none)\b|n't\b/.test(x.original)));
  assert.ok(by('negation-added').every((x) => /\b(not|cannot)\b/.test(x.perturbed)));
  assert.ok(by('unit').every((x) => x.original.replace(/\d+/g, '') !== x.perturbed.replace(/\d+/g, '')), 'a unit changes words, not digits');
});
