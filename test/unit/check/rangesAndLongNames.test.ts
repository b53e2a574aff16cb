/**
 * A range is one value: "4 to 6 minutes" for "4 to 6 weeks" changes the unit of both bounds in one
 * edit, and the reason names both ranges as written. A name of several words is a name though one
 * of its words is common ("Maine State" / "New York State"), and so is a word English writes only
 * as a name, alone ("in Maine"); a common capitalised word alone is still left to support. The number after a labelled code ("Form 1330 - 2") is the label's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

const one = firstVerdictOver([
  passage('rn-notice', 'Please give us at least 4 to 6 weeks notice if you can.'),
  passage('rn-rating', 'The temporary 100% rating may continue for 1 to 3 months depending on your unique case.'),
  passage('rn-resident', 'A judge considers the evidence of your intent and decides if you are a resident of New York State.'),
  passage('rn-form', 'You ll need to fill out an Application for Identification Card / DEERS Enrollment DD Form 1172 - 2.'),
  passage('rn-caregiver', 'To apply , fill out an Application for the Program of Comprehensive Assistance for Family Caregivers VA Form 10 - 10CG.'),
  passage('rn-title', 'The proofs of ownership needed to register and title a vehicle in New York are different for different types of vehicles.'),
  passage('rn-visit', 'You can also visit our Service Center to renew the permit in person.'),
  ...releaseNotes(),
]);

test('a range with another unit is one clear edit, named as written', () => {
  for (const [claim, said] of [
    ['Please give us at least 4 to 6 minutes notice if you can.', 'the source says 4 to 6 weeks, not 4 to 6 minutes'],
    ['The temporary 100% rating may continue for 1 to 3 years depending on your unique case.', 'the source says 1 to 3 months, not 1 to 3 years'],
  ] as const) {
    const v = one(claim);
    assert.equal(v.verdict, 'contradicted', `${claim}: ${v.reason}`);
    assert.equal(v.certainty, 'clear', `${claim}: ${v.reason}`);
    assert.equal(v.reason, said);
  }
  for (const claim of ['Please give us at least 4 to 6 weeks notice if you can.', 'The temporary 100% rating may continue for 1 to 3 months depending on your unique case.']) {
    assert.equal(one(claim).verdict, 'supported', claim);
  }
});

test('the number after a labelled code is part of the label, never a range bound', () => {
  // "1330 - 2" is a form's code, not a range to set against "10 - 10" of another form
  const v = one('You ll need to fill out an Application for Identification Card / DEERS Enrollment DD Form 1330 - 2.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason ?? '', /'1172' where this says '1330'/);
});

test('a common word that stands in a longer name, or a word English writes only as a name, is a name against another name', () => {
  const v = one('A judge considers the evidence of your intent and decides if you are a resident of Maine State.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason ?? '', /New York where this says Maine/);
  assert.equal(one('A judge considers the evidence of your intent and decides if you are a resident of New York State.').verdict, 'supported');
  // and a word WordNet does not hold as a name, in a longer name that shares the rest
  const longer = one('A judge considers the evidence of your intent and decides if you are a resident of Garden State.');
  assert.equal(longer.verdict, 'unsupported', longer.reason);
  assert.match(longer.reason ?? '', /New York where this says Garden/);
  // a word English writes only as a name (WordNet) is one alone, though it stems to a common word
  const alone = one('The proofs of ownership needed to register and title a vehicle in Maine are different for different types of vehicles.');
  assert.equal(alone.verdict, 'unsupported', alone.reason);
  assert.match(alone.reason ?? '', /New York where this says Maine/);
  // a capitalised ordinary word against another is a label or a paraphrase as often as a name
  assert.notEqual(one('You can also visit our Customer Center to renew the permit in person.').verdict, 'contradicted');
});
