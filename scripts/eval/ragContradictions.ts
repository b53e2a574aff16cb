/**
 * `node --import tsx scripts/eval/ragContradictions.ts`: every RAGTruth QA dev sentence the product
 * calls contradicted (`verity check answer.md --docs <its passages>`), with its conflict kind,
 * reason and whether annotators marked it — the cases to read when contradiction rules cost
 * precision. Prints a count per kind: contradicted, of which labelled hallucinated. The read part
 * only: answers whose source falls in the lockbox (lockbox.ts) are never checked or printed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LOCKBOX_SET, readJsonl, sharedDataDir, splitRagPassages } from './checkData';
import { partOf } from './lockbox';
import { runCli, tempFolder } from './productRecords';

interface RagResponse { id: string; source_id: string; response: string; labels: Array<{ start: number; end: number }> }
interface RagSource { source_id: string; source_info: { passages: string } }
interface Sentence { start: number; end: number; text: string; verdict: string; reason: string; conflict?: { kind: string } }

const dir = sharedDataDir();
if (!dir) throw new Error('../shared/data is missing');
void run(dir);

async function run(dir: string): Promise<void> {
  const tmp = tempFolder();
  try {
    for (const s of readJsonl<RagSource>(path.join(dir, 'ragtruth-qa/source_info.dev.jsonl'))) {
      mkdirSync(path.join(tmp.dir, s.source_id));
      splitRagPassages(s.source_info.passages).forEach((t, i) => writeFileSync(path.join(tmp.dir, s.source_id, `p${i + 1}.md`), t + '\n'));
    }
    const kinds = new Map<string, { n: number; gold: number }>();
    for (const r of readJsonl<RagResponse>(path.join(dir, 'ragtruth-qa/response.dev.jsonl'))) {
      if (partOf(LOCKBOX_SET.ragtruth, r.source_id) !== 'read') continue;
      writeFileSync(path.join(tmp.dir, 'answer.md'), r.response);
      const out = await runCli(['check', 'answer.md', '--docs', r.source_id, '--format', 'json', '--fail-on', 'none'], tmp.dir);
      const sentences = (JSON.parse(out.stdout) as { files: Array<{ sentences: Sentence[] }> }).files[0]!.sentences;
      for (const s of sentences) {
        if (s.verdict !== 'contradicted') continue;
        const gold = r.labels.some((l) => l.start < s.end && l.end > s.start);
        const kind = s.conflict?.kind ?? '(unplaced)';
        const k = kinds.get(kind) ?? { n: 0, gold: 0 };
        k.n++;
        if (gold) k.gold++;
        kinds.set(kind, k);
        console.log(`${gold ? 'GOLD ' : 'FALSE'} [${kind}] ${s.text.replace(/\s+/g, ' ').slice(0, 200)}\n      ${s.reason.slice(0, 220)}`);
      }
    }
    for (const [kind, k] of kinds) console.log(`${kind.padEnd(12)} contradicted ${k.n}, labelled hallucinated ${k.gold}`);
  } finally {
    tmp.remove();
  }
}
