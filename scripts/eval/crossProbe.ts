/**
 * `node --import tsx scripts/eval/crossProbe.ts <folder> [--show unsupported]`: false alarms across
 * documents. The folder's markdown files are split in two halves (by a hash of the name); each
 * half is checked through the CLI (`verity check --store`) against an index of the other half.
 * Unrelated documents rarely contradict each other, so nearly every "contradicted" printed here is
 * a false alarm of the kind the checker must not raise: a value, name or opposite taken from a
 * passage about something else. Prints the counts per verdict and every contradicted sentence
 * (and, with --show unsupported, the unsupported ones with their reason).
 */
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { checkWithCli, runCli, tempFolder } from './productRecords';

const args = process.argv.slice(2);
const showAt = args.indexOf('--show');
const show = showAt >= 0 ? args[showAt + 1] : undefined;
const folder = args.find((a, i) => !a.startsWith('--') && (showAt < 0 || i !== showAt + 1));
if (!folder) throw new Error('usage: crossProbe.ts <folder> [--show unsupported]');

function half(name: string): 0 | 1 {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return ((h >>> 0) % 2) as 0 | 1;
}

void run(folder);

async function run(folder: string): Promise<void> {
  const files = readdirSync(folder).filter((f) => f.endsWith('.md')).sort();
  const tmp = tempFolder();
  const counts = new Map<string, number>();
  let claims = 0;
  try {
    for (const h of [0, 1] as const) {
      const checked = files.filter((f) => half(f) === h);
      const indexed = files.filter((f) => half(f) !== h);
      if (checked.length === 0 || indexed.length === 0) {
        console.log(`(half ${h}: ${checked.length} files to check against ${indexed.length}: skipped)`);
        continue;
      }
      const dir = path.join(tmp.dir, `h${h}`);
      mkdirSync(path.join(dir, 'docs'), { recursive: true });
      mkdirSync(path.join(dir, 'checked'), { recursive: true });
      for (const f of indexed) cpSync(path.join(folder, f), path.join(dir, 'docs', f));
      for (const f of checked) cpSync(path.join(folder, f), path.join(dir, 'checked', f));
      const r = await runCli(['index', 'docs', '--store', 'store'], dir);
      if (r.code !== 0) throw new Error(`verity index exited ${r.code}: ${(r.stderr || r.stdout).trim()}`);
      const out = await checkWithCli(checked.map((f) => `checked/${f}`), ['--store', 'store'], dir);
      out.forEach((sentences, i) => {
        for (const s of sentences) {
          if (s.verdict === 'not_claim') continue;
          claims++;
          const key = `${s.verdict}${s.certainty ? ` (${s.certainty})` : ''}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
          if (s.verdict === 'contradicted' || s.verdict === show) {
            console.log(`[${checked[i]}] ${key}${s.conflict ? ` ${s.conflict.rule ?? s.conflict.kind}` : ''}`);
            console.log(`   claim:  ${s.text.replace(/\s+/g, ' ')}`);
            console.log(`   reason: ${s.reason}`);
            if (s.evidence) console.log(`   source: ${s.evidence.location} ${s.evidence.quote.replace(/\s+/g, ' ').slice(0, 300)}`);
          }
        }
      });
    }
    console.log(`${files.length} files, ${claims} claim sentences`);
    for (const [k, n] of [...counts].sort()) console.log(`  ${k.padEnd(26)} ${String(n).padStart(6)}  ${(100 * n / claims).toFixed(2)}%`);
  } finally {
    tmp.remove();
  }
}
