import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { localAnalyzer, type FieldAnalyzer } from '../../../src/core/index/fieldAnalysis';
import { createPassageIndex } from '../../../src/core/index/index';
import { MemorySegment } from '../../../src/core/index/memorySegment';
import type { Passage } from '../../../src/core/types';
import { createWorkerAnalyzer } from '../../../src/node/workerAnalyzer';
import { MemoryStorage, passage, rng } from './helpers';

const WORDS = ['Renewal', 'licence', "driver's", 'it’s', 'THE', 'école', 'Straße', '日本語', 'v1.2.0', 'U.S.', 'fee', 'fees', 'paid', 'pay', 'toll-free', 'x.', 'and', 'of'];

function corpus(n: number, seed: number): Passage[] {
  const r = rng(seed);
  const words = (k: number): string => Array.from({ length: k }, () => (r() < 0.1 ? `w${Math.floor(r() * 5000)}` : WORDS[Math.floor(r() * WORDS.length)]!)).join(' ');
  const out: Passage[] = [];
  for (let i = 0; i < n; i++) {
    const file = Math.floor(i / 7);
    out.push(passage(`f${file}.md`, i, words(5 + Math.floor(r() * 80)), { title: `Title ${file % 13}`, headings: [i % 3 === 0 ? words(3) : `Section ${file}`] }));
  }
  return out;
}

/** Every posting list of a buffer by term, with the lengths (what a flush writes). */
function dump(buf: MemorySegment): string {
  const lists = [...buf.terms].sort().map((t) => {
    const l = buf.lists[buf.termIds.get(t)!]!;
    return `${t}:${[...l.docs.subarray(0, l.n)].join(',')}/${[...l.tf.subarray(0, 3 * l.n)].join(',')}`;
  });
  return `${lists.join('\n')}\n${buf.lens.map((l) => [...l.subarray(0, buf.docs)].join(',')).join('\n')}\n${[...buf.lengthSum].join(',')}`;
}

test('a buffer fed analysed fields (the analyser numbering afresh as it goes) holds the same postings as one that analyses itself', async () => {
  const ps = corpus(3000, 5);
  const direct = new MemorySegment();
  ps.forEach((p) => direct.add(p, 0));
  // a small word limit makes the analyser start its numbering afresh several times
  for (const wordsMax of [undefined, 300]) {
    const index = createPassageIndex({ analyzer: localAnalyzer(wordsMax), batchSize: 97, flushPostings: Number.MAX_SAFE_INTEGER });
    await index.add(ps);
    const buf = (index as unknown as { set: { buffer: MemorySegment } }).set.buffer;
    assert.equal(buf.docs, ps.length);
    assert.equal(dump(buf), dump(direct));
  }
});

/** The stored files of an index built from `ps`, by content (segment names come from the clock). */
async function storeOf(ps: Passage[], analyzer?: FieldAnalyzer, analyzeLocallyEvery?: number): Promise<{ files: string[]; top: string[] }> {
  const storage = new MemoryStorage();
  const index = createPassageIndex({ storage, batchSize: 50, flushPostings: 20_000, analyzeLocallyEvery, ...(analyzer ? { analyzer } : {}) });
  for (let i = 0; i < ps.length; i += 700) await index.add(ps.slice(i, i + 700));
  await index.save(storage, { test: true });
  const files = [...storage.files].filter(([name]) => /\.(seg|pst|fdt|dic)$/.test(name)).map(([name, b]) => `${path.extname(name)} ${Buffer.from(b).toString('base64')}`);
  const top = ['renewal licence fee', 'toll-free pay', 'école Straße'].map((q) => JSON.stringify(index.search(q, { k: 10 }).map((h) => [h.passage.id, h.score, h.snippet])));
  return { files: files.sort(), top };
}

test('an index with a worker-thread analyser writes the same segments, byte for byte, and answers the same', async () => {
  const ps = corpus(4000, 9);
  const plain = await storeOf(ps);
  assert.ok(plain.files.length >= 8, `several segments (${plain.files.length / 4})`);
  const worker = createWorkerAnalyzer({ script: path.join(__dirname, '../../../src/node/analysisWorker.ts') });
  let asked = 0;
  const counting: FieldAnalyzer = { analyze: (ps) => (asked++, worker.analyze(ps)) };
  try {
    const threaded = await storeOf(ps, counting);
    assert.ok(asked > 0, 'the index asked the analyser');
    assert.deepEqual(threaded.files, plain.files);
    assert.deepEqual(threaded.top, plain.top);
    // every third slice analysed on this thread: still the same segments
    const before = asked;
    const mixed = await storeOf(ps, counting, 3);
    assert.ok(asked - before < (2 / 3) * (ps.length / 50) + 2, `about 2 slices in 3 went to the worker (${asked - before})`);
    assert.deepEqual(mixed.files, plain.files);
    assert.deepEqual(mixed.top, plain.top);
  } finally {
    await worker.close();
  }
});

test('a failing analyser fails the add, and the index stays usable', async () => {
  let calls = 0;
  const inner = localAnalyzer();
  const flaky: FieldAnalyzer = { analyze: (ps) => (++calls === 3 ? Promise.reject(new Error('worker died')) : inner.analyze(ps)) };
  const ps = corpus(500, 3);
  const index = createPassageIndex({ analyzer: flaky, batchSize: 50 });
  await assert.rejects(index.add(ps), /worker died/);
  // the slices before the failure went in; the analyser's numbering stayed in step for the next add
  assert.equal(index.size, 100);
  await index.add(ps);
  assert.equal(index.size, 500);
  // the same adds without the analyser (the replaced passages stay in the statistics until a merge)
  const direct = createPassageIndex({ batchSize: 50 });
  await direct.add(ps.slice(0, 100));
  await direct.add(ps);
  assert.deepEqual(index.search('renewal fee', { k: 5 }).map((h) => [h.passage.id, h.score]), direct.search('renewal fee', { k: 5 }).map((h) => [h.passage.id, h.score]));
});
