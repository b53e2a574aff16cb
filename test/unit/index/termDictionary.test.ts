import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RandomAccessBlob } from '../../../src/core/ports';
import { createPassageIndex, loadPassageIndex } from '../../../src/core/index/index';
import { DICT_BLOCK } from '../../../src/core/index/termDictionary';
import { MemoryStorage, passage, recordingLogger, rng } from './helpers';

/** A storage that counts the bytes read from each kind of file (whole reads and reads by offset). */
class CountingStorage extends MemoryStorage {
  readonly bytesRead = new Map<string, number>();
  private count(name: string, n: number): void {
    const kind = name.replace(/^seg-[0-9a-z]+/, '');
    this.bytesRead.set(kind, (this.bytesRead.get(kind) ?? 0) + n);
  }
  override async read(name: string): Promise<Uint8Array | undefined> {
    const b = await super.read(name);
    if (b) this.count(name, b.length);
    return b;
  }
  override async open(name: string): Promise<RandomAccessBlob | undefined> {
    const blob = await super.open(name);
    if (!blob) return undefined;
    return { size: blob.size, read: (at, n) => (this.count(name, n), blob.read(at, n)), close: () => blob.close() };
  }
}

/** Passages over a vocabulary of ~6,000 distinct words (a dictionary of ~100 blocks). */
function wideCorpus(): ReturnType<typeof passage>[] {
  const r = rng(11);
  const out = [];
  for (let f = 0; f < 60; f++) {
    for (let i = 0; i < 10; i++) {
      const words = ['licence', 'renewal', 'office'];
      for (let w = 0; w < 12; w++) words.push(`zq${Math.floor(r() * 6000).toString(36)}x`);
      out.push(passage(`dir${f % 4}/file${f}.md`, i, words.join(' ')));
    }
  }
  return out;
}

async function saved(storage: MemoryStorage) {
  const index = createPassageIndex({ batchSize: 1000 });
  await index.add(wideCorpus());
  await index.save(storage, null);
  const expected = ['licence renewal', 'zq1x office', 'zqa0x zqb1x'].map((q) => index.search(q, { k: 10 }).map((h) => h.passage.id));
  await index.close();
  return expected;
}

test('opening a saved index reads only the term dictionaries\' headers; a search reads a few of their blocks and ranks as before', async () => {
  const storage = new CountingStorage();
  const expected = await saved(storage);
  const dicts = [...storage.files.keys()].filter((n) => n.endsWith('.dic'));
  assert.ok(dicts.length > 0, 'each segment has a dictionary file');
  const dictBytes = dicts.reduce((n, d) => n + storage.files.get(d)!.length, 0);
  storage.bytesRead.clear();
  const loaded = await loadPassageIndex(storage, undefined, recordingLogger());
  assert.ok(loaded);
  // the header of each (checked against its segment), none of the terms
  assert.equal(storage.bytesRead.get('.dic') ?? 0, 128 * dicts.length, 'the open read the dictionaries\' headers only');
  // the main file holds no term: it is smaller than the dictionary it used to carry
  assert.ok((storage.bytesRead.get('.seg') ?? 0) < dictBytes, `main files ${storage.bytesRead.get('.seg')} bytes, dictionaries ${dictBytes}`);
  const got = ['licence renewal', 'zq1x office', 'zqa0x zqb1x'].map((q) => loaded.index.search(q, { k: 10 }).map((h) => h.passage.id));
  assert.deepEqual(got, expected);
  const read = (storage.bytesRead.get('.dic') ?? 0) - 128 * dicts.length;
  assert.ok(read > 0 && read < dictBytes / 3, `three searches read ${read} of ${dictBytes} dictionary bytes`);
  await loaded.index.close();
});

/** The sections of a dictionary file (offset, length), from its header. */
function sections(bytes: Uint8Array): Array<[number, number]> {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: 6 }, (_, i) => [v.getFloat64(24 + 16 * i, true), v.getFloat64(32 + 16 * i, true)]);
}

test('a damaged term dictionary is caught: its header when the segment opens, a block by the search that reads it (a clear error, never a wrong answer)', async () => {
  const storage = new MemoryStorage();
  await saved(storage);
  const dict = [...storage.files.keys()].find((n) => n.endsWith('.dic'))!;
  const damage = (edit: (b: Uint8Array, sec: Array<[number, number]>) => void): MemoryStorage => {
    const copy = storage.copy();
    const b = copy.files.get(dict)!;
    edit(b, sections(b));
    return copy;
  };
  // the header: refused at open, like a damaged main file
  const header = damage((b) => b.fill(0xff, 0, 8));
  let log = recordingLogger();
  assert.equal(await loadPassageIndex(header, undefined, log), undefined);
  assert.match(log.lines.join('\n'), /STORE_CORRUPT.*term dictionary/);
  const cases: Array<[string, (b: Uint8Array, sec: Array<[number, number]>) => void, RegExp]> = [
    // every term's characters overwritten: no block matches the sparse index any more
    ['term characters', (b, s) => b.fill(0x7a, s[3]![0], s[3]![0] + s[3]![1]), /terms out of order/],
    // the sparse index's characters put out of order
    ['sparse index', (b, s) => b.fill(0x7a, s[1]![0], s[1]![0] + Math.min(s[1]![1], 64)), /index out of order/],
    // a document frequency of zero for every term
    ['document frequencies', (b, s) => b.fill(0, s[4]![0], s[4]![0] + s[4]![1]), /document frequencies malformed/],
    // posting offsets past the end of the postings file
    ['posting offsets', (b, s) => b.fill(0x7f, s[5]![0] + 8 * DICT_BLOCK, s[5]![0] + s[5]![1]), /posting offsets malformed/],
  ];
  for (const [what, edit, message] of cases) {
    log = recordingLogger();
    const loaded = await loadPassageIndex(damage(edit), undefined, log);
    assert.ok(loaded, `${what}: the open does not read the dictionary (${log.lines.join('; ')})`);
    assert.throws(
      () => ['licence renewal', 'zq1x office', 'zqa0x zqb1x', 'zqz0x'].forEach((q) => loaded.index.search(q, { k: 10 })),
      (e: Error & { code?: string }) => e.code === 'STORE_CORRUPT' && message.test(e.message),
      what,
    );
    await loaded.index.close();
  }
});
