// Makes sure the system packages the real-browser and real-VS-Code tests need are present:
// Debian's chromium (webview + code-server driver) and Kerberos headers (code-server's native
// module). Installs them with apt when running as root; otherwise says exactly what to run.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const need = [];
if (!existsSync('/usr/bin/chromium')) need.push('chromium');
if (!existsSync('/usr/include/gssapi/gssapi.h')) need.push('libkrb5-dev');
if (need.length) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    console.error(`Missing system packages: ${need.join(' ')}. Install them with: sudo apt-get install -y ${need.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing system packages: ${need.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', ...need]]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${r.status})`);
      process.exit(1);
    }
  }
}
