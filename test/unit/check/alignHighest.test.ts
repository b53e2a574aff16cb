/**
 * The alignment's highest recall over a size's windows (`highest` in align.ts) is what the spread
 * it replaced gave: `Math.max(floor, ...recalls.map((r) => r ?? -1))`, unmeasured windows as -1,
 * NaN and -0 included.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { highest } from '../../../src/core/check/align';

const bySpread = (floor: number, recalls: ReadonlyArray<number | undefined>): number => Math.max(floor, ...recalls.map((r) => r ?? -1));

test('highest equals Math.max over the floor and the measured recalls', () => {
  const pool = [undefined, undefined, -1, -0, 0, 0.25, 0.5, 1, 1 - 1e-12, NaN, -Infinity];
  let seed = 7;
  const next = (): number => (seed = (seed * 1103515245 + 12345) >>> 0);
  for (let t = 0; t < 5_000; t++) {
    const recalls = Array.from({ length: next() % 9 }, () => pool[next() % pool.length]);
    const floor = [-1, 0, 0.5, -0][next() % 4]!;
    assert.ok(Object.is(highest(floor, recalls), bySpread(floor, recalls)), `${floor} ${JSON.stringify(recalls)}`);
  }
  assert.equal(highest(-1, []), -1);
  assert.equal(highest(0.3, [undefined, 0.2]), 0.3);
  assert.ok(Number.isNaN(highest(-1, [0.5, NaN, 1])));
});
