/**
 * Where the OCR pieces live: next to the bundle in a packaged extension (dist/ocrChild.mjs,
 * dist/ocr/…), or in the project's dist and node_modules when running from sources.
 */
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

function here(): string {
  return typeof __dirname === 'string' ? __dirname : process.cwd();
}

/** Folders to look in, nearest first: the bundle's own folder, then each parent's dist/. */
function distDirs(): string[] {
  const dirs = [here()];
  for (let dir = here(), i = 0; i < 6; i++, dir = path.dirname(dir)) dirs.push(path.join(dir, 'dist'));
  dirs.push(path.join(process.cwd(), 'dist'));
  return dirs;
}

function resolvePackageDir(name: string): string | undefined {
  for (const base of [path.join(here(), 'noop.js'), path.join(process.cwd(), 'noop.js')]) {
    try {
      return path.dirname(createRequire(base).resolve(`${name}/package.json`));
    } catch {
      // not installed beside this base
    }
  }
  return undefined;
}

/** dist/ocrChild.mjs, or undefined before `npm run build`. */
export function findOcrChildScript(): string | undefined {
  return distDirs()
    .map((d) => path.join(d, 'ocrChild.mjs'))
    .find((p) => existsSync(p));
}

/** The engine's worker script shipped in a packaged extension (dist/ocr/engineWorker.js). */
export function findEngineWorker(): string | undefined {
  return distDirs()
    .map((d) => path.join(d, 'ocr', 'engineWorker.js'))
    .find((p) => existsSync(p));
}

/** pdf.js's decoder assets (JBIG2 and JPEG 2000 wasm, CMaps, font data) as folder paths. */
export function findPdfAssets(): { wasmUrl?: string; cMapUrl?: string; standardFontDataUrl?: string } {
  const candidates = [...distDirs().map((d) => path.join(d, 'pdfjs'))];
  const pkg = resolvePackageDir('pdfjs-dist');
  if (pkg) candidates.push(pkg);
  const out: { wasmUrl?: string; cMapUrl?: string; standardFontDataUrl?: string } = {};
  for (const dir of candidates) {
    if (out.wasmUrl === undefined && existsSync(path.join(dir, 'wasm', 'jbig2.wasm'))) out.wasmUrl = path.join(dir, 'wasm') + path.sep;
    if (out.cMapUrl === undefined && existsSync(path.join(dir, 'cmaps'))) out.cMapUrl = path.join(dir, 'cmaps') + path.sep;
    if (out.standardFontDataUrl === undefined && existsSync(path.join(dir, 'standard_fonts'))) out.standardFontDataUrl = path.join(dir, 'standard_fonts') + path.sep;
  }
  return out;
}

const LANG_CODE = /^[a-z]{3}(?:_[a-z]+)*$/i;

/**
 * The gzip-compressed traineddata file of a language: dist/ocr/lang/<code>.traineddata.gz in a
 * packaged extension, else the `@tesseract.js-data/<code>` package's LSTM data when installed.
 */
export function findLanguageData(code: string): string | undefined {
  if (!LANG_CODE.test(code)) return undefined;
  for (const d of distDirs()) {
    const p = path.join(d, 'ocr', 'lang', `${code}.traineddata.gz`);
    if (existsSync(p)) return p;
  }
  const pkg = resolvePackageDir(`@tesseract.js-data/${code}`);
  if (!pkg) return undefined;
  for (const variant of ['4.0.0_best_int', '4.0.0']) {
    const p = path.join(pkg, variant, `${code}.traineddata.gz`);
    if (existsSync(p)) return p;
  }
  return undefined;
}

/** Every language whose data is present (shipped or installed as a data package). */
export function listLanguages(): string[] {
  const found = new Set<string>();
  for (const d of distDirs()) {
    try {
      for (const f of readdirSync(path.join(d, 'ocr', 'lang'))) if (f.endsWith('.traineddata.gz')) found.add(f.slice(0, -'.traineddata.gz'.length));
    } catch {
      // no shipped language folder here
    }
  }
  const pkg = resolvePackageDir('@tesseract.js-data/eng');
  if (pkg) {
    try {
      for (const name of readdirSync(path.dirname(pkg))) if (findLanguageData(name)) found.add(name);
    } catch {
      // the scope folder is unreadable: only the shipped languages count
    }
  }
  return [...found].sort();
}
