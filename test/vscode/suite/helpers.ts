import { existsSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a truthy value (or throws with `what` after `ms`). */
export async function waitFor<T>(what: string, probe: () => PromiseLike<T | undefined | false> | T | undefined | false, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

export function workspaceUri(rel: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the fixture workspace is not open');
  return vscode.Uri.joinPath(folder.uri, ...rel.split('/'));
}

/**
 * Asks the harness for a screenshot of the workbench: the launcher watches the log for this
 * marker and writes the file (into out/screenshots/vscode/<run>/, or where VERITY_SCREENSHOTS_TO
 * says: `npm run screenshots` makes the README's images that way), which we wait for.
 */
export async function screenshot(name: string, opts: { keepNotifications?: boolean } = {}): Promise<void> {
  const dir = process.env.VERITY_SCREENSHOT_DIR;
  if (!dir) return;
  const file = path.join(dir, name);
  rmSync(file, { force: true });
  // Notifications (e.g. the first-run question) would cover what the picture is about, unless they are.
  if (!opts.keepNotifications) await vscode.commands.executeCommand('notifications.clearAll');
  await sleep(800); // let the workbench paint
  console.log(`[[screenshot:${name}]]`);
  await waitFor(`screenshot ${name}`, () => existsSync(file), 15_000);
}

/** The range of the first occurrence of `needle` in a document. */
export function rangeOf(doc: vscode.TextDocument, needle: string): vscode.Range {
  const at = doc.getText().indexOf(needle);
  if (at < 0) throw new Error(`"${needle}" not found in ${doc.uri.path}`);
  return new vscode.Range(doc.positionAt(at), doc.positionAt(at + needle.length));
}
