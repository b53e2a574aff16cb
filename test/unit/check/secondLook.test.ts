/**
 * A claim no candidate states clearly gets a second look, among the passages the sentences beside
 * it clearly rest on: a short sentence has too few words to find its passage ("The answer to both
 * questions is yes."), while the sentence after it found that very passage. And a clear edit in a
 * sentence ranked below the first candidates is read when none of them decides.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createChecker } from '../../../src/core/check/checker';
import { createMemorySource } from '../../../src/core/check/memorySource';
import { passage, releaseNotes } from './corpus';

const faq = passage('faq', 'Will the data show the school in my city? The answer to both questions is no. The official location of a school may be a suburb that falls within the limits of a larger city.');
// pages that hold the short sentence's words more often than the passage it came from
const assistant = Array.from({ length: 12 }, (_, i) => passage(`assistant${i}`, `Yes, the assistant can answer questions about aid and loans (page ${i}).`));

test('a short sentence is checked against the passage its neighbour rests on', () => {
  const checker = createChecker(createMemorySource([faq, ...assistant, ...releaseNotes()]));
  const r = checker.check('The answer to both questions is yes. The official location of a school may be a suburb that falls within the limits of a larger city.');
  assert.equal(r.sentences[1]!.verdict, 'supported');
  assert.equal(r.sentences[0]!.verdict, 'contradicted', r.sentences[0]!.reason);
  assert.equal(r.sentences[0]!.evidence?.path, 'docs/faq.md');
  // the true sentence beside it is not disturbed, and the same pair as written is supported
  const same = checker.check('The answer to both questions is no. The official location of a school may be a suburb that falls within the limits of a larger city.');
  assert.deepEqual(same.sentences.map((s) => s.verdict), ['supported', 'supported']);
});

// endpoint lists: the claim's rarest word ("PUT") ranks first the lines that hold it
const endpoints = [
  passage('roles-post', '[POST] /api/permission/roles/<kind>/<namespace>/<name>::\nCreates a role in Developer Hub.'),
  ...['Updates the members of', 'Renames', 'Replaces the kind of', 'Moves the namespace of', 'Changes the name of'].map((what, i) =>
    passage(`roles-put${i}`, `[PUT] /api/permission/roles/<kind>/<namespace>/<name>::\n${what} a role in Developer Hub.`)),
];

test('a clear edit in a sentence below the first candidates is read when none of them decides', () => {
  const checker = createChecker(createMemorySource([...endpoints, ...releaseNotes()]));
  const v = checker.check('[PUT] /api/permission/roles/<kind>/<namespace>/<name>:: Creates a role in Developer Hub.').sentences[0]!;
  // (each endpoint is a document of its own here: POST's never mentions PUT, so it is asked about)
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason, /names POST where this says PUT/);
  assert.equal(v.evidence?.path, 'docs/roles-post.md');
  assert.equal(checker.check('[POST] /api/permission/roles/<kind>/<namespace>/<name>:: Creates a role in Developer Hub.').sentences[0]!.verdict, 'supported');
});
