/**
 * What signing a store costs (issue 31): the same passage index saved and loaded through the
 * plain file storage and through the trust layer (core/index/storeTrust.ts: a SHA-256 of every
 * blob written and read — by 8 KB blocks for segment files read by offset — and a signed ledger
 * rewritten after each write), side by side in one run,
 * at 10k and 100k passages of real documents; plus saving after one file changed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPassageIndex, loadPassageIndex, type PassageIndex } from '../../src/core/index/index';
import { openTrustedStorage } from '../../src/core/index/storeTrust';
import { silentLogger, type StoragePort } from '../../src/core/ports';
import { createFsStorage } from '../../src/node/fsStorage';
import { createStoreSigner } from '../../src/node/storeKey';
import { loadBenchCorpus, scaled } from '../eval/scaledCorpus';

interface Ctx {
  sharedDir: string | undefined;
  quick: boolean;
  log: (line: string) => void;
}

const seconds = async (work: () => Promise<unknown>): Promise<number> => {
  const t = performance.now();
  await work();
  return (performance.now() - t) / 1000;
};

/** Prints save, load and save-after-one-edit for plain and signed storage. */
export async function run(ctx: Ctx): Promise<void> {
  const { log } = ctx;
  if (!ctx.sharedDir) {
    log('skipped: ../shared/data is absent');
    return;
  }
  const corpus = loadBenchCorpus(path.join(ctx.sharedDir, 'data'));
  const signer = createStoreSigner(randomBytes(32));
  log('passages: doc2dial + rhdh markdown, replicated to each size; segments (one per save of a fresh index); each cell: plain / signed (seconds), two rounds alternating');
  log('');
  log('| passages | store MB | SHA-256 of the store (s) | save (all segments) | load | save after one file changed |');
  log('|---|---|---|---|---|---|');
  for (const n of ctx.quick ? [10_000] : [10_000, 100_000]) {
    const index: PassageIndex = createPassageIndex();
    const passages = scaled(corpus.base, n);
    await index.add(passages);
    const onePath = passages[0]!.path;
    const edited = passages.filter((p) => p.path === onePath).map((p) => ({ ...p, id: `${p.id}-edited`, text: `${p.text} edited` }));
    const cells = { plain: { save: [] as number[], load: [] as number[], edit: [] as number[] }, signed: { save: [] as number[], load: [] as number[], edit: [] as number[] } };
    let mb = 0;
    const hashS: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (const kind of round === 0 ? (['plain', 'signed'] as const) : (['signed', 'plain'] as const)) {
        const dir = mkdtempSync(path.join(os.tmpdir(), `verity-bench-trust-${kind}-`));
        try {
          const open = async (): Promise<StoragePort> => (kind === 'plain' ? createFsStorage(dir) : openTrustedStorage(createFsStorage(dir), signer));
          // a fresh index object each time, so every segment is written
          const copy = createPassageIndex();
          await copy.add(passages);
          const storage = await open();
          cells[kind].save.push(await seconds(() => copy.save(storage, { bench: true })));
          mb = readdirSync(dir).reduce((a, f) => a + statSync(path.join(dir, f)).size, 0) / 2 ** 20;
          // the floor of what verifying costs: hashing every byte of the store once
          const blobs = readdirSync(dir).map((f) => readFileSync(path.join(dir, f)));
          hashS.push(await seconds(async () => blobs.forEach((b) => createHash('sha256').update(b).digest())));
          const reader = await open();
          let loaded: Awaited<ReturnType<typeof loadPassageIndex>>;
          cells[kind].load.push(await seconds(async () => (loaded = await loadPassageIndex(reader, undefined, silentLogger))));
          if (loaded?.index.size !== n) log(`(${kind}: reload returned ${loaded?.index.size ?? 'nothing'} passages)`);
          await copy.removeByPath(onePath);
          await copy.add(edited);
          cells[kind].edit.push(await seconds(() => copy.save(storage, { bench: true })));
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }
    }
    const cell = (k: 'save' | 'load' | 'edit') => `${cells.plain[k].map((x) => x.toFixed(3)).join(', ')} / ${cells.signed[k].map((x) => x.toFixed(3)).join(', ')}`;
    log(`| ${n.toLocaleString('en')} | ${mb.toFixed(0)} | ${Math.min(...hashS).toFixed(3)} | ${cell('save')} | ${cell('load')} | ${cell('edit')} |`);
  }
  log('signed: every blob hashed (SHA-256) on write and on read (segment files by 8 KB blocks as they are read), the ledger (signature.json) rewritten and fsync\'d after each write.');
}
