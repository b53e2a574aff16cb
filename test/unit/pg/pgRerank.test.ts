/**
 * What the PostgreSQL reader leaves out of a search without changing it (plain Node, no server):
 * bodies are read only for the pool entries that can reach the ranked few (rankable), and the
 * phrase bonus's terms come from a word table (PhraseTerms) instead of analyze() per passage.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_RANKING } from '../../../src/core/index/ranking';
import { PhraseTerms } from '../../../src/core/search/phraseTerms';
import { rankCandidates, rankedCount, type Candidate } from '../../../src/core/search/rerank';
import { makeSnippet } from '../../../src/core/index/snippet';
import { analyze, tokenize } from '../../../src/core/text/analyzer';
import type { Passage } from '../../../src/core/types';
import { rankable } from '../../../src/node/pg/pgSearch';
import type { PoolEntry } from '../../../src/node/pg/pgScore';
import { rng } from '../index/helpers';

const WORDS = ['leave', 'annual', 'days', 'carry', 'over', 'the', 'of', 'policy', 'manager', 'approve', 'request', 'holiday', 'sick', 'pay', 'notice', 'weeks'];

function passageOf(pno: number, r: () => number): Passage {
  const text = Array.from({ length: 8 + Math.floor(r() * 30) }, () => WORDS[Math.floor(r() * WORDS.length)]!).join(' ');
  return { id: `f${pno % 7}.md#${(pno * 7919) % 1000}`, path: `f${pno % 7}.md`, kind: 'md', title: 'T', headings: ['Leave'], text, startLine: 1, endLine: 2, hash: `h${pno}` } as Passage;
}

test('the pool entries rankable() keeps give the ranking of the whole pool, ties at the edge included', () => {
  const r = rng(42);
  let edgeTies = 0;
  for (let round = 0; round < 200; round++) {
    // scores on a coarse grid, so equal final scores (ordered by passage id, not number) are common
    const size = 50;
    const pool: PoolEntry[] = Array.from({ length: size }, (_, i) => ({ pno: 100 + i * 3, score: Math.fround(1 + Math.floor(r() * 6) / 4), fileBest: Math.fround(2 + Math.floor(r() * 3) / 4) }));
    pool.forEach((e) => (e.fileBest = Math.max(e.fileBest, e.score)));
    const w = round % 2 === 0 ? DEFAULT_RANKING.docWeight : 0;
    const finalOf = (e: PoolEntry): number => (w > 0 ? e.score + w * e.fileBest : e.score);
    pool.sort((a, b) => finalOf(b) - finalOf(a) || a.pno - b.pno);
    const bodies = new Map(pool.map((e) => [e.pno, passageOf(e.pno, r)]));
    const params = { ...DEFAULT_RANKING, docWeight: w };
    for (const k of [1, 10, 40]) {
      const opts = { k, snippet: false };
      const need = rankedCount(params, opts);
      const kept = rankable(pool, need, w);
      assert.ok(kept.length >= Math.min(need, pool.length) && kept.length <= pool.length);
      if (kept.length > need) edgeTies++;
      const cands = (es: PoolEntry[]): Candidate[] => es.map((e) => ({ passage: bodies.get(e.pno)!, score: e.score, fileBest: e.fileBest }));
      const query = 'annual leave carry over\nmanager approve';
      const want = rankCandidates(cands(pool), query, ['annual', 'leav'], params, opts);
      const got = rankCandidates(cands(kept), query, ['annual', 'leav'], params, opts);
      assert.deepEqual(got.map((h) => [h.passage.id, h.score]), want.map((h) => [h.passage.id, h.score]), `round ${round}, k ${k}`);
    }
  }
  // the case that matters was met: entries past the need-th kept for their tie
  assert.ok(edgeTies > 20, `${edgeTies} edge ties`);
});

test('PhraseTerms gives the terms analyze() gives, and reads a changed passage again', () => {
  const pt = new PhraseTerms();
  const texts = [
    'The Manager’s approval: leave carried over.  Days, weeks — and v1.2. notes',
    'ÉCOLE école Straße STRASSE naïve café’s CAFÉ',
    'the of and', // stop words only
    "it's the employee's right; employees' rights. E.G. e.g. U.S. i.e.",
    'over over over leave LEAVE Leave leaving left',
  ];
  for (let round = 0; round < 2; round++) for (const t of texts) assert.deepEqual(pt.analyze(t), analyze(t), t);
  const r = rng(3);
  const p = passageOf(5, r);
  assert.deepEqual(pt.of(p), analyze(`${p.headings.join(' \n ')} \n ${p.text}`));
  p.text = 'sick pay notice';
  p.hash = 'changed';
  assert.deepEqual(pt.of(p), analyze(`${p.headings.join(' \n ')} \n ${p.text}`));
});

test('snippets read through the word table (PhraseTerms.words) are the snippets tokenize() gives', () => {
  const pt = new PhraseTerms();
  const r = rng(9);
  const tricky = [
    'The Manager’s approval: leave carried over.  Days, weeks — and v1.2. notes',
    'ÉCOLE école Straße STRASSE naïve café’s CAFÉ',
    "it's the employee's right; employees' rights. E.G. e.g. U.S. i.e. Leave.",
  ];
  const texts = [...tricky, ...Array.from({ length: 300 }, () => Array.from({ length: 5 + Math.floor(r() * 120) }, () => (r() < 0.2 ? tricky[Math.floor(r() * tricky.length)]! : WORDS[Math.floor(r() * WORDS.length)]!)).join(r() < 0.5 ? ' ' : ',\n '))];
  const queries = [['annual', 'leav'], ['manag', 'approv', 'request'], ['école', 'straße', 'cafe'], ['employe', 'right', 'e.g'], ['sick']].map((q) => new Set(q));
  for (let round = 0; round < 2; round++)
    for (const t of texts) {
      const words = pt.words(t);
      const tokens = tokenize(t);
      assert.deepEqual(words.terms, tokens.map((k) => k.term), t);
      assert.deepEqual([...words.spans], tokens.flatMap((k) => [k.start, k.end]), t);
      for (const q of queries) assert.equal(makeSnippet(t, q, undefined, pt.words), makeSnippet(t, q), t);
    }
  // kept per passage object, read again when the passage changed
  const p = passageOf(3, r);
  const first = pt.wordsOf(p, p.text);
  assert.equal(pt.wordsOf(p, p.text), first);
  assert.deepEqual(first, pt.words(p.text));
  p.text = 'Sick pay: the notice weeks';
  p.hash = 'changed';
  assert.deepEqual(pt.wordsOf(p, p.text), pt.words(p.text));
  assert.equal(makeSnippet(p.text, queries[4]!, undefined, (t) => pt.wordsOf(p, t)), makeSnippet(p.text, queries[4]!));
});
