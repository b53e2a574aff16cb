/**
 * A writer that stops in the middle of a file's transaction (after the old passages are deleted,
 * or after the new ones are inserted, per argv[3]), says so on stdout and waits to be killed.
 */
import { openPgPort } from '../../../src/node/pg/pgPort';
import { fileOf } from './portHarness';

const [url, step, marker] = process.argv.slice(2) as [string, 'deleted' | 'inserted', string];
void (async () => {
const port = await openPgPort(url, {
  mode: 'write',
  onWriteStep: async (s) => {
    if (s !== step) return;
    process.stdout.write('MID\n');
    await new Promise(() => undefined);
  },
});
const body = Array.from({ length: 40 }, (_, i) => `## Part ${i}\n\nversion ${marker} of part ${i}, shared words everywhere.\n`).join('\n');
await port.writeFile(fileOf('doc.md', `# Doc\n\n${body}`).record, fileOf('doc.md', `# Doc\n\n${body}`).passages);
})();
