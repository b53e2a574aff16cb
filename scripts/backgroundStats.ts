/**
 * `npm run background-stats`: builds src/core/check/background-df.json, the background English
 * document frequencies the checker blends with a workspace's own (see backgroundStats.ts), so a
 * 3-file folder weighs words as a large workspace would.
 *
 * Sources (general-purpose and licensed for redistribution with attribution):
 * - HaluEval's general set (MIT): 4,507 ChatGPT answers to everyday requests, one document per paragraph;
 * - doc2dial's 273 U.S. government service pages (CC BY 3.0, doc2dial authors), split into passages
 *   by the product's own ingest.
 * Not RAGTruth or the RHDH docs (test use only), and not HaluEval QA's knowledge (an evaluation set).
 * Terms are the analyzer's (stemmed, stop words dropped), counted once per document; terms in
 * fewer than MIN_DF documents are left out (the checker treats them as rare).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { analyze } from '../src/core/text/analyzer';
import { DEFAULT_CHUNK_SIZE } from '../src/core/ingest/chunk';
import { ingestMarkdown } from '../src/core/ingest/markdown';
import { projectRoot, readJsonl, sharedDataDir } from './eval/checkData';

/** Documents a term must be in to be written (rarer terms are all "rare" to the checker). */
const MIN_DF = 2;
const GENERAL = 'halueval/data/general_data.json';
const DOC2DIAL = 'doc2dial/docs';

const dir = sharedDataDir();
if (!dir) {
  console.error('background-stats: ../shared/data is missing; nothing to count');
  process.exit(2);
}
const docs: string[] = [];
for (const row of readJsonl<{ chatgpt_response?: unknown }>(path.join(dir, GENERAL))) {
  for (const p of String(row.chatgpt_response ?? '').split(/\n\s*\n/)) if (p.trim()) docs.push(p);
}
const general = docs.length;
const root = path.join(dir, DOC2DIAL);
for (const domain of readdirSync(root).sort()) {
  for (const f of readdirSync(path.join(root, domain)).sort()) {
    if (!f.endsWith('.md')) continue;
    for (const p of ingestMarkdown(`${domain}/${f}`, readFileSync(path.join(root, domain, f), 'utf8'), DEFAULT_CHUNK_SIZE).passages) docs.push(p.text);
  }
}
const df = new Map<string, number>();
for (const d of docs) for (const t of new Set(analyze(d))) df.set(t, (df.get(t) ?? 0) + 1);
const kept = [...df].filter(([, n]) => n >= MIN_DF).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
const out = path.join(projectRoot, 'src/core/check/background-df.json');
writeFileSync(
  out,
  JSON.stringify({
    script: 'scripts/backgroundStats.ts',
    data: [
      `../shared/data/${GENERAL} (HaluEval, MIT: chatgpt_response, ${general} paragraphs)`,
      `../shared/data/${DOC2DIAL} (doc2dial, CC BY 3.0, by Song Feng et al.: ${docs.length - general} passages)`,
    ],
    rule: `document frequency of each analyzer term; terms in fewer than ${MIN_DF} documents left out`,
    docCount: docs.length,
    // one string, "term df term df …": a third the size of an object, parsed once at load
    df: kept.map(([t, n]) => `${t} ${n}`).join(' '),
  }) + '\n',
);
console.log(`wrote ${path.relative(projectRoot, out)}: ${kept.length} terms from ${docs.length} documents`);
