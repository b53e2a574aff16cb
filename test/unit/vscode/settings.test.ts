import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_OPTIONS } from '../../../src/core/verity';
import { readExtensionSettings, readVerityOptions, SETTINGS } from '../../../src/vscode/settings';

const root = path.resolve(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, { default: unknown; description?: string; markdownDescription?: string }> } };
};
const declared = manifest.contributes.configuration.properties;

test('package.json declares exactly the settings the code reads', () => {
  assert.deepEqual(Object.keys(declared).sort(), SETTINGS.map((s) => s.key).sort());
});

test('every declared setting has a description and the same default as the code', () => {
  for (const spec of SETTINGS) {
    const d = declared[spec.key];
    assert.ok(d, spec.key);
    assert.ok((d.description ?? d.markdownDescription ?? '').length > 10, `${spec.key} has a description`);
    assert.deepEqual(d.default, spec.default, `${spec.key} default`);
  }
});

test('defaults map onto the core defaults (so an untouched install behaves like the CLI)', () => {
  const opts = readVerityOptions(() => undefined);
  for (const [key, value] of Object.entries(opts)) {
    assert.deepEqual(value, DEFAULT_OPTIONS[key as keyof typeof DEFAULT_OPTIONS], `option ${key}`);
  }
  // Every core option is reachable from a setting.
  assert.deepEqual(Object.keys(opts).sort(), Object.keys(DEFAULT_OPTIONS).sort());
});

test('values are converted and wrong types fall back to defaults', () => {
  const values: Record<string, unknown> = { 'verity.maxFileSizeMB': 2, 'verity.ask.topK': 'many', 'verity.judge': 'claims', 'verity.diagnostics.unsupportedSeverity': 'loud' };
  const opts = readVerityOptions((k) => values[k]);
  assert.equal(opts.maxFileBytes, 2 * 1024 * 1024);
  assert.equal(opts.topK, DEFAULT_OPTIONS.topK);
  assert.equal(opts.judge, 'claims');
  const ext = readExtensionSettings((k) => values[k]);
  assert.equal(ext.unsupportedSeverity, 'warning');
  assert.deepEqual(ext.include, ['**/*.{md,markdown,mdx,pdf}']);
});
