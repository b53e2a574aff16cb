import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, tokenize, WORD } from '../../../src/core/text/analyzer';

test('analyze (the fast path used for indexing) yields exactly the terms of tokenize', () => {
  const samples = [
    "It’s John's cat's licence: renew v1.2.0 of the U.S. e-mail plug-in, don't wait 3.5. days!",
    'Renewing renewed renewals — naïve ÉCOLE café; 日本語 text; x.y.z.',
    "The driver's license isn't valid; they'll need a NEW one.",
  ];
  for (const s of samples) assert.deepEqual(analyze(s), tokenize(s).filter((t) => t.term).map((t) => t.term));
  assert.deepEqual(analyze('the and of'), []);
  assert.deepEqual(analyze('Renewing renewals'), analyze('renew renewal'));
});

test('the hand-written word scanner finds exactly the matches of the WORD regex', () => {
  const viaRegex = (s: string): Array<[number, number]> => [...s.matchAll(new RegExp(WORD.source, WORD.flags))].map((m) => [m.index, m.index + m[0].length]);
  const viaScanner = (s: string): Array<[number, number]> => tokenize(s).map((t) => [t.start, t.end]);
  // a deterministic random walk over an alphabet of the hard cases: ASCII, the joiners, accents,
  // a combining mark, CJK, Greek, an astral letter and an astral symbol, digits of other scripts,
  // lone surrogates and white space
  const alphabet = ['a', 'Z', '7', "'", '’', '.', '-', ' ', '\n', ',', 'é', 'e\u0301', 'ß', '日', 'Ω', '𝐀', '😀', '٣', '\ud800', '\udc00', '_', '—', 'ǅ', '²'];
  let seed = 42;
  const rnd = (n: number): number => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
  for (let k = 0; k < 3000; k++) {
    let s = '';
    const len = 1 + rnd(24);
    for (let i = 0; i < len; i++) s += alphabet[rnd(alphabet.length)];
    assert.deepEqual(viaScanner(s), viaRegex(s), JSON.stringify(s));
  }
  for (const s of ["e-mail's v1.2.0 U.S.A. x.-y '.' end.", 'ends with joiner- and.', '', '...', "’tis o’clock 3.5%"]) {
    assert.deepEqual(viaScanner(s), viaRegex(s), JSON.stringify(s));
  }
});

test('a full stop that glues two sentences splits them; versions, domains and acronyms stay one word', () => {
  const words = (s: string): string[] => tokenize(s).map((t) => t.word);
  // scraped text often loses the space after a full stop: the name after it must still be found
  assert.deepEqual(words('resort in Hawaii.Aulani is'), ['resort', 'in', 'hawaii', 'aulani', 'is']);
  assert.deepEqual(words('label head El-P.Jaime Meline'), ['label', 'head', 'el-p', 'jaime', 'meline']);
  assert.deepEqual(words('World War II.John'), ['world', 'war', 'ii', 'john']);
  assert.deepEqual(words('v1.2.0 on example.com with Node.JS'), ['v1.2.0', 'on', 'example.com', 'with', 'node.js']);
});
