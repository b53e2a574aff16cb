/**
 * The shared vocabulary of Verity. Every surface (CLI, chat, diagnostics, report) renders these
 * objects; keep them plain data (JSON-serialisable) so they cross worker, webview and process
 * boundaries unchanged. Extend additively.
 */

export type PassageKind = 'md' | 'pdf';

/** A rectangle on a PDF page in PDF points, origin top-left of the page (viewport at scale 1). */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One retrievable unit of a document: a heading-bounded section (or part of one), or part of one PDF page. */
export interface Passage {
  /** Stable across re-indexing while the file's passage text is unchanged. */
  id: string;
  /** Workspace-relative path with forward slashes (multi-root: `<folder name>/<path>`). */
  path: string;
  kind: PassageKind;
  /** Document title: the first H1 of a markdown file, PDF metadata title, else undefined. */
  title?: string;
  /** Heading path from the document root, e.g. ['Renewal', 'Online']. */
  headings: string[];
  /** 1-based inclusive line range in the source file (markdown; for PDF the line range within the page text). */
  startLine: number;
  endLine: number;
  /** 1-based PDF page number; undefined for markdown. */
  page?: number;
  /** PDF: size of the page in points and the boxes of the passage's text items. */
  pageWidth?: number;
  pageHeight?: number;
  boxes?: Box[];
  /** Plain text of the passage (markdown kept as written, minus front matter). */
  text: string;
  /** Set when the text was recognised from a page image (OCR): the page's mean word confidence, 0–100. */
  ocr?: { confidence: number };
  /** Hash of `text` (see core/hash.ts). */
  hash: string;
}

/** Why a file was not indexed (or was only partly). */
export type SkipCode =
  | 'PDF_ENCRYPTED'
  | 'PDF_NO_TEXT'
  | 'PDF_UNREADABLE'
  | 'PDF_TOO_LARGE'
  | 'PDF_TIMEOUT'
  | 'FILE_TOO_LARGE'
  | 'FILE_BINARY'
  | 'FILE_VANISHED'
  | 'FILE_UNREADABLE'
  | 'FILE_EMPTY'
  /** A draft (VerityOptions.drafts): listed, never indexed, so it can be neither evidence nor corpus statistics. */
  | 'DRAFT';

export interface FileRecord {
  path: string;
  kind: PassageKind;
  /** Hash of the file's bytes when it was last read. */
  hash: string;
  size: number;
  mtime: number;
  state: 'indexed' | 'skipped';
  reason?: SkipCode;
  /** One line a person can read, e.g. "scanned PDF — needs OCR". */
  message?: string;
  passages: number;
  title?: string;
  pages?: number;
  /** Pages without a text layer and what OCR made of them (absent when no page needs OCR). */
  ocr?: OcrFileState;
}

/** OCR of a PDF's image-only pages, which runs in the background after the text index. */
export interface OcrFileState {
  /** `pending`: waiting (or interrupted; resumes from the cache); `capped`: stopped at the page limit. */
  state: 'pending' | 'done' | 'capped' | 'failed';
  /** Pages recognised with text. */
  pages: number;
  /** While pending: pages without a text layer, when known. */
  pendingPages?: number;
  /** Mean word confidence over those pages, 0–100. */
  confidence?: number;
  /** Pages whose mean confidence is low (their text may be wrong). */
  lowConfidencePages?: number[];
  /** One line a person can read, e.g. "OCR: 3 pages, confidence 91%". */
  message?: string;
}

/** A location a person can open: markdown lines or a PDF page. */
export interface SourceLocation {
  path: string;
  kind: PassageKind;
  startLine: number;
  endLine: number;
  page?: number;
}

export interface SearchOptions {
  /** Number of passages to return (default 10). */
  k?: number;
  /** Only passages whose path starts with this prefix. */
  pathPrefix?: string;
  kind?: PassageKind;
  signal?: AbortSignal;
  /**
   * Re-rank the top candidates by the query's adjacent word pairs found in them (default true:
   * right for questions in natural word order; pass false for keyword queries, whose word order
   * means nothing).
   */
  phrase?: boolean;
  /**
   * Build each hit's snippet (default true). Callers that read only the passages, such as the
   * checker, pass false: the snippet is then '' and its tokenising is skipped.
   */
  snippet?: boolean;
}

export interface SearchHit {
  passage: Passage;
  score: number;
  /** A short excerpt around the best-matching terms ('' when the search asked for none). */
  snippet: string;
}

// ---------------------------------------------------------------------------------------------
// Checking

export type Verdict = 'supported' | 'unsupported' | 'contradicted' | 'not_claim';

/** A quote from a passage that decided (or came closest to deciding) a verdict. */
export interface EvidenceRef {
  passageId: string;
  path: string;
  kind: PassageKind;
  heading: string;
  startLine: number;
  endLine: number;
  page?: number;
  /** The best-matching window of the passage, verbatim. */
  quote: string;
  /** Alignment score of the sentence against this passage, [0, 1]. */
  score: number;
}

export interface SentenceVerdict {
  /** 0-based index among the sentences of the checked text. */
  index: number;
  text: string;
  /** 0-based character offsets into the checked text, end exclusive. */
  start: number;
  end: number;
  /** 1-based line and column of the first and last characters in the checked text. */
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  verdict: Verdict;
  /** Support score in [0, 1] (0 for not_claim). */
  score: number;
  /** One line a person can read: "the source says 30 days, not 60". */
  reason: string;
  /** The deciding evidence (absent when nothing came close). */
  evidence?: EvidenceRef;
  /** Other close passages, best first (for related information). */
  alternatives: EvidenceRef[];
  /** Citation numbers written in the sentence, e.g. [2, 3] → [2, 3]. */
  citations: number[];
  /** Feature values behind the score (for the report and calibration). */
  features?: Record<string, number>;
  /**
   * Calibrated probability, in [0, 1], that this verdict is right (absent for not_claim and in
   * results made before calibration carried it).
   */
  confidence?: number;
  /**
   * 'clear' when one aligned evidence window decides the verdict on its own (every element of the
   * claim stated there, or one element stated there with a conflicting value); 'uncertain'
   * otherwise. Surfaces word uncertain findings as "the closest passage", never "the source says",
   * and only a clear contradiction is shown as an error.
   */
  certainty?: 'clear' | 'uncertain';
  /** For a contradiction decided by one conflicting element: both sides, for reasons and fixes. */
  conflict?: Conflict;
  /**
   * Sources disagree: the claim is supported (by `evidence`), and another passage contradicts it in
   * one clear edit. The verdict stays supported but uncertain; surfaces show it as a warning that
   * names both passages.
   */
  disagreement?: { evidence: EvidenceRef; conflict: Conflict };
  /** A second opinion from the LLM judge, when one ran. */
  judge?: JudgeOpinion;
}

/** One element of a claim that conflicts with its counterpart in the aligned evidence window. */
export interface Conflict {
  /** What kind of element conflicts ('order': two words of the claim each in the other's place). */
  kind: 'number' | 'unit' | 'date' | 'range' | 'negation' | 'antonym' | 'name' | 'quantifier' | 'order';
  /** The claim's side, verbatim ("two hours"). */
  claimText: string;
  /** The conflict kind of the checker that found it (src/core/check/kinds/). */
  rule?: 'values' | 'names' | 'swaps' | 'negation' | 'opposites' | 'quantifiers';
  /** The source's side, verbatim ("one hour"); '' when the conflict is a missing or added negation. */
  sourceText: string;
  /** 0-based offsets of `claimText` in the checked text, end exclusive. */
  start: number;
  end: number;
}

export interface JudgeOpinion {
  label: 'entailment' | 'neutral' | 'contradiction';
  quote?: string;
  model: string;
  /** Whether the judge's label decided the final verdict (see loop policy). */
  decisive: boolean;
}

export interface CheckSummary {
  sentences: number;
  claims: number;
  supported: number;
  unsupported: number;
  contradicted: number;
  notClaim: number;
}

export interface CheckResult {
  text: string;
  sentences: SentenceVerdict[];
  summary: CheckSummary;
  /** Wall time of the check in milliseconds. */
  ms: number;
}

// ---------------------------------------------------------------------------------------------
// The verify-and-revise loop

export interface HistoryTurn {
  role: 'user' | 'assistant';
  text: string;
}

export interface TokenUsage {
  prompt: number;
  completion: number;
}

/** One numbered evidence passage as shown to the model ([n] is `n`). */
export interface NumberedEvidence {
  n: number;
  passage: Passage;
  score: number;
}

export interface Round {
  /** 1-based round number. */
  n: number;
  kind: 'draft' | 'revision' | 'requery';
  /** The search query used for this round's evidence (set when evidence was (re)retrieved). */
  query?: string;
  /** Evidence passage ids shown in this round, in [n] order. */
  evidenceIds: string[];
  draft: string;
  check: CheckResult;
  /** The feedback produced from this round's check (sent to the next round, if any). */
  feedback?: string;
  modelCalls: number;
  tokens: TokenUsage;
  ms: number;
}

export type TurnStatus = 'answered' | 'partially_supported' | 'no_answer' | 'cancelled' | 'error';

export interface FinalSentence extends SentenceVerdict {
  /** True when strict mode removed this sentence from the shown answer. */
  dropped?: boolean;
}

/** The working memory of one question; also the trace every surface renders. */
export interface Turn {
  id: string;
  question: string;
  history: HistoryTurn[];
  /** The retrieval query of the first round. */
  query: string;
  evidence: NumberedEvidence[];
  rounds: Round[];
  /** The answer as shown (strict mode: without dropped sentences). */
  answer: string;
  sentences: FinalSentence[];
  status: TurnStatus;
  stopReason: 'all_supported' | 'round_limit' | 'token_budget' | 'no_evidence' | 'cancelled' | 'error';
  strict: boolean;
  model?: string;
  modelCalls: number;
  tokens: TokenUsage;
  error?: { code: string; message: string };
  ms: number;
}
