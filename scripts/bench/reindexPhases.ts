/**
 * Where a re-index's fixed costs go on a saved store and its folder, in-process, CPU beside wall
 * per phase: opening the signed store, opening the index (every segment's main file read,
 * checked and parsed), the file records, listing the folder, and a stat of every file. No file
 * is read or written. The store must have been written by the CLI under the same config folder
 * (its signing key), e.g. `XDG_CONFIG_HOME=<dir> node --import tsx scripts/bench/reindexPhases.ts <store> <docs>`.
 */
import { loadPassageIndex } from '../../src/core/index/loadIndex';
import { createFsWorkspace } from '../../src/node/fsWorkspace';
import { openSignedFsStore, userConfigDir } from '../../src/node/storeKey';

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function main(): Promise<void> {
  const [store, docs] = process.argv.slice(2);
  if (!store || !docs) throw new Error('usage: reindexPhases.ts <store> <docs>');
  let c = cpu();
  let t = performance.now();
  const lap = (label: string): void => {
    const c2 = cpu();
    const t2 = performance.now();
    console.log(`${label.padEnd(30)} CPU ${(c2 - c).toFixed(0).padStart(6)} ms, wall ${(t2 - t).toFixed(0).padStart(6)} ms`);
    c = c2;
    t = t2;
  };
  const storage = await openSignedFsStore(store, userConfigDir(process.env));
  lap(`open the signed store (${storage.trust})`);
  const loaded = await loadPassageIndex(storage, undefined, { info() {}, warn: (m) => console.warn(m), error: (m) => console.error(m) });
  if (!loaded) throw new Error('the store did not open');
  lap(`open the index (${loaded.index.size} passages)`);
  const records = loaded.index.fileRecords();
  lap(`file records (${records.length})`);
  const ws = createFsWorkspace(docs);
  const files = await ws.listFiles();
  lap(`list the folder (${files.length} files)`);
  for (const f of files) await ws.stat(f);
  lap('stat every file');
  await loaded.index.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
