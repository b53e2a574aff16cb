/**
 * Another name for another thing. A name its document never mentions: sibling documents repeat one sentence with the name each is
 * about ("The TechDocs plugin is preinstalled …" / "The Adoption Insights plugin is preinstalled …",
 * one provider's keys against another's). A claim that names what the closest document never
 * mentions is not supported there, and the reason asks about that passage; it is not contradicted.
 * Where the document does mention the claim's name and says another in its place, it is.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstVerdictOver, passage, releaseNotes } from './corpus';
import type { Passage } from '../../../src/core/types';

const inFile = (file: string, id: string, text: string): Passage => ({ ...passage(id, text), path: `docs/${file}.md` });

const techdocs = [
  inFile('techdocs', 'td-1', 'The TechDocs plugin is preinstalled and enabled on a Developer Hub instance by default.'),
  inFile('techdocs', 'td-2', 'TechDocs renders the documentation of each catalog entity from its Markdown sources.'),
];

test('a claim naming what the closest document never mentions is unsupported, not contradicted', () => {
  const one = firstVerdictOver([...techdocs, ...releaseNotes()]);
  const v = one('The Adoption Insights plugin is preinstalled and enabled on a Developer Hub instance by default.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason, /TechDocs/);
  assert.match(v.reason, /is it about the same thing\?/);
});

test('where the document mentions the claim\'s name and says another in its place, the claim is contradicted', () => {
  const one = firstVerdictOver([
    ...techdocs,
    inFile('techdocs', 'td-3', 'Adoption Insights is a separate plugin that administrators install from the extensions catalog.'),
    ...releaseNotes(),
  ]);
  const v = one('The Adoption Insights plugin is preinstalled and enabled on a Developer Hub instance by default.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.match(v.reason, /TechDocs/);
});

test('the sentence as its document writes it is supported', () => {
  const one = firstVerdictOver([...techdocs, ...releaseNotes()]);
  const v = one('The TechDocs plugin is preinstalled and enabled on a Developer Hub instance by default.');
  assert.equal(v.verdict, 'supported', v.reason);
});

test('a definition of another term is asked about, not contradicted, though the document names both terms', () => {
  const one = firstVerdictOver([
    inFile('github', 'gh-1', 'GITHUB_INTEGRATION_HOST_DOMAIN:: Enter the GitHub host domain: github.com.'),
    inFile('github', 'gh-2', 'The catalog reads the GITHUB_URL variable when it imports repositories.'),
    ...releaseNotes(),
  ]);
  const v = one('GITHUB_URL:: Enter the GitHub host domain: github.com.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason, /is it about the same thing\?/);
  // the same term defined otherwise is still contradicted
  const w = one('GITHUB_INTEGRATION_HOST_DOMAIN:: Enter the GitLab host domain: github.com.');
  assert.notEqual(w.verdict, 'supported', w.reason);
});
