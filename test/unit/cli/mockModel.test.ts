// `npm run mock-model` as a person runs it: its --port is documented, a busy or bad port is one
// clear line (exit 2), and a free port serves the OpenAI-compatible API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const script = ['--import', 'tsx', 'scripts/mockModel.ts'];
const runSync = (args: string[]) => spawnSync(process.execPath, [...script, ...args], { cwd: root, encoding: 'utf8', timeout: 60_000, env: { ...process.env, PORT: '' } });

test('--help documents --port and its default', () => {
  const r = runSync(['--help']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /--port N .*default: 8765/);
});

test('a busy port is one line naming the port and what to do, exit 2, no stack', async (t) => {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  t.after(() => blocker.close());
  const port = (blocker.address() as net.AddressInfo).port;
  const r = runSync(['--port', String(port)]);
  assert.equal(r.status, 2, r.stdout + r.stderr);
  assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
  assert.match(r.stderr, new RegExp(`^mock-model: port ${port} is already in use: pass another with --port N`));
  assert.doesNotMatch(r.stderr, /^\s+at /m);
});

test('a bad port value is one line, exit 2', () => {
  for (const args of [['--port', 'abc'], ['--port'], ['--port', '70000'], ['--bogus']]) {
    const r = runSync(args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /^mock-model: (--port must be|unknown argument)/);
  }
});

test('--port 0 picks a free port and serves /v1/models', async () => {
  const child = spawn(process.execPath, [...script, '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code} before listening: ${out}`)));
    });
    const models = (await (await fetch(`${url}/models`)).json()) as { data: Array<{ id: string }> };
    assert.deepEqual(models.data.map((m) => m.id), ['mock-model']);
  } finally {
    child.kill('SIGTERM');
  }
});
