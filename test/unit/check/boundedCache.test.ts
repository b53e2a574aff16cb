/**
 * The bounded cache behind the checker's profile caches: it never holds more than its bound,
 * drops the least recently used entries first, and computes a missing value once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BoundedCache } from '../../../src/core/boundedCache';

test('a bounded cache never holds more than its bound', () => {
  const c = new BoundedCache<number, number>(8);
  for (let i = 0; i < 100; i++) {
    c.set(i, i * i);
    assert.ok(c.size <= 8, `size ${c.size} after ${i + 1} inserts`);
  }
  assert.equal(c.get(99), 99 * 99);
  assert.equal(c.get(0), undefined);
});

test('a bounded cache drops the least recently used entries first', () => {
  const c = new BoundedCache<string, number>(4);
  for (const k of ['a', 'b', 'c', 'd']) c.set(k, k.charCodeAt(0));
  // reading 'a' makes 'b' the oldest: the next insert into the full cache drops 'b', not 'a'
  assert.equal(c.get('a'), 97);
  c.set('e', 101);
  assert.equal(c.get('b'), undefined);
  assert.equal(c.get('a'), 97);
  assert.equal(c.get('e'), 101);
  // setting an existing key replaces its value without growing the cache
  c.set('e', 0);
  assert.equal(c.get('e'), 0);
  assert.ok(c.size <= 4);
});

test('getOrSet computes a missing value once', () => {
  const c = new BoundedCache<string, string>(4);
  let calls = 0;
  const make = (k: string): string => {
    calls++;
    return k.toUpperCase();
  };
  assert.equal(c.getOrSet('x', make), 'X');
  assert.equal(c.getOrSet('x', make), 'X');
  assert.equal(calls, 1);
  c.clear();
  assert.equal(c.size, 0);
  assert.equal(c.getOrSet('x', make), 'X');
  assert.equal(calls, 2);
});

test('a bounded cache refuses a bound too small to evict a quarter of', () => {
  assert.throws(() => new BoundedCache(2), RangeError);
});
