// The VS Code LM adapter with a fake model and fake factories (plain Node, no editor).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createVsCodeLmModel, toLmMessages, type LmApi, type LmChatLike, type CancellationTokenLike } from '../../../src/vscode/lmModel';
import { isVerityError } from '../../../src/core/errors';

class FakeLmError extends Error {
  constructor(readonly code: string) {
    super(`lm error ${code}`);
  }
}

interface Sent {
  messages: unknown[];
  token?: CancellationTokenLike;
}

function api(): LmApi & { cancelled: number } {
  const a = {
    cancelled: 0,
    userMessage: (c: string) => ({ role: 'user', c }),
    assistantMessage: (c: string) => ({ role: 'assistant', c }),
    newCancellation() {
      const token = { isCancellationRequested: false };
      return {
        token,
        cancel: () => {
          token.isCancellationRequested = true;
          a.cancelled++;
        },
        dispose() {},
      };
    },
    errorCode: (e: unknown) => (e instanceof FakeLmError ? e.code : undefined),
  };
  return a;
}

function fake(reply: (token?: CancellationTokenLike) => AsyncIterable<string>, sent: Sent[] = [], fail?: Error): LmChatLike {
  return {
    id: 'copilot-gpt',
    name: 'GPT Fake',
    vendor: 'copilot',
    sendRequest: async (messages, _opts, token) => {
      sent.push({ messages, token });
      if (fail) throw fail;
      return { text: reply(token) };
    },
  };
}

async function* pieces(list: string[], token?: CancellationTokenLike, gapMs = 0): AsyncIterable<string> {
  for (const p of list) {
    if (token?.isCancellationRequested) return; // LM streams end quietly when cancelled
    if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
    yield p;
  }
}

test('streams text and folds the system message into the first user message', async () => {
  const sent: Sent[] = [];
  const model = createVsCodeLmModel(fake((t) => pieces(['Refunds ', 'take ', '30 days [1].'], t), sent), api());
  const got: string[] = [];
  const r = await model.chat([{ role: 'system', content: 'RULES' }, { role: 'user', content: 'Q' }, { role: 'assistant', content: 'A' }, { role: 'user', content: 'F' }], { onText: (p) => got.push(p) });
  assert.equal(r.text, 'Refunds take 30 days [1].');
  assert.equal(got.length, 3);
  assert.equal(r.usage, undefined);
  assert.deepEqual(sent[0]!.messages, [{ role: 'user', c: 'RULES\n\nQ' }, { role: 'assistant', c: 'A' }, { role: 'user', c: 'F' }]);
  assert.equal(model.id, 'GPT Fake (copilot)');
});

test('toLmMessages keeps a lone system message as a user message', () => {
  assert.deepEqual(toLmMessages([{ role: 'system', content: 'S' }], api()), [{ role: 'user', c: 'S' }]);
});

test('abort mid-stream cancels the token and throws CANCELLED even though the stream ends quietly', async () => {
  const a = api();
  const model = createVsCodeLmModel(fake((t) => pieces(Array(50).fill('x '), t, 5)), a);
  const ctl = new AbortController();
  let n = 0;
  await assert.rejects(
    model.chat([{ role: 'user', content: 'Q' }], { signal: ctl.signal, onText: () => ++n === 2 && ctl.abort() }),
    (e: unknown) => isVerityError(e) && e.code === 'CANCELLED',
  );
  assert.equal(a.cancelled, 1);
  assert.ok(n < 50);
});

test('LanguageModelError codes become coded VerityErrors', async () => {
  const cases: Array<[string, string]> = [['NoPermissions', 'MODEL_NO_PERMISSION'], ['Blocked', 'MODEL_RATE_LIMITED'], ['NotFound', 'MODEL_NOT_FOUND'], ['Other', 'MODEL_BAD_RESPONSE']];
  for (const [lmCode, code] of cases) {
    const model = createVsCodeLmModel(fake(() => pieces([]), [], new FakeLmError(lmCode)), api());
    await assert.rejects(model.chat([{ role: 'user', content: 'Q' }]), (e: unknown) => isVerityError(e) && e.code === code && !e.message.includes('\n'));
  }
});

test('an error while streaming is MODEL_BAD_RESPONSE', async () => {
  async function* broken(): AsyncIterable<string> {
    yield 'part';
    throw new Error('stream broke');
  }
  const model = createVsCodeLmModel(fake(() => broken()), api());
  await assert.rejects(model.chat([{ role: 'user', content: 'Q' }]), (e: unknown) => isVerityError(e) && e.code === 'MODEL_BAD_RESPONSE');
});
