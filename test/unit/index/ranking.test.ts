import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPassageIndex } from '../../../src/core/index/index';
import { MemoryStorage, passage } from './helpers';

test('BM25: more occurrences of a rare term rank higher; a rare term outweighs a common one', async () => {
  const index = createPassageIndex();
  await index.add([
    passage('a.md', 0, 'The permit office handles permits. Permit renewals need a permit form.'),
    passage('b.md', 0, 'The office handles many things, including one permit.'),
    passage('c.md', 0, 'The office is open on weekdays. The office is closed on holidays.'),
    passage('d.md', 0, 'Office hours: the office opens at nine.'),
  ]);
  const hits = index.search('permit', { k: 5 });
  assert.deepEqual(hits.map((h) => h.passage.path), ['a.md', 'b.md']);
  assert.ok(hits[0]!.score > hits[1]!.score);
  const mixed = index.search('office permit', { k: 4 });
  assert.equal(mixed[0]!.passage.path, 'a.md');
  assert.ok(mixed.findIndex((h) => h.passage.path === 'b.md') < mixed.findIndex((h) => h.passage.path === 'c.md'));
});

test('heading and title matches are boosted over the same words in the body', async () => {
  const index = createPassageIndex();
  await index.add([
    passage('body.md', 0, 'You can ask for a refund by mail or by phone and we will answer in writing.', { headings: ['Contact us'] }),
    passage('head.md', 0, 'You can ask by mail or by phone and we will answer in writing for a claim.', { headings: ['Refund'] }),
  ]);
  assert.equal(index.search('refund')[0]!.passage.path, 'head.md');
});

test('exact term lookup: no prefix expansion, stemming applies to query and text alike', async () => {
  const index = createPassageIndex();
  await index.add([
    passage('cart.md', 0, 'Put the items in the cart before checkout.'),
    passage('carbon.md', 0, 'Carbon emissions rise every year.'),
    passage('renew.md', 0, 'Renewing your licence online takes ten minutes.'),
  ]);
  assert.deepEqual(index.search('car'), []);
  assert.equal(index.search('renewed licences')[0]?.passage.path, 'renew.md');
  assert.deepEqual(index.search('the and of'), [], 'stop words alone match nothing');
});

test('filters by path prefix and kind; hits carry a snippet and the exact location', async () => {
  const index = createPassageIndex();
  await index.add([
    passage('guides/a.md', 0, 'Appeal a decision within thirty days of the letter.'),
    passage('guides/b.pdf', 0, 'Appeal forms are on page two.', { kind: 'pdf' }),
    passage('other/c.md', 0, 'An appeal can be filed online.'),
  ]);
  assert.deepEqual(index.search('appeal', { pathPrefix: 'guides/' }).map((h) => h.passage.path).sort(), ['guides/a.md', 'guides/b.pdf']);
  assert.deepEqual(index.search('appeal', { kind: 'pdf' }).map((h) => h.passage.path), ['guides/b.pdf']);
  const hit = index.search('appeal decision', { pathPrefix: 'guides/a' })[0]!;
  assert.equal(hit.passage.startLine, 1);
  assert.equal(hit.passage.endLine, 9);
  assert.match(hit.snippet, /Appeal a decision/);
});

test('long passages get a snippet around the matching words', async () => {
  const filler = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
  const index = createPassageIndex();
  await index.add([passage('long.md', 0, `${filler} the refund deadline is thirty days ${filler}`)]);
  const s = index.search('refund deadline')[0]!.snippet;
  assert.match(s, /refund deadline/);
  assert.ok(s.length < 300, s);
  assert.ok(s.startsWith('…') && s.endsWith('…'));
});

test('snippet: false ranks the same passages with the same scores and builds no snippet', async () => {
  const index = createPassageIndex();
  const filler = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
  await index.add([
    passage('a.md', 0, `${filler} The renewal fee is 75 euros when you renew online. ${filler}`),
    passage('b.md', 0, `Renewal by mail costs more. ${filler}`),
    passage('c.md', 0, `Nothing about fees here. ${filler}`),
  ]);
  const full = index.search('renewal fee online', { k: 3 });
  const bare = index.search('renewal fee online', { k: 3, snippet: false });
  assert.ok(full.length >= 2);
  assert.deepEqual(bare.map((h) => [h.passage.id, h.score]), full.map((h) => [h.passage.id, h.score]));
  assert.ok(full[0]!.snippet.includes('renew'), 'the default search still builds snippets');
  assert.ok(bare.every((h) => h.snippet === ''));
});

test('incremental: removeByPath drops a file, re-adding replaces passages, stats follow', async () => {
  const index = createPassageIndex();
  await index.add([
    passage('x.md', 0, 'Veteran pension rates change each year.'),
    passage('x.md', 1, 'Pension payments arrive monthly.'),
    passage('y.md', 0, 'Student grants do not need repaying.'),
  ]);
  assert.equal(index.size, 3);
  assert.equal(index.termStats().df('pension'), 2);
  assert.equal(index.passagesOf('x.md').length, 2);
  assert.equal(await index.removeByPath('x.md'), 2);
  assert.equal(index.size, 1);
  assert.deepEqual(index.search('pension'), []);
  // replace one passage's text under the same id: old words vanish, new ones match
  const p = passage('y.md', 0, 'Student loans must be repaid.');
  await index.add([p]);
  assert.equal(index.size, 1);
  assert.deepEqual(index.search('grants'), []);
  assert.equal(index.search('loans')[0]?.passage.id, p.id);
  assert.equal(index.get(p.id)?.text, 'Student loans must be repaid.');
  // dead passages count in the statistics until they are written out (flush or merge), as in Lucene
  assert.equal(index.termStats().df('pension'), 2);
  await index.save(new MemoryStorage(), null);
  assert.equal(index.termStats().df('pension'), 0);
  assert.equal(index.termStats().docCount, 1);
  assert.equal(index.search('loans')[0]?.passage.id, p.id);
});

test('add honours an aborted signal', async () => {
  const index = createPassageIndex({ batchSize: 1 });
  const ac = new AbortController();
  ac.abort();
  await assert.rejects(index.add([passage('a.md', 0, 'text')], { signal: ac.signal }), { name: 'VerityError', code: 'CANCELLED' });
});

test('phrase bonus: question words adjacent in a passage lift it over scattered matches', async () => {
  const ps = [
    passage('scattered.md', 0, 'The licence office helps every driver.'),
    passage('phrase.md', 0, 'Each driver licence request is checked at the counter.'),
  ];
  const plain = createPassageIndex({ ranking: { phraseWeight: 0 } });
  await plain.add(ps);
  assert.equal(plain.search('driver licence')[0]!.passage.path, 'scattered.md', 'shorter passage wins on BM25 alone');
  const index = createPassageIndex();
  await index.add(ps);
  assert.equal(index.search('driver licence')[0]!.passage.path, 'phrase.md');
  // keyword queries (the checker's) opt out: BM25 order
  assert.equal(index.search('driver licence', { phrase: false })[0]!.passage.path, 'scattered.md');
});
