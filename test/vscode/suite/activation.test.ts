import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { test } from './runner';

export const EXTENSION_ID = 'verity-dev.verity';

test('the extension activates and registers its commands', async () => {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, 'extension is installed');
  await ext.activate();
  assert.equal(ext.isActive, true);
  const commands = await vscode.commands.getCommands(true);
  for (const id of ['verity.rebuildIndex', 'verity.showIndexStatus', 'verity.checkParagraph', 'verity.clearChecks', 'verity.setApiKey', 'verity.ask', 'verity.search']) {
    assert.ok(commands.includes(id), `command ${id} registered`);
  }
});

test('activation is cheap: the bundle loads and activate() returns quickly (measured, printed)', async () => {
  const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
  // Load a fresh copy of the bundle to time what VS Code pays before activate() runs.
  const req = createRequire(__filename);
  const bundle = path.join(ext.extensionPath, 'dist', 'extension.js');
  delete req.cache[bundle];
  const started = performance.now();
  const mod = req(bundle) as { activate?: unknown };
  const loadMs = performance.now() - started;
  const state = await vscode.commands.executeCommand<{ activationMs: number }>('verity.test.state');
  console.log(`# bundle load ${loadMs.toFixed(1)} ms, activate() ${state.activationMs.toFixed(1)} ms`);
  assert.equal(typeof mod.activate, 'function');
});
