/**
 * `verity ask "<question>"`: runs the verify-and-revise loop against an OpenAI-compatible model
 * and prints the answer sentence by sentence with its verdict, then the numbered sources.
 * Exit codes: 0 answered (or honestly not in the documents), 1 some sentence unsupported, 2 error.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { VerityError } from '../../core/errors';
import type { FinalSentence, HistoryTurn, Turn } from '../../core/types';
import { findingOf } from '../../core/vocabulary';
import { createOpenAIModel } from '../../node/openaiModel';
import { flag, usageError } from '../args';
import { commandFunction } from '../command';
import { OPEN_FLAGS, type CommandSpec } from '../spec';
import { EXIT_ERROR, EXIT_FINDINGS, EXIT_OK } from '../io';
import { locationText } from '../location';
import { shownPath as quotedPath } from '../printable';
import { openOptionsFromFlags, openVerity } from '../openVerity';

const NO_MODEL =
  'no model configured: pass --base-url URL and --model NAME, or set VERITY_BASE_URL and VERITY_MODEL (and VERITY_API_KEY if the server needs a key); "npm run mock-model" starts a local test server';

const MARK: Record<FinalSentence['verdict'], string> = { supported: '✓', unsupported: '✗ unsupported:', contradicted: '✗ contradicted:', not_claim: '·' };

/** `verity ask`. */
export const askSpec: CommandSpec = {
  name: 'ask',
  args: '"<question>"',
  summary: 'Answer a question from the documents with an OpenAI-compatible model, every sentence checked.',
  details: [
    'The model comes from --base-url and --model, or VERITY_BASE_URL and VERITY_MODEL; the key from',
    'VERITY_API_KEY (or OPENAI_API_KEY). Sources are relative to the indexed folder.',
    'Exit 1 when a sentence of the answer stays unsupported.',
  ],
  flags: [
    { name: 'base-url', value: 'URL', default: '$VERITY_BASE_URL', help: 'OpenAI-compatible endpoint, e.g. http://127.0.0.1:11434/v1' },
    { name: 'model', value: 'NAME', default: '$VERITY_MODEL', help: 'model name at that endpoint' },
    { name: 'history', value: 'FILE', help: 'earlier turns: JSON [{"role","text"}] or lines "user: …" / "assistant: …"' },
    { name: 'strict', help: 'drop unsupported sentences instead of marking them' },
    { name: 'json', help: 'print the whole turn (answer, verdicts, evidence, rounds) as JSON' },
    { name: 'timeout', value: 'SECONDS', default: '600', help: 'deadline of the whole question (every round and model call)' },
    ...OPEN_FLAGS,
  ],
  examples: ['verity ask "What does the warranty cover?" --docs docs --base-url http://127.0.0.1:11434/v1 --model llama3.1'],
  run: async (parsed, io) => {
    const question = parsed.positional.join(' ').trim();
    if (!question) throw usageError('the question is empty: give it in quotes, e.g. verity ask "What does the warranty cover?"');
    const baseURL = flag(parsed, 'base-url') ?? io.env.VERITY_BASE_URL;
    const modelName = flag(parsed, 'model') ?? io.env.VERITY_MODEL;
    if (baseURL && !modelName) throw usageError(`--base-url ${baseURL} needs a model name too: add --model NAME (or set VERITY_MODEL)`);
    if (modelName && !baseURL) throw usageError(`--model ${modelName} needs an endpoint too: add --base-url URL (or set VERITY_BASE_URL)`);
    if (!baseURL || !modelName) throw new VerityError('BAD_INPUT', NO_MODEL);
    if (!/^https?:\/\/[^\s/]+/i.test(baseURL)) throw usageError(`--base-url must be an http:// or https:// URL, got "${baseURL}"`);
    const historyFile = flag(parsed, 'history');
    const history = historyFile ? await readHistory(path.resolve(io.cwd, historyFile)) : [];
    const timeout = askTimeout(flag(parsed, 'timeout'));
    const model = createOpenAIModel({ baseURL, model: modelName, apiKey: io.env.VERITY_API_KEY ?? io.env.OPENAI_API_KEY, ...(timeout ? { timeoutMs: timeout } : {}) });
    // The whole question (every round and model call) ends by this deadline.
    const deadline = new AbortController();
    const turnMs = timeout ?? DEFAULT_TURN_MS;
    const timer = setTimeout(() => deadline.abort(new VerityError('MODEL_TIMEOUT', `No answer within ${turnMs / 1000} s; raise it with --timeout SECONDS.`)), turnMs);
    timer.unref();
    const verity = await openVerity({ ...openOptionsFromFlags(parsed, io), model });
    const turn = await verity.ask(question, {
      history,
      strict: parsed.flags.has('strict'),
      model,
      signal: deadline.signal,
      onProgress: (p) => io.isTTY && !parsed.flags.has('json') && io.stderr(`verity: ${p.message}\n`),
    });
    clearTimeout(timer);
    if (parsed.flags.has('json')) io.stdout(JSON.stringify(turn, null, 2) + '\n');
    else if (turn.rounds.length > 0 || turn.status === 'no_answer') io.stdout(renderTurn(turn, (rel) => rel));
    if (turn.status === 'error' || turn.status === 'cancelled') {
      if (!parsed.flags.has('json')) io.stderr(`verity ask: ${turn.error?.code ?? 'ERROR'}: ${turn.error?.message ?? 'the question could not be answered'}\n`);
      return EXIT_ERROR;
    }
    return turn.status === 'partially_supported' ? EXIT_FINDINGS : EXIT_OK;
  },
};

export const ask = commandFunction(askSpec);

/** Deadline of a whole question when --timeout is not given. */
const DEFAULT_TURN_MS = 600_000;

/** `--timeout SECONDS` in ms (undefined when absent); a usage error when invalid. */
function askTimeout(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const s = Number(value);
  if (!Number.isFinite(s) || s <= 0 || s > 86_400) throw usageError(`--timeout takes a number of seconds between 1 and 86400, not "${value.slice(0, 40)}"`);
  return Math.round(s * 1000);
}

/** The answer as text: one line per sentence with its mark, then sources and a summary line. */
export function renderTurn(turn: Turn, shownPath: (rel: string) => string): string {
  const lines: string[] = [];
  const shown = turn.sentences.filter((s) => !s.dropped);
  if (shown.length === 0) lines.push(turn.answer);
  for (const s of shown) {
    const why = s.verdict === 'unsupported' || s.verdict === 'contradicted' ? `  (${s.reason})` : '';
    // a contradiction the checker cannot show clearly is named as every surface names it
    const mark = findingOf(s) === 'possibly_contradicted' ? '? possibly contradicted:' : MARK[s.verdict];
    lines.push(`${mark} ${s.text}${why}`);
  }
  const dropped = turn.sentences.length - shown.length;
  if (dropped > 0) lines.push('', `(Strict mode: ${dropped} unsupported sentence${dropped === 1 ? '' : 's'} removed.)`);
  const cited = new Set(turn.sentences.flatMap((s) => s.citations));
  const sources = turn.evidence.filter((e) => cited.has(e.n));
  if (sources.length) {
    lines.push('', 'Sources:');
    for (const e of sources) {
      const heading = e.passage.headings.length ? `  ${e.passage.headings.join(' > ')}` : '';
      lines.push(`  [${e.n}] ${locationText(e.passage, quotedPath(shownPath(e.passage.path)))}${heading}`);
    }
  }
  const rounds = turn.rounds.length;
  const tokens = turn.tokens.prompt + turn.tokens.completion;
  lines.push('', `${turn.status.replace('_', ' ')} · ${rounds} round${rounds === 1 ? '' : 's'} · ${turn.modelCalls} model call${turn.modelCalls === 1 ? '' : 's'} · ${tokens.toLocaleString('en-US')} tokens · ${turn.model ?? ''}`);
  return lines.join('\n') + '\n';
}

/** History as JSON (`[{role, text}]`) or as lines "user: …" / "assistant: …" (oldest first). */
export async function readHistory(file: string): Promise<HistoryTurn[]> {
  let raw: string;
  try {
    raw = await fs.readFile(file, 'utf8');
  } catch {
    throw new VerityError('BAD_INPUT', `cannot read the history file ${file}`);
  }
  const trimmed = raw.trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw new VerityError('BAD_INPUT', `the history file ${file} is not valid JSON`);
    }
    const list = Array.isArray(parsed) ? parsed : (parsed as { history?: unknown }).history;
    if (!Array.isArray(list)) throw new VerityError('BAD_INPUT', `the history file ${file} must hold a list of {"role": "user"|"assistant", "text": "…"}`);
    return list.map((t: { role?: unknown; text?: unknown; content?: unknown }, i) => {
      const text = typeof t?.text === 'string' ? t.text : typeof t?.content === 'string' ? t.content : undefined;
      if ((t?.role !== 'user' && t?.role !== 'assistant') || text === undefined) throw new VerityError('BAD_INPUT', `history entry ${i + 1} in ${file} needs role "user" or "assistant" and a text`);
      return { role: t.role, text };
    });
  }
  const turns: HistoryTurn[] = [];
  for (const line of raw.split(/\r?\n/)) {
    const m = /^\s*(user|assistant|agent)\s*:\s*(.*)$/i.exec(line);
    if (m) turns.push({ role: m[1]!.toLowerCase() === 'user' ? 'user' : 'assistant', text: m[2]! });
    else if (line.trim() && turns.length) turns[turns.length - 1]!.text += ` ${line.trim()}`;
  }
  return turns;
}
