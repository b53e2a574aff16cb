/**
 * Sentences with one fact changed that came back "supported" when the perturbation kinds were
 * built from the text of PDF books and papers (pdf.js's test corpus: "Free Culture", the
 * TraceMonkey paper): a number in words joined to its unit by a hyphen, units of mass, a name
 * with a footnote number glued to it, a name that opens the sentence, and an opposite in the place
 * of a word the source also writes elsewhere in the sentence.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../../src/core/text/analyzer';
import { firstVerdictOver, passage } from './corpus';

const DOCS = [
  passage('copyright', 'That twenty-year dollop would be taken from the public domain. The drug companies enjoy at least a seventy-five-year monopoly for their inventions.'),
  passage('tv', 'The shot was a four-and-a-half-second image on a tiny television set in the corner of the room.'),
  passage('gravity', 'If a 500-pound boulder blocks your way, it is the law of gravity that enforces this constraint.'),
  passage('colleague', 'This is the reverse of the recommendation of my colleague Paul Goldstein.7 His view is that the law should follow expanded uses.'),
  passage('film', "California was remote enough from Edison's reach that filmmakers there could pirate his inventions without fear of the law."),
  passage('vm', 'In this domain, virtual machines must provide a low startup time and high performance.'),
  passage('search', "Jesse's wasn't the first search engine built for the RPI network. Each region runs a single cluster for the control plane."),
  passage('recipe', 'Add 1 cup of water to the pan and simmer for 30 days.'),
];
const one = firstVerdictOver(DOCS);

test('a number in words joined to its unit by a hyphen is a value with that unit', () => {
  const v = one('That twenty-minute dollop would be taken from the public domain.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.match(v.reason, /twenty-year, not twenty-minute/);
  assert.equal(one('The drug companies enjoy at least a seventy-five-day monopoly for their inventions.').verdict, 'contradicted');
  assert.equal(one('The shot was a eleven-and-a-half-second image on a tiny television set in the corner of the room.').verdict, 'contradicted');
  // the same number in digits states it, and the sentence as written passes
  assert.equal(one('That 20-year dollop would be taken from the public domain.').verdict, 'supported');
  assert.equal(one('The shot was a four-and-a-half-second image on a tiny television set in the corner of the room.').verdict, 'supported');
});

test('units of mass, length and volume are measures: another unit is a conflict, a rounded conversion is not', () => {
  const v = one('If a 500-ounce boulder blocks your way, it is the law of gravity that enforces this constraint.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.match(v.reason, /500-pound, not 500-ounce/);
  // "1 cup" is 237 ml: a recipe that rounds it to 240 ml says the same
  assert.notEqual(one('Add 240 ml of water to the pan and simmer for 30 days.').verdict, 'contradicted');
  // in the same unit the numbers must be equal
  assert.equal(one('Add 1 cup of water to the pan and simmer for 31 days.').verdict, 'contradicted');
});

test('a footnote number glued to a word leaves the word a word', () => {
  assert.deepEqual(analyze('Paul Goldstein.7 His view'), ['paul', 'goldstein', '7', 'view']);
  // versions, domains and codes stay one word
  assert.deepEqual(analyze('v1.2 ipv4.1 node.js'), ['v1.2', 'ipv4.1', 'node.js']);
  const v = one('This is the reverse of the recommendation of my colleague Paul Limerick.7 His view is that the law should follow expanded uses.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason, /names Goldstein where this says Limerick/);
});

test('a word English writes only as a name is a name at the start of a sentence', () => {
  const v = one("Maryland was remote enough from Edison's reach that filmmakers there could pirate his inventions without fear of the law.");
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason, /names California where this says Maryland/);
  assert.equal(one("California was remote enough from Edison's reach that filmmakers there could pirate his inventions without fear of the law.").verdict, 'supported');
});

test('an opposite in the place of a word the source also writes elsewhere is a conflict', () => {
  // the source says "high" too, but of performance: in the claim's place ("provide a … startup") it says "low"
  const v = one('In this domain, virtual machines must provide a high startup time and high performance.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.match(v.reason, /low, not high/);
  assert.equal(one('In this domain, virtual machines must provide a low startup time and high performance.').verdict, 'supported');
});

test('a value written as a word has opposites that are no values ("single" / "multiple", "the first" / "the last")', () => {
  const v = one('Each region runs multiple clusters for the control plane.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.match(v.reason, /single, not multiple/);
  // a negation before the value word governs it too: both sides are negated, the words differ
  const w = one("Jesse's wasn't the last search engine built for the RPI network.");
  assert.equal(w.verdict, 'contradicted', w.reason);
  assert.match(w.reason, /first, not last/);
  assert.equal(one("Jesse's wasn't the first search engine built for the RPI network.").verdict, 'supported');
  assert.equal(one('Each region runs a single cluster for the control plane.').verdict, 'supported');
});
