/**
 * What "only" restricts is what the sentence says: a claim may drop the source's "only" and keep
 * the restricted word ("Administrators can delete …" follows from "Only administrators can
 * delete …"), but it may not put another set in its place ("All users", "Anyone", "Users"), add to
 * it ("Administrators and developers"), change it under a kept "only" ("Only owners"), or say
 * that others can too ("Administrators can also delete …"): each is asked about.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

const SOURCE = 'Only administrators can delete a project from the settings page of the console.';
const one = firstVerdictOver([
  passage('rs-delete', SOURCE),
  passage('rs-export', 'The export feature is only available to members of the finance team during the audit.'),
  passage('rs-plugins', 'To view only plugins that are Generally Available (GA), apply the GA filter in the catalog.'),
  passage('rs-publish', 'Only if you have published the catalog component: check the component file in the repository.'),
  ...releaseNotes(),
]);

test('another set in the place of the restricted one is not supported, and the edit is asked about', () => {
  for (const [claim, said] of [
    ['All users can delete a project from the settings page of the console.', 'All users'],
    ['Every user can delete a project from the settings page of the console.', 'Every user'],
    ['Anyone can delete a project from the settings page of the console.', 'Anyone'],
    ['Users can delete a project from the settings page of the console.', 'Users'],
    ['Administrators and developers can delete a project from the settings page of the console.', 'developers'],
    // (a word WordNet does not know is a noun too)
    ['To view all themes that are Generally Available (GA), apply the GA filter in the catalog.', 'all themes'],
  ] as const) {
    const v = one(claim);
    assert.equal(v.verdict, 'unsupported', `${claim}: ${v.reason}`);
    assert.ok(v.reason.includes(said) && v.reason.includes('is it about the same thing?'), `${claim}: ${v.reason}`);
  }
  const owners = one('Only owners can delete a project from the settings page of the console.');
  assert.equal(owners.verdict, 'unsupported', owners.reason);
  assert.match(owners.reason, /'administrators' where this says 'owners'/);
});

test('"also" with the restricted word kept is asked about: it may lift the restriction or only join the sentence to the one before', () => {
  const v = one('Administrators can also delete a project from the settings page of the console.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason, /says Only where this says also — is it about the same thing\?/);
});

test('"only" before a condition or a quality restricts no set', () => {
  for (const claim of [
    'If you have published the catalog component, you can also check the component file in the repository.',
    'The export feature is available to members of the finance team during the audit.',
  ]) {
    const v = one(claim);
    assert.notEqual(v.verdict, 'contradicted', `${claim}: ${v.reason}`);
    assert.ok(!/Only where/i.test(v.reason), `${claim}: ${v.reason}`);
  }
});

test('dropping "only" and keeping what it restricts says less, not something else', () => {
  for (const claim of [
    'Administrators can delete a project from the settings page of the console.',
    SOURCE,
    'The export feature is available to members of the finance team during the audit.',
  ]) {
    const v = one(claim);
    assert.equal(v.verdict, 'supported', `${claim}: ${v.reason}`);
  }
});
