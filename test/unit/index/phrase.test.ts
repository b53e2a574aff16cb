/**
 * The phrase bonus's re-rank with and without the pool passages' term presence: the presence
 * only spares reading passages that cannot enter the best `keep`, so the best `keep` (ids, order,
 * final scores) are the same, also when the presence claims terms a passage does not hold.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phraseRerank, type Presence } from '../../../src/core/index/phrase';
import { analyze } from '../../../src/core/text/analyzer';

/** A small deterministic generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['renew', 'licence', 'online', 'office', 'fee', 'pay', 'card', 'address', 'change', 'form', 'mail', 'state'];

test('phrase re-rank: the pool passages term presence changes what is read, not the best keep', () => {
  const tie = (a: number, b: number): number => a - b;
  for (let seed = 1; seed <= 300; seed++) {
    const r = rng(seed);
    const question = Array.from({ length: 3 + Math.floor(r() * 6) }, () => WORDS[Math.floor(r() * WORDS.length)]!).join(' ');
    const n = 5 + Math.floor(r() * 40);
    const texts = new Map<number, string[]>();
    const pool: Array<[number, number]> = [];
    let score = 20;
    for (let i = 0; i < n; i++) {
      const addr = 1000 + Math.floor(r() * 1e6);
      if (texts.has(addr)) continue;
      texts.set(addr, analyze(Array.from({ length: 3 + Math.floor(r() * 30) }, () => WORDS[Math.floor(r() * WORDS.length)]!).join(' ')));
      // ties now and then
      if (r() < 0.7) score -= r() * 2;
      pool.push([addr, score]);
    }
    const keep = 1 + Math.floor(r() * 12);
    const read: number[] = [];
    const termsOf = (addr: number): string[] => {
      read.push(addr);
      return texts.get(addr)!;
    };
    const exact: Presence = (terms, addrs) => Uint32Array.from(addrs, (a) => terms.reduce((m, t, i) => (texts.get(a)!.includes(t) ? m | (1 << i) : m), 0));
    const loose: Presence = (terms, addrs) => exact(terms, addrs).map((m) => (r() < 0.3 ? m | (1 << Math.floor(r() * terms.length)) : m));
    const plain = phraseRerank(question, pool, 0.1, termsOf, tie, keep);
    const readPlain = read.length;
    read.length = 0;
    assert.deepEqual(phraseRerank(question, pool, 0.1, termsOf, tie, keep, exact), plain, `seed ${seed}`);
    assert.ok(read.length <= readPlain, `seed ${seed}: read ${read.length} > ${readPlain}`);
    assert.deepEqual(phraseRerank(question, pool, 0.1, termsOf, tie, keep, loose), plain, `seed ${seed} (loose presence)`);
  }
});
