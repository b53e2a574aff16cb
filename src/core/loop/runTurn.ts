/**
 * The verify-and-revise loop (LLM-Augmenter with ReGround): retrieve → draft → check every
 * sentence (offline checker, citation verification, optional LLM judge) → feedback → revise, or
 * re-query when support stays low → stop. One `Turn` object is the working memory and the trace.
 */
import type { VerityOptions, AskProgress } from '../api';
import { segmentSentences } from '../check/segment';
import { isVerityError, throwIfCancelled, VerityError } from '../errors';
import { hashString } from '../hash';
import { buildQuery } from '../index/query';
import { silentLogger, type ChatMessage, type Logger, type ModelPort } from '../ports';
import type { FinalSentence, HistoryTurn, NumberedEvidence, Round, SearchHit, TokenUsage, Turn } from '../types';
import { assessDraft, supportRatio, type Assessment } from './assess';
import type { LoopChecker } from './loopChecker';
import { buildFeedback } from './feedback';
import { HISTORY_TOKENS, nextStep, REGROUND_HISTORY_TOKENS } from './policy';
import { buildAnswerMessages } from './prompts';
import { rerankHits } from './rerank';
import { composeAnswer } from './finalAnswer';

export interface TurnDeps {
  /** The facade binds it to the index (hybrid when embeddings exist). */
  search(query: string, k: number, signal?: AbortSignal): Promise<SearchHit[]>;
  checker: LoopChecker;
  model: ModelPort;
  /** Defaults to `model` when `options.judge !== 'off'`. */
  judgeModel?: ModelPort;
  logger?: Logger;
  /** Passages in the index, for the "Searching N passages" progress line. */
  passageCount?: () => number;
}

export interface TurnRunOptions {
  history?: HistoryTurn[];
  options: VerityOptions;
  /**
   * Cancels the turn. Aborted with a VerityError as its reason (e.g. MODEL_TIMEOUT from a turn
   * deadline), the turn ends with that error instead of 'cancelled'.
   */
  signal?: AbortSignal;
  onProgress?: (p: AskProgress) => void;
  /** Streamed text of each round's draft. */
  onText?: (s: string) => void;
}

/** Told to the model (and recorded) when a revision stayed poorly grounded and the loop re-queries. */
export const REGROUND_FEEDBACK = 'The retrieved information is most likely incorrect: the query was rephrased with more of the conversation and the passages retrieved again.';

interface RoundState {
  round: Round;
  evidence: NumberedEvidence[];
  assessment: Assessment;
}

/**
 * Runs one question through the loop and returns the Turn. Never throws for model or cancel
 * failures: those end the turn with status 'error' / 'cancelled' and the best answer so far.
 */
export async function runTurn(deps: TurnDeps, question: string, opts: TurnRunOptions): Promise<Turn> {
  const t0 = Date.now();
  const o = opts.options;
  const signal = opts.signal;
  const history = opts.history ?? [];
  const log = deps.logger ?? silentLogger;
  const progress = (message: string, round?: number) => opts.onProgress?.(round === undefined ? { message } : { message, round });
  const judgeModel = o.judge !== 'off' ? (deps.judgeModel ?? deps.model) : undefined;
  const turn: Turn = {
    id: hashString(`${question}\u0000${t0}\u0000${Math.random()}`),
    question,
    history,
    query: '',
    evidence: [],
    rounds: [],
    answer: '',
    sentences: [],
    status: 'answered',
    stopReason: 'all_supported',
    strict: o.strict,
    model: deps.model.id,
    modelCalls: 0,
    tokens: { prompt: 0, completion: 0 },
    ms: 0,
  };
  const states: RoundState[] = [];
  let pending = { calls: 0, usage: { prompt: 0, completion: 0 } as TokenUsage };

  async function retrieve(query: string): Promise<NumberedEvidence[]> {
    const count = deps.passageCount?.();
    progress(count === undefined ? 'Searching the documents' : `Searching ${count.toLocaleString('en-US')} passages`);
    const want = o.rerank ? Math.max(o.rerankCandidates, o.topK) : o.topK;
    let hits = await deps.search(query, want, signal);
    if (o.rerank && hits.length > o.topK) {
      progress(`Ranking ${hits.length} passages`);
      const r = await rerankHits(deps.model, question, hits, o.topK, signal, log);
      hits = r.hits;
      pending.calls += r.calls;
      addTokens(pending.usage, r.usage);
    }
    return hits.slice(0, o.topK).map((h, i) => ({ n: i + 1, passage: h.passage, score: h.score }));
  }

  try {
    throwIfCancelled(signal);
    let query: string | undefined = buildQuery(question, history, { historyTokens: HISTORY_TOKENS });
    turn.query = query;
    let evidence = await retrieve(query);
    turn.evidence = evidence;
    if (evidence.length === 0) {
      turn.status = 'no_answer';
      turn.stopReason = 'no_evidence';
      turn.answer = 'The indexed documents contain nothing that matches this question.';
      return done();
    }
    let kind: Round['kind'] = 'draft';
    let revision: { draft: string; feedback: string } | undefined;
    let requeried = false;
    for (let n = 1; ; n++) {
      throwIfCancelled(signal);
      const rt0 = Date.now();
      const messages = buildAnswerMessages({ question, history, evidence, revision });
      const res = await deps.model.chat(messages, { signal, onText: opts.onText, temperature: 0 });
      const calls = pending.calls + 1;
      const tokens = pending.usage;
      addTokens(tokens, res.usage ?? estimate(messages, res.text));
      pending = { calls: 0, usage: { prompt: 0, completion: 0 } };
      const draft = res.text.trim();
      progress(`Checking ${segmentSentences(draft).length} sentences`, n);
      const a = await assessDraft({ checker: deps.checker, judge: judgeModel ? { model: judgeModel, mode: o.judge === 'minicheck' ? 'minicheck' : 'claims' } : undefined }, draft, evidence, signal);
      addTokens(tokens, a.judgeUsage);
      const round: Round = { n, kind, evidenceIds: evidence.map((e) => e.passage.id), draft: a.text, check: a.check, modelCalls: calls + a.judgeCalls, tokens, ms: 0 };
      if (query !== undefined) round.query = query;
      states.push({ round, evidence, assessment: a });
      turn.rounds.push(round);
      turn.modelCalls += round.modelCalls;
      addTokens(turn.tokens, tokens);
      const failing = a.check.summary.unsupported + a.check.summary.contradicted;
      const empty = draft.length === 0;
      const feedback = empty ? 'Your answer was empty. Answer the question from the evidence, citing [n] in every sentence.' : buildFeedback(a.check.sentences, evidence);
      const step = a.noAnswer
        ? 'stop_supported'
        : nextStep({
            round: n,
            maxRounds: o.maxRounds,
            tokensUsed: turn.tokens.prompt + turn.tokens.completion,
            tokenBudget: o.tokenBudget,
            failing: empty ? 1 : failing,
            support: empty ? 0 : supportRatio(a.check.summary),
            lastKind: kind,
            requeried,
          });
      round.ms = Date.now() - rt0;
      if (step === 'stop_supported' || step === 'stop_round_limit' || step === 'stop_budget') {
        turn.stopReason = step === 'stop_supported' ? 'all_supported' : step === 'stop_round_limit' ? 'round_limit' : 'token_budget';
        break;
      }
      if (step === 'requery') {
        requeried = true;
        const failingText = a.check.sentences.filter((s) => s.verdict === 'unsupported' || s.verdict === 'contradicted').map((s) => s.text.replace(/\[\d+(?:\s*[,;]\s*\d+)*\]/g, ''));
        const q2 = [buildQuery(question, history, { historyTokens: REGROUND_HISTORY_TOKENS }), ...failingText].join(' ');
        progress('Searching again with more of the conversation', n + 1);
        const fresh = await retrieve(q2);
        const same = fresh.length === evidence.length && fresh.every((e, i) => e.passage.id === evidence[i]?.passage.id);
        if (fresh.length > 0 && !same) {
          round.feedback = REGROUND_FEEDBACK;
          evidence = fresh;
          query = q2;
          kind = 'requery';
          revision = undefined;
          continue;
        }
        // Nothing new to read: a plain revision is the better use of the round.
      }
      round.feedback = feedback;
      const toRevise = Math.max(failing, 1);
      progress(`Revising ${toRevise} sentence${toRevise === 1 ? '' : 's'}`, n + 1);
      revision = { draft: a.text, feedback: feedback ?? '' };
      kind = 'revision';
      query = undefined;
    }
    return done();
  } catch (e) {
    const reason: unknown = signal?.aborted ? signal.reason : undefined;
    const err = isVerityError(reason) && reason.code !== 'CANCELLED' ? reason : isVerityError(e) ? e : new VerityError('INTERNAL', `The question could not be answered: ${e instanceof Error ? e.message : String(e)}`, e);
    turn.modelCalls += pending.calls;
    addTokens(turn.tokens, pending.usage);
    if (err.code === 'CANCELLED') {
      turn.status = 'cancelled';
      turn.stopReason = 'cancelled';
    } else {
      // Returned in the Turn for the edge to show; logged here so the trace has it too.
      log.info(`Question failed (${err.code}): ${err.message}`);
      turn.status = 'error';
      turn.stopReason = 'error';
    }
    turn.error = { code: err.code, message: err.message };
    return done(turn.status);
  }

  /** Picks the best round (most claims supported; later wins ties) and composes the answer. */
  function done(forced?: Turn['status']): Turn {
    if (states.length > 0) {
      let best = states[0]!;
      for (const s of states) if (supportRatio(s.assessment.check.summary) >= supportRatio(best.assessment.check.summary)) best = s;
      const last = states[states.length - 1]!;
      if (last.assessment.noAnswer) best = last;
      turn.evidence = best.evidence;
      const { answer, sentences } = composeAnswer(best.assessment.text, best.assessment.check.sentences, o.strict);
      turn.answer = answer;
      turn.sentences = sentences as FinalSentence[];
      const summary = best.assessment.check.summary;
      turn.status = forced ?? (best.assessment.noAnswer ? 'no_answer' : summary.supported === summary.claims && summary.claims > 0 ? 'answered' : 'partially_supported');
      if (best.assessment.noAnswer && !forced) turn.stopReason = 'no_evidence';
    }
    turn.ms = Date.now() - t0;
    return turn;
  }
}

function addTokens(into: TokenUsage, u: TokenUsage): void {
  into.prompt += u.prompt;
  into.completion += u.completion;
}

/** ~4 characters a token, for servers that report no usage (the budget still applies). */
function estimate(messages: ChatMessage[], text: string): TokenUsage {
  return { prompt: Math.ceil(messages.reduce((n, m) => n + m.content.length, 0) / 4), completion: Math.ceil(text.length / 4) };
}
