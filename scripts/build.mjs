// Bundles the extension, the CLI, the PDF worker and the report webview with esbuild.
// Usage: node scripts/build.mjs [--watch] [--production]
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, existsSync, chmodSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
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
];
if (existsSync(path.join(root, 'webview/main.ts'))) {
  targets.push({
    ...common,
    entryPoints: { main: 'webview/main.ts', pdf: 'webview/pdfMain.ts' },
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
}
