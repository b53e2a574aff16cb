/**
 * Loop benchmark.
 * 1. The loop's own overhead per turn, model time excluded (ms p50/p95, and per round): on
 *    examples/workspace and on 10k passages (examples plus synthetic filler), with an in-process
 *    model that answers instantly by quoting its evidence and a scripted hallucination that
 *    forces a revision.
 * 2. Model calls and tokens per turn over scripted scenarios, through the real openai client and
 *    the scripted HTTP server.
 * Figures are printed, never asserted.
 */
import { DEFAULT_CHUNK_SIZE } from '../../src/core/ingest/chunk';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ingestMarkdown } from '../../src/core/ingest/markdown';
import { createPassageIndex, type PassageIndex } from '../../src/core/index/passageIndex';
import { createChecker } from '../../src/core/check/checker';
import { hashString } from '../../src/core/hash';
import { runTurn, type TurnDeps } from '../../src/core/loop/runTurn';
import type { VerityOptions } from '../../src/core/api';
import type { ChatMessage, ModelPort } from '../../src/core/ports';
import type { Passage } from '../../src/core/types';
import { createOpenAIModel } from '../../src/node/openaiModel';
import { startMockServer, type ChatRequestBody, type MockReply } from '../../test/support/mockServer';
import { extractiveReply } from '../../test/support/extractiveScript';

interface BenchContext {
  sharedDir: string | undefined;
  quick: boolean;
  log: (line: string) => void;
}

const OPTIONS: VerityOptions = {
  passageMinWords: DEFAULT_CHUNK_SIZE.minWords,
  passageMaxWords: DEFAULT_CHUNK_SIZE.maxWords,
  maxFileBytes: 1e7,
  maxPdfBytes: 5e7,
  topK: 6,
  maxRounds: 3,
  tokenBudget: 0,
  strict: false,
  judge: 'off',
  rerank: false,
  rerankCandidates: 12,
};

const QUESTIONS = [
  'How many days do I have to return a lamp?',
  'How long is the warranty on Quill lamps?',
  'How many requests per minute does the Quill Cloud API allow?',
  'Is standard shipping free?',
  'When does version 1 of the API stop answering?',
  'How long do approved refunds take?',
  'What happens in the first week for a new employee?',
  'Do API keys expire?',
];

const HALLUCINATION = 'All Quill lamps are assembled by hand on the Moon by retired astronauts [1].';

function examplePassages(root: string): Passage[] {
  const dir = path.join(root, 'examples/workspace');
  const out: Passage[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.md')).sort()) {
    out.push(...ingestMarkdown(name, readFileSync(path.join(dir, name), 'utf8'), { minWords: OPTIONS.passageMinWords, maxWords: OPTIONS.passageMaxWords }).passages);
  }
  return out;
}

/**
 * Synthetic ~120-word passages drawn (Zipf-like, deterministic) from the example workspace's own
 * vocabulary, so questions about the examples match thousands of passages as in a real corpus.
 */
function fillerPassages(n: number, vocabFrom: Passage[]): Passage[] {
  let seed = 12345;
  const rnd = () => ((seed = Math.imul(seed ^ (seed >>> 15), 2246822519) + 0x6d2b79f5) >>> 0) / 4294967296;
  const vocab = [...new Set(vocabFrom.flatMap((p) => p.text.toLowerCase().match(/[a-z]{3,}/g) ?? []))];
  const out: Passage[] = [];
  for (let i = 0; i < n; i++) {
    const words: string[] = [];
    for (let j = 0; j < 120; j++) words.push(vocab[Math.floor(vocab.length * Math.pow(rnd(), 2))]!);
    const sentences: string[] = [];
    for (let j = 0; j < words.length; j += 15) sentences.push(words.slice(j, j + 15).join(' ') + '.');
    const text = sentences.join(' ');
    out.push({ id: `syn${i}`, path: `synthetic/doc${Math.floor(i / 20)}.md`, kind: 'md', headings: [`Section ${i % 20}`], startLine: 1 + (i % 20) * 10, endLine: 9 + (i % 20) * 10, text, hash: hashString(text) });
  }
  return out;
}

/** An instant in-process model: quotes its evidence; optionally hallucinates in round 1. Times itself. */
function instantModel(hallucinateFirst: boolean): ModelPort & { ms: number } {
  let call = 0;
  const m = {
    id: 'instant',
    ms: 0,
    async chat(messages: ChatMessage[]) {
      const t0 = performance.now();
      const first = call++ === 0 || messages.length <= 2;
      const reply = extractiveReply({ messages } as ChatRequestBody);
      const text = 'text' in reply ? reply.text : '';
      const out = { text: hallucinateFirst && first && messages.length <= 2 ? `${text} ${HALLUCINATION}` : text, usage: { prompt: 1, completion: 1 } };
      m.ms += performance.now() - t0;
      return out;
    },
  };
  return m;
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

async function overhead(ctx: BenchContext, label: string, index: PassageIndex, reps: number): Promise<void> {
  const checker = createChecker(index);
  // One unmeasured pass warms the JIT and the analyzer's stem cache.
  for (const q of QUESTIONS) await runTurn({ search: async (query, k) => index.search(query, { k }), checker, model: instantModel(true) }, q, { options: OPTIONS });
  for (const hallucinate of [false, true]) {
    const perTurn: number[] = [];
    const perRound: number[] = [];
    let rounds = 0;
    for (let r = 0; r < reps; r++) {
      for (const q of QUESTIONS) {
        const model = instantModel(hallucinate);
        const deps: TurnDeps = { search: async (query, k) => index.search(query, { k }), checker, model, passageCount: () => index.size };
        const t0 = performance.now();
        const turn = await runTurn(deps, q, { options: OPTIONS });
        const ms = performance.now() - t0 - model.ms;
        perTurn.push(ms);
        perRound.push(ms / Math.max(1, turn.rounds.length));
        rounds += turn.rounds.length;
      }
    }
    const n = perTurn.length;
    ctx.log(
      `| ${label} | ${hallucinate ? 'round-1 hallucination' : 'quoting model'} | ${index.size.toLocaleString('en-US')} | ${n} | ${(rounds / n).toFixed(2)} | ${pct(perTurn, 50).toFixed(1)} / ${pct(perTurn, 95).toFixed(1)} | ${pct(perRound, 50).toFixed(1)} / ${pct(perRound, 95).toFixed(1)} |`,
    );
  }
}

interface Scenario {
  name: string;
  question: string;
  opts?: Partial<VerityOptions>;
  script: (req: ChatRequestBody, i: number) => MockReply;
}

const isJudgeReq = (r: ChatRequestBody) => /^(You are a strict fact checker|Document:)/.test(r.messages?.[0]?.content ?? '');

function scenarios(): Scenario[] {
  const q = 'How many days do I have to return a lamp?';
  let draftCalls = 0;
  const countingDrafts = (fn: (req: ChatRequestBody, n: number) => MockReply) => (req: ChatRequestBody) => (isJudgeReq(req) ? extractiveReply(req) : fn(req, draftCalls++));
  const withHallucination = (req: ChatRequestBody): MockReply => {
    const r = extractiveReply(req);
    return { text: `${'text' in r ? r.text : ''} ${HALLUCINATION}` };
  };
  return [
    { name: 'first-round pass', question: q, script: (r) => extractiveReply(r) },
    { name: 'first-round pass + judge (claims)', question: q, opts: { judge: 'claims' }, script: (r) => extractiveReply(r) },
    { name: 'first-round pass + judge (minicheck)', question: q, opts: { judge: 'minicheck' }, script: (r) => extractiveReply(r) },
    { name: 'first-round pass + rerank 12→6', question: q, opts: { rerank: true }, script: (r) => extractiveReply(r) },
    { name: 'hallucination fixed in round 2', question: q, script: countingDrafts((r, n) => (n === 0 ? withHallucination(r) : extractiveReply(r))) },
    { name: 'hallucination persists (round limit)', question: q, script: (r) => withHallucination(r) },
    { name: 'not in the documents', question: 'What is the salary of the CEO of Quillfeather in 2031?', script: () => ({ text: 'The documents do not contain the answer.' }) },
  ];
}

/** Runs the loop section. */
export async function run(ctx: BenchContext): Promise<void> {
  const root = path.resolve(__dirname, '../..');
  const examples = examplePassages(root);
  ctx.log('Loop overhead per turn, model time excluded (in-process instant model; real index and checker)');
  ctx.log('| corpus | scenario | passages | turns | rounds/turn | turn ms p50 / p95 | per-round ms p50 / p95 |');
  ctx.log('|---|---|---|---|---|---|---|');
  const small = createPassageIndex();
  await small.add(examples);
  await overhead(ctx, 'examples/workspace', small, ctx.quick ? 2 : 10);
  const big = createPassageIndex();
  const t0 = performance.now();
  await big.add([...examples, ...fillerPassages((ctx.quick ? 3000 : 10000) - examples.length, examples)]);
  ctx.log(`(index of ${big.size.toLocaleString('en-US')} passages built in ${((performance.now() - t0) / 1000).toFixed(1)} s, not counted)`);
  await overhead(ctx, ctx.quick ? '3k passages' : '10k passages', big, ctx.quick ? 1 : 4);

  ctx.log('');
  ctx.log('Model calls and tokens per turn (real openai client, scripted HTTP server, examples/workspace)');
  ctx.log('| scenario | status | rounds | model calls | HTTP requests | prompt tokens | completion tokens |');
  ctx.log('|---|---|---|---|---|---|---|');
  const checker = createChecker(small);
  for (const s of scenarios()) {
    const server = await startMockServer({ chat: s.script });
    try {
      const model = createOpenAIModel({ baseURL: server.url, model: 'mock-model' });
      const turn = await runTurn({ search: async (query, k) => small.search(query, { k }), checker, model }, s.question, { options: { ...OPTIONS, ...s.opts } });
      ctx.log(`| ${s.name} | ${turn.status} | ${turn.rounds.length} | ${turn.modelCalls} | ${server.chatCalls()} | ${turn.tokens.prompt.toLocaleString('en-US')} | ${turn.tokens.completion.toLocaleString('en-US')} |`);
    } finally {
      await server.close();
    }
  }
  ctx.log('(tokens are as the server reports them; the scripted server counts ~4 characters a token)');
}

if (require.main === module) {
  void run({ sharedDir: undefined, quick: process.argv.includes('--quick'), log: (l) => console.log(l) });
}
