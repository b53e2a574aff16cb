/**
 * Claims that restate their source and must not be called contradicted, found among the RAGTruth
 * sentences the product wrongly flagged (`scripts/eval/ragContradictions.ts`), each beside the
 * changed claim that must stay contradicted: an opposite the window also states the claim's way,
 * an abbreviation of the claim's own name, a name written as its initials, "avoid" before a
 * thing rather than an action, a qualifier the claim adds to the source's name, and a compound
 * written with a hyphen on one side only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

const DOCS = [
  passage('silver', 'For items that are merely dull, mix a few drops of mild dish soap with warm water and dip in a soft cloth. Rub the jewelry, then rinse in cool water and buff with a cloth until dry.'),
  passage('rock', 'Rock can be described as a large piece of stone that is difficult to carry in the hand. On the other hand, a stone is just a small piece or pebble that can be carried in the hand.'),
  passage('psa', 'Total PSA levels between 4.0 and 10.0 may indicate prostate cancer (about a 25% chance, according to the ACS), or an inflamed prostate.'),
  passage('war', 'The War also, for the first time, brought economic unity to the US. The South joined the market system.'),
  passage('contact', 'Keep a professional distance at work. Avoid physical contact that can be misread as flirting.'),
  passage('screen', 'Avoid touching the screen while the firmware updates.'),
  passage('magellan', 'Magellan offers continuing education clock hours for the e-learning courses listed on this page.'),
  passage('pork', 'When the internal temperature of the meat is 150 degrees Fahrenheit, the meat is ready to be taken out of the oven.'),
  passage('upc', 'GS1 originated UPC and EAN codes. Toll Free: 1-888-356-7770.'),
];
const one = firstVerdictOver([...DOCS, ...releaseNotes()]);

test('an opposite elsewhere in the window does not contradict a word the window states in the claim\'s slot', () => {
  // "warm water" is in the first sentence; "cool water" is the rinse, another step
  assert.notEqual(one('Mix a few drops of mild dish soap with warm water and dip a soft cloth in it.').verdict, 'contradicted');
  // "smaller" is the comparative of the source's "small"; "large" describes the rock
  assert.notEqual(one('On the other hand, a stone is described as a smaller piece or pebble that can be carried in the hand.').verdict, 'contradicted');
  // the changed step is still caught
  const rinse = one('Rub the jewelry, then rinse in warm water and buff with a cloth until dry.');
  assert.equal(rinse.verdict, 'contradicted');
  assert.match(rinse.reason, /cool/);
});

test('a name the claim spells out beside its own abbreviation is not another name', () => {
  const v = one('According to the American Cancer Society (ACS), total PSA levels between 4.0 and 10.0 may indicate prostate cancer or an inflamed prostate.');
  assert.notEqual(v.verdict, 'contradicted');
  assert.doesNotMatch(v.reason, /names ACS/);
});

test('a name written as its initials is the same name, and another name pairs with the initials', () => {
  assert.notEqual(one('The War brought economic unity to the United States for the first time.').verdict, 'contradicted');
  const uk = one('The War brought economic unity to the UK for the first time.');
  assert.equal(uk.verdict, 'unsupported', uk.reason);
  // the slot of "UK" is the source's "US" (right after "unity to the"), not "War"
  assert.match(uk.reason, /names US where this says UK/);
});

test('"avoid" before a thing is no negation of a claim that names the thing', () => {
  assert.notEqual(one('Physical contact that can be misread as flirting.').verdict, 'contradicted');
  // before an action it still negates it
  assert.equal(one('Touch the screen while the firmware updates.').verdict, 'contradicted');
});

test('a qualifier the claim adds to the source\'s own name is no other name', () => {
  // the source's "Magellan" is the claim's word beside "Virginia", not a name in Virginia's place
  const v = one('Magellan of Virginia offers continuing education clock hours for the e-learning courses.');
  assert.notEqual(v.verdict, 'contradicted');
  assert.doesNotMatch(v.reason, /names Magellan, not Virginia/);
  // another provider in the source's slot is still a changed name
  const other = one('Optum offers continuing education clock hours for the e-learning courses listed on this page.');
  assert.equal(other.verdict, 'unsupported', other.reason);
  assert.match(other.reason, /names Magellan where this says Optum/);
});

test('a unit written as its first letter is the same unit ("degrees F" / "degrees Fahrenheit")', () => {
  const v = one('When the internal temperature of the meat is 150 degrees F, the meat is ready to be taken out of the oven.');
  assert.equal(v.verdict, 'supported');
  assert.doesNotMatch(v.reason, /names Fahrenheit/);
  // another scale in its place is still another name
  const c = one('When the internal temperature of the meat is 150 degrees Celsius, the meat is ready to be taken out of the oven.');
  assert.equal(c.verdict, 'unsupported', c.reason);
  assert.match(c.reason, /names Fahrenheit where this says Celsius/);
});

test('a compound with a hyphen meets the same words written apart ("toll-free" / "Toll Free")', () => {
  const v = one('Toll-free: 1-888-356-7770.');
  assert.equal(v.verdict, 'supported');
  assert.match(v.evidence?.quote ?? '', /Toll Free: 1-888-356-7770/);
});
