// What `verity index` says about empty and partly skipped folders, its limits (flags a store
// remembers), and that every output format names a source the same way: relative to the indexed folder.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../../src/cli/main';
import { LIMIT_FLAGS } from '../../../src/cli/spec';
import { LIMIT_RANGES } from '../../../src/core/limits';
import { SETTINGS } from '../../../src/vscode/settings';
import type { CliIO } from '../../../src/cli/io';

const repo = path.resolve(__dirname, '../../..');
const base = mkdtempSync(path.join(tmpdir(), 'verity-cli-index-'));
after(() => rmSync(base, { recursive: true, force: true }));

async function run(cwd: string, argv: string[]) {
  const io = { out: '', err: '', isTTY: false, cwd, env: {}, stdout: (s: string) => void (io.out += s), stderr: (s: string) => void (io.err += s) } satisfies CliIO & { out: string; err: string };
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

function folder(name: string, files: Record<string, string> = {}): string {
  const dir = path.join(base, name);
  mkdirSync(dir, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

test('an empty folder is said plainly (exit 1), and later commands load its empty index without a warning', async () => {
  const dir = folder('empty', { 'notes.txt': 'not markdown' });
  const r = await run(dir, ['index', '.', '--store', '../empty-store']);
  assert.equal(r.code, 1, 'nothing indexed is a finding');
  assert.match(r.out, /^No markdown or PDF files in \.: nothing to index/);
  for (const argv of [['search', 'anything', '--store', '../empty-store'], ['status', '--store', '../empty-store'], ['check', '--text', 'The sky is green.', '--store', '../empty-store']]) {
    const later = await run(dir, argv);
    assert.equal(later.err, '', `${argv[0]} prints no warning: ${later.err}`);
  }
});

test('a partly skipped run says how many of how many files were indexed and why the rest were not', async () => {
  const dir = folder('partial', { 'a.md': '# A\n\nThe office opens at nine.\n', 'b.md': '# B\n\nThe office closes at five.\n', 'broken.pdf': '%PDF-1.4\nnot really a pdf' });
  const r = await run(dir, ['index', '.', '--store', '../partial-store']);
  assert.equal(r.code, 1);
  assert.match(r.out.split('\n')[0]!, /^Indexed 2 of 3 files \(1 skipped: 1 PDF_UNREADABLE\): \d+ passages/);
  assert.match(r.out, /\n {2}PDF_UNREADABLE \(1\): .*\n {4}broken\.pdf\n/);
});

test('the PDF page limit is a flag; the store remembers it and raising it re-reads the skipped PDF', async () => {
  const dir = folder('pdfs');
  copyFileSync(path.join(repo, 'examples/workspace/warranty-terms.pdf'), path.join(dir, 'terms.pdf'));
  let r = await run(base, ['index', 'pdfs', '--store', 'pdf-store', '--max-pdf-pages', '2']);
  assert.equal(r.code, 1, r.out + r.err);
  assert.match(r.out, /PDF_TOO_LARGE \(1\): .*3 pages \(limit 2\)/);
  // later commands refresh with the limit the store was built with: still skipped, not re-read
  r = await run(base, ['status', '--store', 'pdf-store']);
  assert.match(r.out, /terms\.pdf\s+skipped\s+PDF_TOO_LARGE/);
  r = await run(base, ['index', 'pdfs', '--store', 'pdf-store', '--max-pdf-pages', '3']);
  assert.equal(r.code, 0, r.out + r.err);
  assert.match(r.out, /^Indexed 1 file: \d+ passages/);
  assert.deepEqual(JSON.parse(readFileSync(path.join(base, 'pdf-store', 'workspace.json'), 'utf8')).limits, { maxPdfPages: 3 });
  r = await run(base, ['search', 'warranty', '--store', 'pdf-store', '--k', '1']);
  assert.match(r.out, /^terms\.pdf#page=\d/);
});

test('the size limits are flags too (a markdown file over --max-file-mb is skipped with its reason)', async () => {
  const dir = folder('sizes', { 'big.md': `# Big\n\n${'word '.repeat(400)}\n`, 'small.md': '# Small\n\nShort.\n' });
  const r = await run(dir, ['index', '.', '--store', '../sizes-store', '--max-file-mb', '0.001']);
  assert.equal(r.code, 1);
  assert.match(r.out, /1 skipped: 1 FILE_TOO_LARGE/);
  assert.match(r.out, /big\.md/);
});

test('every limit flag has a VS Code setting of the same default', () => {
  assert.deepEqual(LIMIT_FLAGS.map((f) => f.name).sort(), ['max-file-mb', 'max-pdf-mb', 'max-pdf-pages', 'pdf-timeout']);
  for (const f of LIMIT_FLAGS) {
    const setting = SETTINGS.find((s) => s.key === f.setting);
    assert.ok(setting, `--${f.name} names a declared setting (${f.setting})`);
    assert.equal(String(setting.default), f.default, `--${f.name} and ${f.setting} share the default`);
  }
});

test('paths are relative to the indexed folder, not the working directory, and the same in every format', async () => {
  folder('project/docs', { 'guide/renewal.md': '# Renewal\n\nYou can renew your license online up to 60 days before it expires.\n' });
  const work = folder('elsewhere/deep');
  writeFileSync(path.join(work, 'draft.md'), 'You can renew your license online up to 90 days before it expires.\n');
  const docs = path.relative(work, path.join(base, 'project/docs'));
  assert.ok(docs.startsWith('..'), 'the docs are outside the working directory');
  // the store lives in the folder it indexes (a store may only index the folder holding it)
  const store = path.join(docs, '.verity');
  assert.equal((await run(work, ['index', docs, '--store', store])).code, 0);

  const text = await run(work, ['search', 'renew license online', '--k', '1', '--store', store]);
  assert.match(text.out, /^guide\/renewal\.md:1 /);
  const json = JSON.parse((await run(work, ['search', 'renew license online', '--k', '1', '--json', '--store', store])).out) as Array<{ path: string; location: string }>;
  assert.deepEqual([json[0]!.path, json[0]!.location], ['guide/renewal.md', 'guide/renewal.md:1']);

  const checkText = await run(work, ['check', 'draft.md', '--store', store]);
  assert.match(checkText.out, /^draft\.md:1:1: contradicted: .* — source: guide\/renewal\.md:\d+ /);
  const checkJson = JSON.parse((await run(work, ['check', 'draft.md', '--format', 'json', '--store', store])).out);
  assert.equal(checkJson.root, path.join(base, 'project/docs'));
  assert.equal(checkJson.files[0].path, 'draft.md');
  const ev = checkJson.files[0].sentences[0].evidence;
  assert.deepEqual([ev.path, ev.location], ['guide/renewal.md', `guide/renewal.md:${ev.startLine}`]);
  const sarif = JSON.parse((await run(work, ['check', 'draft.md', '--format', 'sarif', '--store', store])).out);
  const related = sarif.runs[0].results[0].relatedLocations[0].physicalLocation.artifactLocation;
  assert.deepEqual(related, { uri: 'guide/renewal.md', uriBaseId: 'DOCS' });
  assert.equal(sarif.runs[0].originalUriBaseIds.DOCS.uri, `file://${path.join(base, 'project/docs')}/`);
});

test('the README documents every limit with its flag, setting, default and range; package.json declares the same range', () => {
  const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, { default: number; minimum?: number; maximum?: number }> } } };
  const ocrPages = { name: 'ocr-max-pages', value: 'N', setting: 'verity.ocr.maxPagesPerFile', default: '20', range: LIMIT_RANGES.ocrMaxPagesPerFile };
  for (const f of [...LIMIT_FLAGS, ocrPages]) {
    const range = f.range!;
    const row = new RegExp(`^\\| \`--${f.name} ${f.value}\` \\| \`${f.setting!.replace(/\./g, '\\.')}\` \\| ${f.default} \\| ${range.min}–${range.max} \\|`, 'm');
    assert.match(readme, row, `README row for --${f.name}`);
    const setting = manifest.contributes.configuration.properties[f.setting!]!;
    assert.deepEqual([setting.default, setting.minimum, setting.maximum], [Number(f.default), range.min, range.max], `package.json range of ${f.setting}`);
  }
});
