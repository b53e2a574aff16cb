/**
 * `node --import tsx scripts/eval/perturbMisses.ts [kind...]`: the doc2dial perturbations the
 * product lets through (verdict supported), with the reason it printed, by kind — the cases to
 * read when a kind's detection rate is low. Goes through the CLI like eval:check.
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildPerturbations, doc2dialPassages, sharedDataDir } from './checkData';
import { runCli, tempFolder } from './productRecords';

const dir = sharedDataDir();
if (!dir) throw new Error('../shared/data is missing');
const kinds = process.argv.slice(2);
const items = buildPerturbations(doc2dialPassages(dir)).filter((it) => kinds.length === 0 || kinds.includes(it.type));
void run(dir);

async function run(dir: string): Promise<void> {
  const tmp = tempFolder();
  try {
  cpSync(path.join(dir, 'doc2dial/docs'), path.join(tmp.dir, 'd2d-docs'), { recursive: true });
  await runCli(['index', 'd2d-docs', '--store', 'd2d-store'], tmp.dir);
  mkdirSync(path.join(tmp.dir, 'pert'));
  const files = items.map((it, i) => {
    const f = `pert/p${i}.md`;
    writeFileSync(path.join(tmp.dir, f), it.perturbed + '\n');
    return f;
  });
  const r = await runCli(['check', ...files, '--store', 'd2d-store', '--format', 'json', '--fail-on', 'none'], tmp.dir);
  const doc = JSON.parse(r.stdout) as { files: Array<{ sentences: Array<{ verdict: string; reason: string; score: number }> }> };
  items.forEach((it, i) => {
    const ss = doc.files[i]!.sentences;
    if (ss.some((s) => s.verdict === 'contradicted' || s.verdict === 'unsupported')) return;
    console.log(`[${it.type}] ${it.perturbed}\n   original: ${it.original}\n   ${ss.map((s) => `${s.verdict} ${s.score.toFixed(2)}: ${s.reason}`).join(' | ')}`);
  });
  } finally {
    tmp.remove();
  }
}
