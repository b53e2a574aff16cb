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

const DEFAULT_PORT = 8765;

const HELP = `Usage: npm run mock-model [-- --port N]

A scripted OpenAI-compatible server on 127.0.0.1 for trying "verity ask" without a model: it
answers by quoting the evidence it is sent, serves deterministic embeddings and lists one
model, "mock-model". It is not a language model.

Options:
  --port N   port on 127.0.0.1 to listen on; 0 picks a free one [default: ${DEFAULT_PORT}, or $PORT]
  --help     show this help

Example:
  npm run mock-model -- --port 9000
  VERITY_BASE_URL=http://127.0.0.1:9000/v1 VERITY_MODEL=mock-model node dist/cli.js ask "How long is the warranty?" --docs examples/workspace
`;

/** The port from `--port N`, `--port=N` or $PORT; a message when it is not a port number. */
function portFrom(args: string[], env: Record<string, string | undefined>): number | string {
  let raw: string | undefined = env.PORT;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--port') raw = args[++i] ?? '';
    else if (a.startsWith('--port=')) raw = a.slice('--port='.length);
    else return `unknown argument "${a}" (options: --port N, --help)`;
  }
  if (raw === undefined) return DEFAULT_PORT;
  const port = Number(raw);
  return raw.trim() !== '' && Number.isInteger(port) && port >= 0 && port <= 65535 ? port : `--port must be a whole number from 0 to 65535, got "${raw}"`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(HELP);
    return;
  }
  const port = portFrom(args, process.env);
  if (typeof port === 'string') {
    console.error(`mock-model: ${port}`);
    process.exit(2);
  }
  let server;
  try {
    server = await startMockServer({ port, chat: (req) => extractiveReply(req), models: ['mock-model'] });
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why = code === 'EADDRINUSE' ? `port ${port} is already in use: pass another with --port N (0 picks a free one)` : `cannot listen on 127.0.0.1:${port}: ${code ?? (e as Error).message}`;
    console.error(`mock-model: ${why}`);
    process.exit(2);
  }
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
