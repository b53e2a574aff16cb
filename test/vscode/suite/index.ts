// extensionTestsPath entry: VS Code calls run() inside the extension host. Suites run in this order.
import { runAll } from './runner';
import './activation.test';
import './indexing.test';
import './ocr.test';
import './checking.test';
import './chat.test';
import './editor.test';

export function run(): Promise<void> {
  return runAll();
}
