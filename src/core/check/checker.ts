/**
 * The offline grounding checker: every sentence of a text gets a verdict (supported, unsupported,
 * contradicted, or not a claim) with the deciding evidence and a one-line reason. No model; the
 * evidence comes from the index (the sentence as query) and from passages the caller passes.
 */
import { VerityError } from '../errors';
import { analyze } from '../text/analyzer';
import type { CheckResult, CheckSummary, Conflict, EvidenceRef, Passage, SearchHit, SearchOptions, SentenceVerdict } from '../types';
import { align, passageProfile, type Alignment } from './align';
import { antonymsOf, withoutNegatingPrefix } from './antonyms';
import { idfOf, withBackground } from './backgroundStats';
import { DEFAULT_CALIBRATION, type Calibration } from './calibration';
import { cleanClaim, extractCitations } from './clean';
import { filterClaim } from './claimFilter';
import { analyzeClaim, type Analysis } from './features';
import { profile, type Profile } from './profile';
import { novelCoverage } from './question';
import { segmentSentences, type SegmentKind } from './segment';
import { certaintyOf, confidenceOf, decideVerdict, explain, featureRecord } from './verdict';

/** Corpus statistics for IDF, computed with the shared analyzer. */
export interface TermStats {
  docCount: number;
  avgLength: number;
  df(term: string): number;
}

/** What the checker needs from an index. */
export interface EvidenceSource {
  search(query: string, opts?: SearchOptions): SearchHit[];
  termStats(): TermStats;
}

export interface CheckerOptions {
  calibration?: Calibration;
  /** Index candidates per sentence (default {@link DEFAULT_K}). */
  k?: number;
}

export interface CheckOpts {
  evidence?: Passage[];
  /** Search the source for evidence (default true). */
  useIndex?: boolean;
  /** Paths whose passages are never evidence: a document must not support itself. */
  excludePaths?: string[];
  /**
   * The question the text directly answers ("Delhi", "It was released in 2017."). The answer is
   * then checked in its context: what it adds to the question must be in the evidence, and the
   * calibration's question-answer model (fitted on short direct answers, HaluEval QA) decides.
   * Leave it out for long explanatory answers: the main model is fitted on those.
   */
  question?: string;
  signal?: AbortSignal;
}

export interface Checker {
  /** Checks every sentence of `text` (markdown or plain prose). */
  check(text: string, opts?: CheckOpts): CheckResult;
  /** Checks one sentence against `evidence` (and the index unless `useIndex` is false). */
  checkSentence(sentence: string, evidence: Passage[], opts?: Omit<CheckOpts, 'evidence'>): SentenceVerdict;
}

/** Index candidates per sentence: enough to find the passage a claim came from. */
export const DEFAULT_K = 8;
/** Words of a claim used as its index query. */
const QUERY_TERMS = 10;
/**
 * Query words beyond the rarest {@link MIN_QUERY_TERMS} are left out when more than this share
 * of passages, and at least {@link MIN_COMMON_DF} of them, hold them: only long posting lists cost
 * time, so small workspaces keep every query word. Chosen on the check benchmark at 100k passages
 * (p95 roughly halved) with every `npm run eval:check` figure unchanged; 5% with 3 kept words cost
 * a third of the name perturbations.
 */
const COMMON_SHARE = 0.1;
const MIN_COMMON_DF = 200;
const MIN_QUERY_TERMS = 5;
/** The IDF below which a word counts as common in an index of `n` passages. */
function commonIdf(n: number): number {
  const df = Math.max(COMMON_SHARE * n, MIN_COMMON_DF);
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}
/** Opposites of an absent claim word added to its index query, at most. */
const MAX_OPPOSITES = 3;
/** A word's opposites: the word without a negating prefix, then its WordNet antonyms. */
function oppositesOf(term: string): string[] {
  const out: string[] = [];
  const base = withoutNegatingPrefix(term);
  if (base !== undefined) out.push(base);
  for (const a of antonymsOf(term) ?? []) if (!out.includes(a)) out.push(a);
  return out;
}
/** Numbers joined by hyphens, which the analyzer keeps as one term ("1-888-356-7770", "30-45"). */
const JOINED_NUMBERS = /(?<![\p{L}\p{N}.])\d+(?:\.\d+)?(?:-\d+(?:\.\d+)?)+(?![\p{L}\p{N}])/gu;
/** No analyzer term is empty: its weight is that of a word in no passage, the largest there is. */
const NEVER_A_TERM = '';
/** Below this alignment a passage is not shown as the deciding evidence: nothing came close. */
const CLOSE_ENOUGH = 0.25;
/** Other passages shown as related evidence. */
const MAX_ALTERNATIVES = 3;
/** A passage counts as "close" when it aligns at least this fraction as well as the best one. */
const ALTERNATIVE_RATIO = 0.5;

/**
 * Creates a checker over `source` (the workspace index, or undefined to check only against
 * passed evidence). The calibration defaults to the fitted one shipped with the core.
 */
export function createChecker(source: EvidenceSource | undefined, opts: CheckerOptions = {}): Checker {
  const cal = opts.calibration ?? DEFAULT_CALIBRATION;
  const k = opts.k ?? DEFAULT_K;

  // the index query ranks words by the workspace's own counts (its posting lists); claim weights
  // blend in the background prior (backgroundStats.ts), so a small folder weighs like a large one
  const statsFor = (evidence: Passage[], background: boolean): TermStats => {
    let stats = source?.termStats();
    if (!stats || stats.docCount === 0) stats = localStats(evidence);
    return background ? withBackground(stats) : stats;
  };
  const idfFor = (evidence: Passage[], background = false): ((t: string) => number) => idfOf(statsFor(evidence, background));

  function verdictFor(
    base: Omit<SentenceVerdict, 'verdict' | 'score' | 'reason' | 'alternatives'>,
    kind: SegmentKind,
    evidence: Passage[],
    useIndex: boolean,
    exclude: ReadonlySet<string>,
    question: Profile | undefined,
  ): SentenceVerdict {
    const decision = filterClaim(cleanClaim(base.text), kind);
    if (decision.claim === undefined) {
      return { ...base, verdict: 'not_claim', score: 0, reason: `not a claim: ${decision.reason}`, alternatives: [] };
    }
    const claim = decision.claim;
    const candidates = new Map<string, Passage>();
    for (const p of evidence) candidates.set(p.id, p);
    const cp = profile(claim);
    if (useIndex && source) {
      const idfQ = idfFor(evidence);
      // ask for more when some paths are excluded, so k real candidates remain; the query is
      // keywords by weight, not prose, so no phrase re-rank; the checker reads passages, not snippets
      const stats = source.termStats();
      const hits = source.search(searchQuery(cp, idfQ, commonIdf(stats.docCount), (t) => stats.df(t) === 0), { k: exclude.size ? k * 2 : k, phrase: false, snippet: false });
      let taken = 0;
      for (const h of hits) {
        if (taken >= k) break;
        if (exclude.has(h.passage.path)) continue;
        candidates.set(h.passage.id, h.passage);
        taken++;
      }
    }
    const idf = idfFor([...candidates.values()], true);
    const maxIdf = idf(NEVER_A_TERM);
    const weights = new Map<string, number>();
    for (const t of cp.terms) weights.set(t, idf(t));
    const all = [...candidates.values()].map(passageProfile);
    const profiles = all.filter((pp) => !pp.suspicious);
    const quarantined = all.find((pp) => pp.suspicious)?.passage.path;
    const alignments: Alignment[] = profiles.map((pp) => align(weights, pp));
    const analysis = analyzeClaim(cp, weights, alignments, maxIdf, novelCoverage(cp, question, idf, profiles));
    if (analyze(claim).length === 0 && cp.values.length === 0) {
      return { ...base, verdict: 'not_claim', score: 0, reason: 'not a claim: no content words', alternatives: [] };
    }
    const features = featureRecord(analysis, question !== undefined, decision.admitted === true, decision.step === true);
    // a step the closest passage writes another way is unsupported (stepConflict), shown with that passage
    const { verdict, score, stepConflict = false } = decideVerdict(features, cal);
    // a contradiction is decided by the passage that contradicts, which may not be the best-covering one
    const decidingAt = (verdict === 'contradicted' || stepConflict) && analysis.contradiction ? analysis.contradiction.at : 0;
    if (decidingAt > 0) analysis.alignments.unshift(...analysis.alignments.splice(decidingAt, 1));
    const best = analysis.alignments[0];
    const evidenceRef = best && (best.recall >= CLOSE_ENOUGH || verdict === 'contradicted' || stepConflict) ? toRef(best) : undefined;
    const certainty = certaintyOf(verdict, analysis);
    // a claim word the index holds but no candidate does was left out of reach, not absent
    const inIndex = (s: string): boolean => (source?.termStats().df(analyze(s)[0] ?? '') ?? 0) > 0;
    let reason = explain(verdict, analysis, certainty, evidenceRef?.quote, best ? best.pp.passage.text.slice(best.unit.start, best.unit.end) : undefined, decision.admitted === true, inIndex, stepConflict);
    if (quarantined !== undefined && verdict !== 'supported') reason += ` (${quarantined} was not used: it reads as instructions to a model)`;
    const alternatives = alternativesOf(analysis);
    const out: SentenceVerdict = { ...base, verdict, score, reason, alternatives, features: { ...features }, certainty, confidence: confidenceOf(verdict, score, features, cal) };
    if (evidenceRef) out.evidence = evidenceRef;
    const c = verdict === 'contradicted' ? analysis.contradiction : undefined;
    if (c) {
      const conflict = locate(base.text, claim, cp.text, c, base.start);
      if (conflict) out.conflict = conflict;
    }
    return out;
  }

  return {
    check(text, o = {}) {
      const t0 = Date.now();
      const sentences: SentenceVerdict[] = [];
      const exclude = new Set(o.excludePaths ?? []);
      const question = questionProfile(o.question);
      for (const seg of segmentSentences(text)) {
        if (o.signal?.aborted) throw new VerityError('CANCELLED', 'the check was cancelled');
        const base = {
          index: sentences.length, text: seg.text, start: seg.start, end: seg.end, line: seg.line, col: seg.col,
          endLine: seg.endLine, endCol: seg.endCol, citations: extractCitations(seg.text),
        };
        sentences.push(verdictFor(base, seg.kind, o.evidence ?? [], o.useIndex ?? true, exclude, question));
      }
      return { text, sentences, summary: summarize(sentences), ms: Date.now() - t0 };
    },
    checkSentence(sentence, evidence, o = {}) {
      if (o.signal?.aborted) throw new VerityError('CANCELLED', 'the check was cancelled');
      const lines = sentence.split('\n');
      const base = {
        index: 0, text: sentence, start: 0, end: sentence.length, line: 1, col: 1, endLine: lines.length,
        endCol: Math.max(1, lines[lines.length - 1]!.length), citations: extractCitations(sentence),
      };
      return verdictFor(base, 'sentence', evidence, o.useIndex ?? true, new Set(o.excludePaths ?? []), questionProfile(o.question));
    },
  };
}

/** The profile of a question, or undefined when there is none (or it has no words). */
function questionProfile(question: string | undefined): Profile | undefined {
  if (!question || !/[\p{L}\p{N}]/u.test(question)) return undefined;
  return profile(cleanClaim(question));
}

/**
 * The index query for a claim: its rarest words and its values. Common words add long postings
 * lists (slow) and little ranking signal, so only the {@link QUERY_TERMS} rarest are kept.
 */
function searchQuery(cp: Profile, idf: (t: string) => number, common: number, absent: (t: string) => boolean): string {
  const ranked = [...new Set(cp.terms)].sort((a, b) => idf(b) - idf(a)).slice(0, QUERY_TERMS);
  // words in many passages have the longest posting lists and decide little: leave them out,
  // keeping the rarest few whatever their frequency
  const unique = ranked.filter((t, i) => i < MIN_QUERY_TERMS || idf(t) >= common);
  // a word no passage holds may be the opposite of the one the source uses ("disqualify" for
  // "qualify", "lose" for "find"): its opposites bring the sentence that contradicts it
  for (const t of ranked) {
    if (!absent(t)) continue;
    for (const o of oppositesOf(t).slice(0, MAX_OPPOSITES)) if (!unique.includes(o)) unique.push(o);
  }
  // the names are who and what the claim is about: a common one ("PostgreSQL" in a database
  // guide) still has to reach the candidates, or the claim is judged without its subject
  for (const n of cp.names) if (!unique.includes(n)) unique.push(n);
  const words = unique.map((t) => cp.surface.get(t) ?? t);
  // the index holds a compound as one term: its parts reach passages that write them apart
  // ("Toll Free" for "toll-free"), and numbers joined by hyphens are one term ("1-888-356-7770", "30-45")
  const parts = words.filter((w) => w.includes('-')).flatMap((w) => w.split('-').filter((p) => /\p{L}{3,}/u.test(p)));
  return [...words, ...parts, ...(cp.text.match(JOINED_NUMBERS) ?? []), ...cp.values.map((v) => v.surface)].join(' ');
}

/**
 * The conflict in the checked text's coordinates: the claim's side is found in the segment as
 * written (the claim may be the segment cleaned of markdown and lead-in phrases). Undefined when
 * it cannot be placed exactly.
 */
function locate(segment: string, claim: string, profiled: string, c: NonNullable<Analysis['contradiction']>, segmentStart: number): Conflict | undefined {
  const text = profiled.slice(c.claimStart, c.claimEnd);
  if (!text) return undefined;
  // the same occurrence: count the earlier ones in the profiled claim, then find that one in the segment
  let nth = 0;
  for (let i = profiled.indexOf(text); i >= 0 && i < c.claimStart; i = profiled.indexOf(text, i + 1)) nth++;
  let at = -1;
  for (let k = 0; k <= nth; k++) at = segment.indexOf(text, at + 1);
  if (at < 0 || claim.length === 0) return undefined;
  return { kind: c.kind, claimText: text, sourceText: c.source, start: segmentStart + at, end: segmentStart + at + text.length };
}

function alternativesOf(a: Analysis): EvidenceRef[] {
  const best = a.alignments[0];
  if (!best || best.recall < CLOSE_ENOUGH) return [];
  return a.alignments
    .slice(1)
    .filter((x) => x.recall > 0 && x.recall >= best.recall * ALTERNATIVE_RATIO)
    .slice(0, MAX_ALTERNATIVES)
    .map(toRef);
}

/** The evidence reference of an alignment: passage, verbatim window and its line range. */
function toRef(a: Alignment): EvidenceRef {
  const p = a.pp.passage;
  const from = a.pp.units[a.first]!.start;
  const to = a.pp.units[a.last]!.end;
  const linesBefore = countNewlines(p.text, 0, from);
  const ref: EvidenceRef = {
    passageId: p.id, path: p.path, kind: p.kind, heading: p.headings.join(' › '),
    startLine: p.startLine + linesBefore, endLine: Math.min(p.endLine, p.startLine + linesBefore + countNewlines(p.text, from, to)),
    quote: a.quote, score: a.recall,
  };
  if (p.page !== undefined) ref.page = p.page;
  return ref;
}

function countNewlines(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (s.charCodeAt(i) === 10) n++;
  return n;
}

function summarize(s: SentenceVerdict[]): CheckSummary {
  const count = (v: string): number => s.filter((x) => x.verdict === v).length;
  const notClaim = count('not_claim');
  return {
    sentences: s.length, claims: s.length - notClaim, supported: count('supported'), unsupported: count('unsupported'),
    contradicted: count('contradicted'), notClaim,
  };
}

/** Term statistics over the given passages, when there is no index. */
function localStats(passages: Passage[]): TermStats {
  const df = new Map<string, number>();
  let total = 0;
  for (const p of passages) {
    const terms = analyze(p.text);
    total += terms.length;
    for (const t of new Set(terms)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  return { docCount: passages.length, avgLength: passages.length ? total / passages.length : 0, df: (t) => df.get(t) ?? 0 };
}
