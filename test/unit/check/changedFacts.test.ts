/**
 * Sentences with one fact changed that came back "supported" when the perturbation set was built
 * from another corpus (the RHDH guides instead of doc2dial): a negation answered by a sentence about
 * another action, a step with one word swapped for its opposite, and an opposite the stemmer spells
 * two ways ("add" but "adding"); opposites written as compounds ("case-sensitive",
 * "non-root"); a product name swapped at the start of a sentence; and how often ("twice a day").
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

const DOCS = [
  passage('roles-edit', 'You can edit a role in the Developer Hub using the Web UI. Select the role to open its overview page.'),
  passage('roles-delete', 'You can delete a role in the Developer Hub using the Web UI. To change who holds it instead, edit the role.'),
  passage('operators', 'Click View all installed operators to open the Installed Operators page.'),
  passage('volume', 'File names on this volume are case-sensitive. The daemon runs as a non-root user.'),
  passage('auth', 'Keycloak provides authentication for the developer portal.'),
  passage('peppers', 'Pain-killing properties of jalapeño peppers. Jalapeños may even help prevent heart disease and cancer.'),
  passage('backups', 'Backups are taken twice a day.'),
  passage('token', 'The token expires after half an hour.'),
  passage('azure', 'Add your Azure credentials to Developer Hub by adding the following key/value pairs to your Developer Hub secrets.'),
];
const one = firstVerdictOver([...DOCS, ...releaseNotes()]);

test('a negated claim is not agreed to by a sentence about another action', () => {
  // the window "You can delete a role … using the Web UI. … edit the role." holds every word, and
  // its first sentence restates everything but "edit": it says nothing about whether a role can be
  // edited, so it cannot outweigh the sentence that says it can
  const v = one('You cannot edit a role in the Developer Hub using the Web UI.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.equal(v.evidence?.path, 'docs/roles-edit.md');
  // the sentence as written still passes
  assert.equal(one('You can delete a role in the Developer Hub using the Web UI.').verdict, 'supported');
});

test('a step written with another word in its place is unsupported, never contradicted, and says what the passage has', () => {
  const v = one('Click View some installed operators to open the Installed Operators page.');
  assert.equal(v.features?.step, 1);
  assert.equal(v.verdict, 'unsupported', v.reason);
  // an uncertain finding asks about the closest passage; it never says what "the source says"
  assert.match(v.reason, /closest passage says all where this says some — is it about the same thing\?/);
  assert.doesNotMatch(v.reason, /the source says it/);
  assert.equal(v.evidence?.path, 'docs/operators.md');
  // the step as documented is supported
  assert.equal(one('Click View all installed operators to open the Installed Operators page.').verdict, 'supported');
});

test('an opposite is found in all its forms, even where the stemmer spells the word two ways', () => {
  const v = one('Add your Azure credentials to Developer Hub by subtracting the following key/value pairs to your Developer Hub secrets.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.match(v.reason, /adding, not subtracting/);
});

test('an opposite written as a compound: one part changed, or "non-" taken off or put on', () => {
  const v = one('File names on this volume are case-insensitive.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.match(v.reason, /case-sensitive, not case-insensitive/);
  const w = one('The daemon runs as a root user.');
  assert.equal(w.verdict, 'contradicted', w.reason);
  assert.match(w.reason, /non-root, not root/);
  assert.equal(one('File names on this volume are case-sensitive.').verdict, 'supported');
  assert.equal(one('The daemon runs as a non-root user.').verdict, 'supported');
});

test('a word general English never uses is a name at the start of a sentence too', () => {
  // (a name the document never mentions: asked about, not contradicted; unheldName.test.ts)
  const v = one('Dex provides authentication for the developer portal.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason, /names Keycloak where this says Dex/);
  assert.equal(one('Keycloak provides authentication for the developer portal.').verdict, 'supported');
  // a compound opening a list item is no name: no "the source names Pain-killing"
  assert.notEqual(one('Anti-cancer properties').verdict, 'contradicted');
});

test('how often: another count of times, or another period, is a conflict', () => {
  const v = one('Backups are taken three times a day.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.match(v.reason, /twice a day, not three times a day/);
  const w = one('Backups are taken twice a week.');
  assert.equal(w.verdict, 'contradicted', w.reason);
  assert.match(w.reason, /twice a day, not twice a week/);
  assert.equal(one('Backups are taken twice a day.').verdict, 'supported');
  assert.notEqual(one('Backups are taken 2 times a day.').verdict, 'contradicted');
});

test('"after an hour" states one hour, which "half an hour" does not', () => {
  const v = one('The token expires after an hour.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.match(v.reason, /half an hour, not an hour/);
  assert.equal(one('The token expires after half an hour.').verdict, 'supported');
  // "a" in "twice a day" is no number
  assert.equal(one('Backups are taken twice a day.').verdict, 'supported');
});
