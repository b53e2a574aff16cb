/**
 * The checker's candidates from a claim's hits: no file takes more than its share of the slots
 * while another file's hits wait, and the slots still open go to the best hits passed over.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { candidateHits } from '../../../src/core/check/query';

const hit = (path: string, n: number) => ({ id: `${path}#${n}`, path });

test('one file takes at most its share of the slots while another file has hits', () => {
  const hits = [...Array.from({ length: 12 }, (_, i) => hit('a.md', i)), hit('b.md', 0), hit('c.md', 0)];
  const got = candidateHits(hits, 8, new Set());
  assert.equal(got.length, 8);
  assert.equal(got.filter((h) => h.path === 'a.md').length, 6);
  assert.ok(got.some((h) => h.path === 'b.md') && got.some((h) => h.path === 'c.md'));
  // the file's best hits are the ones kept, in order
  assert.deepEqual(got.filter((h) => h.path === 'a.md').map((h) => h.id), ['a.md#0', 'a.md#1', 'a.md#2', 'a.md#3', 'a.md#4', 'a.md#5']);
});

test('with no other file the slots go to the one file; excluded paths never count', () => {
  const hits = [hit('x.md', 0), ...Array.from({ length: 12 }, (_, i) => hit('a.md', i))];
  const got = candidateHits(hits, 8, new Set(['x.md']));
  assert.equal(got.length, 8);
  assert.ok(got.every((h) => h.path === 'a.md'));
  // fewer hits than slots: all of them
  assert.equal(candidateHits(hits.slice(0, 3), 8, new Set()).length, 3);
});
