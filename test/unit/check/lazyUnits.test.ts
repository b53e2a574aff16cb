/**
 * A candidate passage's sentence units are profiled only when the alignment needs them: each unit
 * first gets the terms it may hold (its words, no profile), and the alignment measures a window
 * only when its bound could change the outcome. These tests hold the bound to be a bound, the
 * laziness to be real, and the alignment to be the one an exhaustive scan finds.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { align } from '../../../src/core/check/align';
import { passageProfile, type PassageProfile } from '../../../src/core/check/passages';
import { MAX_WINDOW } from '../../../src/core/check/units';
import { hasTerm, mayHoldOf, termsOf, weightedRecall } from '../../../src/core/check/unitWords';
import { profile, type Profile } from '../../../src/core/check/profile';
import { keepsTerm, profileText } from '../../../src/core/check/profileWords';
import { segmentSentences } from '../../../src/core/check/segment';
import { hashString } from '../../../src/core/hash';
import { ingestMarkdown } from '../../../src/core/ingest/markdown';
import { STOP_WORDS, stem, tokenize } from '../../../src/core/text/analyzer';
import type { Passage } from '../../../src/core/types';

let fresh = 0;
/** A passage under an id never used before, so nothing of it is cached by id. */
const passage = (text: string): Passage => ({
  id: `lazy-${fresh++}`, path: 'docs/lazy.md', kind: 'md', headings: [], startLine: 1, endLine: 1, text, hash: hashString(text),
});
const profiledCount = (pp: PassageProfile): number => pp.units.filter((u) => (u as { core?: { profiled?: unknown } }).core?.profiled !== undefined).length;

test('the terms a unit may hold include every term its profile gives, and those it surely holds are among them', () => {
  const texts = [
    'The US government and the disease ALS are named in capitals.',
    'Version 1.2.0 is no longer supported; it fails to start after 30 days.',
    'Take the extended-release tablet twice a day, and refrain from driving.',
    'Set permission.enabled to true in app-config.yaml before you restart.',
    'It is essential for infants.Nine out of the 20 samples were free of defects.',
    '**Note**: run `helm upgrade` with five hundred and twenty replicas at 175°C.',
    "Don't avoid rubbing it; the answer is no, and it can t be undone in March or on Monday.",
    'We use GPT-4 and BLEU-4 to score COVID-19 answers; file Form DS-11 or W-2.',
    'You don t need a licence, and it won t fail to start; avoid rubbing it, set it to yes, then to no.',
    'It is free of charge for the first three years and one hundred days, twice a week after an hour.',
    'Call us from 8:00 a.m. to 5 pm, or at 17:30 ET.',
    'Twenty-one of them said about ninety-nine percent.',
  ];
  for (const text of texts) {
    const pp = passageProfile(passage(text));
    for (const u of pp.units) {
      // asked before anything profiles the unit (after, it is read from the profile itself)
      const mayValues = u.mayHoldValues;
      const may = u.mayHold!;
      assert.ok(may, 'a sentence unit carries the terms it may hold');
      for (const t of u.termSet) assert.ok(may.has(t), `${JSON.stringify(t)} of ${JSON.stringify(u.profile.text)} is among ${JSON.stringify([...may])}`);
      // and the terms it surely holds are held: a unit they cover is aligned with no profile
      for (const t of u.sure!) assert.ok(u.termSet.has(t), `${JSON.stringify(t)} of ${JSON.stringify(u.profile.text)} is held (${JSON.stringify([...u.termSet])})`);
      // a unit said to hold no value holds none
      if (mayValues === false) assert.deepEqual(u.profile.values, [], JSON.stringify(u.profile.text));
      assert.deepEqual(mayHoldOf(u.profile.text), may);
    }
  }
});

test('the word sets of a unit, remembered by word, are the ones its tokens give, in the same order', () => {
  // what termsOf gave before it remembered words: each token's term (or the stop word), the
  // parts of a compound or dotted term, and the term of a plain word not after a degree sign
  const reference = (text: string): { mayHold: string[]; sure: string[] } => {
    const input = profileText(text);
    const mayHold = new Set<string>();
    const sure = new Set<string>();
    for (const { word, term, start } of tokenize(input)) {
      const x = term || word;
      mayHold.add(x);
      if (x.includes('-')) for (const p of x.split(/[-.]/).filter((q) => q && !STOP_WORDS.has(q)).map(stem)) mayHold.add(p);
      else if (x.includes('.') && !/\d/.test(x)) for (const p of x.split('.')) if (p.length > 2 && !STOP_WORDS.has(p)) mayHold.add(stem(p));
      if (term && keepsTerm(word) && (start === 0 || input.charCodeAt(start - 1) !== 0xb0)) sure.add(term);
    }
    return { mayHold: [...mayHold], sure: [...sure] };
  };
  const texts = [
    'Heat it to 175°C, then grade C; the c-section and C.',
    'The User’s guide: the user\'s GUIDE, Users and USERS’ guides.',
    'Set permission.enabled and Permission.Enabled, then app-config.yaml, v1.2. and v1.2.0.',
    'Café owners in Zürich and CAFÉ staff; naïve “quotes” and İstanbul.',
    'Don’t stop: it is NOT free-of-charge, not for the well-known e.g. users.',
    'Twenty-one, ninety-nine; 3.5 GB of RAM at 8:00 a.m. in the U.S.',
    'It is essential for infants.Nine out of the 20 samples were free of defects.',
  ];
  // a term asked for before any unit holds it, then held: the sets are numbered, and the number
  // of a term first met after it was asked for is found
  assert.equal(termsOf('Plain words only.').mayHold.has('quuxlethorp'), false);
  assert.equal(termsOf('The quuxlethorp setting.').mayHold.has('quuxlethorp'), true);
  // twice: the first pass learns the words, the second reads them back from the table
  for (let pass = 0; pass < 2; pass++) {
    for (const text of texts) {
      const got = termsOf(text);
      const want = reference(text);
      assert.deepEqual([...got.mayHold], want.mayHold, `${JSON.stringify(text)} (pass ${pass})`);
      assert.deepEqual([...got.sure], want.sure, `${JSON.stringify(text)} (pass ${pass})`);
      assert.equal(got.mayHold.size, want.mayHold.length);
      for (const t of want.mayHold) assert.ok(got.mayHold.has(t), `${JSON.stringify(t)} in the set of ${JSON.stringify(text)}`);
      for (const t of want.sure) assert.ok(got.sure.has(t), `${JSON.stringify(t)} surely in ${JSON.stringify(text)}`);
      assert.equal(got.mayHold.has('not-a-word-of-any-text'), false);
    }
  }
});

test('aligning a claim profiles the units that could be its best window, not the rest', () => {
  const text = [
    'Returns are accepted within 30 days of delivery.',
    'Our stores open at nine in the morning.',
    'Parking is free for customers on weekends.',
    'The cafeteria serves lunch from noon.',
    'Employees receive a discount on furniture.',
    'Gift wrapping is available at the counter.',
  ].join(' ');
  const pp = passageProfile(passage(text));
  assert.equal(pp.units.length, 6);
  assert.equal(profiledCount(pp), 0);
  const cp = profile('Returns are accepted within 30 days.');
  const weights = new Map(cp.terms.map((t) => [t, 1]));
  const al = align(weights, pp, cp);
  assert.equal(al.first, 0);
  assert.equal(al.recall, 1);
  // the words of the first unit are plain words: it surely holds their terms, with no profile
  assert.equal(profiledCount(pp), 0);
  assert.equal(pp.terms.has('cafeteria'), true);
  assert.equal(pp.terms.has('warranty'), false);
  assert.equal(profiledCount(pp), 0);
  // "nine" may be a term or a value ("at nine"): only the unit's profile says, and only that unit is profiled
  assert.equal(pp.terms.has('nine'), false);
  assert.equal(profiledCount(pp), 1);
});

/** The alignment as it was before units were profiled lazily: every window measured, in order. */
function exhaustive(weights: Map<string, number>, pp: PassageProfile, claim: Profile): { recall: number; first: number; last: number; unitRecall: number; passageRecall: number } {
  const units = pp.units;
  const unitRecalls = units.map((u) => weightedRecall(weights, (t) => hasTerm(u.termSet, t)));
  let best = { recall: -1, first: 0, last: 0, beyond: -1 };
  const tieBreak = claim.values.length + claim.bigrams.size > 0;
  const beyond = (first: number, last: number): number => {
    let n = 0;
    for (const v of claim.values) if (units.slice(first, last + 1).some((u) => u.profile.values.some((w) => w.v === v.v))) n++;
    for (const b of claim.bigrams) if (units.slice(first, last + 1).some((u) => u.profile.bigrams.has(b))) n++;
    return n;
  };
  for (let size = 1; size <= MAX_WINDOW; size++) {
    for (let i = 0; i + size <= units.length; i++) {
      const window = units.slice(i, i + size);
      const union = new Set(window.flatMap((u) => [...u.termSet]));
      const r = size === 1 ? unitRecalls[i]! : weightedRecall(weights, (t) => hasTerm(union, t));
      if (r > best.recall + 1e-9) best = { recall: r, first: i, last: i + size - 1, beyond: -1 };
      else if (tieBreak && r > 0 && size === best.last - best.first + 1 && r > best.recall - 1e-9) {
        if (best.beyond < 0) best.beyond = beyond(best.first, best.last);
        const b = beyond(i, i + size - 1);
        if (b > best.beyond) best = { recall: best.recall, first: i, last: i + size - 1, beyond: b };
      }
    }
    if (size === 1 && best.recall >= 1 - 1e-9) break;
  }
  let unitIdx = best.first;
  for (let i = best.first; i <= best.last; i++) if (unitRecalls[i]! > unitRecalls[unitIdx]!) unitIdx = i;
  const all = new Set(units.flatMap((u) => [...u.termSet]));
  return { recall: Math.max(0, best.recall), first: best.first, last: best.last, unitRecall: unitRecalls[unitIdx]!, passageRecall: weightedRecall(weights, (t) => hasTerm(all, t)) };
}

test('the alignment is the one an exhaustive scan finds (example workspace, claims from its sentences)', () => {
  const dir = path.join(__dirname, '../../../examples/workspace');
  const passages = readdirSync(dir).filter((f) => f.endsWith('.md')).sort().flatMap((f) => ingestMarkdown(f, readFileSync(path.join(dir, f), 'utf8'), { minWords: 40, maxWords: 120 }).passages);
  const sentences = passages.flatMap((p) => segmentSentences(p.text).filter((s) => s.kind === 'sentence').map((s) => s.text));
  assert.ok(passages.length >= 10 && sentences.length >= 40);
  let compared = 0;
  for (let c = 0; c < sentences.length; c++) {
    // a sentence, two joined, or the halves of two (claims that match one unit, a window, or parts)
    const a = sentences[c]!;
    const b = sentences[(c * 7 + 3) % sentences.length]!;
    const claims = [a, `${a} ${b}`, `${a.split(' ').slice(0, 6).join(' ')} ${b.split(' ').slice(-6).join(' ')}`];
    for (const [k, text] of claims.entries()) {
      const cp = profile(text);
      // equal weights make ties (the values and word pairs decide); uneven ones make near-misses
      const weights = new Map(cp.terms.map((t, i) => [t, k === 0 ? 1 : 1 + ((t.length * 7 + i) % 5) / 3]));
      for (const p of passages) {
        // the lazy alignment first: the exhaustive scan profiles every unit (units are shared by text)
        const al = align(weights, passageProfile({ ...p, id: `lazy-${fresh++}` }), cp);
        const expected = exhaustive(weights, passageProfile({ ...p, id: `ref-${fresh++}` }), cp);
        assert.deepEqual({ recall: al.recall, first: al.first, last: al.last, unitRecall: al.unitRecall, passageRecall: al.passageRecall }, expected, `${JSON.stringify(text)} in ${p.id}`);
        compared++;
      }
    }
  }
  assert.ok(compared > 1000);
});

test('a compound term whose parts two units hold counts for their window, not for either unit alone', () => {
  // "toll-free" is held by the window of units 1–2 (its parts apart), by no unit alone
  const text = 'Store the card somewhere dry. The number you call is toll for adults. Calls are free at night. Keep it away from children.';
  const cp = profile('The toll-free number works for adults at night.');
  const weights = new Map(cp.terms.map((t, i) => [t, 1 + i / 4]));
  assert.ok(cp.terms.includes('toll-free'), JSON.stringify(cp.terms));
  const pp = passageProfile(passage(text));
  const al = align(weights, pp, cp);
  const expected = exhaustive(weights, passageProfile(passage(text)), cp);
  assert.deepEqual({ recall: al.recall, first: al.first, last: al.last, unitRecall: al.unitRecall, passageRecall: al.passageRecall }, expected);
  assert.deepEqual([al.first, al.last], [1, 2]);
  // the window holds every term of the claim but "work", "toll-free" through its parts
  assert.equal(al.recall, 1 - weights.get('work')! / [...weights.values()].reduce((a, b) => a + b, 0));
  assert.ok(al.unitRecall < 1);
});

test('a long claim (more terms than a bit mask holds) is aligned as the exhaustive scan aligns it', () => {
  const words = Array.from({ length: 45 }, (_, i) => `term${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}word`);
  const text = [words.slice(0, 15).join(' ') + '.', words.slice(15, 30).join(' ') + '.', words.slice(30).join(' ') + '.', 'Nothing else here at all.'].join(' ');
  const cp = profile(words.join(' ') + ' extra-wide.');
  const weights = new Map(cp.terms.map((t, i) => [t, 1 + (i % 7) / 3]));
  assert.ok(weights.size > 40);
  const al = align(weights, passageProfile(passage(text)), cp);
  const expected = exhaustive(weights, passageProfile(passage(text)), cp);
  assert.deepEqual({ recall: al.recall, first: al.first, last: al.last, unitRecall: al.unitRecall, passageRecall: al.passageRecall }, expected);
  assert.deepEqual([al.first, al.last], [0, 2]);
});
