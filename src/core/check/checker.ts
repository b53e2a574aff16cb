/**
 * The offline grounding checker: every sentence of a text gets a verdict (supported, unsupported,
 * contradicted, or not a claim) with the deciding evidence and a one-line reason. No model; the
 * evidence comes from the index (the sentence as query) and from passages the caller passes.
 */
import { VerityError } from '../errors';
import { analyze } from '../text/analyzer';
import type { CheckResult, Passage, SentenceVerdict } from '../types';
import { align, type Alignment } from './align';
import { passageProfile } from './passages';
import { idfOf, withBackground } from './backgroundStats';
import { DEFAULT_CALIBRATION, type Calibration } from './calibration';
import { cleanClaim, extractCitations } from './clean';
import { subjectOf, withAntecedent } from './context';
import { inDocumentsWords } from './glossary';
import { filterClaim } from './claimFilter';
import { alternativesOf, CLOSE_ENOUGH, locate, locationOf, toRef } from './evidenceRef';
import { analyzeClaim } from './features';
import { claimProfile, profile, type Profile } from './profile';
import { candidateHits, commonIdf, searchQuery } from './query';
import { novelCoverage, polarClaim, polarQuestion, type PolarQuestion } from './question';
import { segmentSentences, type SegmentKind } from './segment';
import { disagreementReason, explain } from './reason';
import { valueSetsOf, type CorpusLookup, type Glossary } from './valueSets';
import { certaintyOf, confidenceOf, decideVerdict, featureRecord, summarize, suspected } from './verdict';
import { blockQuery, codeBlockVerdict, codeRef, indexCodeLookup, inlineCodeEdit, type CodeLookup } from './codeCheck';

import { localStats, type EvidenceSource, type TermStats } from './source';

export type { EvidenceSource, TermStats } from './source';

export interface CheckerOptions {
  calibration?: Calibration;
  /** Names that mean the same and values that exclude each other, as the workspace's glossary says. */
  glossary?: Glossary;
  /**
   * Attach every conflict finding the kinds made to each verdict as `debugFindings` (decided or not),
   * for reading failures (scripts/eval/debugCheck.ts). Off in the product.
   */
  debug?: boolean;
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
/**
 * Passages the corpus lookup reads for two words a claim swaps (see valueSets.ts): enough to reach
 * a list that names both when they are common words ("online" / "mail" on government pages: the
 * passages that list "online, or by mail" ranked below the 20th for the two words).
 */
const ALTERNATIVES_K = 60;
/** Word pairs whose corpus lookup a checker remembers. */
const ALTERNATIVES_CACHE = 2_000;
/** No analyzer term is empty: its weight is that of a word in no passage, the largest there is. */
const NEVER_A_TERM = '';

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

  // two words a claim swaps are alternatives where the documents anywhere list both; asked only
  // for a one-word swap in an otherwise restated sentence, so a search per pair, remembered for
  // one check (the index may change between checks: a remembered passage may be gone)
  const lookedUp = new Map<string, readonly Passage[]>();
  const corpusLookup: CorpusLookup | undefined = source && ((a, b) => {
    const key = `${a.toLowerCase()}\u0000${b.toLowerCase()}`;
    let found = lookedUp.get(key);
    if (!found) {
      found = source.search(`${a} ${b}`, { k: ALTERNATIVES_K, phrase: false, snippet: false }).map((h) => h.passage);
      if (lookedUp.size >= ALTERNATIVES_CACHE) lookedUp.clear();
      lookedUp.set(key, found);
    }
    return found;
  });

  /** The passage a clearly supported verdict rests on (for the sentences beside it). */
  const restsOn = new WeakMap<SentenceVerdict, Passage>();
  /** The ids of the passages a verdict was decided among. */
  const among = new WeakMap<SentenceVerdict, ReadonlySet<string>>();
  /** The index hits of each claim searched in this check (cleared per check: the index may change between checks). */
  const searched = new Map<string, Passage[]>();

  // a claim no candidate states clearly is looked for again among the passages the sentences
  // beside it clearly rest on: a short sentence ("The answer to both questions is yes.") has too
  // few words to find its passage, while the sentence after it found that very passage
  function secondLook(first: SentenceVerdict, args: VerdictArgs, neighbours: ReadonlyArray<SentenceVerdict | undefined>): SentenceVerdict {
    const settled = first.verdict === 'not_claim' || first.verdict === 'contradicted' || (first.verdict === 'supported' && first.certainty === 'clear');
    if (settled) return first;
    const seen = among.get(first);
    const near = neighbours.map((n) => n && restsOn.get(n)).filter((p): p is Passage => p !== undefined && !seen?.has(p.id) && !args[4].has(p.path));
    if (near.length === 0) return first;
    const [base, kind, evidence, ...rest] = args;
    return verdictOf(base, kind, [...evidence, ...near], ...rest);
  }

  /** Passages of the index that may write a piece of code (codeCheck.ts), none of them excluded or quarantined. */
  const codeLookup = (useIndex: boolean, exclude: ReadonlySet<string>): CodeLookup | undefined =>
    (useIndex && source ? indexCodeLookup(source, 3 * k, (p) => !exclude.has(p.path) && !passageProfile(p).suspicious) : undefined);

  function verdictOf(...[base, kind, evidence, useIndex, exclude, questionContext, context = {}]: VerdictArgs): SentenceVerdict {
    // a fenced block is compared line by line as code: commands and settings as the documents write them
    if (kind === 'code') {
      const lookup = codeLookup(useIndex, exclude);
      return codeBlockVerdict(base, [...evidence.filter((p) => !passageProfile(p).suspicious), ...(lookup?.search(blockQuery(base.text)) ?? [])], lookup);
    }
    // a bare "No." to "Can members renew online?" claims that they cannot: it is checked as that
    // statement, on its own (the question's words are then the claim's, not its context)
    const polar = polarClaim(cleanClaim(base.text), context.polar);
    const question = polar ? undefined : questionContext;
    const decision = filterClaim(polar?.claim ?? cleanClaim(base.text), polar ? 'sentence' : kind);
    if (decision.claim === undefined) {
      return { ...base, verdict: 'not_claim', score: 0, reason: `not a claim: ${decision.reason}`, alternatives: [] };
    }
    // a sentence with no content words of its own ("That is all.") states nothing, whatever it leans on
    const noContent = (text: string, p: Profile): boolean => analyze(text).length === 0 && p.values.length === 0;
    if (noContent(decision.claim, claimProfile(decision.claim))) return { ...base, verdict: 'not_claim', score: 0, reason: 'not a claim: no content words', alternatives: [] };
    // a sentence that leans on the one before ("It makes upgrades easier.") is checked with that
    // sentence's subject in its place; this claim's own subject is what the next one may lean on
    const leaning = withAntecedent(decision.claim, context.antecedent);
    // a name the glossary knows is written as the documents write it ("RHDH" → "Red Hat Developer Hub")
    const known = (form: string): boolean => {
      const terms = analyze(form);
      return terms.length > 0 && terms.every((t) => (source?.termStats().df(t) ?? 0) > 0 || evidence.some((p) => p.text.toLowerCase().includes(form.toLowerCase())));
    };
    const claim = inDocumentsWords(leaning ?? decision.claim, opts.glossary, known);
    context.subject = leaning ? context.antecedent : subjectOf(decision.claim);
    const candidates = new Map<string, Passage>();
    for (const p of evidence) candidates.set(p.id, p);
    const cp = claimProfile(claim);
    if (useIndex && source) {
      // (a second look at the same claim takes the hits the first found)
      let hits = searched.get(claim);
      if (!hits) {
        const idfQ = idfFor(evidence);
        // ask for more when some paths are excluded, so k real candidates remain; the query is
        // keywords by weight, not prose, so no phrase re-rank; the checker reads passages, not snippets
        const stats = source.termStats();
        hits = source.search(searchQuery(cp, idfQ, commonIdf(stats.docCount), (t) => stats.df(t) === 0), { k: exclude.size ? k * 3 : k * 2, phrase: false, snippet: false }).map((h) => h.passage);
        searched.set(claim, hits);
      }
      for (const h of candidateHits(hits, k, exclude)) candidates.set(h.id, h);
    }
    const idf = idfFor([...candidates.values()], true);
    const maxIdf = idf(NEVER_A_TERM);
    const weights = new Map<string, number>();
    for (const t of cp.terms) weights.set(t, idf(t));
    const all = [...candidates.values()].map(passageProfile);
    // a passage with instructions to a model (visible, or kept from a comment) vouches for nothing;
    // the rest of its file still counts (a guide may quote a chat configuration in one section)
    const profiles = all.filter((pp) => !pp.suspicious);
    const quarantined = all.find((pp) => pp.suspicious)?.passage.path;
    const alignments: Alignment[] = profiles.map((pp) => align(weights, pp, cp));
    // (a document never vouches for itself: excluded paths are no alternatives either)
    const lookup: CorpusLookup | undefined = useIndex && corpusLookup ? (a, b) => corpusLookup(a, b).filter((p) => !exclude.has(p.path)) : undefined;
    const sets = valueSetsOf(profiles.map((pp) => pp.passage), opts.glossary, lookup);
    const analysis = analyzeClaim(cp, weights, alignments, maxIdf, novelCoverage(cp, question, idf, profiles), sets);
    // a span of code that a passage writes with one edit ("--save" for "--save-dev"): a value, not words
    const codeEdit = inlineCodeEdit(base.text, profiles.map((pp) => pp.passage), codeLookup(useIndex, exclude));
    if (codeEdit) analysis.codeEdit = codeEdit;
    if (noContent(claim, cp)) return { ...base, verdict: 'not_claim', score: 0, reason: 'not a claim: no content words', alternatives: [] };
    const features = featureRecord(analysis, question !== undefined, decision.admitted === true, decision.step === true);
    // a step, or a name of another thing, the closest passage writes another way is unsupported (asked), shown with that passage
    const { verdict, score, asked = false } = decideVerdict(features, cal);
    // a contradiction is decided by the passage that contradicts, which may not be the best-covering one
    const decidingAt = (verdict === 'contradicted' || asked || (verdict === 'unsupported' && suspected(features))) && analysis.contradiction ? analysis.contradiction.at : 0;
    if (decidingAt > 0) analysis.alignments.unshift(...analysis.alignments.splice(decidingAt, 1));
    const best = analysis.alignments[0];
    const c = (verdict === 'contradicted' || asked || (verdict === 'unsupported' && suspected(features))) ? analysis.contradiction : undefined;
    // a contradiction is shown with the very sentence that contradicts
    const codeDecides = verdict === 'unsupported' && !c && codeEdit !== undefined;
    const evidenceRef = c && best ? toRef(best, c.unit) : codeDecides ? codeRef(codeEdit) : best && (best.recall >= CLOSE_ENOUGH || verdict === 'contradicted') ? toRef(best) : undefined;
    const certainty = certaintyOf(verdict, analysis, features, cal);
    // a claim word the index holds but no candidate does was left out of reach, not absent
    const inIndex = (s: string): boolean => (source?.termStats().df(analyze(s)[0] ?? '') ?? 0) > 0;
    const unitText = c ? c.unit.profile.text : best ? best.pp.passage.text.slice(best.unit.start, best.unit.end) : undefined;
    const suspect = verdict === 'unsupported' && suspected(features);
    let reason = explain({ verdict, analysis, certainty, quote: evidenceRef?.quote, unitText, admitted: decision.admitted === true, inIndex, asked, suspected: suspect });
    if (quarantined !== undefined && verdict !== 'supported') reason += ` (${quarantined} was not used: it reads as instructions to a model)`;
    const alternatives = alternativesOf(analysis);
    const out: SentenceVerdict = { ...base, verdict, score, reason, alternatives, features: { ...features }, certainty, confidence: confidenceOf(verdict, score, features, cal) };
    if (evidenceRef) out.evidence = evidenceRef;
    if (c && verdict === 'contradicted') {
      const conflict = locate(base.text, claim, cp.text, c, base.start);
      if (conflict) out.conflict = conflict;
    }
    if (opts.debug) Object.assign(out, { debugFindings: analysis.findings.map((f) => ({ ...f, unit: undefined, sentence: f.unit.profile.text })) });
    const d = verdict === 'supported' ? analysis.disagreement : undefined;
    if (d && evidenceRef) {
      const against = toRef(analysis.alignments.find((x) => x.pp.units.includes(d.contradiction.unit)) ?? best!, d.contradiction.unit);
      const conflict = locate(base.text, claim, cp.text, d.contradiction, base.start) ?? { kind: d.contradiction.display, rule: d.contradiction.kind, claimText: d.contradiction.claimText, sourceText: d.contradiction.sourceText, start: base.start, end: base.end };
      out.disagreement = { evidence: against, conflict };
      out.reason = disagreementReason(locationOf(evidenceRef), locationOf(against), d.contradiction);
    }
    if (polar && context.polar) out.reason = `a ${polar.answer} to "${context.polar.question}": ${out.reason}`;
    if (verdict === 'supported' && certainty === 'clear' && best) restsOn.set(out, best.pp.passage);
    among.set(out, new Set(candidates.keys()));
    return out;
  }

  return {
    check(text, o = {}) {
      lookedUp.clear();
      searched.clear();
      const t0 = Date.now();
      const sentences: SentenceVerdict[] = [];
      const exclude = new Set(o.excludePaths ?? []);
      const question = questionProfile(o.question);
      const polar = polarQuestion(o.question);
      let antecedent: string | undefined;
      const asked: VerdictArgs[] = [];
      for (const seg of segmentSentences(text)) {
        if (o.signal?.aborted) throw new VerityError('CANCELLED', 'the check was cancelled');
        const base = {
          index: sentences.length, text: seg.text, start: seg.start, end: seg.end, line: seg.line, col: seg.col,
          endLine: seg.endLine, endCol: seg.endCol, citations: extractCitations(seg.text),
        };
        const context: { antecedent?: string; subject?: string; polar?: PolarQuestion } = { ...(antecedent === undefined ? {} : { antecedent }), ...(polar ? { polar } : {}) };
        // (the second look reads the same context: it sets the same subject again)
        const args: VerdictArgs = [base, seg.kind, o.evidence ?? [], o.useIndex ?? true, exclude, question, context];
        asked.push(args);
        sentences.push(verdictOf(...args));
        if (context.subject !== undefined || seg.kind === 'heading') antecedent = context.subject;
      }
      // (the first look of every sentence first: a sentence may lean on the passage of the one after it)
      const first = [...sentences];
      for (let i = 0; i < first.length; i++) {
        if (o.signal?.aborted) throw new VerityError('CANCELLED', 'the check was cancelled');
        sentences[i] = secondLook(first[i]!, asked[i]!, [first[i - 1], first[i + 1]]);
      }
      return { text, sentences, summary: summarize(sentences), ms: Date.now() - t0 };
    },
    checkSentence(sentence, evidence, o = {}) {
      lookedUp.clear();
      searched.clear();
      if (o.signal?.aborted) throw new VerityError('CANCELLED', 'the check was cancelled');
      const lines = sentence.split('\n');
      const base = {
        index: 0, text: sentence, start: 0, end: sentence.length, line: 1, col: 1, endLine: lines.length,
        endCol: Math.max(1, lines[lines.length - 1]!.length), citations: extractCitations(sentence),
      };
      const polar = polarQuestion(o.question);
      return verdictOf(base, 'sentence', evidence, o.useIndex ?? true, new Set(o.excludePaths ?? []), questionProfile(o.question), polar ? { polar } : {});
    },
  };
}

/** What a sentence's verdict is decided from: the sentence, how it was cut, the evidence passed, whether to search, paths never evidence, the question, and what the sentences before it say. */
type VerdictArgs = [
  base: Omit<SentenceVerdict, 'verdict' | 'score' | 'reason' | 'alternatives'>,
  kind: SegmentKind,
  evidence: Passage[],
  useIndex: boolean,
  exclude: ReadonlySet<string>,
  questionContext: Profile | undefined,
  context?: { antecedent?: string; subject?: string; polar?: PolarQuestion },
];

/** The profile of a question, or undefined when there is none (or it has no words). */
function questionProfile(question: string | undefined): Profile | undefined {
  if (!question || !/[\p{L}\p{N}]/u.test(question)) return undefined;
  return profile(cleanClaim(question));
}

