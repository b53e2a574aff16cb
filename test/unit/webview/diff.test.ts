import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wordDiff } from '../../../webview/diff';

const render = (ops: ReturnType<typeof wordDiff>) => ops.map((o) => (o.op === 'same' ? o.text : o.op === 'add' ? `{+${o.text}+}` : `[-${o.text}-]`)).join('');

test('word diff marks replaced and inserted words and keeps the rest', () => {
  // "days." and "days" differ (punctuation rides with the word), so the tail is replaced whole.
  assert.equal(render(wordDiff('Refunds are issued within 60 days.', 'Refunds are issued within 30 days of the request.')), 'Refunds are issued within [-60 days.-]{+30 days of the request.+}');
  assert.equal(render(wordDiff('Refunds within 60 days [2].', 'Refunds within 30 days of the request [2].')), 'Refunds within [-60 -]{+30 +}days {+of the request +}[2].');
});

test('rebuilding from the ops gives back both texts', () => {
  const a = 'The fee is 5 dollars. Members renew online.\nLate fees apply.';
  const b = 'The fee is 7 dollars, Members may renew online.\nNo late fees apply at all.';
  const ops = wordDiff(a, b);
  assert.equal(ops.filter((o) => o.op !== 'add').map((o) => o.text).join(''), a);
  assert.equal(ops.filter((o) => o.op !== 'del').map((o) => o.text).join(''), b);
});

test('identical and empty inputs', () => {
  assert.deepEqual(wordDiff('same words here', 'same words here'), [{ op: 'same', text: 'same words here' }]);
  assert.deepEqual(wordDiff('', 'new'), [{ op: 'add', text: 'new' }]);
  assert.deepEqual(wordDiff('old', ''), [{ op: 'del', text: 'old' }]);
  assert.deepEqual(wordDiff('', ''), []);
});
