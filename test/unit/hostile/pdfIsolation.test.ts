/**
 * A PDF can only ever kill its own child process: a 40 MB text string behind a ~55 KB file
 * used to abort the whole process ("Reached heap limit"), worker thread limits notwithstanding.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WorkerPdfExtractor } from '../../../src/node/pdfExtractor';
import { IsolatedProcess, IsolatedProcessError } from '../../../src/node/isolatedProcess';
import { createVerity } from '../../../src/core/verity';
import { createFsWorkspace } from '../../../src/node/fsWorkspace';
import { makeHugeStringPdf, makeOnePagePdf, textLines } from '../../fixtures/hostile/pdfs';

test('a 55 KB PDF holding a 40 MB string gets a coded reason; the rest of the folder is indexed', async (t) => {
  const pdf = makeHugeStringPdf(40);
  assert.ok(pdf.byteLength < 80 * 1024, `fixture is ${pdf.byteLength} bytes`);
  const dir = mkdtempSync(path.join(tmpdir(), 'verity-pdfbomb-'));
  const extractor = new WorkerPdfExtractor({ maxHeapMb: 128, timeoutMs: 60_000 });
  t.after(async () => {
    await extractor.close();
    rmSync(dir, { recursive: true, force: true });
  });
  writeFileSync(path.join(dir, 'bomb.pdf'), pdf);
  writeFileSync(path.join(dir, 'ok.pdf'), makeOnePagePdf(textLines(['The lamp has a two year warranty.'])));
  writeFileSync(path.join(dir, 'notes.md'), '# Notes\n\nThe desk is made of oak.\n');
  const v = createVerity({ workspace: createFsWorkspace(dir), pdf: extractor });
  const summary = await v.indexWorkspace();
  assert.equal(summary.indexed, 2);
  const bomb = v.files().find((f) => f.path === 'bomb.pdf')!;
  assert.equal(bomb.state, 'skipped');
  assert.equal(bomb.reason, 'PDF_TOO_LARGE');
  assert.doesNotMatch(bomb.message!, /\n/);
  assert.ok((await v.search('oak desk', { k: 1 }))[0]?.passage.path === 'notes.md');
  // The child that died was replaced: the extractor still parses.
  assert.equal((await extractor.extract(makeOnePagePdf(textLines(['Still working.'])))).pageCount, 1);
});

test('isolated process: deadline, output cap, crash and cancel each give a reason and a fresh child', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'verity-iso-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const script = path.join(dir, 'child.mjs');
  const lib = path.join(__dirname, '..', '..', '..', 'src', 'node', 'isolatedProcess.ts');
  writeFileSync(
    script,
    `import { serveIsolated } from ${JSON.stringify(lib)};
     serveIsolated(async (p) => {
       if (p.op === 'echo') return { got: p.value, bytes: p.bytes };
       if (p.op === 'hang') for (;;) {}
       if (p.op === 'big') return 'x'.repeat(p.n);
       if (p.op === 'die') process.abort();
       if (p.op === 'throw') { const e = new Error('nope'); e.name = 'Custom'; throw e; }
       if (p.op === 'heap') { const a = []; for (;;) a.push(new Array(1e6).fill(a.length)); }
     });`,
  );
  const proc = new IsolatedProcess({ script, maxHeapMb: 64, execArgv: ['--import', 'tsx'] });
  t.after(() => proc.close());
  const limits = { timeoutMs: 20_000, maxOutputBytes: 1024 * 1024 };
  const reason = async (p: Promise<unknown>): Promise<string> => p.then(() => 'ok', (e: unknown) => (e instanceof IsolatedProcessError ? e.reason : `handler:${(e as { errorName?: string }).errorName}`));
  const echoed = await proc.request<{ got: number; bytes: Uint8Array }>({ op: 'echo', value: 7, bytes: new Uint8Array([1, 2, 3]) }, limits);
  assert.equal(echoed.got, 7);
  assert.deepEqual([...echoed.bytes], [1, 2, 3]);
  assert.equal(await reason(proc.request({ op: 'hang' }, { ...limits, timeoutMs: 1500 })), 'timeout');
  assert.equal(await reason(proc.request({ op: 'big', n: 2 * 1024 * 1024 }, limits)), 'output');
  assert.equal(await reason(proc.request({ op: 'die' }, limits)), 'crashed');
  assert.equal(await reason(proc.request({ op: 'throw' }, limits)), 'handler:Custom');
  const heap = proc.request({ op: 'heap' }, limits).catch((e: unknown) => e);
  const err = (await heap) as IsolatedProcessError;
  assert.equal(err.reason, 'crashed');
  assert.equal(err.outOfMemory, true);
  const ac = new AbortController();
  const hanging = proc.request({ op: 'hang' }, { ...limits, signal: ac.signal });
  setTimeout(() => ac.abort(), 300);
  assert.equal(await reason(hanging), 'cancelled');
  assert.equal((await proc.request<{ got: number }>({ op: 'echo', value: 8 }, limits)).got, 8);
});
