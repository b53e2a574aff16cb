/**
 * Which failed reads a PostgreSQL reader runs again (pgErrors.ts), without a server: a lost
 * connection and a read a hot standby cancelled (40001) are retried; a failed statement and a
 * refused password are not.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isVerityError } from '../../../src/core/errors';
import { parsePgUrl } from '../../../src/node/pg/pgConfig';
import { withRetry } from '../../../src/node/pg/pgErrors';

const cfg = parsePgUrl('postgres://verity@db.example.com/verity?corpus=handbook');

/** A read that fails with `errors` in turn, then answers 'ok'; and how often it ran. */
function flaky(errors: object[]): { read: () => Promise<string>; runs: () => number } {
  let n = 0;
  return {
    read: async () => {
      const e = errors[n++];
      if (e) throw Object.assign(new Error((e as { message?: string }).message ?? 'failed'), e);
      return 'ok';
    },
    runs: () => n,
  };
}

test('a lost connection and a read cancelled by a standby\'s replay are read again; the answer comes back', async () => {
  const f = flaky([{ code: 'ECONNRESET' }, { code: '40001', message: 'canceling statement due to conflict with recovery' }, { code: '57P01' }]);
  assert.equal(await withRetry(cfg, 'searching', f.read, [0, 0, 0]), 'ok');
  assert.equal(f.runs(), 4);
});

test('a failed statement or a refused password is not read again, and the last transient failure is one coded line', async () => {
  for (const [e, code] of [
    [{ code: '42P01', message: 'relation "verity_term" does not exist' }, 'INTERNAL'],
    [{ code: '28P01', message: 'password authentication failed for user "verity"' }, 'STORE_UNREACHABLE'],
  ] as const) {
    const f = flaky([e]);
    await assert.rejects(withRetry(cfg, 'searching', f.read, [0, 0]), (err: unknown) => isVerityError(err) && err.code === code);
    assert.equal(f.runs(), 1);
  }
  const f = flaky([{ code: '40001' }, { code: '40001' }, { code: '40001' }]);
  await assert.rejects(withRetry(cfg, 'searching', f.read, [0, 0]), (err: unknown) => isVerityError(err) && /db\.example\.com/.test(err.message));
  assert.equal(f.runs(), 3);
});
