/**
 * `node --import tsx scripts/eval/freshProbes.ts <folder> [kind...]`: perturbations built from any
 * folder of markdown the eval sets never used, checked through the CLI; prints per kind the rate
 * flagged and every perturbed sentence the product lets through (and, with --originals, every
 * original it does not call supported). For finding mechanism failures on text nobody tuned on.
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildPerturbations, folderPassages } from './checkData';
import { runCli, tempFolder } from './productRecords';

const args = process.argv.slice(2);
const originals = args.includes('--originals');
const [folder, ...kinds] = args.filter((a) => !a.startsWith('--'));
if (!folder) throw new Error('usage: freshProbes.ts <folder> [kind...]');
const items = buildPerturbations(folderPassages(folder)).filter((it) => kinds.length === 0 || kinds.includes(it.type));
void run(folder);

async function run(folder: string): Promise<void> {
  const tmp = tempFolder();
  try {
    cpSync(folder, path.join(tmp.dir, 'docs'), { recursive: true });
    await runCli(['index', 'docs', '--store', 'store'], tmp.dir);
    mkdirSync(path.join(tmp.dir, 'pert'));
    const files: string[] = [];
    items.forEach((it, i) => {
      for (const [tag, text] of [['p', it.perturbed], ['o', it.original]] as const) {
        const f = `pert/${tag}${i}.md`;
        writeFileSync(path.join(tmp.dir, f), text + '\n');
        files.push(f);
      }
    });
    const r = await runCli(['check', ...files, '--store', 'store', '--format', 'json', '--fail-on', 'none'], tmp.dir);
    const doc = JSON.parse(r.stdout) as { files: Array<{ sentences: Array<{ verdict: string; certainty?: string; reason: string; score: number }> }> };
    const byKind = new Map<string, { n: number; flagged: number }>();
    const flagged = (ss: Array<{ verdict: string }>): boolean => ss.some((s) => s.verdict === 'contradicted' || s.verdict === 'unsupported');
    items.forEach((it, i) => {
      const ps = doc.files[2 * i]!.sentences;
      const os = doc.files[2 * i + 1]!.sentences;
      const k = byKind.get(it.type) ?? { n: 0, flagged: 0 };
      k.n++;
      if (flagged(ps)) k.flagged++;
      byKind.set(it.type, k);
      const show = (ss: typeof ps): string => ss.map((s) => `${s.verdict}/${s.certainty ?? ''} ${s.score.toFixed(2)}: ${s.reason}`).join(' | ');
      if (!flagged(ps)) console.log(`[${it.type}] ${it.perturbed}\n   original: ${it.original}\n   ${show(ps)}`);
      if (originals && flagged(os)) console.log(`[original of ${it.type}] ${it.original}\n   ${show(os)}`);
    });
    for (const [kind, k] of byKind) console.log(`${kind.padEnd(20)} n=${String(k.n).padStart(4)} flagged ${(100 * k.flagged / k.n).toFixed(1)}%`);
  } finally {
    tmp.remove();
  }
}
