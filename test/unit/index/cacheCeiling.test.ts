/**
 * The hosts (the CLI, the extension) hold the posting cache to a share of the machine's memory.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { postingCache } from '../../../src/core/index/postingCache';
import { CACHE_MEMORY_SHARE, limitCacheToMachine } from '../../../src/node/cacheCeiling';

test('the posting cache\'s ceiling is a share of the memory it is given, the machine\'s by default', () => {
  const before = postingCache.ceiling;
  try {
    limitCacheToMachine(8 * 1024 ** 3);
    assert.equal(postingCache.ceiling, CACHE_MEMORY_SHARE * 8 * 1024 ** 3);
    limitCacheToMachine();
    assert.ok(Number.isFinite(postingCache.ceiling) && postingCache.ceiling > 0);
  } finally {
    postingCache.ceiling = before;
  }
});
