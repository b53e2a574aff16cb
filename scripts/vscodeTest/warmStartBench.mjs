// `npm run bench:warm-start [-- --runs N] [-- --compare <git rev>]`: the time to the first check
// after a window reload, measured in code-server on a 45-file workspace (the example workspace,
// 20 RHDH guides, 16 doc2dial pages and 3 PDFs from ../shared/data). Each run indexes the
// workspace, leaves warranty.md open, reloads the window, and checks a paragraph of it as soon as
// the reloaded window runs tests (test/vscode/bench/warmStart.ts). With --compare, the same run is
// made with the extension as built from that revision, alternating, so both are measured side by
// side under the same load. Prints one line per run and a summary (median).
import { execSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTools } from './setup.mjs';
import { runSuite } from './suite.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const data = path.resolve(root, '..', 'shared', 'data');
const log = (line) => process.stdout.write(`[bench:warm-start] ${line}\n`);

function args() {
  const a = process.argv.slice(2);
  const out = { runs: 2, compare: undefined };
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '--runs') out.runs = Math.max(1, Number(a[++i]) || 1);
    else if (a[i] === '--compare') out.compare = a[++i];
    else throw new Error(`unknown argument ${a[i]} (options: --runs N, --compare <git rev>)`);
  }
  return out;
}

/** The first `n` markdown files of a folder, by name. */
function firstMarkdown(dir, n) {
  return readdirSync(dir).filter((f) => f.endsWith('.md')).sort().slice(0, n).map((f) => path.join(dir, f));
}

/** The benchmark workspace: 45 files (6 example, 20 RHDH, 16 doc2dial, 3 PDFs). */
function buildWorkspace(dir) {
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(path.join(root, 'examples', 'workspace'))) {
    if (!f.startsWith('.')) copyFileSync(path.join(root, 'examples', 'workspace', f), path.join(dir, f));
  }
  const put = (files, sub) => {
    mkdirSync(path.join(dir, sub), { recursive: true });
    for (const f of files) copyFileSync(f, path.join(dir, sub, path.basename(f)));
  };
  put(firstMarkdown(path.join(data, 'rhdh-docs', 'docs'), 20), 'rhdh');
  put(firstMarkdown(path.join(data, 'doc2dial', 'docs', 'dmv'), 16), 'dmv');
  put(['tracemonkey.pdf', 'prefilled_f1040.pdf', 'file_pdfjs_test.pdf'].map((f) => path.join(data, 'pdf-corpus', 'pdfs', f)), 'pdfs');
  const count = (d) => readdirSync(d, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? count(path.join(d, e.name)) : 1), 0);
  return count(dir);
}

/** The extension as it was at `rev`, built in a temporary folder beside this checkout's node_modules. */
function buildRevision(rev, dir) {
  mkdirSync(dir, { recursive: true });
  execSync(`git archive ${rev} | tar -x -C ${JSON.stringify(dir)}`, { cwd: root, stdio: 'inherit', shell: '/bin/bash' });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const b = spawnSync(process.execPath, [path.join(dir, 'scripts', 'build.mjs')], { cwd: dir, stdio: 'inherit', timeout: 5 * 60_000 });
  if (b.status !== 0) throw new Error(`could not build ${rev}`);
}

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};

async function main() {
  const opts = args();
  if (!existsSync(path.join(data, 'rhdh-docs'))) {
    log(`skipped: ${data} is missing (the benchmark reads its documents from ../shared/data)`);
    return 0;
  }
  const tools = ensureTools(root, log);
  if (!process.env.VERITY_TEST_NO_BUILD) {
    const b = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit', timeout: 5 * 60_000 });
    if (b.status !== 0) throw new Error('build failed');
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'verity-warm-'));
  try {
    const workspace = path.join(tmp, 'workspace');
    const files = buildWorkspace(workspace);
    log(`workspace: ${files} files`);
    const variants = [{ name: 'this build', extensionPath: root }];
    if (opts.compare) {
      const dir = path.join(tmp, 'compare');
      buildRevision(opts.compare, dir);
      variants.push({ name: opts.compare, extensionPath: dir });
    }
    const results = new Map(variants.map((v) => [v.name, []]));
    for (let i = 1; i <= opts.runs; i++) {
      for (const v of variants) {
        let figures;
        const r = await runSuite({
          name: 'bench-warm-start',
          entry: 'test/vscode/bench/warmStart.ts',
          workspace,
          extensionPath: v.extensionPath,
          tools,
          log,
          env: { VERITY_TEST_TIMEOUT_MS: String(15 * 60_000) },
          onLine: (l) => {
            const m = /^# bench (\{.*\})$/.exec(l.trim());
            if (m) figures = JSON.parse(m[1]);
          },
        });
        if (r.failed || !figures) throw new Error(`run ${i} (${v.name}) failed: ${r.failures.join('\n')}`);
        results.get(v.name).push(figures);
        log(`run ${i}, ${v.name}: ${JSON.stringify(figures)}`);
      }
    }
    console.log('\nTime to the first check after a window reload (code-server, headless Chromium; median of runs):');
    console.log('| build | files | reload → check answered | check asked → answered | waited for the index | checker | files read by then | files read by the reconcile |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const [name, rs] of results) {
      const f = (k) => median(rs.map((r) => r[k]));
      const ms = (x) => (x === null ? 'n/a' : `${x} ms`);
      console.log(`| ${name} | ${rs[0]?.files} | ${ms(f('reloadToAnsweredMs'))} | ${ms(f('askedToAnsweredMs'))} | ${ms(f('waitedForIndexMs'))} | ${ms(f('checkerMs'))} | ${f('filesReadByThen') ?? 'n/a'} | ${f('filesReadByTheReconcile') ?? 'n/a'} |`);
    }
    return 0;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().then((code) => process.exit(code), (e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
