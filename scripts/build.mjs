// Bundles the extension, the CLI, the PDF and analysis workers and the report webview with esbuild.
// Usage: node scripts/build.mjs [--watch] [--production]
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, existsSync, chmodSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/**
 * Large JSON files (the checker's word tables, 3.4 MB) as one string parsed on first use: V8
 * scans a string literal far faster than it compiles and runs an object literal of the same
 * data, and a command that never checks a sentence (`verity search`, `verity index`) never
 * parses them. Each top-level key becomes a getter, so `data.words` reads as before; a module
 * must not read them at load (src/core/check/lexicon.ts and antonyms.ts read on first use).
 */
const lazyJson = {
  name: 'lazy-json',
  setup(b) {
    b.onLoad({ filter: /\.json$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (text.length < 16 * 1024) return undefined;
      const data = JSON.parse(text);
      if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
      const getters = Object.keys(data).map((k) => `get ${JSON.stringify(k)}() { return (parsed ??= JSON.parse(TEXT))[${JSON.stringify(k)}]; }`);
      return { contents: `const TEXT = ${JSON.stringify(JSON.stringify(data))};\nlet parsed;\nexport default { ${getters.join(', ')} };`, loader: 'js' };
    });
  },
};

const common = {
  bundle: true,
  plugins: [lazyJson],
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  absWorkingDir: root,
};

/** @type {esbuild.BuildOptions[]} */
const targets = [
  {
    ...common,
    entryPoints: { extension: 'src/vscode/extension.ts' },
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
  },
  {
    ...common,
    entryPoints: { cli: 'src/cli/main.ts' },
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    define: { VERITY_VERSION: JSON.stringify(pkg.version) },
  },
  {
    ...common,
    // The passage index's analysis worker (src/node/workerAnalyzer.ts starts it).
    entryPoints: { analysisWorker: 'src/node/analysisWorker.ts' },
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
  {
    ...common,
    // pdf.js is ESM-only: the worker is an ES module.
    entryPoints: { pdfWorker: 'src/node/pdfWorker.ts' },
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['@napi-rs/canvas'],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  },
  {
    ...common,
    // The OCR child process (src/node/ocr): pdf.js is ESM-only, so this is an ES module too.
    entryPoints: { ocrChild: 'src/node/ocr/ocrChild.ts' },
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['@napi-rs/canvas'],
    // tesseract.js reads __dirname at load time (its default worker path, which Verity overrides).
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __fu } from 'node:url'; const require = __cr(import.meta.url); const __filename = __fu(import.meta.url); const __dirname = __fu(new URL('.', import.meta.url));",
    },
  },
];
if (existsSync(path.join(root, 'webview/main.ts'))) {
  targets.push({
    ...common,
    entryPoints: { main: 'webview/main.ts', pdf: 'webview/pdfMain.ts', panel: 'webview/panel/main.ts' },
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    loader: { '.css': 'text' },
  });
}

const existing = targets.filter((t) => Object.values(t.entryPoints).every((e) => existsSync(path.join(root, e))));
if (watch) {
  for (const t of existing) (await esbuild.context(t)).watch();
} else {
  await Promise.all(existing.map((t) => esbuild.build(t)));
  if (existsSync(path.join(root, 'dist/cli.js'))) chmodSync(path.join(root, 'dist/cli.js'), 0o755);
  // pdf.js's own worker for the webview's page renderer
  const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json'));
  mkdirSync(path.join(root, 'dist/webview'), { recursive: true });
  cpSync(path.join(pdfjsDir, 'build/pdf.min.mjs'), path.join(root, 'dist/webview/pdf.min.mjs'));
  cpSync(path.join(pdfjsDir, 'build/pdf.worker.min.mjs'), path.join(root, 'dist/webview/pdf.worker.min.mjs'));
  // CMaps (CJK text) and standard font metrics for the PDF worker, so the packaged extension
  // reads such PDFs without node_modules.
  for (const dir of ['cmaps', 'standard_fonts']) cpSync(path.join(pdfjsDir, dir), path.join(root, 'dist/pdfjs', dir), { recursive: true });
  // JBIG2 and JPEG 2000 decoders: scanned pages are often stored in these formats.
  for (const file of ['jbig2.wasm', 'openjpeg.wasm']) cpSync(path.join(pdfjsDir, 'wasm', file), path.join(root, 'dist/pdfjs/wasm', file));
  await buildOcrEngine();
}

/**
 * The OCR engine (tesseract.js) runs its recogniser in a worker thread loaded from a file, and
 * that worker loads one of tesseract.js-core's WebAssembly builds by name. Bundle the worker to
 * dist/ocr/engineWorker.js, copy the LSTM-only core builds beside it (plain and SIMD; the other builds carry
 * the legacy engine, which Verity never uses) and the English data, so the packaged extension
 * needs no node_modules and never fetches anything.
 */
async function buildOcrEngine() {
  const coreDir = path.dirname(require.resolve('tesseract.js-core/package.json'));
  const workerEntry = require.resolve('tesseract.js/src/worker-script/node/index.js');
  const builds = ['tesseract-core-lstm', 'tesseract-core-simd-lstm'];
  await esbuild.build({
    ...common,
    sourcemap: false,
    entryPoints: { engineWorker: workerEntry },
    outdir: 'dist/ocr',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    plugins: [
      {
        name: 'tesseract-core-beside',
        setup(b) {
          // tesseract.js 7's Node worker passes a boolean where getCore expects an engine mode, so
          // it always asks for the full (legacy + LSTM) build; Verity only runs the LSTM engine,
          // so every name resolves to the smaller LSTM-only build. The relaxed-SIMD flavour maps
          // to plain SIMD (same results; 1 MB less in the package).
          b.onResolve({ filter: /^tesseract\.js-core\// }, (args) => {
            const name = args.path.slice('tesseract.js-core/'.length).replace('relaxedsimd', 'simd');
            return { path: `./core/${name.endsWith('-lstm') ? name : `${name}-lstm`}.js`, external: true };
          });
        },
      },
    ],
  });
  // Start clean, so a build that drops a flavour does not leave it behind for the package.
  rmSync(path.join(root, 'dist/ocr/core'), { recursive: true, force: true });
  mkdirSync(path.join(root, 'dist/ocr/core'), { recursive: true });
  for (const b of builds) {
    cpSync(path.join(coreDir, `${b}.js`), path.join(root, `dist/ocr/core/${b}.js`));
    cpSync(path.join(coreDir, `${b}.wasm`), path.join(root, `dist/ocr/core/${b}.wasm`));
  }
  const engDir = path.dirname(require.resolve('@tesseract.js-data/eng/package.json'));
  mkdirSync(path.join(root, 'dist/ocr/lang'), { recursive: true });
  cpSync(path.join(engDir, '4.0.0_best_int/eng.traineddata.gz'), path.join(root, 'dist/ocr/lang/eng.traineddata.gz'));
}
