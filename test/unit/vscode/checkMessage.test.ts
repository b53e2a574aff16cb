import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CheckMessage } from '../../../src/vscode/checkMessage';

/** A fake status bar: the lines on show, as setStatusBarMessage would keep them until disposed or timed out. */
function fakeBar(): { shown: Set<string>; set: (text: string, ms: number) => { dispose(): void } } {
  const shown = new Set<string>();
  return { shown, set: (text) => (shown.add(text), { dispose: () => shown.delete(text) }) };
}

test('a check line replaces the previous one, and clear takes it down at once, not 15 s later', () => {
  let t = 1000;
  const bar = fakeBar();
  const m = new CheckMessage(bar.set, 15_000, () => t);
  m.show('Verity: 3 supported');
  assert.deepEqual([...bar.shown], ['Verity: 3 supported']);
  assert.equal(m.current(), 'Verity: 3 supported');
  m.show('Verity: 1 supported, 1 unsupported');
  assert.deepEqual([...bar.shown], ['Verity: 1 supported, 1 unsupported']);
  // a failed check or a team index that failed or came back: the line goes now
  t += 1000;
  m.clear();
  assert.deepEqual([...bar.shown], []);
  assert.equal(m.current(), undefined);
  m.clear();
  m.show('Verity: 2 supported');
  t += 15_000;
  assert.equal(m.current(), undefined, 'timed out');
  m.dispose();
  assert.deepEqual([...bar.shown], []);
});
