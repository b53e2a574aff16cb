/**
 * `npm run bench [-- --quick] [-- --only ingest,index,scale,cli,check,loop,ocr,trust]`: prints the
 * benchmark tables of every area. Figures are printed, never asserted: these machines are noisy,
 * so comparisons are taken side by side inside one run. The scale and CLI sections take more
 * flags (`--sizes 10k,100k`, `--signed`, `--scale-5m`, `--minisearch-1m`, `--before <checkout>`,
 * `--analysis-worker`, `--fresh`; see their files).
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface BenchContext {
  sharedDir: string | undefined;
  quick: boolean;
  log: (line: string) => void;
}
type Section = { run(ctx: BenchContext): Promise<void> };

const SECTIONS = ['ingest', 'index', 'scale', 'cli', 'check', 'loop', 'ocr', 'trust'] as const;

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '..');
  const shared = path.resolve(root, '../shared');
  const argv = process.argv.slice(2);
  const onlyArg = argv.find((a) => a.startsWith('--only='))?.slice(7) ?? (argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined);
  const only = onlyArg ? onlyArg.split(',') : [...SECTIONS];
  const ctx: BenchContext = {
    sharedDir: existsSync(path.join(shared, 'data')) ? shared : undefined,
    quick: argv.includes('--quick'),
    log: (line) => console.log(line),
  };
  console.log(`# Verity benchmarks — ${new Date().toISOString()}`);
  console.log(`node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB${ctx.quick ? ', quick mode' : ''}`);
  if (!ctx.sharedDir) console.log('(../shared/data is absent: sections that need the real corpora are skipped)');
  for (const name of only) {
    const file = path.join(__dirname, 'bench', `${name}.ts`);
    if (!existsSync(file)) {
      console.log(`\n## ${name}: no benchmark section (scripts/bench/${name}.ts)`);
      continue;
    }
    console.log(`\n## ${name}`);
    const t0 = Date.now();
    const section = (await import(file)) as Section;
    await section.run(ctx);
    console.log(`(${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
