import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

test('the package ships the OCR engine and English data, and none of the legacy engine builds', { skip: !existsSync(path.join(root, 'dist/ocrChild.mjs')) && 'run `npm run build` first' }, () => {
  const vsce = path.join(root, 'node_modules/@vscode/vsce/vsce');
  const files = execFileSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  for (const f of ['dist/ocrChild.mjs', 'dist/ocr/engineWorker.js', 'dist/ocr/lang/eng.traineddata.gz', 'dist/ocr/core/tesseract-core-lstm.wasm', 'dist/ocr/core/tesseract-core-simd-lstm.wasm', 'dist/pdfjs/wasm/jbig2.wasm']) {
    assert.ok(files.includes(f), `${f} is packaged`);
  }
  const extra = files.filter((f) => f.startsWith('dist/ocr/core/') && !/tesseract-core-(simd-)?lstm\.(js|wasm)$/.test(f));
  assert.deepEqual(extra, [], 'only the LSTM-only builds ship');
  assert.ok(!files.some((f) => f.includes('node_modules/tesseract')), 'the engine comes bundled, not as node_modules');
});
