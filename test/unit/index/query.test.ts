import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildQuery } from '../../../src/core/index/index';

test('buildQuery: last turn first, then history newest first, capped in whitespace tokens', () => {
  const history = [
    { role: 'user' as const, text: 'one two three four' },
    { role: 'assistant' as const, text: 'five six' },
    { role: 'user' as const, text: 'seven eight nine' },
  ];
  assert.equal(buildQuery('last question?', history), 'last question?\nseven eight nine\nfive six\none two three four');
  assert.equal(buildQuery('q', history, { historyTokens: 4 }), 'q\nseven eight nine\nsix');
  assert.equal(buildQuery('q', history, { historyTokens: 0 }), 'q');
  assert.equal(buildQuery('q', []), 'q');
});
