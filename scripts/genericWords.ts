/**
 * `npm run calibrate` (first step): builds src/core/check/generic-words.json, the words a chat
 * assistant uses routinely. The source is HaluEval's general set: 4,507 ChatGPT answers to
 * everyday user requests, split into paragraphs. A term (as the checker analyses it) is generic
 * when at least MIN_PARAGRAPHS of those paragraphs use it. The checker counts the unseen words of a
 * claim that are *not* generic ("specific" inventions: names, technical terms, rare details) apart
 * from unseen generic elaboration ("explore beautiful natural areas"), which human annotators of
 * RAG answers mostly let pass.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { profile } from '../src/core/check/profile';
import { projectRoot, readJsonl, sharedDataDir } from './eval/checkData';

/**
 * Paragraphs (of the general set, 9,728) a term must appear in to count as generic: one in 200.
 * At 5 the list held 4,459 terms, 'drone' and 'deliver' among them, so an invented "delivered by
 * drone" read as routine elaboration; at 50 it holds 840 (everyday words: important, nature, help).
 */
const MIN_PARAGRAPHS = 50;
const SOURCE = 'halueval/data/general_data.json';

const dir = sharedDataDir();
if (!dir) {
  console.error('genericWords: ../shared/data is missing; nothing to count');
  process.exit(2);
}
const paragraphs: string[] = [];
for (const row of readJsonl<{ chatgpt_response?: unknown }>(path.join(dir, SOURCE))) {
  for (const p of String(row.chatgpt_response ?? '').split(/\n\s*\n/)) if (p.trim()) paragraphs.push(p);
}
const df = new Map<string, number>();
for (const p of paragraphs) for (const t of new Set(profile(p).terms)) df.set(t, (df.get(t) ?? 0) + 1);
const words = [...df].filter(([, n]) => n >= MIN_PARAGRAPHS).map(([t]) => t).sort();
const out = path.join(projectRoot, 'src/core/check/generic-words.json');
writeFileSync(
  out,
  JSON.stringify({
    script: 'scripts/genericWords.ts',
    data: `../shared/data/${SOURCE} (chatgpt_response, ${paragraphs.length} paragraphs)`,
    rule: `terms used in at least ${MIN_PARAGRAPHS} paragraphs`,
    words,
  }) + '\n',
);
console.log(`wrote ${path.relative(projectRoot, out)}: ${words.length} generic terms from ${paragraphs.length} paragraphs`);
