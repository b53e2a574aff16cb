#!/usr/bin/env node
// A stand-in "VS Code executable" for @vscode/test-electron's runTests({ vscodeExecutablePath }).
// It takes VS Code's test flags, starts code-server (VS Code with a Node extension host) on a free
// local port, opens it in headless Chromium through playwright-core with the smoke-test driver's
// payload (extensionDevelopmentPath + extensionTestsPath), relays the test output and exits with
// the code the test runner reports. Settings come from the environment (set by run.mjs):
//   VERITY_NODE24, VERITY_CODE_SERVER   paths of Node 24 and code-server's entry.js
//   VERITY_EXTRA_EXTENSIONS            folders of extra extensions to install (path-delimited)
//   VERITY_TEST_TIMEOUT_MS             hard limit for the whole run (default 10 minutes)
//   VERITY_SCREENSHOT_DIR              where the screenshots tests ask for are written (see below)
//   VERITY_UI_DIR                      where answers to the tests' UI actions are written (see below)
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const started = Date.now();
const log = (line) => process.stdout.write(`[launcher ${((Date.now() - started) / 1000).toFixed(1)}s] ${line}\n`);

function parseArgs(argv) {
  const flags = new Map();
  const positional = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) { positional.push(a); continue; }
    const eq = a.indexOf('=');
    if (eq > 0) flags.set(a.slice(2, eq), a.slice(eq + 1));
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--') && ['user-data-dir', 'extensions-dir', 'extensionDevelopmentPath', 'extensionTestsPath'].includes(a.slice(2))) flags.set(a.slice(2), argv[++i]);
    else flags.set(a.slice(2), 'true');
  }
  return { flags, positional };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitHealthy(url, ms, child) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited early with ${child.exitCode}`);
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (r.status === 200) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`code-server did not answer ${url} within ${ms} ms`);
}

/** Copies an unpacked extension folder into the extensions dir as publisher.name-version/. */
function installExtension(src, extensionsDir) {
  const pkg = JSON.parse(readFileSync(path.join(src, 'package.json'), 'utf8'));
  const dest = path.join(extensionsDir, `${pkg.publisher}.${pkg.name}-${pkg.version}`);
  cpSync(src, dest, { recursive: true });
  log(`installed ${path.basename(dest)}`);
}

async function main() {
  const { flags, positional } = parseArgs(process.argv.slice(2));
  const node24 = process.env.VERITY_NODE24;
  const entry = process.env.VERITY_CODE_SERVER;
  if (!node24 || !entry || !existsSync(node24) || !existsSync(entry)) throw new Error('VERITY_NODE24 / VERITY_CODE_SERVER must point at Node 24 and code-server (run scripts/vscodeTest/run.mjs)');
  const devPath = flags.get('extensionDevelopmentPath');
  const testsPath = flags.get('extensionTestsPath');
  const userDataDir = flags.get('user-data-dir');
  const extensionsDir = flags.get('extensions-dir');
  const folder = positional[positional.length - 1];
  if (!devPath || !testsPath || !userDataDir || !extensionsDir || !folder) throw new Error('need --extensionDevelopmentPath, --extensionTestsPath, --user-data-dir, --extensions-dir and a folder');
  mkdirSync(userDataDir, { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  for (const ext of (process.env.VERITY_EXTRA_EXTENSIONS ?? '').split(path.delimiter).filter(Boolean)) installExtension(ext, extensionsDir);

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(node24, [entry, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--config', '/dev/null',
    '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--disable-telemetry', '--disable-update-check',
    '--disable-workspace-trust', '--disable-getting-started-override', '--vscode-option', 'enable-smoke-test-driver'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PATH: `${path.dirname(node24)}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  const serverLog = [];
  const keep = (d) => { serverLog.push(d.toString()); if (serverLog.length > 400) serverLog.shift(); if (process.env.VERITY_VERBOSE) process.stderr.write(d); };
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);

  let browser;
  const cleanup = async () => {
    try { await browser?.close(); } catch { /* already gone */ }
    try { process.kill(-server.pid, 'SIGKILL'); } catch { /* already gone */ }
  };
  // If the runner stops us, take code-server (its own process group) and Chromium down too.
  for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => void cleanup().then(() => process.exit(1)));
  const timeoutMs = Number(process.env.VERITY_TEST_TIMEOUT_MS ?? 10 * 60_000);
  const timer = setTimeout(async () => {
    log(`TIMEOUT after ${timeoutMs} ms; last code-server output:\n${serverLog.slice(-30).join('')}`);
    await cleanup();
    process.exit(1);
  }, timeoutMs);

  try {
    await waitHealthy(`${origin}/healthz`, 90_000, server);
    log(`code-server up on ${origin}`);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    // Clipboard access, so "copy" commands can be read back the way a paste would.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const shotDir = process.env.VERITY_SCREENSHOT_DIR;
    const uiDir = process.env.VERITY_UI_DIR;
    let exitCode;
    const workbenchLog = [];
    const exited = new Promise((resolve) => {
      page.exposeFunction('codeAutomationExit', (code) => { exitCode = Number(code); resolve(); });
    });
    await page.exposeFunction('codeAutomationLog', async (type, args) => {
      const text = (Array.isArray(args) ? args : [args]).map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
      // A test asks for a screenshot by logging "[[screenshot:<name>.png]]"; it waits for the file.
      const m = /\[\[screenshot:([\w.-]+\.png)\]\]/.exec(text);
      if (m && shotDir) {
        mkdirSync(shotDir, { recursive: true });
        await page.screenshot({ path: path.join(shotDir, m[1]) });
        log(`screenshot ${m[1]}`);
        return;
      }
      // A test asks for a UI action inside a webview ("[[ui:<id>:<json>]]") and waits for <id>.json.
      const u = /\[\[ui:(\d+):(.*)\]\]$/s.exec(text);
      if (u && uiDir) {
        const out = await uiAction(page, JSON.parse(u[2])).then((value) => ({ ok: true, value }), (e) => ({ ok: false, error: e instanceof Error ? e.message.split('\n')[0] : String(e) }));
        mkdirSync(uiDir, { recursive: true });
        const file = path.join(uiDir, `${u[1]}.json`);
        writeFileSync(`${file}.tmp`, JSON.stringify(out));
        renameSync(`${file}.tmp`, file);
        return;
      }
      // The workbench logs a lot (expected: ENOTFOUND open-vsx.org, github auth timeouts); show the
      // runner's own lines and keep the rest for a failure report.
      if (process.env.VERITY_VERBOSE || /^(✔|✖|#|\[verity)|^\d+ passed, \d+ failed/.test(text)) process.stdout.write(text.endsWith('\n') ? text : text + '\n');
      else { workbenchLog.push(text); if (workbenchLog.length > 200) workbenchLog.shift(); }
    });
    const toRemote = (p) => `vscode-remote://127.0.0.1:${port}${path.resolve(p)}`;
    const payload = JSON.stringify([['extensionDevelopmentPath', toRemote(devPath)], ['extensionTestsPath', toRemote(testsPath)]]);
    // A .code-workspace file opens as a (multi-root) workspace, anything else as a folder.
    const target = folder.endsWith('.code-workspace') ? `workspace=${encodeURIComponent(path.resolve(folder))}` : `folder=${encodeURIComponent(path.resolve(folder))}`;
    await page.goto(`${origin}/?${target}&payload=${encodeURIComponent(payload)}`);
    await exited;
    log(`tests finished with exit code ${exitCode}`);
    if (exitCode !== 0) process.stdout.write(`last workbench log lines:\n${workbenchLog.slice(-60).join('\n')}\n`);
    clearTimeout(timer);
    await cleanup();
    process.exit(exitCode === 0 ? 0 : 1);
  } catch (e) {
    log(`failed: ${e instanceof Error ? e.message : String(e)}\nlast code-server output:\n${serverLog.slice(-30).join('')}`);
    clearTimeout(timer);
    await cleanup();
    process.exit(1);
  }
}

/**
 * The frame of a Verity webview: the report, the PDF view or the conversation panel mark their
 * app element with data-view (src/vscode/report/html.ts). Webviews are nested iframes of the
 * workbench; the newest matching frame wins (a reloaded view replaces its frame).
 */
async function webviewFrame(page, view) {
  for (const frame of [...page.frames()].reverse()) {
    try {
      if (await frame.evaluate((v) => document.querySelector('#app')?.getAttribute('data-view') === v, view)) return frame;
    } catch { /* a frame that went away or is not ours */ }
  }
  throw new Error(`no ${view} webview on the page`);
}

/**
 * One UI action a test asked for: click, fill, press a key, pick an option, or read text / count / an attribute
 * of the elements matching a selector inside a webview (or in the workbench itself: view 'workbench'). Actions time out after 10 s.
 */
async function uiAction(page, a) {
  // 'workbench': the page itself (notifications, the quick input), not a webview
  const frame = a.view === 'workbench' ? page.mainFrame() : await webviewFrame(page, a.view);
  const loc = frame.locator(a.selector);
  const first = loc.first();
  const opts = { timeout: 10_000 };
  switch (a.action) {
    case 'click': await first.click(opts); return true;
    case 'fill': await first.fill(a.value, opts); return true;
    case 'press': await first.press(a.value, opts); return true;
    case 'texts': return loc.allInnerTexts();
    case 'count': return loc.count();
    case 'attr': return first.getAttribute(a.value, opts);
    case 'visible': return first.isVisible();
    // a choice in a vscode-single-select: its value set and its change event fired, as picking from its list does
    case 'select': await first.evaluate((e, v) => { e.value = v; e.dispatchEvent(new Event('change')); }, a.value); return true;
    default: throw new Error(`unknown UI action ${a.action}`);
  }
}

await main();
