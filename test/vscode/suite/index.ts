// extensionTestsPath entry: VS Code calls run() inside the extension host. Suites run in this
// order; the reload tests run after a real window reload (runner.ts), in the reloaded window.
import { runAll } from './runner';
import { handOverFile } from './ui';
import './activation.test';
import './indexing.test';
import './ocr.test';
import './checking.test';
import './chat.test';
import './editor.test';
import './teamIndex.test';
import './teamIndexFailures.test';
import './panel.test';
import './reload.test';

export function run(): Promise<void> {
  return runAll(handOverFile());
}
