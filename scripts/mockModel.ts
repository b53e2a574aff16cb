/**
 * `npm run mock-model [-- --port N]`: a scripted OpenAI-compatible server on 127.0.0.1 for
 * demos and manual testing, no model needed. It answers by quoting the evidence it is given
 * (test/support/extractiveScript.ts), serves deterministic embeddings and lists one model.
 *
 *   npm run mock-model                      # listens on 127.0.0.1:8765
 *   VERITY_BASE_URL=http://127.0.0.1:8765/v1 VERITY_MODEL=mock-model \
 *     node dist/cli.js ask "How long do I have to return a lamp?" --docs examples/workspace
 */
import { startMockServer } from '../test/support/mockServer';
import { extractiveReply } from '../test/support/extractiveScript';

const i = process.argv.indexOf('--port');
const port = i >= 0 ? Number(process.argv[i + 1]) : Number(process.env.PORT ?? 8765);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`mock-model: bad port "${process.argv[i + 1] ?? process.env.PORT}"`);
  process.exit(2);
}
async function main(): Promise<void> {
  const server = await startMockServer({ port, chat: (req) => extractiveReply(req), models: ['mock-model'] });
  console.log(`mock-model listening on ${server.url}`);
  console.log(`  export VERITY_BASE_URL=${server.url} VERITY_MODEL=mock-model`);
  console.log('  Ctrl+C to stop');
  let lastLogged = 0;
  const timer = setInterval(() => {
    const n = server.chatCalls();
    if (n !== lastLogged) {
      console.log(`  ${n} chat request${n === 1 ? '' : 's'} so far`);
      lastLogged = n;
    }
  }, 1000);
  const stop = async () => {
    clearInterval(timer);
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

void main();
