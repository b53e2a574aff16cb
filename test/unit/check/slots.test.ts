/**
 * Contradictions found where a claim restates a sentence with one element changed in its slot:
 * a value the claim repeats elsewhere ("from 2017 to 2017"), a name of several words, a quantifier
 * on its scale, a negation that governs no content word, an opposite made by a prefix, and an
 * acronym written with a common word. And the paraphrases that must stay supported.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createChecker } from '../../../src/core/check/checker';
import { createMemorySource } from '../../../src/core/check/memorySource';
import { profile } from '../../../src/core/check/profile';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

const DOCS = [
  passage('pilot', 'The VADIP pilot program ran from 2013 to 2017. It covered dental care for veterans.'),
  passage('docs', 'If you send us only the required documents, it may take 2 to 8 months since we need to confirm your information.'),
  passage('hours', 'We are here Monday through Friday, 7:00 a.m. to 7:00 p.m. Our phone line closes on holidays.'),
  passage('age', 'Under 18 years old, children do not need identification when traveling with a companion.'),
  passage('plan', 'You would pay the amount due under the 10-year Standard Repayment Plan.'),
  passage('law', 'A police officer can issue a ticket if you drive in New York State without a New York State driver license.'),
  passage('usual', 'Benefits usually continue until you are able to work again on a regular basis.'),
  passage('some', 'You may be able to get some or all of your vision care through the clinic.'),
  passage('settle', 'If you agree with the proposed settlement, you do not have to do anything.'),
  passage('still', 'The option to take only one benefit at full retirement age no longer exists for people born after 1954.'),
  passage('champ', 'You must have both Medicare Parts A and B and be otherwise eligible for the dental plan.'),
  passage('als', 'Examples include acute leukemia, Lou Gehrig disease ALS, and pancreatic cancer.'),
  passage('egg', 'Cover the pot with the lid and let the egg cook for six minutes. Then cook the sauce for about 4-6 minutes.'),
  passage('breath', 'Breathing out requires no effort from your body unless you have a lung disease.'),
  passage('open', 'Open-access texts are available for free from the library portal.'),
  passage('nics', 'Employers pay lower NICs as a result of paying their employees a reduced salary.'),
  passage('hair', 'Dry the hair with a towel using a patting or stroking motion. Do not rub the hair back and forth.'),
  passage('steak', 'Porterhouse steaks are cut from further back on the short loin and include two muscles.'),
];
const FILLER = releaseNotes();
const one = firstVerdictOver([...DOCS, ...FILLER]);

test('a value changed in its slot is contradicted even when the claim repeats the source value elsewhere', () => {
  const years = one('The VADIP pilot program ran from 2017 to 2017.');
  assert.equal(years.verdict, 'contradicted', years.reason);
  assert.match(years.reason, /2013, not 2017/);
  const months = one('If you send us only the required documents, it may take 8 to 8 months since we need to confirm your information.');
  assert.equal(months.verdict, 'contradicted', months.reason);
  const days = one('We are here Friday through Friday, 7:00 a.m. to 7:00 p.m.');
  assert.equal(days.verdict, 'contradicted', days.reason);
  // Monday through Friday is a range of days
  assert.match(days.conflict?.kind ?? '', /^(date|range)$/);
});

test('a unit changed in its slot is contradicted, also when the unit is joined by a hyphen', () => {
  const age = one('Under 18 minutes old, children do not need identification when traveling with a companion.');
  assert.equal(age.verdict, 'contradicted', age.reason);
  assert.equal(age.conflict?.kind, 'unit');
  const plan = one('You would pay the amount due under the 10-month Standard Repayment Plan.');
  assert.equal(plan.verdict, 'contradicted', plan.reason);
  assert.equal(plan.conflict?.claimText, '10-month');
  assert.equal(plan.conflict?.sourceText, '10-year');
});

test('a place of two words is one name on each side', () => {
  const v = one('A police officer can issue a ticket if you drive in South Dakota State without a New York State driver license.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason, /names New York where this says South Dakota /);
});

test('a quantifier swapped for another on its scale is contradicted; the same quantifier is not', () => {
  const rarely = one('Benefits rarely continue until you are able to work again on a regular basis.');
  assert.equal(rarely.verdict, 'contradicted', rarely.reason);
  assert.equal(rarely.conflict?.kind, 'quantifier');
  assert.equal(rarely.conflict?.sourceText, 'usually');
  const all = one('You may be able to get all or all of your vision care through the clinic.');
  assert.equal(all.verdict, 'contradicted', all.reason);
  assert.equal(one('You may be able to get some or all of your vision care through the clinic.').verdict, 'supported');
});

test('a negation lost or added where it governs no content word is contradicted', () => {
  const v = one('If you agree with the proposed settlement, you do have to do anything.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  const still = one('The option to take only one benefit at full retirement age still exists for people born after 1954.');
  assert.equal(still.verdict, 'contradicted', still.reason);
  // the same polarity said another way is no contradiction
  assert.notEqual(one('Breathing out does not require any effort from your body unless you have a lung disease.').verdict, 'contradicted');
});

test('an opposite made by a prefix is contradicted, even when the claim also uses the word', () => {
  const v = one('You must have both Medicare Parts A and B and be otherwise ineligible for the dental plan.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.equal(v.conflict?.kind, 'antonym');
});

test('an acronym replaced by a common word in capitals is a different name', () => {
  const v = one('Examples include acute leukemia, Lou Gehrig disease HAVE, and pancreatic cancer.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason, /names ALS where this says HAVE/);
});

test('paraphrases that keep every fact are not contradicted', () => {
  // "4-6 minutes" against another sentence's "six minutes": both the sauce's numbers are in the source
  assert.notEqual(one('Then cook the sauce for about 4-6 minutes.').verdict, 'contradicted');
  // a claim that also gives the abbreviation the source uses
  assert.notEqual(one('Employers pay lower National Insurance Contributions (NICs) as a result of paying their employees a reduced salary.').verdict, 'contradicted');
  // an adjective that looks like a step verb does not make a claim an instruction
  const open = one('Open-access texts are not available for free from the library portal.');
  assert.equal(open.verdict, 'contradicted', open.reason);
});

test('numbers in several words and digits with a scale word are one value each', () => {
  const v = (s: string): string[] => profile(s).values.map((x) => `${x.v} ${x.unit}`.trim());
  assert.deepEqual(v('The warranty lasts ninety-nine years.'), ['99 year']);
  assert.deepEqual(v('We counted forty two lamps.'), ['42 lamp']);
  assert.deepEqual(v('It seats two hundred and fifty people.'), ['250 peopl']);
  assert.deepEqual(v('It costs 5 million dollars.'), ['5000000 dollar']);
  // two numbers side by side stay two
  assert.deepEqual(v('Pick one two three.').length, 3);
  // a unit is not taken across a comma
  assert.deepEqual(v('between the ages of 30 and 40, are taller'), ['30', '40']);
});

test('a number in two words is compared as one number ("ninety-nine years" against "a two year warranty")', () => {
  const c = createChecker(createMemorySource([passage('lamp', 'The desk lamp comes with a two year warranty covering defects.')]));
  assert.notEqual(c.check('The desk lamp warranty lasts ninety-nine years.').sentences[0]!.verdict, 'supported');
});

test('a passage reference is no value, and "avoid" negates like "do not"', () => {
  // "passage 1" names which source the answer cites; it is not a number to compare with "two"
  assert.notEqual(one('According to passage 1, Porterhouse steaks are cut from further back on the short loin.').verdict, 'contradicted');
  assert.deepEqual(profile('As shown in Passage 3, the base is 5 inches wide.').values.map((v) => v.v), ['5']);
  // "avoiding rubbing" and "do not rub" say the same
  assert.notEqual(one('Dry the hair with a towel, avoiding rubbing the hair back and forth.').verdict, 'contradicted');
  assert.equal(one('Dry the hair with a towel and rub the hair back and forth.').verdict, 'contradicted');
});
