/**
 * Driving Verity's webviews from the in-editor tests. The tests run in the extension host, the
 * webviews in the browser page: a test logs "[[ui:<id>:<action>]]", the harness
 * (scripts/vscodeTest/codeServerLauncher.mjs) performs it with playwright inside the webview's
 * frame — a real click, real typing — and writes the answer to VERITY_UI_DIR/<id>.json.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { waitFor } from './helpers';

/** A webview, or 'workbench': the page around them (notifications, the quick input box). */
export type WebviewName = 'panel' | 'report' | 'pdf' | 'workbench';

interface UiAction {
  view: WebviewName;
  action: 'click' | 'fill' | 'press' | 'select' | 'texts' | 'count' | 'attr' | 'visible';
  selector: string;
  value?: string;
}

let next = 1;

function uiDir(): string {
  const dir = process.env.VERITY_UI_DIR;
  if (!dir) throw new Error('VERITY_UI_DIR is not set: run the suite through scripts/vscodeTest/run.mjs');
  return dir;
}

async function act<T>(a: UiAction): Promise<T> {
  const id = next++;
  const file = path.join(uiDir(), `${id}.json`);
  rmSync(file, { force: true });
  console.log(`[[ui:${id}:${JSON.stringify(a)}]]`);
  const text = await waitFor(`UI action ${a.action} ${a.selector} in the ${a.view}`, () => (existsSync(file) ? readFileSync(file, 'utf8') : undefined), 30_000);
  const out = JSON.parse(text) as { ok: boolean; value?: T; error?: string };
  if (!out.ok) throw new Error(`UI action ${a.action} ${a.selector} in the ${a.view} failed: ${out.error}`);
  return out.value as T;
}

export const ui = {
  click: (view: WebviewName, selector: string) => act<boolean>({ view, action: 'click', selector }),
  fill: (view: WebviewName, selector: string, value: string) => act<boolean>({ view, action: 'fill', selector, value }),
  press: (view: WebviewName, selector: string, key: string) => act<boolean>({ view, action: 'press', selector, value: key }),
  select: (view: WebviewName, selector: string, value: string) => act<boolean>({ view, action: 'select', selector, value }),
  texts: (view: WebviewName, selector: string) => act<string[]>({ view, action: 'texts', selector }),
  count: (view: WebviewName, selector: string) => act<number>({ view, action: 'count', selector }),
  attr: (view: WebviewName, selector: string, name: string) => act<string | null>({ view, action: 'attr', selector, value: name }),
  visible: (view: WebviewName, selector: string) => act<boolean>({ view, action: 'visible', selector }),
};

/** What phase 1 hands to phase 2 across the window reload (a file in VERITY_UI_DIR). */
export function handOverFile(): string {
  return path.join(uiDir(), 'reload-handover.json');
}
