/**
 * The in-memory buffer of the passage index (what Lucene calls the RAM buffer): passages added
 * since the last flush, with growable posting lists, searchable at once. A flush turns its live
 * passages into an immutable segment (flush.ts); deleting from the buffer only clears a flag.
 */
import { idKey } from './idKey';
import { wordSpans } from '../text/analyzer';
import type { FileRecord, Passage } from '../types';
import { FIELD_COUNT } from './corpusStats';
import { KINDS } from './segment';
import { TermNumbers } from './wordTable';

/** Growable posting list: documents ascending, FIELD_COUNT counts per posting. */
export interface GrowPostings {
  docs: Int32Array;
  tf: Uint8Array;
  n: number;
}

/** The text of each searchable field of a passage, in posting order (title, headings, body). */
export function fieldTexts(p: Passage): [string, string, string] {
  return [p.title ?? '', p.headings.join(' \n '), p.text];
}

/** A copy of `a` with room for `n` entries (doubling). */
function growTo(a: Int32Array, n: number): Int32Array {
  const b = new Int32Array(Math.max(n, a.length * 2));
  b.set(a);
  return b;
}

export class MemorySegment {
  docs = 0;
  liveCount = 0;
  readonly passages: Passage[] = [];
  /** Stored records encoded ahead (by an analyser on another thread), by document; else encoded at the flush. */
  readonly records: Array<Uint8Array | undefined> = [];
  live = new Uint8Array(64);
  kinds = new Uint8Array(64);
  pathOf = new Int32Array(64);
  idHash = new Uint32Array(128);
  lens: Uint32Array[] = [new Uint32Array(64), new Uint32Array(64), new Uint32Array(64)];
  readonly lengthSum = new Float64Array(FIELD_COUNT);
  readonly byId = new Map<string, number>();
  /** Documents of each global path, in order. */
  readonly byPath = new Map<number, number[]>();
  readonly lists: GrowPostings[] = [];
  /** Term ids of the words met so far (analysis runs once per word); a new term gets its posting list. */
  private readonly numbers = new TermNumbers((id) => {
    this.lists.push({ docs: new Int32Array(2), tf: new Uint8Array(2 * FIELD_COUNT), n: 0 });
    if (id >= this.counts.length) this.counts = growTo(this.counts, id + 1);
  });
  readonly vectors = new Map<number, Float32Array>();
  /** File records set since the last flush (they go into the next segment). */
  readonly files = new Map<string, FileRecord>();
  postingCount = 0;
  /** Scratch: occurrences per term id of the field being added, and the ids seen. */
  private counts: Int32Array = new Int32Array(1024);
  private readonly seen: number[] = [];
  private readonly lastText: string[] = ['', ''];
  private readonly lastIds: Int32Array[] = [new Int32Array(0), new Int32Array(0)];
  /** Scratch: word spans of the field being added, and their term ids. */
  private readonly spans = { spans: new Int32Array(1024) };
  private idScratch = new Int32Array(1024);
  /** Buffer term id of each term number of an analyser (-1: not met here yet), for the term list `mapOf`. */
  private analyzerIds = new Int32Array(0);
  private mapOf: readonly string[] | undefined;

  private grow(): void {
    const cap = this.live.length * 2;
    const re = <T extends Uint8Array | Int32Array | Uint32Array>(a: T, n: number): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a);
      return b;
    };
    this.live = re(this.live, cap);
    this.kinds = re(this.kinds, cap);
    this.pathOf = re(this.pathOf, cap);
    this.idHash = re(this.idHash, 2 * cap);
    this.lens = this.lens.map((l) => re(l, cap));
  }

  /**
   * Adds a passage (its path interned as `pathId` by the index); returns its document number.
   * `key`: the passage id's idKey when the caller has computed it.
   */
  add(p: Passage, pathId: number, vector?: ArrayLike<number>, key: readonly [number, number] = idKey(p.id)): number {
    const doc = this.begin(p, pathId, key);
    const texts = fieldTexts(p);
    for (let f = 0; f < FIELD_COUNT; f++) {
      // the passages of a file share their title and often their headings: analysed once
      const text = texts[f]!;
      let ids: Int32Array;
      let n: number;
      if (f < 2 && text === this.lastText[f]) {
        ids = this.lastIds[f]!;
        n = ids.length;
      } else {
        n = this.termIdsOf(text);
        ids = this.idScratch;
        if (f < 2) {
          this.lastText[f] = text;
          this.lastIds[f] = ids.slice(0, n);
        }
      }
      // counts go to a scratch array indexed by term id
      const seen = this.seen;
      const counts = this.counts;
      for (let k = 0; k < n; k++) {
        const id = ids[k]!;
        if (counts[id]!++ === 0) seen.push(id);
      }
      this.lens[f]![doc] = n;
      this.lengthSum[f]! += n;
      for (const id of seen) {
        this.addOccurrences(this.lists[id]!, doc, f, this.counts[id]!);
        this.counts[id] = 0;
      }
      seen.length = 0;
    }
    if (vector) this.vectors.set(doc, Float32Array.from(vector));
    return doc;
  }

  /**
   * Adds a passage analysed elsewhere (fieldAnalysis.ts): its FIELD_COUNT lengths at `lens[li..]`
   * and its fields' distinct terms and counts from `post[pi]` on, the terms numbered by the
   * analyser (`names`: its term list). The same postings as {@link add}. Returns where the next passage's start.
   */
  addAnalyzed(p: Passage, pathId: number, vector: ArrayLike<number> | undefined, key: readonly [number, number], lens: Uint32Array, li: number, post: Int32Array, pi: number, names: readonly string[]): number {
    const doc = this.begin(p, pathId, key);
    if (this.mapOf !== names) {
      this.analyzerIds.fill(-1);
      this.mapOf = names;
    }
    if (this.analyzerIds.length < names.length) {
      const m = new Int32Array(Math.max(names.length, 2 * this.analyzerIds.length)).fill(-1);
      m.set(this.analyzerIds);
      this.analyzerIds = m;
    }
    const map = this.analyzerIds;
    for (let f = 0; f < FIELD_COUNT; f++) {
      const n = lens[li + f]!;
      this.lens[f]![doc] = n;
      this.lengthSum[f]! += n;
      const k = post[pi++]!;
      for (let j = 0; j < k; j++) {
        const no = post[pi++]!;
        const count = post[pi++]!;
        let id = map[no]!;
        if (id < 0) id = map[no] = this.numbers.ofTerm(names[no]!);
        this.addOccurrences(this.lists[id]!, doc, f, count);
      }
    }
    if (vector) this.vectors.set(doc, Float32Array.from(vector));
    return pi;
  }

  /** The passage's document and everything but its postings. */
  private begin(p: Passage, pathId: number, key: readonly [number, number]): number {
    if (this.docs === this.live.length) this.grow();
    const doc = this.docs++;
    this.passages.push(p);
    this.live[doc] = 1;
    this.liveCount++;
    this.kinds[doc] = p.kind === 'pdf' ? 1 : 0;
    this.pathOf[doc] = pathId;
    const [hi, lo] = key;
    this.idHash[2 * doc] = hi;
    this.idHash[2 * doc + 1] = lo;
    this.byId.set(p.id, doc);
    const list = this.byPath.get(pathId);
    if (list) list.push(doc);
    else this.byPath.set(pathId, [doc]);
    return doc;
  }

  /**
   * Writes the term id of each token of `text` (the terms analyze() gives, in order) into
   * `idScratch`; returns how many. New terms get an id.
   */
  private termIdsOf(text: string): number {
    const n = wordSpans(text, this.spans);
    const spans = this.spans.spans;
    if (this.idScratch.length < n) this.idScratch = new Int32Array(Math.max(n, 2 * this.idScratch.length));
    const ids = this.idScratch;
    let k = 0;
    for (let i = 0; i < n; i++) {
      const id = this.numbers.ofSpan(text, spans[2 * i]!, spans[2 * i + 1]!);
      if (id >= 0) ids[k++] = id;
    }
    return k;
  }

  /** Posting lists by term: the term's id here, its list at that index of `lists`. */
  get termIds(): ReadonlyMap<string, number> {
    return this.numbers.ids;
  }

  /** The terms, by id. */
  get terms(): readonly string[] {
    return this.numbers.terms;
  }

  private addOccurrences(p: GrowPostings, doc: number, f: number, count: number): void {
    const c = count > 255 ? 255 : count;
    // the fields of one passage are added back to back, so its posting, if any, is the last
    if (p.n > 0 && p.docs[p.n - 1] === doc) {
      p.tf[(p.n - 1) * FIELD_COUNT + f] = c;
      return;
    }
    if (p.n === p.docs.length) {
      const docs = new Int32Array(p.n * 2);
      docs.set(p.docs);
      const tf = new Uint8Array(p.n * 2 * FIELD_COUNT);
      tf.set(p.tf);
      p.docs = docs;
      p.tf = tf;
    }
    const base = p.n * FIELD_COUNT;
    p.docs[p.n] = doc;
    p.tf[base + f] = c;
    p.n++;
    this.postingCount++;
  }

  /** Marks a document deleted; false when it already was. */
  kill(doc: number): boolean {
    if (doc >= this.docs || !this.live[doc]) return false;
    this.live[doc] = 0;
    this.liveCount--;
    const id = this.passages[doc]!.id;
    if (this.byId.get(id) === doc) this.byId.delete(id);
    this.vectors.delete(doc);
    return true;
  }

  /** Documents holding `term` (deleted ones included until the flush, as in a segment). */
  df(term: string): number {
    const id = this.termIds.get(term);
    return id === undefined ? 0 : this.lists[id]!.n;
  }

  /** The posting list of `term`, if any. */
  postingsOf(term: string): GrowPostings | undefined {
    const id = this.termIds.get(term);
    return id === undefined ? undefined : this.lists[id];
  }

  kindOf(doc: number): (typeof KINDS)[number] {
    return KINDS[this.kinds[doc]!]!;
  }
}
