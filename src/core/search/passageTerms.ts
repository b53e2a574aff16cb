/**
 * The postings of one passage as the segment index computes them (memorySegment.ts): the same
 * analyzer over the same three fields (title, heading path, body), counts capped at 255, field
 * lengths in terms. A server adapter stores these, so stemming, compounds and lengths match the
 * local index exactly and BM25F scores the same.
 */
import { analyze, wordSpans } from '../text/analyzer';
import { fieldTexts } from '../index/memorySegment';
import { grown, TermNumbers } from '../index/wordTable';
import { weightTerms, type WeightedTerm } from '../index/ranking';
import type { Passage } from '../types';

export interface PassagePostings {
  /** Field lengths (title, headings, body) in terms. */
  lens: [number, number, number];
  /** Per term its counts in the three fields. */
  terms: Map<string, [number, number, number]>;
}

/** The postings of `p`. */
export function passagePostings(p: Passage): PassagePostings {
  const texts = fieldTexts(p);
  const lens: [number, number, number] = [0, 0, 0];
  const terms = new Map<string, [number, number, number]>();
  for (let f = 0; f < 3; f++) {
    const ts = analyze(texts[f]!);
    lens[f] = ts.length;
    for (const t of ts) {
      let c = terms.get(t);
      if (!c) terms.set(t, (c = [0, 0, 0]));
      if (c[f]! < 255) c[f]!++;
    }
  }
  return { lens, terms };
}

/** A passage's postings as {@link PassageAnalyzer} gives them: term numbers local to the analyzer. */
export interface AnalysedPassage {
  /** Field lengths (title, headings, body) in terms. */
  lens: [number, number, number];
  /** The passage's distinct terms, as the analyzer's term numbers ({@link PassageAnalyzer.term}). */
  ids: Int32Array;
  /** Three counts per entry of `ids` (title, headings, body), capped at 255. */
  tfs: Uint8Array;
}

/**
 * The postings of many passages, as {@link passagePostings} computes them, for a writer that
 * analyses a whole corpus: each surface word goes through the analyzer once and a term is a
 * number ({@link TermNumbers}, as the segment index's buffer numbers its terms), and a passage's
 * postings are two typed arrays, not a Map of arrays (at 100k passages the per-passage Maps cost
 * the server store's writer more in garbage collection than the analysis itself).
 */
export class PassageAnalyzer {
  private readonly numbers = new TermNumbers((id) => {
    if (id >= this.slot.length) this.slot = grown(this.slot, 2 * this.slot.length);
  });
  private readonly spans = { spans: new Int32Array(1024) };
  /** Per term number: its entry in the passage being analysed, plus one (0: not in it yet). */
  private slot = new Int32Array(1024);
  private ids = new Int32Array(256);
  private tfs = new Uint8Array(3 * 256);

  /** How many terms the analyzer has numbered. */
  get size(): number {
    return this.numbers.terms.length;
  }

  /** The term of number `id`. */
  term(id: number): string {
    return this.numbers.terms[id]!;
  }

  /** The number of `term`, if the analyzer met it. */
  numberOf(term: string): number | undefined {
    return this.numbers.ids.get(term);
  }

  /** The postings of `p`. */
  analyse(p: Passage): AnalysedPassage {
    const texts = fieldTexts(p);
    const lens: [number, number, number] = [0, 0, 0];
    let n = 0;
    for (let f = 0; f < 3; f++) {
      const text = texts[f]!;
      const words = wordSpans(text, this.spans);
      const spans = this.spans.spans;
      let len = 0;
      for (let i = 0; i < words; i++) {
        const id = this.numbers.ofSpan(text, spans[2 * i]!, spans[2 * i + 1]!);
        if (id < 0) continue;
        len++;
        let at = this.slot[id]! - 1;
        if (at < 0) {
          if (n === this.ids.length) {
            this.ids = grown(this.ids, 2 * n);
            const t = new Uint8Array(6 * n);
            t.set(this.tfs);
            this.tfs = t;
          }
          at = n++;
          this.ids[at] = id;
          this.tfs[3 * at] = this.tfs[3 * at + 1] = this.tfs[3 * at + 2] = 0;
          this.slot[id] = at + 1;
        }
        if (this.tfs[3 * at + f]! < 255) this.tfs[3 * at + f]!++;
      }
      lens[f] = len;
    }
    const ids = this.ids.slice(0, n);
    for (let i = 0; i < n; i++) this.slot[ids[i]!] = 0;
    return { lens, ids, tfs: this.tfs.slice(0, 3 * n) };
  }
}

/** A query's weighted terms, as the segment index weighs them. */
export function queryTerms(query: string, contextWeight: number): WeightedTerm[] {
  return weightTerms(query, contextWeight);
}
