/**
 * Letters and digits joined by hyphens ("UTF-16LE", "SHA-256") are one term in the index while a
 * claim's profile reads a name and a value in them: the claim's query must still reach the
 * passages that write them, or the claim is judged without its subject ("no passage mentions 'UTF'").
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

const one = firstVerdictOver([
  passage('cw-utf16', 'UTF-16 Encodings. This library supports UTF-16LE, UTF-16BE and UTF-16 encodings. The first two are straightforward.'),
  passage('cw-utf32', 'UTF-32 Encodings. This library supports UTF-32LE, UTF-32BE and UTF-32 encodings, and detects the byte order.'),
  passage('cw-scenarios', 'The scenarios supported with this library are listed below, and this library supports several more.'),
  passage('cw-hash', 'Passwords are hashed with SHA-256 before they are stored.'),
  // passages that share every other word of the claims, more of them than the checker reads
  ...Array.from({ length: 30 }, (_, i) => passage(`cw-other${i}`, `This library supports ${i} more encodings and data formats and supports the codes of encoding scheme ${i}.`)),
  ...releaseNotes(),
]);

test('a claim naming hyphenated codes finds the passage that writes them', () => {
  const v = one('This library supports UTF-16LE, UTF-16BE and UTF-16 encodings.');
  assert.equal(v.verdict, 'supported', v.reason);
  assert.match(v.evidence?.quote ?? '', /UTF-16LE/);
  const hash = one('Passwords are hashed with SHA-256 before they are stored.');
  assert.equal(hash.verdict, 'supported', hash.reason);
});

test('another code in the same place is caught', () => {
  const v = one('This library supports UTF-16LE, UTF-16BE and UTF-8 encodings.');
  assert.equal(v.verdict, 'contradicted', v.reason);
});
