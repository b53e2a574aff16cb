/**
 * The analysis half of adding passages to the buffer, separable from the inversion: each field
 * of each passage becomes its length (tokens with a term) and its distinct terms with their
 * counts, the terms numbered by the analyser itself (the same words and terms as analyze(),
 * through a {@link TermNumbers} table), and its stored record encoded. Pure code, so it can run on another thread: the index
 * takes a {@link FieldAnalyzer} port (src/node/workerAnalyzer.ts runs one in a worker thread)
 * and does only the inversion (memorySegment.ts `addAnalyzed`) on its own thread.
 */
import { wordSpans } from '../text/analyzer';
import type { Passage } from '../types';
import { ByteWriter } from './bytes';
import { FIELD_COUNT } from './corpusStats';
import { fieldTexts } from './memorySegment';
import { encodeRecord } from './storedFields';
import { TermNumbers } from './wordTable';

/**
 * One analysed batch. `records`: each passage's stored record (storedFields.ts `encodeRecord`) as
 * UTF-8, end to end, passage i ending at `recordEnds[i]`, so the flush copies them as they are.
 * `lens`: FIELD_COUNT lengths per passage. `postings`: per passage and field
 * in order, the number k of distinct terms, then k pairs (term number, count), terms in order of
 * first occurrence. `newTerms`: the terms numbered for the first time in this batch, in number
 * order (from `firstNew`). `reset`: the numbering started afresh with this batch (first term 0).
 */
export interface AnalyzedBatch {
  records: Uint8Array;
  recordEnds: Uint32Array;
  lens: Uint32Array;
  postings: Int32Array;
  newTerms: string[];
  firstNew: number;
  reset: boolean;
  /**
   * The terms of this batch's numbering (set on the index's thread by {@link AnalyzerTerms}, in
   * the order the batches came back; the list grows in place until the numbering starts afresh).
   */
  terms?: readonly string[];
}

/** Analyses batches in the order they are asked for (results in that order too). */
export interface FieldAnalyzer {
  analyze(passages: readonly Passage[]): Promise<AnalyzedBatch>;
}

/** Words learnt before the numbering starts afresh (bounds the analyser's memory over a long build). */
const WORDS_MAX = 1_000_000;

/** The analyser's state across batches: the word table and the terms handed out so far. */
export class FieldAnalysis {
  private numbers = new TermNumbers();
  private sent = 0;
  private spans = { spans: new Int32Array(1024) };
  private counts = new Int32Array(1024);
  private readonly seen: number[] = [];
  private out = new Int32Array(1 << 16);
  private at = 0;
  private readonly last: Array<{ text: string; len: number; enc: Int32Array }> = [
    { text: '\u0000', len: 0, enc: new Int32Array(1) },
    { text: '\u0000', len: 0, enc: new Int32Array(1) },
  ];

  constructor(private readonly wordsMax = WORDS_MAX) {}

  private put(v: number): void {
    if (this.at === this.out.length) {
      const b = new Int32Array(2 * this.out.length);
      b.set(this.out);
      this.out = b;
    }
    this.out[this.at++] = v;
  }

  run(passages: readonly Passage[]): AnalyzedBatch {
    const texts: string[] = [];
    const records = new ByteWriter(1 << 16);
    const recordEnds = new Uint32Array(passages.length);
    passages.forEach((p, i) => {
      for (const t of fieldTexts(p)) texts.push(t);
      records.utf8(encodeRecord(p));
      recordEnds[i] = records.pos;
    });
    let reset = false;
    if (this.numbers.size >= this.wordsMax) {
      this.numbers = new TermNumbers();
      this.sent = 0;
      for (const l of this.last) l.text = '\u0000';
      reset = true;
    }
    const n = texts.length / FIELD_COUNT;
    const lens = new Uint32Array(n * FIELD_COUNT);
    this.at = 0;
    for (let i = 0; i < texts.length; i++) {
      const f = i % FIELD_COUNT;
      const text = texts[i]!;
      // the passages of a file share their title and often their headings: analysed once
      const memo = f < 2 ? this.last[f]! : undefined;
      if (memo && memo.text === text) {
        lens[i] = memo.len;
        for (let k = 0; k < memo.enc.length; k++) this.put(memo.enc[k]!);
        continue;
      }
      const start = this.at;
      lens[i] = this.field(text);
      if (memo) {
        memo.text = text;
        memo.len = lens[i]!;
        memo.enc = this.out.slice(start, this.at);
      }
    }
    const terms = this.numbers.terms;
    const newTerms = terms.slice(this.sent);
    const firstNew = this.sent;
    this.sent = terms.length;
    return { records: records.take(), recordEnds, lens, postings: this.out.slice(0, this.at), newTerms, firstNew, reset };
  }

  /** Writes k and the k (term, count) pairs of `text`; returns its length in tokens with a term. */
  private field(text: string): number {
    const n = wordSpans(text, this.spans);
    const spans = this.spans.spans;
    const seen = this.seen;
    let len = 0;
    for (let i = 0; i < n; i++) {
      const id = this.numbers.ofSpan(text, spans[2 * i]!, spans[2 * i + 1]!);
      if (id < 0) continue;
      len++;
      if (id >= this.counts.length) {
        const c = new Int32Array(Math.max(id + 1, 2 * this.counts.length));
        c.set(this.counts);
        this.counts = c;
      }
      if (this.counts[id]!++ === 0) seen.push(id);
    }
    this.put(seen.length);
    for (const id of seen) {
      this.put(id);
      this.put(this.counts[id]!);
      this.counts[id] = 0;
    }
    seen.length = 0;
    return len;
  }
}

/** A {@link FieldAnalyzer} on the calling thread (what the worker runs; also for tests). */
export function localAnalyzer(wordsMax?: number): FieldAnalyzer {
  const a = new FieldAnalysis(wordsMax);
  const names = new AnalyzerTerms();
  return { analyze: async (passages) => names.accept(a.run(passages)) };
}

/**
 * The caller's side of an analyser: the term of each number, kept in step with its batches (one
 * per analyser, fed every batch in the order the analyser produced them).
 */
export class AnalyzerTerms {
  private terms: string[] = [];

  /** Takes in a batch's new terms and gives it its term list. */
  accept(b: AnalyzedBatch): AnalyzedBatch {
    // a fresh numbering gets a fresh list: batches of the old one still being inverted keep theirs
    if (b.reset) this.terms = [];
    if (b.firstNew !== this.terms.length) throw new Error(`analysed batches out of order (term ${b.firstNew}, expected ${this.terms.length})`);
    for (const t of b.newTerms) this.terms.push(t);
    b.terms = this.terms;
    return b;
  }
}
