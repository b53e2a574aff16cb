/**
 * An acronym and the name it spells are one name: "RHDH" states "Red Hat Developer Hub" and the
 * reverse (the acronym is aligned with the run of names whose initials it spells), and an acronym
 * of a longer form of the source's name ("RHDH" where the source says "Developer Hub") is no
 * other name. Another acronym is still another name, and a copy with the name spelt the other way
 * is read as a copy (a negation dropped from it is the opposite). A month's abbreviation or a
 * word like "single" in capitals with no number beside it ("contact DEC", "SINGLE status codes")
 * is an acronym, not a value; so is a stop word in capitals joined by a slash to another acronym
 * ("WHERE/API").
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

const one = firstVerdictOver([
  passage('ac-upgrade', 'Changes to the Red Hat Developer Hub Operator default configuration do not persist across operator upgrades.'),
  passage('ac-users', 'You can set the target for the number of licensed users in your Developer Hub app-config file.'),
  passage('ac-research', 'As many as 60,000 Veterans volunteered for medical research for the U.S. Biological and Chemical Programs.'),
  passage('ac-cluster', 'The GKE cluster pulls the RHDH image from the Red Hat registry every night.'),
  passage('ac-dec', 'For fishing and trapping licenses, contact DEC through their website before the season opens.'),
  passage('ac-month', 'The trapping season closes on 31 DEC every year.'),
  passage('ac-codes', 'The retry option takes an array of HTTP status codes to retry after a failed request.'),
  passage('ac-cli', 'If you see differences between the library and the Tesseract CLI/API output, follow the troubleshooting steps.'),
  ...releaseNotes(),
]);

test('an acronym states the run of names it spells, either way round', () => {
  for (const claim of [
    'Changes to the RHDH Operator default configuration do not persist across operator upgrades.',
    'The GKE cluster pulls the Red Hat Developer Hub image from the Red Hat registry every night.',
  ]) {
    const v = one(claim);
    assert.equal(v.verdict, 'supported', `${claim}: ${v.reason}`);
  }
});

test('an acronym written with dots is the same acronym', () => {
  const v = one('As many as 60,000 Veterans volunteered for medical research for the US Biological and Chemical Programs.');
  assert.equal(v.verdict, 'supported', v.reason);
  const flipped = one('As many as 60,000 Veterans did not volunteer for medical research for the United States Biological and Chemical Programs.');
  assert.equal(flipped.verdict, 'contradicted', flipped.reason);
});

test('a copy that spells a name as its acronym and drops the negation is the opposite', () => {
  const v = one('Changes to the RHDH Operator default configuration persist across operator upgrades.');
  assert.equal(v.verdict, 'contradicted', v.reason);
});

test('an acronym of a longer form of the source name is not another name', () => {
  const v = one('You can set the target for the number of licensed users in your RHDH app-config file.');
  assert.notEqual(v.verdict, 'contradicted', v.reason);
});

test('another acronym is still another name', () => {
  const v = one('The EKS cluster pulls the RHDH image from the Red Hat registry every night.');
  assert.notEqual(v.verdict, 'supported', v.reason);
});

test('a month abbreviation in capitals without a number is an acronym, another acronym in its place another name', () => {
  // (the document never mentions LC: another name in its place, asked about, not contradicted)
  const v = one('For fishing and trapping licenses, contact LC through their website before the season opens.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason, /names DEC where this says LC/);
  const same = one('For fishing and trapping licenses, contact DEC through their website before the season opens.');
  assert.equal(same.verdict, 'supported', same.reason);
  // beside a number it is still the month
  const date = one('The trapping season closes on 31 NOV every year.');
  assert.equal(date.verdict, 'contradicted', date.reason);
});

test('a value word or a stop word in capitals is an acronym in the place of another', () => {
  const v = one('The retry option takes an array of SINGLE status codes to retry after a failed request.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason, /names HTTP where this says SINGLE/);
  const w = one('If you see differences between the library and the Tesseract WHERE/API output, follow the troubleshooting steps.');
  assert.notEqual(w.verdict, 'supported', w.reason);
  const same = one('If you see differences between the library and the Tesseract CLI/API output, follow the troubleshooting steps.');
  assert.equal(same.verdict, 'supported', same.reason);
});
