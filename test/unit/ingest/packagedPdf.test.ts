// The packaged extension and the npm CLI ship dist/ without @napi-rs/canvas. pdf.js builds a
// DOMMatrix when it loads, so without a fallback every PDF was "PDF_UNREADABLE" there. This runs
// the built CLI from a folder with no node_modules anywhere above it, as an installed .vsix sits.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AffineMatrix } from '../../../src/node/domMatrixFallback';

const repo = path.join(__dirname, '../../..');
const dist = path.join(repo, 'dist');

test('the built CLI reads PDFs where no canvas package can be found', (t) => {
  if (!existsSync(path.join(dist, 'cli.js'))) return t.skip('dist/ is not built (npm test builds it first)');
  const dir = mkdtempSync(path.join(tmpdir(), 'verity-packaged-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  assert.ok(!existsSync(path.join(tmpdir(), 'node_modules')), 'no node_modules above the copy');
  cpSync(dist, path.join(dir, 'dist'), { recursive: true });
  cpSync(path.join(repo, 'examples/workspace'), path.join(dir, 'docs'), { recursive: true, filter: (src) => !src.includes('.verity') });
  const r = spawnSync(process.execPath, [path.join(dir, 'dist/cli.js'), 'status', '--docs', 'docs', '--json'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  const pdfs = (JSON.parse(r.stdout) as { files: Array<{ path: string; kind: string; state: string; reason?: string }> }).files.filter((f) => f.kind === 'pdf');
  assert.ok(pdfs.length > 0, r.stderr);
  for (const f of pdfs) assert.equal(f.state, 'indexed', `${f.path}: ${f.reason ?? ''} ${r.stderr}`);
});

test('the fallback matrix multiplies, inverts and transforms like DOMMatrix', () => {
  const m = new AffineMatrix([2, 0, 0, 3, 10, 20]);
  assert.deepEqual(m.transformPoint({ x: 1, y: 1 }), { x: 12, y: 23, z: 0, w: 1 });
  const id = m.multiply(m.inverse());
  for (const [k, v] of Object.entries({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 })) assert.ok(Math.abs(id[k as 'a'] - v) < 1e-12, k);
  assert.deepEqual([...Object.values(new AffineMatrix().translate(5, 6).scale(2))], [2, 0, 0, 2, 5, 6]);
  assert.ok(new AffineMatrix().isIdentity);
});
