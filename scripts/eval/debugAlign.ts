/**
 * `node --import tsx scripts/eval/debugAlign.ts "<claim>" "<source sentence>"`: prints the token
 * alignment of a claim with one source sentence (atoms, aligned pairs, moved atoms, hunks) and what
 * the conflict kinds find in it — for reading why a verdict came out as it did.
 */
import { alignTokens } from '../../src/core/check/alignment';
import { cleanClaim } from '../../src/core/check/clean';
import { findConflict } from '../../src/core/check/kinds';
import { profile } from '../../src/core/check/profile';
import { valueSetsOf } from '../../src/core/check/valueSets';

const [claimText, sourceText] = process.argv.slice(2);
if (!claimText || !sourceText) {
  console.error('usage: debugAlign.ts "<claim>" "<source sentence>"');
  process.exit(2);
}
const claim = profile(cleanClaim(claimText));
const source = profile(cleanClaim(sourceText));
const a = alignTokens(claim, source);
const show = (xs: typeof a.claim): string => xs.map((x, i) => `${i}:${x.type === 'word' ? '' : x.type + ':'}${x.surface}${x.name ? '*' : ''}${x.negates ? '!' : ''}`).join(' ');
console.log('claim :', show(a.claim));
console.log('source:', show(a.source));
console.log('pairs :', a.pairs.map(([i, j]) => `${a.claim[i]!.surface}=${a.source[j]!.surface}`).join(' '));
console.log('moved :', a.moved.map(([i, j]) => `${a.claim[i]!.surface}→${j}`).join(' '));
for (const h of a.hunks) console.log(`hunk ${h.left ? '[' : '('}${h.claim.map((i) => a.claim[i]!.surface).join(' ')} | ${h.source.map((j) => a.source[j]!.surface).join(' ')}${h.right ? ']' : ')'}`);
const sets = valueSetsOf([{ id: 'x', path: 'x', kind: 'md', headings: [], startLine: 1, endLine: 1, text: sourceText, hash: 'x' }]);
console.log('conflict:', findConflict({ a, claim, source, exclusive: sets.exclusive }));
