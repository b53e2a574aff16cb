import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../../src/core/text/analyzer';
import { FIELD_COUNT } from '../../../src/core/index/corpusStats';
import { fieldTexts, MemorySegment } from '../../../src/core/index/memorySegment';
import { MISS, SLOW, WordTable } from '../../../src/core/index/wordTable';
import type { Passage } from '../../../src/core/types';
import { passage, rng } from './helpers';

/** Per document and field, each term's count as the buffer's posting lists hold it. */
function invertedCounts(buf: MemorySegment): Array<Array<Map<string, number>>> {
  const out = Array.from({ length: buf.docs }, () => Array.from({ length: FIELD_COUNT }, () => new Map<string, number>()));
  buf.terms.forEach((term, id) => {
    const l = buf.lists[id]!;
    for (let i = 0; i < l.n; i++) {
      for (let f = 0; f < FIELD_COUNT; f++) {
        const c = l.tf[i * FIELD_COUNT + f]!;
        if (c > 0) out[l.docs[i]!]![f]!.set(term, c);
      }
    }
  });
  return out;
}

/** The same from analyze(), the analyzer's own output. */
function analyzedCounts(p: Passage): Array<Map<string, number>> {
  return fieldTexts(p).map((text) => {
    const m = new Map<string, number>();
    for (const t of analyze(text)) m.set(t, Math.min(255, (m.get(t) ?? 0) + 1));
    return m;
  });
}

const HARD = [
  "It’s John's cat's licence: renew v1.2.0 of the U.S. e-mail plug-in, don't wait 3.5. days!",
  'Renewing renewed renewals — naïve ÉCOLE café; 日本語 text; x.y.z.',
  "The driver's license isn't valid; they'll need a NEW one. THE Driver’S LICENSE",
  'RENEWAL renewal Renewal rEnEwAl ÉCOLE école Straße STRASSE İstanbul ǅemal',
  'resort in Hawaii.Aulani is; my colleague Paul Goldstein.7 His view; Toll-Free toll-free',
  '',
];

test('the buffer indexes exactly the terms analyze() gives, field by field (seen words, case, unicode, apostrophes)', () => {
  const r = rng(11);
  const alphabet = ['a', 'b', 'Z', 'E', '7', "'", '’', '.', '-', ' ', ' ', 'é', 'É', 'ß', '日', 'Ω', '𝐀', '٣', 'ǅ', 'ing', 'ed', 's'];
  const random = (): string => {
    let s = '';
    const len = 1 + Math.floor(r() * 60);
    for (let i = 0; i < len; i++) s += alphabet[Math.floor(r() * alphabet.length)];
    return s;
  };
  const passages: Passage[] = [];
  HARD.forEach((text, i) => passages.push(passage('hard.md', i, text, { title: HARD[(i + 1) % HARD.length]!, headings: [HARD[(i + 2) % HARD.length]!, 'Licence'] })));
  // the same texts again: now every word is a hit in the buffer's word table
  HARD.forEach((text, i) => passages.push(passage('again.md', i, text.toUpperCase(), { title: text, headings: ['licence', 'LICENCE'] })));
  for (let i = 0; i < 600; i++) passages.push(passage(`r${i % 7}.md`, i, random(), { title: random(), headings: [random()] }));
  const buf = new MemorySegment();
  passages.forEach((p) => buf.add(p, 0));
  const got = invertedCounts(buf);
  passages.forEach((p, d) => {
    const want = analyzedCounts(p);
    for (let f = 0; f < FIELD_COUNT; f++) {
      assert.deepEqual([...got[d]![f]!].sort(), [...want[f]!].sort(), `passage ${d} field ${f}: ${JSON.stringify(fieldTexts(p)[f])}`);
      assert.equal(buf.lens[f]![d], analyze(fieldTexts(p)[f]!).length, `length of passage ${d} field ${f}`);
    }
  });
  // a term reached through different surface words has one id and one list
  assert.equal(new Set(buf.terms).size, buf.terms.length);
});

test('the word table finds words across growth and collisions, and sends non-ASCII spans to the slow path', () => {
  const table = new WordTable();
  const words = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}x`);
  words.forEach((w, i) => {
    assert.equal(table.wordId(w), MISS);
    table.add(w, i);
  });
  assert.equal(table.size, words.length);
  words.forEach((w, i) => {
    assert.equal(table.wordId(w), i);
    const text = `  ${w.toUpperCase()}!`;
    assert.equal(table.spanId(text, 2, 2 + w.length), i, w);
  });
  assert.equal(table.spanId('wzzzzzzzx', 0, 9), MISS);
  assert.equal(table.spanId('w1', 0, 2), MISS, 'a prefix of a stored word is not that word');
  assert.equal(table.spanId('café', 0, 4), SLOW);
  assert.equal(table.spanId('v1.', 0, 3), SLOW);
  table.add('café', -1);
  assert.equal(table.wordId('café'), -1);
});
