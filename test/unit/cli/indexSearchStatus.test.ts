import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/io';

function fakeIo(cwd: string): CliIO & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    isTTY: false,
    cwd,
    env: {},
    stdout: (s: string) => {
      io.out += s;
    },
    stderr: (s: string) => {
      io.err += s;
    },
  };
  return io;
}

test('verity index, search and status share one store and use the documented exit codes', async (t) => {
  const cwd = mkdtempSync(path.join(tmpdir(), 'verity-cli-'));
  t.after(() => rmSync(cwd, { recursive: true, force: true }));
  const docs = path.join(cwd, 'docs');
  await import('node:fs').then((fs) => fs.mkdirSync(docs));
  writeFileSync(path.join(docs, 'renewal.md'), '# Renewal\n\n## Online\n\nYou can renew your license online up to 60 days before it expires.\n\n## In person\n\nVisit any office with your old license.\n');
  writeFileSync(path.join(docs, 'broken.pdf'), '%PDF-1.4\nthis is not really a pdf');

  let io = fakeIo(cwd);
  assert.equal(await main(['index', 'docs'], io), 1, 'a skipped file is a finding (exit 1)');
  assert.match(io.out, /^Indexed 1 of 2 files \(1 skipped: 1 PDF_UNREADABLE\)/);
  assert.match(io.out, /PDF_UNREADABLE \(1\)/);
  assert.ok(existsSync(path.join(cwd, '.verity')), 'default store is ./.verity');

  io = fakeIo(cwd);
  assert.equal(await main(['search', 'renew my license online', '--k', '2'], io), 0);
  const firstLine = io.out.split('\n')[0]!;
  assert.match(firstLine, /^renewal\.md:3\b/, `expected the Online section first, got: ${firstLine}`);

  io = fakeIo(cwd);
  assert.equal(await main(['search', 'renew online', '--json'], io), 0);
  const hits = JSON.parse(io.out) as Array<{ path: string; startLine: number }>;
  assert.equal(hits[0]?.path, 'renewal.md');

  io = fakeIo(cwd);
  assert.equal(await main(['status'], io), 1);
  assert.match(io.out, /renewal\.md\s+indexed/);
  assert.match(io.out, /broken\.pdf\s+skipped\s+PDF_UNREADABLE/);

  io = fakeIo(cwd);
  assert.equal(await main(['search', 'x', '--store', 'nowhere'], io), 2);
  assert.match(io.err, /no index in nowhere/);

  io = fakeIo(cwd);
  assert.equal(await main(['search', 'x', '--bogus'], io), 2);
  assert.match(io.err, /unknown option --bogus/);

  io = fakeIo(cwd);
  assert.equal(await main(['frobnicate'], io), 2);
});
