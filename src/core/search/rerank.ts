/**
 * The last steps of a search for an adapter that scores BM25F elsewhere (a database server):
 * the file share (each passage gains docWeight × the best passage score of its file) and the
 * phrase bonus over the pool, with the segment index's rounding (single precision per passage
 * score) and tie order (passage id key), so the order matches the local index.
 */
import { byIdKey } from '../index/idKey';
import { phraseRerank } from '../index/phrase';
import type { RankingParams } from '../index/ranking';
import { makeSnippet } from '../index/snippet';
import type { Passage, SearchHit, SearchOptions } from '../types';
import { PhraseTerms } from './phraseTerms';

/** One candidate from the server: its BM25F score and the best BM25F score of its file. */
export interface Candidate {
  passage: Passage;
  score: number;
  fileBest: number;
}

/** Passages re-ranked by the phrase bonus (at least), as in the segment index. */
export const PHRASE_POOL = 30;

/**
 * How many of the candidates rankCandidates orders and reads (the phrase bonus's pool, or the k
 * shown): an adapter needs the bodies of no others.
 */
export function rankedCount(params: RankingParams, opts: SearchOptions = {}): number {
  const k = Math.max(1, opts.k ?? 10);
  return params.phraseWeight > 0 && opts.phrase !== false ? Math.max(k, PHRASE_POOL) : k;
}

/**
 * The final hits from `cands` (the pool of the best by BM25F + file share). `phraseTerms` reads
 * the candidates' terms for the phrase bonus (a reader keeps one, so each word and each passage
 * it keeps is analysed once).
 */
export function rankCandidates(cands: readonly Candidate[], query: string, queryTerms: readonly string[], params: RankingParams, opts: SearchOptions = {}, phraseTerms: PhraseTerms = new PhraseTerms()): SearchHit[] {
  const k = Math.max(1, opts.k ?? 10);
  const w = params.docWeight;
  const scored = cands.map((c, i): [number, number] => [i, w > 0 ? Math.fround(c.score) + w * Math.fround(c.fileBest) : Math.fround(c.score)]);
  const tie = (a: number, b: number): number => byIdKey(cands[a]!.passage.id, cands[b]!.passage.id);
  scored.sort((a, b) => b[1] - a[1] || tie(a[0], b[0]));
  const nl = query.indexOf('\n');
  const phrase = params.phraseWeight > 0 && opts.phrase !== false;
  let ranked = scored.slice(0, rankedCount(params, opts));
  if (phrase) {
    ranked = phraseRerank(nl < 0 ? query : query.slice(0, nl), ranked, params.phraseWeight, (i) => phraseTerms.of(cands[i]!.passage), tie, k);
  }
  const qt = new Set(queryTerms);
  return ranked.slice(0, k).map(([i, score]) => {
    const passage = cands[i]!.passage;
    return { passage, score, snippet: opts.snippet === false ? '' : makeSnippet(passage.text, qt, undefined, (text) => phraseTerms.wordsOf(passage, text)) };
  });
}
