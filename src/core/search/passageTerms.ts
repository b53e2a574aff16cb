/**
 * The postings of one passage as the segment index computes them (memorySegment.ts): the same
 * analyzer over the same three fields (title, heading path, body), counts capped at 255, field
 * lengths in terms. A server adapter stores these, so stemming, compounds and lengths match the
 * local index exactly and BM25F scores the same.
 */
import { analyze } from '../text/analyzer';
import { fieldTexts } from '../index/memorySegment';
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

/** A query's weighted terms, as the segment index weighs them. */
export function queryTerms(query: string, contextWeight: number): WeightedTerm[] {
  return weightTerms(query, contextWeight);
}
