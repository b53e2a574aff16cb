/**
 * The terms the phrase bonus reads from a candidate passage (its headings, then its text, as the
 * segment index reads them: analyze() over the same string), for an adapter that re-ranks pools
 * of passages it fetched (rerank.ts). Each surface word goes through the analyzer once per reader
 * ({@link TermNumbers}, the word table the segment buffer and the PostgreSQL writer number their
 * terms with), and a passage's terms are kept for as long as the passage object lives, so a
 * reader that caches its passages analyses each once, as the segment index's term cache does.
 */
import type { SnippetWords } from '../index/snippet';
import { TermNumbers } from '../index/wordTable';
import { wordSpans } from '../text/analyzer';
import type { Passage } from '../types';

export class PhraseTerms {
  private readonly numbers = new TermNumbers();
  private readonly spans = { spans: new Int32Array(512) };
  private readonly kept = new WeakMap<Passage, { id: string; hash: string; terms: string[] }>();
  private readonly keptWords = new WeakMap<Passage, { id: string; hash: string; text: string; words: SnippetWords }>();

  /** Surface words learnt so far. */
  get size(): number {
    return this.numbers.size;
  }

  /** analyze(`${headings.join(' \n ')} \n ${text}`) of `p`. */
  of(p: Passage): string[] {
    const have = this.kept.get(p);
    // checked against the id and hash, should a caller have changed the object
    if (have && have.id === p.id && have.hash === p.hash) return have.terms;
    const terms = this.analyze(`${p.headings.join(' \n ')} \n ${p.text}`);
    this.kept.set(p, { id: p.id, hash: p.hash, terms });
    return terms;
  }

  /**
   * The words of `text` with their terms, as tokenize() gives them (stop words with term ''),
   * read through the same word table: what makeSnippet reads.
   */
  readonly words = (text: string): SnippetWords => {
    const n = wordSpans(text, this.spans);
    const spans = this.spans.spans.slice(0, 2 * n);
    const { numbers } = this;
    const terms: string[] = new Array<string>(n);
    for (let i = 0; i < n; i++) {
      const id = numbers.ofSpan(text, spans[2 * i]!, spans[2 * i + 1]!);
      terms[i] = id >= 0 ? numbers.terms[id]! : '';
    }
    return { n, spans, terms };
  };

  /**
   * {@link words} of `text` (`p`'s text, or the start of it that makeSnippet reads), kept for as
   * long as the passage object lives: a reader that caches its passages reads a shown passage's
   * words once, however often it is shown.
   */
  wordsOf(p: Passage, text: string): SnippetWords {
    const have = this.keptWords.get(p);
    if (have && have.id === p.id && have.hash === p.hash && have.text === text) return have.words;
    const words = this.words(text);
    this.keptWords.set(p, { id: p.id, hash: p.hash, text, words });
    return words;
  }

  /** The terms analyze() gives for `text`, in order, with repeats. */
  analyze(text: string): string[] {
    const n = wordSpans(text, this.spans);
    const s = this.spans.spans;
    const { numbers } = this;
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = numbers.ofSpan(text, s[2 * i]!, s[2 * i + 1]!);
      if (id >= 0) out.push(numbers.terms[id]!);
    }
    return out;
  }
}
