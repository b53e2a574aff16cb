/**
 * The utility step of one round: check every sentence of a draft offline, verify and correct its
 * citations, recognise an honest "the documents do not contain the answer", and (when enabled)
 * merge the LLM judge's second opinion.
 */
import type { ModelPort } from '../ports';
import type { CheckResult, CheckSummary, NumberedEvidence, SentenceVerdict, TokenUsage } from '../types';
import type { LoopChecker } from './loopChecker';
import { applyCitationFixes, findCitationFixes, type CitationFix } from './citations';
import { combineVerdict, runJudge, type JudgeMode } from './judge';
import { isNoAnswerSentence } from './prompts';

export interface Assessment {
  /** The draft with corrected citations. */
  text: string;
  check: CheckResult;
  fixes: CitationFix[];
  /** The draft says the documents do not contain the answer. */
  noAnswer: boolean;
  judgeCalls: number;
  judgeUsage: TokenUsage;
}

export interface AssessDeps {
  checker: LoopChecker;
  judge?: { model: ModelPort; mode: JudgeMode };
}

/** Checks a draft against this round's evidence (never the whole index: the answer must rest on what it was shown). */
export async function assessDraft(deps: AssessDeps, draft: string, evidence: NumberedEvidence[], signal?: AbortSignal): Promise<Assessment> {
  const passages = evidence.map((e) => e.passage);
  const first = await deps.checker.check(draft, { evidence: passages, useIndex: false, signal });
  const fixes = await findCitationFixes(first.sentences, evidence, deps.checker);
  const text = fixes.length ? applyCitationFixes(draft, first.sentences, fixes) : draft;
  // Re-check the corrected text so offsets and citation lists match what is shown.
  const check = fixes.length ? await deps.checker.check(text, { evidence: passages, useIndex: false, signal }) : first;
  const fixed = new Map(fixes.map((f) => [f.index, f]));
  let noAnswer = false;
  let sentences: SentenceVerdict[] = check.sentences.map((s) => {
    if (isNoAnswerSentence(s.text)) {
      noAnswer = true;
      return { ...s, verdict: 'not_claim', score: 0, reason: 'says the documents do not contain the answer' };
    }
    const f = fixed.get(s.index);
    if (f && s.verdict === 'supported') {
      const from = f.from.length ? `cited ${f.from.map((n) => `[${n}]`).join('')}, but the support is in` : 'no citation; supported by';
      return { ...s, reason: `${from} ${f.to.map((n) => `[${n}]`).join('')} (citation corrected); ${s.reason}` };
    }
    return s;
  });
  let judgeCalls = 0;
  const judgeUsage: TokenUsage = { prompt: 0, completion: 0 };
  if (deps.judge && !noAnswer) {
    const j = await runJudge(deps.judge.model, deps.judge.mode, sentences, evidence, signal);
    judgeCalls = j.calls;
    judgeUsage.prompt += j.usage.prompt;
    judgeUsage.completion += j.usage.completion;
    sentences = sentences.map((s) => {
      const op = j.opinions.get(s.index);
      return op ? combineVerdict(s, op, evidence) : s;
    });
  }
  return { text, check: { ...check, sentences, summary: summarize(sentences) }, fixes, noAnswer, judgeCalls, judgeUsage };
}

/** Counts verdicts. */
export function summarize(sentences: SentenceVerdict[]): CheckSummary {
  const count = (v: SentenceVerdict['verdict']) => sentences.filter((s) => s.verdict === v).length;
  const notClaim = count('not_claim');
  return { sentences: sentences.length, claims: sentences.length - notClaim, supported: count('supported'), unsupported: count('unsupported'), contradicted: count('contradicted'), notClaim };
}

/** Supported share of claim sentences (1 when there are none). */
export function supportRatio(summary: CheckSummary): number {
  return summary.claims === 0 ? 1 : summary.supported / summary.claims;
}
