import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
// semver is what npm itself uses to print EBADENGINE; it comes with the dev tools (no types needed here)
const semver = createRequire(__filename)('semver') as {
  minVersion: (range: string) => { version: string } | null;
  satisfies: (version: string, range: string) => boolean;
};

const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
};

test('every locked package runs on the oldest Node that package.json accepts (npm ci prints no EBADENGINE)', () => {
  const oldest = semver.minVersion(manifest.engines.node)?.version;
  assert.ok(oldest, `engines.node "${manifest.engines.node}" has a lower bound`);
  const refusing = Object.entries(lock.packages)
    .filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node && !semver.satisfies(oldest, p.engines.node))
    .map(([name, p]) => `${name.replace(/^node_modules\//, '')}@${p.version} wants node ${(p.engines as { node: string }).node}`);
  assert.deepEqual(refusing, [], `Node ${oldest} is refused by: ${refusing.join('; ')}`);
  assert.equal(lock.packages['']?.engines && (lock.packages['']!.engines as { node?: string }).node, manifest.engines.node, 'the lockfile records the same engines.node');
});

test('the README names the Node version that engines.node requires', () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const setUp = readme.slice(readme.indexOf('## Set-up'), readme.indexOf('\n## ', readme.indexOf('## Set-up') + 1));
  const oldest = semver.minVersion(manifest.engines.node)!.version.replace(/\.0$/, '');
  assert.ok(setUp.includes(`Node ${oldest}`), `the Set-up section names Node ${oldest}`);
});
